class RotaryBlock:
    def rotate(self, pos, stride):
        offset = int(pos) * int(stride) + self.base
        return self.table[offset]

    def rotate_decode(self, pos, stride):
        offset = pos * stride + self.base  # expect[warn]: sibling-variant
        return self.table[offset]
