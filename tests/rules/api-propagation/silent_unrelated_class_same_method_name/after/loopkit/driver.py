from loopkit.stepper import Stepper


def drive(xs):
    runner = Stepper()
    return [runner.step(x, warmup=1) for x in xs]


def drive_typed(walker: Stepper, xs):
    return [walker.step(x, warmup=2) for x in xs]
