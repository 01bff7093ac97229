def test_mm(arch):
    if arch == "gfx955":
        return
