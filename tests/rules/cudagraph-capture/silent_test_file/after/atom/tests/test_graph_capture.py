import torch


def test_capture_matches_eager(model, input_ids, positions):
    graph = torch.cuda.CUDAGraph()
    with torch.cuda.graph(graph):
        out = model(input_ids, positions)
        if out.isnan().any():
            raise AssertionError("nan in graph output")
    graph.replay()
    torch.testing.assert_close(out, model(input_ids, positions))
