#!/bin/bash
python bench/quant_bench.py --rows 4096 --cols 7168
