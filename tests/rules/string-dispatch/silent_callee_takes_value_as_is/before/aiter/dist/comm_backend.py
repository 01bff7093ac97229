class Backend:
    def gather_quantized(self, x, scheme="per_token", group=None):
        # The string is the contract: callers pass "per_token" or "per_tensor".
        if scheme == "per_tensor":
            return self._gather_tensor_scaled(x, group)
        return self._gather_token_scaled(x, group, scheme=scheme)
