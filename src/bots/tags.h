// The title-tag and CI-label bots of the aiter PR page, offline: component tags for the PR
// title and labels computed from the changed paths (mapping in the profile), re-synced on
// every run; the one-backend-per-PR rule; and which opt-in CI labels the changed paths call
// for. Change-type tags ([fix], [Perf]), op tags ([MLA]) and human labels (ci:*) are left alone.
#pragma once

#include <string>
#include <vector>

#include "core/change_set.h"
#include "core/pull_request.h"
#include "profile/profile.h"

namespace rp::bots {

struct TagEvidence {
  std::string tag;
  std::vector<std::string> paths;  // the changed files that call for it (at most 5)
  int count = 0;                   // how many do
  bool backend = false;
};

struct CiLabelAdvice {
  std::string label, tests, why;
  std::vector<std::string> paths;  // at most 5
  bool already_set = false;        // the label (or ci:all, which covers it) is on the PR
  bool automatic = false;          // CI adds it by itself
};

struct TagsReport {
  std::vector<TagEvidence> tags;         // every computed component tag, in title order
  std::vector<std::string> title_tags;   // the first max_title_tags of them
  std::vector<std::string> backends;     // backend tags among `tags`
  std::string title, suggested_title;    // suggested == title when in sync or locked
  std::vector<std::string> stale_title_tags;  // bracket tags the re-sync drops
  bool title_locked = false;                  // the no-auto-title label is set
  std::vector<std::string> labels_to_add, labels_to_remove;
  std::vector<CiLabelAdvice> ci_labels;
  bool in_sync() const { return suggested_title == title && labels_to_add.empty() && labels_to_remove.empty(); }
  bool split_suggested() const { return backends.size() >= 2; }
};

TagsReport compute_tags(const PullRequestMeta& meta, const ChangeSet& changes, const Profile& profile);

// The title with stale component tags dropped and `tags` in front; other bracket tags and
// text stay where they were. Exposed for tests.
std::string resync_title(const std::string& title, const std::vector<std::string>& tags, const Profile& profile,
                         std::vector<std::string>* dropped = nullptr);

std::string render_tags_markdown(const TagsReport& report);
std::string render_tags_json(const TagsReport& report);

}  // namespace rp::bots
