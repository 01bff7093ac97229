import re


def test_lookup_name():
    m = re.match("row-[0-9]", "row-3")
    assert_equal(m.group(0), "row-3")
