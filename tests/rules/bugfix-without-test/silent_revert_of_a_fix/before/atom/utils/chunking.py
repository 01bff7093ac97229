def split_even(total: int, parts: int) -> list[int]:
    base, extra = divmod(total, parts)
    sizes = [base + (1 if i < extra else 0) for i in range(parts)]
    return [s for s in sizes if s > 0]
