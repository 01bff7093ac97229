import subprocess


def compiler_version():
    out = subprocess.run(["hipcc", "--version"], capture_output=True, text=True).stdout
    return out.splitlines()[0] if out else ""
