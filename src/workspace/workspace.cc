#include "workspace/workspace.h"

namespace rp {

namespace {
// The whole text of a file that the diff adds (or deletes) is the diff itself.
std::optional<std::string> text_from_diff(const FileChange& f, bool new_side) {
  bool whole = new_side ? f.status == FileStatus::Added : f.status == FileStatus::Deleted;
  if (!whole || f.binary) return std::nullopt;
  std::string text;
  for (const Hunk& h : f.hunks)
    for (const DiffLine& l : h.lines) {
      text += l.text;
      text += '\n';
    }
  return text;
}
}  // namespace

Workspace::Workspace(const PullRequest& pr, std::unique_ptr<TreeReader> base, std::unique_ptr<TreeReader> head)
    : pr_(pr), base_(std::move(base)), head_(std::move(head)) {}

const std::string* Workspace::text_of(Side& side, const TreeReader* reader, const std::string& path, bool new_side) {
  auto it = side.text.find(path);
  if (it == side.text.end()) {
    std::optional<std::string> text;
    const FileChange* change = nullptr;
    for (const FileChange& f : pr_.changes.files)
      if ((new_side ? f.new_path : f.old_path) == path) change = &f;
    if (reader) {
      text = reader->read(path);
    } else if (change) {
      text = text_from_diff(*change, new_side);
    }
    it = side.text.emplace(path, std::move(text)).first;
  }
  return it->second ? &*it->second : nullptr;
}

const lang::SyntaxTree* Workspace::tree_of(Side& side, const TreeReader* reader, const std::string& path,
                                           bool new_side) {
  auto it = side.trees.find(path);
  if (it != side.trees.end()) return it->second.get();
  std::unique_ptr<lang::SyntaxTree> tree;
  lang::Grammar g = lang::grammar_for_path(path);
  if (g != lang::Grammar::None) {
    if (const std::string* text = text_of(side, reader, path, new_side)) tree = lang::SyntaxTree::parse(g, *text);
  }
  return side.trees.emplace(path, std::move(tree)).first->second.get();
}

const std::string* Workspace::new_text(const std::string& path) { return text_of(new_, head_.get(), path, true); }
const std::string* Workspace::old_text(const std::string& path) { return text_of(old_, base_.get(), path, false); }
const lang::SyntaxTree* Workspace::new_tree(const std::string& path) { return tree_of(new_, head_.get(), path, true); }
const lang::SyntaxTree* Workspace::old_tree(const std::string& path) { return tree_of(old_, base_.get(), path, false); }

std::optional<std::string> Workspace::read_head(const std::string& path) const {
  if (!head_) return std::nullopt;
  return head_->read(path);
}

}  // namespace rp
