def dump(path, data, binary):
    if binary:
        mode = "wb"
    elif path.endswith(".txt"):
        mode = "w"
    with open(path, mode) as f:
        f.write(data)
    print("wrote", path)
    return path
