// Measures the repository index: cold build (no cache), warm load (cache of the same tree),
// and warm + PR (cache of the base tree, index of the head tree: only changed blobs parsed).
// Usage: index_bench REPO BASE HEAD CACHE_DIR [THREADS]
// Prints one line per measurement; bench/index_bench.sh runs it with a git floor beside it.
#include <chrono>
#include <cstdio>
#include <ctime>
#include <filesystem>

#include "index/repo_index.h"
#include "source/git_source.h"

using namespace rp;

namespace {
// Process CPU time: on a shared, loaded machine wall time mostly measures the other tenants.
double cpu_ms() { return 1000.0 * static_cast<double>(std::clock()) / CLOCKS_PER_SEC; }

void report(const char* what, const index::BuildStats& s, double cpu) {
  std::printf("%-10s cpu %8.1f ms  wall %8.1f ms  files %5zu  parsed %5zu  pending %4zu  read %7.1f ms  extract %7.1f ms  load %6.1f ms  store %6.1f ms\n",
              what, cpu, s.total_ms, s.files, s.extracted, s.pending, s.read_ms, s.extract_ms, s.load_ms, s.store_ms);
}
}  // namespace

int main(int argc, char** argv) {
  if (argc < 5) {
    std::fprintf(stderr, "usage: index_bench REPO BASE HEAD CACHE_DIR [THREADS]\n");
    return 2;
  }
  auto repo = GitRepo::open(argv[1]);
  if (!repo.ok()) return std::fprintf(stderr, "%s\n", repo.error().c_str()), 2;
  auto base = (*repo)->resolve(argv[2]);
  auto head = (*repo)->resolve(argv[3]);
  if (!base.ok() || !head.ok()) return std::fprintf(stderr, "bad revision\n"), 2;
  auto base_tree = (*repo)->tree(*base);
  auto head_tree = (*repo)->tree(*head);
  if (!base_tree.ok() || !head_tree.ok()) return std::fprintf(stderr, "cannot read trees\n"), 2;
  index::BuildOptions opts;
  opts.threads = argc > 5 ? static_cast<unsigned>(std::atoi(argv[5])) : 0;
  opts.cache_file = index::cache_file_for(argv[4], argv[1]);
  std::error_code ec;
  std::filesystem::remove(opts.cache_file, ec);

  index::BuildStats cold, warm, pr;
  double c0 = cpu_ms();
  index::RepoIndex::build(**base_tree, opts, &cold);
  double c1 = cpu_ms();
  report("cold", cold, c1 - c0);
  index::RepoIndex::build(**base_tree, opts, &warm);
  double c2 = cpu_ms();
  report("warm", warm, c2 - c1);
  auto head_index = index::RepoIndex::build(**head_tree, opts, &pr);
  report("warm+PR", pr, cpu_ms() - c2);
  auto t0 = std::chrono::steady_clock::now();
  size_t n = head_index->callers("forward").size();  // also parses the pending blobs
  double xref_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  std::printf("xrefs      first cross-reference query (postings + decode of the candidates): %.1f ms (%zu callers of forward)\n",
              xref_ms, n);
  std::error_code size_ec;
  auto bytes = std::filesystem::file_size(opts.cache_file, size_ec);
  std::printf("store      %s: %.1f MB, %zu files indexed\n", opts.cache_file.c_str(), size_ec ? 0.0 : double(bytes) / 1e6,
              head_index->size());
  std::printf("ratio cold/warm %.1fx\n", cold.total_ms / std::max(warm.total_ms, 0.001));
  return 0;
}
