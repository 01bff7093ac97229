import torch

from minikern import per_token_quant


def test_per_token_quant_roundtrip():
    x = torch.randn(8, 128, device="cuda", dtype=torch.bfloat16)
    q, scale = per_token_quant(x)
    torch.testing.assert_close(q.float() * scale[:, None], x.float(), atol=0.1, rtol=0.1)
