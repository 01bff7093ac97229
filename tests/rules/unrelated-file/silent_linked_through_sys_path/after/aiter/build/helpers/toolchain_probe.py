import subprocess


def compiler_version():
    out = subprocess.run(["hipcc", "--version"], capture_output=True, text=True, check=False).stdout
    first = out.splitlines()[0] if out else ""
    return first.strip()
