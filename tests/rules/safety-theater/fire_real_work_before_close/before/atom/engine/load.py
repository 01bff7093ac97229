def load(engine, path):
    engine.weights = engine.reader.read(path)
