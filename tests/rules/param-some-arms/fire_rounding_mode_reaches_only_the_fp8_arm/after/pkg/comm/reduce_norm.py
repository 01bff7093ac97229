from typing import Optional

import torch

from pkg.comm import _kernels


class ReduceNorm:
    def run(
        self,
        x: torch.Tensor,
        w: torch.Tensor,
        eps: float,
        to_fp8: bool = False,
        stochastic: bool = False,
    ):
        out = torch.empty_like(x)
        if not to_fp8:
            _kernels.reduce_norm(self.handle, x, w, eps, out)  # expect: param-some-arms
            return out
        else:
            scale = torch.empty(x.shape[0], 1, dtype=torch.float32, device=x.device)
            _kernels.reduce_norm_fp8(self.handle, x, w, eps, out, scale, stochastic)
            return out, scale
