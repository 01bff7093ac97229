#include "workspace/workspace.h"

#include <algorithm>

#include "core/strings.h"
#include "workspace/read_ahead.h"

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
    : pr_(pr), base_(std::move(base)), head_(std::move(head)) {
  for (const FileChange& f : pr_.changes.files) {
    if (!f.new_path.empty()) by_new_path_[f.new_path] = &f;
    if (!f.old_path.empty()) by_old_path_[f.old_path] = &f;
  }
}

const FileChange* Workspace::change_on(const std::string& path, bool new_side) const {
  const auto& map = new_side ? by_new_path_ : by_old_path_;
  auto it = map.find(path);
  return it == map.end() ? nullptr : it->second;
}

const std::string* Workspace::text_of(Side& side, const TreeReader* reader, const std::string& path, bool new_side) {
  auto it = side.text.find(path);
  if (it == side.text.end()) {
    std::optional<std::string> text;
    const FileChange* change = change_on(path, new_side);
    ReadAhead* ahead = reader ? read_ahead_of(*this) : nullptr;
    std::optional<size_t> index = ahead ? ahead->index_of(change) : std::nullopt;
    std::optional<std::optional<std::string>> read;
    if (index && (read = ahead->take_text(*index, new_side))) {
      text = std::move(*read);
    } else if (reader) {
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
  const std::string* text = g == lang::Grammar::None ? nullptr : text_of(side, reader, path, new_side);
  if (text && text->size() > kMaxParseBytes) {
    if (std::find(unparsed_.begin(), unparsed_.end(), path) == unparsed_.end()) unparsed_.push_back(path);
    text = nullptr;
  }
  if (text) {
    // Most rules read both sides of a modified file: parse one side in full and the other
    // incrementally from it through the diff's hunks (a 10-line change to a 400 KB header
    // then costs one parse, not two).
    const FileChange* change = change_on(path, new_side);
    if (change && (change->old_path.empty() || change->new_path.empty())) change = nullptr;
    const lang::SyntaxTree* other = nullptr;
    if (change && !change->hunks.empty()) {
      const std::string& other_path = new_side ? change->old_path : change->new_path;
      Side& other_side = new_side ? old_ : new_;
      auto cached = other_side.trees.find(other_path);
      if (cached != other_side.trees.end()) other = cached->second.get();
      else if (new_side) other = tree_of(old_, base_.get(), other_path, false);
    }
    if (other && other->grammar() != g) other = nullptr;
    // What the read-ahead thread parsed from the same base (read_ahead.h), else parse here.
    ReadAhead* ahead = read_ahead_of(*this);
    std::optional<size_t> index = ahead ? ahead->index_of(change_on(path, new_side)) : std::nullopt;
    if (index) tree = ahead->take_tree(*index, new_side, other);
    if (!tree && other) tree = lang::SyntaxTree::reparse(*other, *text, hunk_edits(*change, new_side));
    else if (!tree) tree = lang::SyntaxTree::parse(g, *text);
  }
  // A parse that ran out of its work budget is an empty tree: reported like a file too large.
  if (tree && tree->parse_stopped() && std::find(unparsed_.begin(), unparsed_.end(), path) == unparsed_.end())
    unparsed_.push_back(path);
  if (tree) {
    parsed_.push_back({new_side, path, tree->source().size()});
    parsed_bytes_ += tree->source().size();
  }
  return side.trees.emplace(path, std::move(tree)).first->second.get();
}

const std::string* Workspace::new_text(const std::string& path) { return text_of(new_, head_.get(), path, true); }
const std::string* Workspace::old_text(const std::string& path) { return text_of(old_, base_.get(), path, false); }
const lang::SyntaxTree* Workspace::new_tree(const std::string& path) { return tree_of(new_, head_.get(), path, true); }
const lang::SyntaxTree* Workspace::old_tree(const std::string& path) { return tree_of(old_, base_.get(), path, false); }

void Workspace::release(const FileChange& f) {
  ReadAhead* ahead = read_ahead_of(*this);
  for (Side* side : {&old_, &new_}) {
    const std::string& path = side == &old_ ? f.old_path : f.new_path;
    if (path.empty()) continue;
    if (auto it = side->trees.find(path); it != side->trees.end()) {
      if (ahead) ahead->discard(std::move(it->second));  // destroyed on the read-ahead thread
      side->trees.erase(it);
    }
    side->text.erase(path);
  }
  if (ahead)
    if (std::optional<size_t> index = ahead->index_of(&f)) ahead->release(*index);
  std::erase_if(parsed_, [&](const Parsed& p) {
    bool gone = p.path == (p.new_side ? f.new_path : f.old_path) && !p.path.empty();
    if (gone) parsed_bytes_ -= p.bytes;
    return gone;
  });
}

bool Workspace::trim(size_t max_bytes) {
  ReadAhead* ahead = read_ahead_of(*this);
  size_t drop = 0;
  while (drop < parsed_.size() && parsed_bytes_ > max_bytes) {
    const Parsed& p = parsed_[drop++];
    Side& side = p.new_side ? new_ : old_;
    if (auto it = side.trees.find(p.path); it != side.trees.end()) {
      if (ahead) ahead->discard(std::move(it->second));
      side.trees.erase(it);
    }
    side.text.erase(p.path);
    parsed_bytes_ -= p.bytes;
  }
  parsed_.erase(parsed_.begin(), parsed_.begin() + static_cast<std::ptrdiff_t>(drop));
  return drop > 0;
}

std::optional<std::string> Workspace::read_head(const std::string& path) const {
  if (!head_) return std::nullopt;
  return head_->read(path);
}

std::optional<std::string> Workspace::head_line(const std::string& path, int line) {
  std::optional<std::string> whole;
  const std::string* text = new_text(path);
  if (!text && (whole = read_head(path))) text = &*whole;
  if (!text) return std::nullopt;
  if (auto l = nth_line(*text, line)) return std::string(*l);
  return std::nullopt;
}

}  // namespace rp
