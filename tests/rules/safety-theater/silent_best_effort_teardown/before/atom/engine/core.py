class Engine:
    def exit(self):
        self.running = False


def finish(engine, seq):
    engine.requests.pop(seq.id, None)
