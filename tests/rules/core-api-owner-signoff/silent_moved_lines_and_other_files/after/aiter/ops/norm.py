def rms_norm(x, w, eps=1e-5):
    return x
