x = 1
try:
    run()
except Exception:
    pass
