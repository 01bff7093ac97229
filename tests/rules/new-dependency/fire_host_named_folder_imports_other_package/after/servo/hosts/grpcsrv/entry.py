from grpc_srv.registry import register_model
import msgspec  # expect: new-dependency

from servo import torch


def install(model_cls):
    register_model("servo", model_cls, encoder=msgspec.json.encode)
