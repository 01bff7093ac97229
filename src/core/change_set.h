// What changed: the files of a diff, their hunks, and the added/removed lines with their
// line numbers on each side. Built by source/unified_diff from `git diff` text; plain data.
#pragma once

#include <string>
#include <unordered_map>
#include <vector>

namespace rp {

enum class FileStatus { Modified, Added, Deleted, Renamed, Copied };

struct DiffLine {
  enum class Kind { Context, Added, Removed };
  Kind kind = Kind::Context;
  int old_line = 0;  // 0 when the line does not exist on the old side
  int new_line = 0;  // 0 when the line does not exist on the new side
  std::string text;  // without the leading marker and without the line terminator
};

struct Hunk {
  int old_start = 0, old_count = 0;
  int new_start = 0, new_count = 0;
  std::string section;  // text after the second "@@" (often the enclosing function)
  std::vector<DiffLine> lines;
};

struct FileChange {
  std::string old_path;  // empty for added files
  std::string new_path;  // empty for deleted files
  FileStatus status = FileStatus::Modified;
  bool binary = false;
  std::string old_mode, new_mode;  // e.g. "100644"; empty when not stated
  int similarity = 0;              // percent, for renames and copies
  std::vector<Hunk> hunks;

  // The path a reviewer calls this file by: the new path, or the old one if deleted.
  const std::string& path() const { return new_path.empty() ? old_path : new_path; }
  int added_count() const;
  int removed_count() const;
};

struct ChangeSet {
  std::vector<FileChange> files;
  int added_count() const;
  int removed_count() const;
  // The file a reviewer calls `path` (FileChange::path()); the last one if it repeats. Backed
  // by an index built on first use (rebuilt when `files` grows or shrinks), so per-file
  // lookups stay linear overall on a 50,000-file PR. Not for concurrent first use.
  const FileChange* find(const std::string& path) const;

 private:
  mutable std::unordered_map<std::string, size_t> index_;
  mutable size_t indexed_files_ = 0;
};

}  // namespace rp
