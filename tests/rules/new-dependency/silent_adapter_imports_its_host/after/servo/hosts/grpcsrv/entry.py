from grpc_srv.registry import register_model

from servo import torch


def install(model_cls):
    register_model("servo", model_cls)
