// An evaluation case: one real or hand-written PR with what a reviewer must say about it
// (expected findings, as checklist codes of the PR's repository) and what it must not say
// (must_not_fire traps). A case is a folder holding case.json and, usually, pr.diff.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/status.h"

namespace rp {

enum class CaseKind { Positive, Negative, DescriptionOnly };
std::string_view case_kind_name(CaseKind k);  // "positive" | "negative" | "description-only"

struct ExpectedFinding {
  std::string code;                 // checklist code of the case's repository: "B2", "S6.3";
                                    // "" = `"rule": null`, location only: a finding of any rule matches

  std::string severity;             // "red" | "warn" | "note" | "" (as written; not used to match)
  std::optional<std::string> file;  // none = about the PR description
  std::optional<int> line;          // none = anywhere in `file`
  std::string evidence;
};

// A trap: a finding of this code that must not appear. A trap without a file is scoped to the
// rule (no finding of that code anywhere in the case); with a file and no line, to the file.
struct MustNotFire {
  std::string code;
  std::optional<std::string> file;
  std::optional<int> line;
  std::string why;
};

struct EvalCase {
  std::string id;
  std::string dir;       // the case folder
  std::string repo;      // "ROCm/ATOM", "ROCm/aiter", ...
  std::optional<int> pr;
  std::optional<std::string> base, head;  // commits in `repo`; none for a description-only case
  std::string title, body;
  CaseKind kind = CaseKind::Positive;
  std::vector<ExpectedFinding> expected;
  std::vector<MustNotFire> must_not_fire;
  std::optional<std::string> diff_path;  // <dir>/pr.diff when present
  // Mined cases (review-pr mine): where the case comes from ("review-fix", "follow-up",
  // "szz", "negative") and its split ("tune" | "validate"); "" when the case has none.
  std::string source, split;
  std::string evidence_commit;  // the mined fix commit ("" when the case has none)
};

// "atom" for ROCm/ATOM, "aiter" for ROCm/aiter (case-insensitive), else "generic".
std::string profile_for_repo(const std::string& repo);

// Reads <dir>/case.json. One-line error naming the file and the field that is wrong.
Result<EvalCase> load_case(const std::string& dir);

struct CaseLoadError {
  std::string where;  // the case folder's name
  std::string message;
};

struct CaseSet {
  std::vector<EvalCase> cases;  // ordered by id, digit runs compared as numbers (atom-789 < atom-1044)
  std::vector<CaseLoadError> errors;
};

// Loads every sub-folder of `root` that holds a case.json (or `root` itself when it is one
// case). A bad case is recorded in `errors` and skipped. Fails when `root` is not a
// directory, holds no case folder, or no case could be loaded.
Result<CaseSet> load_cases(const std::string& root);

// Ordering of case ids: digit runs compare as numbers.
bool natural_less(const std::string& a, const std::string& b);

}  // namespace rp
