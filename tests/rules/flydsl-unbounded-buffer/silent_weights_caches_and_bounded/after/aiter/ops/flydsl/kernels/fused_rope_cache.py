from aiter.ops.flydsl.kernels import buffer_ops
import flydsl.expr as fx


def build(sin_cache, cos_cache, rms_weight, block_table, plan, scale_a, arg_a, i32_m, K):
    sin_rsrc = buffer_ops.create_buffer_resource(sin_cache, max_size=True)
    cos_rsrc = buffer_ops.create_buffer_resource(cos_cache, max_size=True)
    w_rsrc = buffer_ops.create_buffer_resource(rms_weight, max_size=True)
    bt_rsrc = buffer_ops.create_buffer_resource(block_table, max_size=True)
    plan_rsrc = buffer_ops.create_buffer_resource(plan)
    sa_rsrc = buffer_ops.create_buffer_resource(
        scale_a, max_size=False, num_records_bytes=fx.Int64(i32_m) * fx.Int64(4)
    )
    ga = fx.rocdl.make_buffer_tensor(arg_a, max_size=False)
    return sin_rsrc, cos_rsrc, w_rsrc, bt_rsrc, plan_rsrc, sa_rsrc, ga
