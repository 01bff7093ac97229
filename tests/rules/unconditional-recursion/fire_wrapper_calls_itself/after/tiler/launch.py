def _launch_impl(grid, args):
    return grid, args


def launch(grid, *args):
    grid = tuple(grid)
    result = launch(grid, args)  # expect[red]: unconditional-recursion
    return result
