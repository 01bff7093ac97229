#!/bin/bash
# expect-file: temporary-script
python bench_mla.py --model /home/me/models/dsv3 --tp 8
