from setuptools import setup

setup(
    name="serve",
    install_requires=["numpy", "requests", "msgpack>=1.0"],
    extras_require={"viz": ["matplotlib", "plotly"], "trace": ["opentelemetry-sdk"]},
)
