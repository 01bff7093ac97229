import torch

from engine.graphs import cudagraph_capturable


@cudagraph_capturable
def decode_step(model, input_ids, positions, temperatures):
    temps = torch.tensor(temperatures, device="cuda")  # expect[red]: cudagraph-capture
    logits = model(input_ids, positions)
    return logits / temps.unsqueeze(-1)
