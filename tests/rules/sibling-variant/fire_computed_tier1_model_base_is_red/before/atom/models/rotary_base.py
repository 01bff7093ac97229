class RotaryBlock:
    def rotate(self, pos, stride):
        offset = pos * stride + self.base
        return self.table[offset]

    def rotate_decode(self, pos, stride):
        offset = pos * stride + self.base  # expect[red]: sibling-variant
        return self.table[offset]
