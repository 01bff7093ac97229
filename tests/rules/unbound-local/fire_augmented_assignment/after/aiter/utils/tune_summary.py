def total_time(row, include_launch):
    if include_launch:
        total_us = row["launch_us"]
    total_us += row["kernel_us"]  # expect[red]: unbound-local
    return total_us
