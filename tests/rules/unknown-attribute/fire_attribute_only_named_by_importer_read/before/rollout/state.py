from dataclasses import dataclass
from typing import Optional


@dataclass
class DecodeState:
    positions: list
    page_ids: Optional[list] = None
