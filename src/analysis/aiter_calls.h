// Facts about downstream code (ATOM) calling into aiter, shared by the cross-repo rules: which
// names a file binds to aiter, which keywords added lines newly pass to an aiter function, and
// what the PR description says about the aiter change it relies on.
#pragma once

#include <map>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "core/pull_request.h"
#include "lang/syntax.h"

namespace rp {

// The names one file binds to aiter: `from aiter.x import a as b` gives names[b] = a (and
// lines[a] = its import line); `import aiter[.x] [as y]` gives the module alias.
struct AiterBindings {
  std::map<std::string, std::string> names;  // bound name -> imported name
  std::set<std::string> modules;             // "aiter", "aiter.ops", "rocm_aiter"
  std::map<std::string, int> lines;          // imported name -> first import line
};
AiterBindings aiter_bindings(const lang::SyntaxTree& tree);

// The aiter function a callee names ("fused_rms" for an imported name, "aiter.ops.x" for a
// module attribute), or "" when it is not an aiter function.
std::string resolve_aiter_callee(const std::string& callee, const AiterBindings& b);

// A keyword on an added line of a call to an aiter function that no call of the same function
// in the old version of the file passed (the function itself was called there).
struct NewAiterKeyword {
  int line = 0;          // line of the keyword's value
  std::string function;  // as resolve_aiter_callee names it
  std::string keyword;
  lang::Node call;       // the call in the new tree
  lang::Node value;      // the keyword's value
};
std::vector<NewAiterKeyword> new_aiter_keywords(const lang::SyntaxTree& neu, const lang::SyntaxTree& old,
                                                const std::set<int>& added);

// Whether the title, description or comments name an aiter PR, commit or version.
bool links_aiter(const PullRequestMeta& meta);

// The aiter change the description names as a prerequisite that has not landed: a link to an
// aiter PR (`ROCm/aiter/pull/N`, `aiter#N`) in a sentence that asks to merge after it, or says
// the PR depends on / requires / waits for it ("Please merge this PR after <link>", "Depends on
// ROCm/aiter#N"). Returns the PR as written ("aiter#3265"), or "" when there is none.
std::string aiter_prerequisite(const PullRequestMeta& meta);

}  // namespace rp
