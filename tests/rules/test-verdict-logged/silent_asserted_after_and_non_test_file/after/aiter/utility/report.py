def report(ok):
    if ok:
        print("passed")
    else:
        print("failed")
