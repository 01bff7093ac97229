def rms_norm(x, w, eps=1e-6):
    return x
