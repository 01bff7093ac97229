def validate(k, sizeof_a):
    errors = []
    if k.B_K and k.wave % k.B_K != 0:
        errors.append(f"wave {k.wave} not a multiple of B_K={k.B_K}")
    elif k.use_lds:
        total_lds = k.m_rep * k.wave * sizeof_a * 2
        if total_lds > 160 * 1024:
            errors.append("LDS exceeds 160KiB")
    else:
        total_lds = -1
    if errors:
        raise ValueError("\n".join(errors))
    return {"lds_bytes": total_lds}
