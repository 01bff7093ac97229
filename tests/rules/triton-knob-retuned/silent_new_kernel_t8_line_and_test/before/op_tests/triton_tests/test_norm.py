def test_norm():
    run(num_warps=4)
