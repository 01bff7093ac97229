#!/usr/bin/env bash
set -euo pipefail
python3 -m aiter.bench --build "$1" > /tmp/old.csv
python3 -m aiter.bench --build "$2" > /tmp/new.csv
