import sys


def merge_shards(paths, loader):
    merged = []
    for p in paths:
        try:
            part = loader(p)
        except FileNotFoundError:
            continue
        merged.append(part)
    return merged


def first_valid(blobs, decode):
    for b in blobs:
        try:
            val = decode(b)
        except ValueError:
            print("skipping undecodable blob")
            break
        return val
    return None


def required_codec(name):
    try:
        codec = __import__(name)
    except ImportError as e:
        raise RuntimeError(f"codec {name} missing") from e
    return codec.version


def cli_entry(argv):
    try:
        count = int(argv[1])
    except (IndexError, ValueError):
        print("usage: shard_merge COUNT")
        sys.exit(2)
    return count * 2


def try_parse(text):
    try:
        num = float(text)
    except ValueError:
        return None
    return num
