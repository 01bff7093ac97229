import os

IMAGE = os.environ.get("ATOM_CI_IMAGE", "rocm/atom:nightly")
