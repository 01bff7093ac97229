// What the PR's CI says, classified the way checklist Step 1 asks before blaming the PR: a
// red check can be an infra flake, a job main fails too, or a run whose logs expired. Plain
// data; the GitHub source fills it, the card and the JSON report show it.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace rp {

enum class CiBlame {
  Pr,           // nothing explains it away: the PR's to fix
  InfraFlake,   // a waiting step timed out, an artifact count, resolver noise, an unrelated docs build
  AlsoOnMain,   // the base branch fails the same job in the same window
  ExpiredLogs,  // HTTP 410: the run is too old to read; a fresh run is needed
};
std::string_view ci_blame_name(CiBlame blame);  // "pr" | "infra-flake" | "also-on-main" | "expired-logs"

struct CiFailure {
  std::string name;        // check run name
  std::string conclusion;  // failure, timed_out, cancelled, startup_failure, action_required
  std::string url;
  CiBlame blame = CiBlame::Pr;
  std::string reason;  // why it was classified so, quoting the line that decided it
};

struct CiStatus {
  bool read = false;         // check runs were read (false: no GitHub source, or not allowed)
  std::string unavailable;   // why they could not be read, when a source was given
  int checks = 0, passed = 0, pending = 0;
  std::vector<CiFailure> failures;
};

}  // namespace rp
