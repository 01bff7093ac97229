#include "analysis/ai_facts.h"

#include <re2/re2.h>

#include "core/strings.h"

namespace rp {

bool comment_states_reason(std::string_view comment) {
  static const RE2 kAnnotation(R"re(^\s*(?:expect(?:-file)?(?:\[\w+\])?|ok)\s*:.*$)re");
  comment = trim(comment);
  return !comment.empty() && !RE2::FullMatch(re2::StringPiece(comment.data(), comment.size()), kAnnotation);
}

}  // namespace rp
