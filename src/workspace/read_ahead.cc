#include "workspace/read_ahead.h"

#include <algorithm>
#include <atomic>
#include <system_error>
#include <unordered_map>
#include <utility>

#include "source/thread_reader.h"
#include "workspace/workspace.h"

namespace rp {

std::vector<lang::SyntaxTree::LineEdit> hunk_edits(const FileChange& change, bool to_new) {
  std::vector<lang::SyntaxTree::LineEdit> edits;
  edits.reserve(change.hunks.size());
  for (const Hunk& h : change.hunks) {
    int from_start = to_new ? h.old_start : h.new_start, from_count = to_new ? h.old_count : h.new_count;
    int to_count = to_new ? h.new_count : h.old_count;
    // "@@ -5,0 +6,2 @@" inserts after line 5: the edit starts at line 6.
    edits.push_back({from_count == 0 ? from_start + 1 : from_start, from_count, to_count});
  }
  return edits;
}

ReadAhead::ReadAhead(const std::vector<FileChange>& files, std::unique_ptr<TreeReader> base,
                     std::unique_ptr<TreeReader> head, size_t ahead)
    : files_(files), reader_{std::move(base), std::move(head)}, ahead_(std::max<size_t>(ahead, 1)),
      slots_(files.size()) {
  worker_ = std::thread([this] { run(); });
}

ReadAhead::~ReadAhead() {
  {
    std::lock_guard lock(mutex_);
    stop_ = true;
  }
  changed_.notify_all();
  worker_.join();
}

std::optional<size_t> ReadAhead::index_of(const FileChange* change) const {
  if (!change || files_.empty() || change < files_.data() || change >= files_.data() + files_.size()) return std::nullopt;
  return static_cast<size_t>(change - files_.data());
}

ReadAhead::Slot* ReadAhead::claim(size_t index) {
  std::unique_lock lock(mutex_);
  if (index >= slots_.size()) return nullptr;
  Slot& s = slots_[index];
  if (s.state == State::Pending) s.state = State::Skipped;  // not started: the caller does it
  if (s.state == State::Skipped) return nullptr;
  changed_.wait(lock, [&] { return s.state == State::Done; });
  return &s;
}

std::optional<std::optional<std::string>> ReadAhead::take_text(size_t index, bool new_side) {
  Slot* s = claim(index);
  if (!s || !s->has_text[new_side]) return std::nullopt;
  s->has_text[new_side] = false;
  return std::move(s->text[new_side]);
}

std::unique_ptr<lang::SyntaxTree> ReadAhead::take_tree(size_t index, bool new_side, const lang::SyntaxTree* from) {
  Slot* s = claim(index);
  if (!s || !s->tree[new_side] || s->from[new_side] != from) return nullptr;
  return std::move(s->tree[new_side]);
}

void ReadAhead::bury(Slot& s) {
  for (int side = 0; side < 2; ++side) {
    if (s.tree[side]) graveyard_.push_back(std::move(s.tree[side]));
    s.text[side].reset();
    s.has_text[side] = false;
  }
}

void ReadAhead::release(size_t index) {
  {
    std::lock_guard lock(mutex_);
    if (index >= slots_.size()) return;
    released_ = std::max(released_, index + 1);
    Slot& s = slots_[index];
    if (s.state == State::Pending) s.state = State::Skipped;
    else if (s.state == State::Running) s.dropped = true;
    else if (s.state == State::Done) bury(s);
  }
  changed_.notify_all();
}

void ReadAhead::discard(std::unique_ptr<lang::SyntaxTree> tree) {
  if (!tree) return;
  {
    std::lock_guard lock(mutex_);
    graveyard_.push_back(std::move(tree));
  }
  changed_.notify_all();
}

// What Workspace::text_of and tree_of would make of both sides of one file, in their order:
// the old side parsed in full, the new side reparsed from it through the hunks.
void ReadAhead::make(size_t index, Slot& out) const {
  const FileChange& f = files_[index];
  const std::string* path[2] = {&f.old_path, &f.new_path};
  for (int side = 0; side < 2; ++side) {
    if (path[side]->empty() || !reader_[side]) continue;
    out.text[side] = reader_[side]->read(*path[side]);
    out.has_text[side] = true;
  }
  for (int side = 0; side < 2; ++side) {
    if (!out.has_text[side] || !out.text[side]) continue;
    lang::Grammar g = lang::grammar_for_path(*path[side]);
    if (g == lang::Grammar::None || out.text[side]->size() > Workspace::kMaxParseBytes) continue;
    const lang::SyntaxTree* from = nullptr;
    if (side == 1 && !f.old_path.empty() && !f.new_path.empty() && !f.hunks.empty() && out.tree[0] &&
        out.tree[0]->grammar() == g)
      from = out.tree[0].get();
    out.tree[side] = from ? lang::SyntaxTree::reparse(*from, *out.text[side], hunk_edits(f, true))
                          : lang::SyntaxTree::parse(g, *out.text[side]);
    out.from[side] = from;
  }
}

void ReadAhead::run() {
  size_t next = 0;
  for (;;) {
    std::vector<std::unique_ptr<lang::SyntaxTree>> dead;
    size_t index = 0;
    {
      std::unique_lock lock(mutex_);
      changed_.wait(lock, [&] {
        return stop_ || !graveyard_.empty() || (next < slots_.size() && next < released_ + ahead_);
      });
      if (!graveyard_.empty()) {
        dead.swap(graveyard_);  // dropped trees first: they are memory held for nothing
      } else if (stop_) {
        return;
      } else {
        while (next < slots_.size() && slots_[next].state != State::Pending) ++next;
        if (next >= slots_.size() || next >= released_ + ahead_) continue;
        index = next++;
        slots_[index].state = State::Running;
      }
    }
    if (!dead.empty()) continue;  // destroyed here, outside the lock
    // A Running slot is the worker's alone: the review's thread waits for Done before reading it.
    Slot& s = slots_[index];
    make(index, s);
    {
      std::lock_guard lock(mutex_);
      if (s.dropped) bury(s);
      s.state = State::Done;
    }
    changed_.notify_all();
  }
}

namespace {
// The read-ahead of each workspace that has one. `running` spares the lock on every review that
// has none (the common case: a PR of few files).
std::mutex table_mutex;
std::atomic<int> running{0};
std::unordered_map<const Workspace*, std::unique_ptr<ReadAhead>>& table() {
  static auto* t = new std::unordered_map<const Workspace*, std::unique_ptr<ReadAhead>>();
  return *t;
}
}  // namespace

bool start_read_ahead(Workspace& ws, const std::vector<FileChange>& files, size_t ahead) {
  if (read_ahead_of(ws)) return true;
  std::unique_ptr<TreeReader> base = open_for_thread(ws.base_tree()), head = open_for_thread(ws.head_tree());
  if (!base || !head) return false;
  std::unique_ptr<ReadAhead> made;
  try {
    made = std::make_unique<ReadAhead>(files, std::move(base), std::move(head), ahead);
  } catch (const std::system_error&) {  // no thread to be had: the review runs alone
    return false;
  }
  std::lock_guard lock(table_mutex);
  table()[&ws] = std::move(made);
  running.fetch_add(1);
  return true;
}

void stop_read_ahead(const Workspace& ws) {
  std::unique_ptr<ReadAhead> gone;
  {
    std::lock_guard lock(table_mutex);
    auto it = table().find(&ws);
    if (it == table().end()) return;
    gone = std::move(it->second);
    table().erase(it);
    running.fetch_sub(1);
  }
  gone.reset();  // joins the thread, outside the lock
}

ReadAhead* read_ahead_of(const Workspace& ws) {
  if (running.load(std::memory_order_acquire) == 0) return nullptr;
  std::lock_guard lock(table_mutex);
  auto it = table().find(&ws);
  return it == table().end() ? nullptr : it->second.get();
}

}  // namespace rp
