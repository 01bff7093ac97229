#!/usr/bin/env bash
python3 -m aiter.tune --all --out aiter/configs
