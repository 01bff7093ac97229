import torch
