def rotate(q, table):
    return q
