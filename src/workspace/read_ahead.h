// Reading ahead on the second core: while the rules judge changed file i, a worker thread reads
// the texts of files i+1 .. i+ahead-1 (through its own TreeReaders) and parses them, both sides,
// exactly as Workspace::tree_of would (old side in full, new side reparsed from it through the
// diff's hunks). The Workspace takes what the worker made when a rule first asks for it, so the
// trees, their order in Workspace::parsed_ and the unparsed list are the serial run's; only where
// the CPU time is spent moves. Trees the Workspace drops are destroyed on the worker too.
//
// The read-ahead of a workspace is kept beside it (a table keyed by the workspace, read_ahead.cc)
// rather than as a member, so that workspace.h, which every rule includes, did not change when it
// was added; Workspace's text_of, tree_of, release and trim ask read_ahead_of(*this).
//
// Every member is called from the review's thread; the worker only touches a file's slot while
// the slot is Running (guarded by the mutex), and the review's thread only reads a slot once it
// is Done.
#pragma once

#include <condition_variable>
#include <cstddef>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "core/pull_request.h"
#include "core/tree_reader.h"
#include "lang/syntax.h"

namespace rp {

class Workspace;

// The edits that turn one side of a modified file into the other, as SyntaxTree::reparse wants
// them (hunks ascending); `to_new`: from the old side to the new.
std::vector<lang::SyntaxTree::LineEdit> hunk_edits(const FileChange& change, bool to_new);

class ReadAhead {
 public:
  // `base`/`head`: readers of the two sides that only the worker uses (TreeReader::
  // open_for_thread); `files` outlives this object. `ahead` >= 1: how many files past the last
  // released one the worker may hold at once.
  ReadAhead(const std::vector<FileChange>& files, std::unique_ptr<TreeReader> base,
            std::unique_ptr<TreeReader> head, size_t ahead);
  ~ReadAhead();  // stops the worker, joins it
  ReadAhead(const ReadAhead&) = delete;
  ReadAhead& operator=(const ReadAhead&) = delete;

  // The position of `change` in the list the worker reads; nullopt for a FileChange of another.
  std::optional<size_t> index_of(const FileChange* change) const;
  // The text of file `index`'s side that the worker read: nullopt when it read none (not yet
  // started: the worker skips the file; the caller reads it itself); else the text (itself
  // nullopt when the file is absent on that side). Waits when the worker is on that file.
  std::optional<std::optional<std::string>> take_text(size_t index, bool new_side);
  // The tree of file `index`'s side that the worker parsed, when it parsed it from the same base
  // the caller would (`from`: the tree the caller would reparse from, null for a full parse);
  // else null and the caller parses. Waits when the worker is on that file.
  std::unique_ptr<lang::SyntaxTree> take_tree(size_t index, bool new_side, const lang::SyntaxTree* from);
  // The caller is done with file `index` (files are released in order): the window moves on and
  // what the worker made of it and nobody took is dropped.
  void release(size_t index);
  // Destroys a tree on the worker.
  void discard(std::unique_ptr<lang::SyntaxTree> tree);

 private:
  enum class State { Pending, Skipped, Running, Done };
  struct Slot {
    State state = State::Pending;
    bool dropped = false;           // released while Running: the worker drops its own result
    bool has_text[2] = {false, false};
    std::optional<std::string> text[2];
    std::unique_ptr<lang::SyntaxTree> tree[2];
    const lang::SyntaxTree* from[2] = {nullptr, nullptr};  // what tree[side] was reparsed from
  };
  Slot* claim(size_t index);  // the slot once Done; null when the worker will not make it
  void run();
  void make(size_t index, Slot& out) const;
  void bury(Slot& slot);  // moves the slot's trees to the graveyard (mutex held)

  const std::vector<FileChange>& files_;
  std::unique_ptr<TreeReader> reader_[2];  // [0] base, [1] head
  const size_t ahead_;
  std::vector<Slot> slots_;
  std::mutex mutex_;
  std::condition_variable changed_;
  size_t released_ = 0;  // files before this index are released
  bool stop_ = false;
  std::vector<std::unique_ptr<lang::SyntaxTree>> graveyard_;
  std::thread worker_;
};

// Starts reading `files` (the workspace's PR's changed files, in diff order) ahead of the rules on
// a second thread, up to `ahead` files past the last one the workspace released: the file-major
// runner's next file is parsed while the rules judge this one. Same texts, same trees, same order
// of parses as without it; trees released or trimmed are destroyed on that thread. False (and
// nothing starts) when a side's reader cannot be opened for another thread (a diff-only,
// work-tree or index review) or no thread can be had.
bool start_read_ahead(Workspace& ws, const std::vector<FileChange>& files, size_t ahead);
// Stops the thread and drops what it made that nobody took; the workspace goes on alone. Must be
// called before the workspace is destroyed (the runner does).
void stop_read_ahead(const Workspace& ws);
// The workspace's read-ahead, null when none runs.
ReadAhead* read_ahead_of(const Workspace& ws);

}  // namespace rp
