from atom.utils import envs

if envs.ATOM_USE_TRITON_MOE:
    from atom.model_ops.swizzle import swizzle_mxfp4
