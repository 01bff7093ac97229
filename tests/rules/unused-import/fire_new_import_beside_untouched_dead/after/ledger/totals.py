import os
import decimal
import fractions  # expect[note]: unused-import


def total(entries):
    return sum(decimal.Decimal(e) for e in entries)


def mean(entries):
    return total(entries) / len(entries)
