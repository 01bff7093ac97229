import sys

sys.path.append("..")
