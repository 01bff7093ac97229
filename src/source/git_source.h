// Local git through libgit2: opens a repository (bare, mirror or with a work tree), resolves
// base/head, produces the PR's diff text and TreeReaders for both sides. Only objects are
// read, except for `--worktree` reviews, which read the work tree's tracked files as the
// head side (work_tree_diff_text / work_tree).
#pragma once

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "core/status.h"
#include "core/tree_reader.h"

namespace rp {

// git's id of the empty tree: a base revision for reviewing a root commit as a PR that adds
// every file. resolve() returns it as is; tree() gives an empty tree; diff_text() diffs
// against nothing.
inline constexpr const char* kEmptyTreeId = "4b825dc642cb6eb9a060e54bf8d69288fbee4904";

class GitRepo {
 public:
  ~GitRepo();
  GitRepo(const GitRepo&) = delete;
  GitRepo& operator=(const GitRepo&) = delete;

  static Result<std::unique_ptr<GitRepo>> open(const std::string& path);
  // The repository that contains `start` (a directory), searching upwards like git does.
  static Result<std::unique_ptr<GitRepo>> discover(const std::string& start);
  // The work tree's directory ("" for a bare repository).
  std::string workdir() const;

  // A commit id (40 hex) for any revision git understands ("HEAD~2", "v1.0", a sha).
  Result<std::string> resolve(const std::string& rev) const;
  // merge-base of `rev` with the first of main, master, origin/main, origin/master that exists.
  Result<std::string> default_base(const std::string& rev) const;
  Result<std::string> merge_base(const std::string& a, const std::string& b) const;
  // `git diff base head` with rename detection, as unified text.
  Result<std::string> diff_text(const std::string& base_commit, const std::string& head_commit) const;
  Result<std::unique_ptr<TreeReader>> tree(const std::string& commit) const;
  // A file that keeps the tree objects a listing read (`list_blobs`, `list_files` of trees
  // made after this call), by tree id: the next listing reads from the object store only the
  // subtrees whose ids it does not hold ("" = none, the default). Ids name content, so a
  // kept tree is never stale; a file that does not check out is ignored and rewritten.
  void set_tree_cache_file(std::string file);
  // For each path, how many commits changed it on the first-parent line of `head` within
  // `days` days before head's commit time (at most `max_commits` commits walked): the
  // "git commits" column of the checklists' Step 4 tables, computed.
  Result<std::map<std::string, int>> commit_counts(const std::string& head, const std::vector<std::string>& paths,
                                                   int days, int max_commits) const;
  // For one path, how many of the last `max_commits` first-parent commits of `head` that
  // changed it each author wrote: `git log --format=%ae -- path | sort | uniq -c`, capped,
  // keyed by the newest name each address committed under. The de-facto owner of a file is its
  // top author.
  Result<std::map<std::string, int>> author_counts(const std::string& head, const std::string& path,
                                                   int max_commits) const;
  // The newest commit on the first-parent line of `head` that is at least `seconds` older than
  // `head` (commit time), walking at most `max_commits`; "" when the walk ends first. What the
  // project looked like a few days before a PR's base: an op that main gained after it has not
  // shipped to consumers yet.
  Result<std::string> first_parent_older_than(const std::string& head, long seconds, int max_commits) const;
  // `git diff base` (work tree and index against a commit, tracked files and staged new
  // files; untracked files are not part of it), as unified text.
  Result<std::string> work_tree_diff_text(const std::string& base_commit) const;
  // The work tree as a TreeReader: the files the index tracks, read from disk (symlinks and
  // files deleted on disk read as absent).
  Result<std::unique_ptr<TreeReader>> work_tree() const;
  // `git diff --cached base`: the index (the staged change, what the next commit holds)
  // against a commit, as unified text.
  Result<std::string> index_diff_text(const std::string& base_commit) const;
  // The index as a TreeReader: the staged content of every tracked file, read from the
  // object store (unstaged edits in the work tree are not part of it).
  Result<std::unique_ptr<TreeReader>> index_tree() const;
  // Subject line of a commit.
  Result<std::string> commit_subject(const std::string& commit) const;
  // The message of a commit after its subject and the blank line ("" when there is none).
  Result<std::string> commit_body(const std::string& commit) const;
  // Commit ids of the parents of a commit, first parent first (empty for a root commit).
  Result<std::vector<std::string>> parents(const std::string& commit) const;
  // The commits of a range, oldest first, like `git rev-list --reverse [--first-parent]`:
  // "A..B" (reachable from B, not from A) or a single revision (all of its history).
  Result<std::vector<std::string>> rev_list(const std::string& range, bool first_parent) const;

 private:
  struct Impl;
  explicit GitRepo(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

}  // namespace rp
