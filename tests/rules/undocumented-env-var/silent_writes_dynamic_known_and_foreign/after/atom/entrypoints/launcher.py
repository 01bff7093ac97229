import os


def launch(rank: int, flags: dict) -> None:
    os.environ["ATOM_DP_RANK_LOCAL"] = str(rank)
    os.environ.setdefault("ATOM_PROCESS_NAME_PREFIX", "ATOM")
    del os.environ["ATOM_TMP_MARKER"]
    for key in flags:
        print(os.getenv(f"ATOM_{key.upper()}"))
    print(os.getenv("ATOM_MOE_GU_ITLV"))
    print(os.environ.get("HIP_VISIBLE_DEVICES"), os.environ.get("AITER_LOG_MORE"))
