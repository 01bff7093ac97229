def build_index(rows):
    return rows


def pack(rows, offsets):
    return rows
