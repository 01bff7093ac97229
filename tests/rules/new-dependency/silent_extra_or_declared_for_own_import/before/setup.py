from setuptools import setup

setup(
    name="serve",
    install_requires=["numpy", "requests"],
    extras_require={"viz": ["matplotlib"]},
)
