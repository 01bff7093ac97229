from aiter.ops.triton.utils import arch_info

_TARGET = arch_info.get_arch()

scan_kernel_wide = None
if _TARGET == "gfx1250":
    from aiter.ops.triton._gluon_kernels.scan_wide import scan_kernel_wide
elif _TARGET == "gfx950":
    from aiter.ops.triton._gluon_kernels.scan_mid import scan_kernel_wide
else:
    scan_kernel_wide = None


def linear_scan(x, impl=None):
    if impl is None:
        impl = "wide" if arch_info.get_arch() == "gfx1250" else "portable"
    if impl == "wide":
        assert arch_info.get_arch() == "gfx1250", "the wide scan needs gfx1250"
        if scan_kernel_wide is None:
            raise RuntimeError("wide scan kernel unavailable")
        return scan_kernel_wide(x)
    return x.cumsum(-1)
