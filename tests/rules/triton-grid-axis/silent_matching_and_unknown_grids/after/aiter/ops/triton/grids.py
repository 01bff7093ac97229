import triton
import triton.language as tl


@triton.jit
def _ok_kernel(x, N):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    tl.store(x + pid_m * N + pid_n, 0)


@triton.jit
def _helper_grid_kernel(x, N):
    pid_n = tl.program_id(1)
    tl.store(x + pid_n, 0)


def run(x, cfg):
    M, N = x.shape
    _ok_kernel[(M, N)](x, N)
    _helper_grid_kernel[make_grid(M, N, cfg)](x, N)
    _helper_grid_kernel[(M,)](x, N)


def make_grid(M, N, cfg):
    return (M, N)
