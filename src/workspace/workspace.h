// The Workspace answers "what is the code?" for a PR: old and new text of each changed
// file (from git objects when a repository is given, else only what the diff itself
// contains: whole text of added and deleted files), and their parse trees, built lazily
// and cached for the length of one review.
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "core/pull_request.h"
#include "core/tree_reader.h"
#include "lang/syntax.h"

namespace rp {

class Workspace {
 public:
  // Files larger than this are not parsed (tree-sitter reads 3–4 MB/s: a generated 100 MB
  // file would hold the review for half a minute). Line-level rules still read them; tree
  // queries return null, as for an unsupported language, and the card says so.
  static constexpr size_t kMaxParseBytes = size_t(4) << 20;

  // `base`/`head` may be null: a diff-only review.
  Workspace(const PullRequest& pr, std::unique_ptr<TreeReader> base, std::unique_ptr<TreeReader> head);

  // True when whole-file text of every side is available (a tree reader was given).
  bool has_full_text() const { return head_ != nullptr; }
  const TreeReader* head_tree() const { return head_.get(); }
  const TreeReader* base_tree() const { return base_.get(); }

  // Whole text of a changed file on the new/old side; null when unknown (diff-only and the
  // file is neither added nor deleted) or when the file does not exist on that side.
  const std::string* new_text(const std::string& path);
  const std::string* old_text(const std::string& path);
  // Parse trees of those texts; null when the text is unknown or the language unsupported.
  const lang::SyntaxTree* new_tree(const std::string& path);
  const lang::SyntaxTree* old_tree(const std::string& path);
  // Any file of the head tree (e.g. the env registry module, README); nullopt when no tree.
  std::optional<std::string> read_head(const std::string& path) const;
  // Line `line` (1-based) of `path` on the head side — the new text of a changed file, else the
  // head tree's file — for evidence; nullopt when the file or the line is not there.
  std::optional<std::string> head_line(const std::string& path, int line);
  // Paths whose text was not parsed, in the order met: too large (kMaxParseBytes), or the
  // parse ran out of its work budget (lang::SyntaxTree::parse_stopped; its tree is empty).
  const std::vector<std::string>& unparsed() const { return unparsed_; }
  // Drops what the workspace holds of a changed file, both sides: texts and trees (with what
  // hangs on them: walk orders, memoized collections). A later ask reads and parses again. The
  // file-major runner (rules/runner.h) calls it once every file rule has judged the file, so a
  // review holds the trees of one file at a time, not of the whole PR; a pointer handed out
  // for this file before is dangling after.
  void release(const FileChange& f);
  // Drops the trees (and texts) parsed longest ago until those left hold at most `max_bytes` of
  // source: what rules asked of other files than the one being judged (an imported module, a
  // sibling) stays for the next files while it is small. Same caveat as release(); true when it
  // dropped a tree.
  bool trim(size_t max_bytes);

 private:
  struct Side {
    std::map<std::string, std::optional<std::string>> text;
    std::map<std::string, std::unique_ptr<lang::SyntaxTree>> trees;
  };
  struct Parsed {
    bool new_side = false;
    std::string path;
    size_t bytes = 0;
  };
  const std::string* text_of(Side& side, const TreeReader* reader, const std::string& path, bool new_side);
  const lang::SyntaxTree* tree_of(Side& side, const TreeReader* reader, const std::string& path, bool new_side);

  // The diff's file for a path on one side (the last one when a path repeats): a map, so a
  // 50,000-file PR is not a quadratic scan per file.
  const FileChange* change_on(const std::string& path, bool new_side) const;

  const PullRequest& pr_;
  std::unique_ptr<TreeReader> base_, head_;
  std::unordered_map<std::string, const FileChange*> by_new_path_, by_old_path_;
  Side old_, new_;
  std::vector<std::string> unparsed_;
  std::vector<Parsed> parsed_;  // trees held, in the order parsed (trim drops the oldest first)
  size_t parsed_bytes_ = 0;
};

}  // namespace rp
