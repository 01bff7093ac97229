import os

PLUGIN_DIR = os.path.join(os.path.dirname(__file__), "plugins")
