from setuptools import setup

install_requires = [
    "pandas",
    "pybind11",
    "msgpack>=1.0",  # expect: new-dependency
]

setup(name="amd-aiter", install_requires=install_requires)
