import flydsl.compiler as fc


def run_pipeline(stage, buffers):
    built = getattr(stage, "_fn", None)
    if built is not None:
        built(*buffers)
        return
    try:
        built = fc.compile(stage, *buffers)  # expect: flydsl-compile-not-called
        stage._fn = built
    except KeyError:  # unknown stage names reach the caller as is
        raise
    try:
        stage.mark_ready()
    except KeyError:
        pass
