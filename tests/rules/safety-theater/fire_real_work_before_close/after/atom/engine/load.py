def load(engine, path):
    try:
        engine.weights = engine.reader.read(path)
        engine.reader.close()
    except Exception:  # expect: safety-theater
        pass
