def launch(rank: int) -> None:
    print(rank)
