def run(kernel, grid, x, config):
    kernel[grid](x, num_warps=8, **config)
