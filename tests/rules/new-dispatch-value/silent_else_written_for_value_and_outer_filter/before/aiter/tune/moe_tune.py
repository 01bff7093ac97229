A16_TAGS = ("a16_base", "a16_sk", "a16_coop")


def variants(a_dtype):
    if a_dtype == "fp8":
        out = ["fp8"]
    elif a_dtype in ("bf16", "fp16"):
        out = ["bf16"]
    else:
        out = ["fp4_packed"]  # every fp4 path lands here
    return out


def validate(tag):
    if tag == "a8_flatmm":
        return check_a8(tag)
    elif tag in A16_TAGS:
        if tag == "a16_base":
            return check_base(tag)
        elif tag == "a16_sk":
            return check_sk(tag)
        else:
            return check_generic(tag)
    return None


def family(tag):
    if tag == "a8_flatmm":
        return "a8"
    return "a16"
