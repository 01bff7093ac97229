// The changed source files a code rule looks at: not deleted, not binary, not a test, with at
// least one added line and a parse tree of the head side. One loop, written once, for the
// rules that scan the head text of what the PR adds.
#pragma once

#include <functional>
#include <initializer_list>
#include <set>
#include <span>
#include <string_view>
#include <vector>

#include "analysis/context.h"

namespace rp {

struct ChangedSource {
  const FileChange* file = nullptr;
  std::set<int> added;               // head-side line numbers the PR adds
  const lang::SyntaxTree* tree = nullptr;  // head-side parse tree
};

// Changed files whose path passes `keep` (e.g. is_python), in diff order. When `needles` is
// not empty, only files whose head text contains one of them are parsed (a commit that touches
// hundreds of files parses only the few that can matter).
std::vector<ChangedSource> changed_sources(const PullRequest& pr, Workspace& ws,
                                           const std::function<bool(std::string_view)>& keep,
                                           std::initializer_list<std::string_view> needles = {});
// The same, test files included (benchmark scripts live under op_tests/).
std::vector<ChangedSource> changed_sources_with_tests(const PullRequest& pr, Workspace& ws,
                                                      const std::function<bool(std::string_view)>& keep);
// The same over some of the PR's files: a file rule (rules/rule.h FileRule) asks about its one
// file (`one_file(file)`), and gets it or nothing.
std::vector<ChangedSource> changed_sources(std::span<const FileChange> files, Workspace& ws,
                                           const std::function<bool(std::string_view)>& keep,
                                           std::initializer_list<std::string_view> needles = {});
std::vector<ChangedSource> changed_sources_with_tests(std::span<const FileChange> files, Workspace& ws,
                                                      const std::function<bool(std::string_view)>& keep);
inline std::vector<ChangedSource> changed_sources(const ReviewContext& ctx,
                                                  const std::function<bool(std::string_view)>& keep,
                                                  std::initializer_list<std::string_view> needles = {}) {
  return changed_sources(ctx.pr, ctx.workspace, keep, needles);
}
inline std::vector<ChangedSource> changed_sources_with_tests(const ReviewContext& ctx,
                                                             const std::function<bool(std::string_view)>& keep) {
  return changed_sources_with_tests(ctx.pr, ctx.workspace, keep);
}

}  // namespace rp
