import multiprocessing as mp


def worker(task_q, result_q):
    while True:
        task = task_q.get()
        result_q.put(task())


if __name__ == "__main__":
    worker(mp.Queue(), mp.Queue())
