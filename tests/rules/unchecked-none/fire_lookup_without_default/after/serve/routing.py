import os
import re

ROUTES = {"chat": "ChatHandler", "embed": "EmbedHandler"}


def handler_name(kind):
    return ROUTES[kind]


def parse_shard(tag, settings):
    found = re.fullmatch(r"shard-[0-9]+", tag)
    shard = found.group(0)  # expect: unchecked-none
    policy = settings.get("placement")
    workers = int(os.getenv("SERVE_WORKERS"))  # expect: unchecked-none
    return shard, policy.upper(), workers  # expect: unchecked-none
