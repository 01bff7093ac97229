from atom.model_ops.kernels.paged_copy import _paged_copy_kernel


def paged_prefill(k, cache, slots, grid):
    # the prefill path can skip this
    _paged_copy_kernel[grid](
        k,
        cache,
        slots,
        CHECK_NEG_ONE_SENTINEL=False,  # expect: constexpr-check-disabled
    )
