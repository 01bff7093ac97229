#include "profile/checklist.h"

namespace rp {

std::string_view category_name(Category c) {
  switch (c) {
    case Category::Coverage: return "coverage";
    case Category::SilentBypass: return "silent-bypass";
    case Category::Hardcoded: return "hardcoded";
    case Category::Boundary: return "boundary";
    case Category::CrossRepo: return "cross-repo";
    case Category::Resources: return "resources";
    case Category::Streams: return "streams";
    case Category::Perf: return "perf";
    case Category::Housekeeping: return "housekeeping";
    case Category::AiDiagnostic: return "ai-diagnostic";
  }
  return "";
}

}  // namespace rp
