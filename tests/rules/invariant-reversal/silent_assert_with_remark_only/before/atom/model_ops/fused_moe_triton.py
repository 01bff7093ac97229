from atom.utils import envs

if envs.ATOM_USE_TRITON_MOE:
    # ensure the swizzle helpers are imported before the MoE module
    assert envs.ATOM_USE_TRITON_GEMM or envs.ATOM_USE_TRITON_MOE
    from atom.model_ops.swizzle import swizzle_mxfp4
