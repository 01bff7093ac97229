import subprocess
subprocess.run(["rocprofv3", "--", "python", "x.py"])
