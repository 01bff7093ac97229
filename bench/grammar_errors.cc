// Measures how often each C-family grammar leaves ERROR/MISSING nodes in real files:
//   grammar_errors --repo PATH [--rev REV] [--prefix csrc/]
// For every C/C++/CUDA/HIP file of the tree (optionally under a prefix) it parses with the
// cpp and the cuda grammar and prints, per extension, the files with any error under each
// and the parse time. This is the measurement behind lang/grammar.cc's choice.
#include <chrono>
#include <cstdio>
#include <map>
#include <string>

#include "core/paths.h"
#include "lang/syntax.h"
#include "source/git_source.h"

int main(int argc, char** argv) {
  std::string repo_path, rev = "HEAD", prefix;
  for (int i = 1; i + 1 < argc; i += 2) {
    std::string a = argv[i];
    if (a == "--repo") repo_path = argv[i + 1];
    else if (a == "--rev") rev = argv[i + 1];
    else if (a == "--prefix") prefix = argv[i + 1];
  }
  if (repo_path.empty()) {
    std::fprintf(stderr, "usage: grammar_errors --repo PATH [--rev REV] [--prefix DIR/]\n");
    return 2;
  }
  auto repo = rp::GitRepo::open(repo_path);
  if (!repo.ok()) { std::fprintf(stderr, "%s\n", repo.error().c_str()); return 2; }
  auto commit = (*repo)->resolve(rev);
  if (!commit.ok()) { std::fprintf(stderr, "%s\n", commit.error().c_str()); return 2; }
  auto tree = (*repo)->tree(*commit);
  if (!tree.ok()) { std::fprintf(stderr, "%s\n", tree.error().c_str()); return 2; }

  struct Tally { int files = 0, cpp_err = 0, cuda_err = 0; double cpp_ms = 0, cuda_ms = 0; };
  std::map<std::string, Tally> by_ext;
  Tally total;
  for (const std::string& path : (*tree)->list_files()) {
    if (!rp::is_cpp_family(path) || !path.starts_with(prefix)) continue;
    auto text = (*tree)->read(path);
    if (!text) continue;
    Tally& t = by_ext[std::string(rp::extension(path))];
    for (auto g : {rp::lang::Grammar::Cpp, rp::lang::Grammar::Cuda}) {
      auto start = std::chrono::steady_clock::now();
      auto parsed = rp::lang::SyntaxTree::parse(g, *text);
      double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
      bool err = parsed->root().has_error();
      if (g == rp::lang::Grammar::Cpp) { t.cpp_err += err; t.cpp_ms += ms; total.cpp_err += err; total.cpp_ms += ms; }
      else { t.cuda_err += err; t.cuda_ms += ms; total.cuda_err += err; total.cuda_ms += ms; }
    }
    ++t.files;
    ++total.files;
  }
  std::printf("%-8s %6s %14s %14s %10s %10s\n", "ext", "files", "cpp: w/ error", "cuda: w/ error", "cpp ms", "cuda ms");
  for (auto& [ext, t] : by_ext)
    std::printf("%-8s %6d %8d %4.0f%% %8d %4.0f%% %10.0f %10.0f\n", ext.c_str(), t.files, t.cpp_err,
                100.0 * t.cpp_err / t.files, t.cuda_err, 100.0 * t.cuda_err / t.files, t.cpp_ms, t.cuda_ms);
  std::printf("%-8s %6d %8d %4.0f%% %8d %4.0f%% %10.0f %10.0f\n", "all", total.files, total.cpp_err,
              total.files ? 100.0 * total.cpp_err / total.files : 0, total.cuda_err,
              total.files ? 100.0 * total.cuda_err / total.files : 0, total.cpp_ms, total.cuda_ms);
  return 0;
}
