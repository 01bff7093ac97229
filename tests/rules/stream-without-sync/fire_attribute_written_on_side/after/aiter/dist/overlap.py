import torch


class OverlappedGather:
    def __init__(self):
        self.comm_stream = torch.cuda.Stream()
        self.gathered = None

    def start(self, shard, group):
        with torch.cuda.stream(self.comm_stream):
            self.gathered = torch.cat([shard, shard], dim=0)
        scale = 2.0
        return self.gathered * scale  # expect: stream-without-sync
