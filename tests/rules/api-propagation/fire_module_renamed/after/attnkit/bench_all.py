from attnkit.bench_decode import main as decode_main  # expect[red]: api-propagation

BENCHES = {"decode": decode_main}
