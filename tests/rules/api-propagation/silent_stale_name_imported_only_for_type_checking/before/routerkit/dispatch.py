from __future__ import annotations

import typing

if typing.TYPE_CHECKING:
    from routerkit.tables import ExpertTable


def route(table: "ExpertTable", token_ids):
    return table.lookup(token_ids)
