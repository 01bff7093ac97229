// A finding's identity across re-runs and pushes, shared by every consumer that must say
// "this is the same finding as before": SARIF partialFingerprints, --baseline, and the
// GitHub poster's "already commented" check. It hashes the rule, the file and the
// whitespace-collapsed text of the finding's line (not its number, so a push that shifts
// lines keeps it), plus an ordinal among findings that share all three. A finding about the
// description hashes the rule and its problem sentence.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/finding.h"
#include "core/pull_request.h"
#include "workspace/workspace.h"

namespace rp {

// The text of a head-side line (1-based): from the head file when the workspace has it, else
// from the diff's new-side lines; nullopt when neither holds it.
std::optional<std::string> head_line_text(const PullRequest& pr, Workspace& workspace, const std::string& file, int line);

// head_line_text for many findings: each head file's line starts are indexed once, so the
// lines of 8,000 findings in one generated file are not each found by a scan from the file's
// start (quadratic: 4,000 findings in a 40,000-line file took over 30 s). Same answers as
// head_line_text. Holds pointers to the workspace's texts: use it while no file is released.
class HeadLines {
 public:
  HeadLines(const PullRequest& pr, Workspace& workspace) : pr_(pr), workspace_(workspace) {}
  std::optional<std::string> at(const std::string& file, int line);

 private:
  const PullRequest& pr_;
  Workspace& workspace_;
  std::map<std::string, std::vector<size_t>> starts_;  // file → offsets of its lines' starts
};

// 16 lowercase hex digits (FNV-1a 64).
std::string fingerprint_of(const std::string& rule, const std::string& file, const std::string& line_text, int ordinal);

// Fills Finding::fingerprint for every finding. The line text comes from the head file when
// the workspace has it, else from the diff's new-side lines, else it is empty.
void assign_fingerprints(std::vector<Finding>& findings, const PullRequest& pr, Workspace& workspace);

}  // namespace rp
