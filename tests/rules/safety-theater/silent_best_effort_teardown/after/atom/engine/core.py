class Engine:
    def exit(self):
        self.running = False
        try:
            if hasattr(self, "_push_sock"):
                self._push_sock.close(linger=0)
        except Exception:
            pass
        try:
            self._ctx.destroy(linger=0)
        except Exception:
            pass


def finish(engine, seq):
    try:
        engine.core.abort_request(seq.id)
    except Exception:
        pass
    engine.requests.pop(seq.id, None)

