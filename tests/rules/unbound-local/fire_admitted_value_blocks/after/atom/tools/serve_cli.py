import argparse


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--sampler", choices=["greedy", "top-k", "top-p"], default="greedy")
    args = parser.parse_args()
    if args.sampler == "greedy":
        step = 0
    elif args.sampler == "top-k":
        step = 1
    print(step)  # expect[red]: unbound-local
