import os
import sys

PLUGIN_DIR = os.path.join(os.path.dirname(__file__), "plugins")
sys.path += [PLUGIN_DIR]  # expect: syspath-mutation
