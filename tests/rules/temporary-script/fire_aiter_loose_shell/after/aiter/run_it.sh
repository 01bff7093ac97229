#!/bin/bash
# expect-file: temporary-script
python -m aiter.ops.mha
