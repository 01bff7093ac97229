import ast


def read_hints(header):
    hints = {"priority": 0}
    if header:
        try:
            decoded = ast.literal_eval(header)
            if isinstance(decoded, dict):
                hints = decoded
        except Exception:
            pass
    return hints


def read_budget(raw, budget=64):
    try:
        budget = int(raw)
    except BaseException:
        pass
    return budget
