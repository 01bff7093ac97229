import os
import decimal


def total(entries):
    return sum(decimal.Decimal(e) for e in entries)
