#include "core/change_set.h"

namespace rp {

namespace {
int count_kind(const std::vector<Hunk>& hunks, DiffLine::Kind kind) {
  int n = 0;
  for (const Hunk& h : hunks)
    for (const DiffLine& l : h.lines) n += l.kind == kind;
  return n;
}
}  // namespace

int FileChange::added_count() const { return count_kind(hunks, DiffLine::Kind::Added); }
int FileChange::removed_count() const { return count_kind(hunks, DiffLine::Kind::Removed); }

int ChangeSet::added_count() const {
  int n = 0;
  for (const FileChange& f : files) n += f.added_count();
  return n;
}

int ChangeSet::removed_count() const {
  int n = 0;
  for (const FileChange& f : files) n += f.removed_count();
  return n;
}

const FileChange* ChangeSet::find(const std::string& path) const {
  auto rebuild = [this] {
    index_.clear();
    for (size_t i = 0; i < files.size(); ++i) index_[files[i].path()] = i;
    indexed_files_ = files.size();
  };
  if (indexed_files_ != files.size() || (index_.empty() && !files.empty())) rebuild();
  auto it = index_.find(path);
  if (it != index_.end() && files[it->second].path() != path) {  // a path was edited in place
    rebuild();
    it = index_.find(path);
  }
  return it == index_.end() ? nullptr : &files[it->second];
}

}  // namespace rp
