// The other half of a review's floor, beside `git diff`: read both sides of every changed file
// from git and parse each with tree-sitter, as a review must at least do. Nothing else runs.
// Usage: parse_floor REPO BASE HEAD < changed-paths   (one path a line, as `git diff --name-only`)
// Prints the files, bytes and trees it parsed; bench/review_vs_diff.sh times the process.
#include <cstdio>
#include <iostream>
#include <string>

#include "lang/syntax.h"
#include "source/git_source.h"
#include "workspace/workspace.h"

using namespace rp;

int main(int argc, char** argv) {
  if (argc != 4) {
    std::fprintf(stderr, "usage: parse_floor REPO BASE HEAD < changed-paths\n");
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
  size_t files = 0, bytes = 0, trees = 0;
  std::string path;
  while (std::getline(std::cin, path)) {
    ++files;
    lang::Grammar grammar = lang::grammar_for_path(path);
    for (const TreeReader* side : {base_tree->get(), head_tree->get()}) {
      std::optional<std::string> text = side->read(path);
      if (!text) continue;
      bytes += text->size();
      // The review's own cap: larger files are read, never parsed.
      if (grammar == lang::Grammar::None || text->size() > Workspace::kMaxParseBytes) continue;
      trees += lang::SyntaxTree::parse(grammar, std::move(*text))->root() ? 1 : 0;
    }
  }
  std::printf("files %zu  bytes %zu  trees %zu\n", files, bytes, trees);
  return 0;
}
