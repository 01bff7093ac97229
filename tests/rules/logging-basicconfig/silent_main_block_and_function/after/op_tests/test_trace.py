import logging


def setup_logging():
    logging.basicConfig(level=logging.INFO)


def test_nothing():
    assert True


if __name__ == "__main__":
    logging.basicConfig(level=logging.DEBUG)
