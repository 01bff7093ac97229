class NullKVEventPublisher:
    def publish(self, events) -> None:
        """Prefill-only schedulers own no KV blocks, so there is nothing to publish."""
        pass

    def flush(self) -> None:
        # Resolves the TODO in the decode scheduler: flush is a no-op here too.
        return None
