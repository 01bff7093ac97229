import os
import re

ROUTES = {"chat": "ChatHandler", "embed": "EmbedHandler"}


def handler_name(kind):
    return ROUTES[kind]
