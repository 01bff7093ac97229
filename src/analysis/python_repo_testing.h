// Test support: an in-memory Python repository with its index and a parse-on-first-use
// TreeOf, for the tests of facts that follow names across modules (bound_class,
// method_binding). Tests only; nothing in src/ outside a *_test.cc includes it.
#pragma once

#include <map>
#include <memory>
#include <string>

#include "analysis/bound_class.h"
#include "index/repo_index.h"
#include "lang/syntax.h"
#include "source/map_tree.h"

namespace rp::testing_support {

struct PythonRepo {
  explicit PythonRepo(std::map<std::string, std::string> files)
      : tree(std::move(files)), idx(index::RepoIndex::build(tree, index::BuildOptions{})) {
    tree_of = [this](const std::string& p) -> const lang::SyntaxTree* {
      auto it = parsed.find(p);
      if (it != parsed.end()) return it->second.get();
      auto text = tree.read(p);
      if (!text) return nullptr;
      return (parsed[p] = lang::SyntaxTree::parse(lang::Grammar::Python, *text)).get();
    };
  }
  PythonRepo(const PythonRepo&) = delete;  // tree_of captures this
  PythonRepo& operator=(const PythonRepo&) = delete;

  MapTree tree;
  std::unique_ptr<index::RepoIndex> idx;
  std::map<std::string, std::unique_ptr<lang::SyntaxTree>> parsed;
  TreeOf tree_of;
};

}  // namespace rp::testing_support
