import os

if os.environ.get("ROTARY_FAST") == "1":

    def fused_rotate(q, k, cos, sin):
        return q, k

else:

    def fused_rotate(q, k, cos, sin, interleaved=False):
        return q, k
