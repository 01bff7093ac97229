_SCHEMES = {"per_token": "per_token", "token": "per_token", "per_tensor": "per_tensor"}


def _canon_scheme(scheme):
    if isinstance(scheme, str):
        return _SCHEMES[scheme.lower()]
    return scheme.name.lower()


class Backend:
    def gather_quantized(self, x, scheme="per_token", group=None):
        scheme = _canon_scheme(scheme)
        if scheme == "per_tensor":
            return self._gather_tensor_scaled(x, group)
        return self._gather_token_scaled(x, group)
