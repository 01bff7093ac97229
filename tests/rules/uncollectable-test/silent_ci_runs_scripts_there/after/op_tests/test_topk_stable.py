def main():
    assert sorted([3, 1, 2]) == [1, 2, 3]


if __name__ == "__main__":
    main()
