import logging

try:
    logging.basicConfig(level=logging.INFO)  # expect: logging-basicconfig
except Exception:
    pass


def test_nothing():
    assert True
