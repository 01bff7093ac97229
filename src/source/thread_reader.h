// A TreeReader that can hand another thread a reader of its own over the same tree: libgit2
// handles are used by one thread at a time, so the workspace's read-ahead thread
// (workspace/read_ahead.h) reads through its own. A reader without this side is read by one
// thread only, and the review then reads ahead on none.
#pragma once

#include <memory>

#include "core/tree_reader.h"

namespace rp {

class ThreadReadable {
 public:
  virtual ~ThreadReadable() = default;
  // A reader of the same tree that another thread may use while this one is in use; null when
  // it cannot be opened.
  virtual std::unique_ptr<TreeReader> open_for_thread() const = 0;
};

// The reader another thread may use for `reader`, or null.
inline std::unique_ptr<TreeReader> open_for_thread(const TreeReader* reader) {
  const auto* t = dynamic_cast<const ThreadReadable*>(reader);
  return t ? t->open_for_thread() : nullptr;
}

}  // namespace rp
