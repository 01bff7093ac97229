// libFuzzer target: any bytes as a unified diff. Must return a ChangeSet or an error, never
// crash, hang or read out of bounds; accepted paths are always safe.
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "core/paths.h"
#include "source/unified_diff.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  auto result = rp::parse_unified_diff(text);
  if (!result.ok()) return 0;
  for (const rp::FileChange& f : result->files) {
    if (!f.old_path.empty() && !rp::is_safe_repo_path(f.old_path)) std::abort();
    if (!f.new_path.empty() && !rp::is_safe_repo_path(f.new_path)) std::abort();
    for (const rp::Hunk& h : f.hunks)
      for (const rp::DiffLine& l : h.lines)
        if (l.old_line < 0 || l.new_line < 0) std::abort();
  }
  return 0;
}
