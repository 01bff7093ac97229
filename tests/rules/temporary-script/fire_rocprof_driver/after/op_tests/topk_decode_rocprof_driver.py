# expect-file: temporary-script
import subprocess

subprocess.run(["rocprofv3", "--pmc", "SQ_WAVES", "--", "python", "op_tests/test_topk.py"], check=True)
