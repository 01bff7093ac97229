from setuptools import setup

install_requires = [
    "pandas",
    "pybind11",
]

setup(name="amd-aiter", install_requires=install_requires)
