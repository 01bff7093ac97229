import ast


def read_hints(header):
    hints = {"priority": 0}
    try:
        decoded = ast.literal_eval(header)
        hints.update(decoded)
    except Exception:  # expect: safety-theater
        pass
    return hints


def read_priority(header):
    fallback = 0
    try:
        decoded = ast.literal_eval(header)
    except Exception:  # expect: safety-theater
        pass
    return decoded.get("priority", fallback)
