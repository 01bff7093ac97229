import os

_here = os.path.dirname(os.path.abspath(__file__))

# Tuned lean-decode table; a site can point this at its own tuning run.
LEAN_DECODE_TABLE = os.environ.get("AITER_CONFIG_LEAN_DECODE", os.path.join(_here, "configs", "lean.csv"))


def config_path(name: str) -> str:
    return os.path.join(_here, "configs", name)


class Settings:
    @property
    def paged_table(self) -> str:
        return os.environ.get("AITER_CONFIG_PAGED_TABLE", config_path("paged.csv"))
