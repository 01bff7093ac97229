#include "cli/review_job.h"

#include <algorithm>

#include <re2/re2.h>

#include "index/knowledge.h"
#include "profile/profile.h"
#include "rules/classify.h"
#include "source/dir_source.h"
#include "source/git_source.h"
#include "source/input_file.h"
#include "source/meta_json.h"
#include "source/unified_diff.h"
#include "verdict/fingerprint.h"
#include "verdict/summary.h"
#include "workspace/workspace.h"

namespace rp {

namespace {
constexpr size_t kMaxDiffBytes = size_t(512) << 20;
constexpr size_t kMaxMetaBytes = size_t(64) << 20;

// Step 4 for the card: each changed head-side file in Tier 1/2, why, and (with git history)
// how often it changed over the last year.
constexpr int kHistoryDays = 365;
constexpr int kHistoryMaxCommits = 5000;

std::vector<FileTier> backbone_tiers(const PullRequest& pr, index::RepoKnowledge& repo, const GitRepo* git) {
  std::vector<FileTier> out;
  for (const FileChange& f : pr.changes.files) {
    if (f.status == FileStatus::Deleted) continue;
    index::TierFacts t = repo.tier(f.path());
    if (t.tier <= 2) out.push_back({f.path(), t.tier, t.why, -1, 0});
  }
  if (git && !out.empty() && !pr.head_rev.empty()) {
    std::vector<std::string> paths;
    for (const FileTier& t : out) paths.push_back(t.path);
    if (auto counts = git->commit_counts(pr.head_rev, paths, kHistoryDays, kHistoryMaxCommits); counts.ok())
      for (FileTier& t : out) t.commits = (*counts)[t.path], t.window_days = kHistoryDays;
  }
  return out;
}

std::string index_cache_file(const ReviewInputs& in) {
  if (in.repo_path.empty() || in.cache_dir == "-") return {};
  std::string dir = in.cache_dir.empty() ? index::default_cache_dir() : in.cache_dir;
  return dir.empty() ? std::string() : index::cache_file_for(dir, in.repo_path);
}

// Squash-merge subjects end with "(#1234)": the PR number when no metadata is given, and
// not part of the title.
std::optional<int> take_number_from_subject(std::string& subject) {
  static const RE2 re(R"(^(.*?)\s*\(#(\d{1,9})\)\s*$)");
  std::string title;
  int n = 0;
  if (!RE2::FullMatch(subject, re, &title, &n)) return std::nullopt;
  subject = title;
  return n;
}
// Which of the mandatory groups ran and what they found. A rule counts as run when it is on in
// this profile, selected, and not skipped for missing input.
std::vector<MandatoryCheck> mandatory_checks(const Review& review, const Profile& profile, const RuleSelection& sel) {
  auto selected = [&](std::string_view name) {
    auto in = [&](const std::vector<std::string>& v) { return std::find(v.begin(), v.end(), name) != v.end(); };
    return (sel.only.empty() || in(sel.only)) && !in(sel.disable);
  };
  std::vector<MandatoryCheck> out;
  for (const std::string& group : review.classification.mandatory) {
    MandatoryCheck m{group, 0, 0, 0};
    for (const Rule* rule : all_rules()) {
      const RuleInfo& info = rule->info();
      if (category_name(info.category) != group || !enabled_in(info, profile) || !selected(info.name)) continue;
      ++m.rules_total;
      bool skipped = false;
      for (const SkippedRule& s : review.skipped) skipped = skipped || s.rule == info.name;
      if (!skipped) ++m.rules_run;
      for (const Finding& f : review.findings) m.findings += f.rule == info.name;
    }
    out.push_back(m);
  }
  return out;
}
}  // namespace

Result<Review> run_review(const ReviewInputs& in) {
  PullRequest pr;
  std::string diff_text;
  std::unique_ptr<TreeReader> base_tree, head_tree;
  std::unique_ptr<GitRepo> repo;

  bool from_git = !in.repo_path.empty();
  bool from_dirs = !in.before_dir.empty() || !in.after_dir.empty();
  if (from_git + from_dirs + !in.diff_file.empty() + in.diff_text.has_value() > 1)
    return Status::Error("give one code source: --repo, --diff, or --before/--after");
  if (!in.meta_file.empty() && in.meta) return Status::Error("give the PR description once: --meta or in memory");

  if (from_git) {
    auto opened = GitRepo::open(in.repo_path);
    if (!opened.ok()) return opened.status();
    repo = std::move(*opened);
    auto head = repo->resolve(in.head.empty() ? "HEAD" : in.head);
    if (!head.ok()) return head.status();
    auto base = in.base.empty() ? repo->default_base(*head) : repo->resolve(in.base);
    if (!base.ok()) return base.status();
    auto text = repo->diff_text(*base, *head);
    if (!text.ok()) return text.status();
    diff_text = std::move(*text);
    auto bt = repo->tree(*base);
    auto ht = repo->tree(*head);
    if (!bt.ok()) return bt.status();
    if (!ht.ok()) return ht.status();
    base_tree = std::move(*bt);
    head_tree = std::move(*ht);
    pr.base_rev = *base;
    pr.head_rev = *head;
    if (auto subject = repo->commit_subject(*head); subject.ok()) {
      pr.meta.title = *subject;
      pr.meta.number = take_number_from_subject(pr.meta.title);
    }
  } else if (from_dirs) {
    if (in.before_dir.empty() || in.after_dir.empty()) return Status::Error("--before and --after go together");
    base_tree = make_dir_tree(in.before_dir);
    head_tree = make_dir_tree(in.after_dir);
    auto text = diff_trees(*base_tree, *head_tree);
    if (!text.ok()) return text.status();
    diff_text = std::move(*text);
  } else if (!in.diff_file.empty()) {
    auto text = read_input_file(in.diff_file, kMaxDiffBytes);
    if (!text.ok()) return text.status();
    diff_text = std::move(*text);
  } else if (in.diff_text) {
    diff_text = *in.diff_text;
  } else {
    return Status::Error("nothing to review: give --repo PATH [--base REF --head REF], or --diff FILE --meta FILE");
  }

  std::optional<PullRequestMeta> meta = in.meta;
  if (!in.meta_file.empty()) {
    auto text = read_input_file(in.meta_file, kMaxMetaBytes);
    if (!text.ok()) return text.status();
    auto parsed = parse_pr_meta(*text);
    if (!parsed.ok()) return Status::Error(in.meta_file + ": " + parsed.error());
    meta = std::move(*parsed);
  }
  if (meta) {
    if (meta->title.empty()) meta->title = pr.meta.title;
    if (!meta->number) meta->number = pr.meta.number;
    pr.meta = std::move(*meta);
  }

  auto changes = parse_unified_diff(diff_text);
  if (!changes.ok()) return Status::Error((in.diff_file.empty() ? "diff: " : in.diff_file + ": ") + changes.error());
  pr.changes = std::move(*changes);

  const Profile* profile = nullptr;
  if (!in.profile.empty()) {
    profile = find_profile(in.profile);
    if (!profile) return Status::Error("unknown profile '" + in.profile + "' (atom, aiter, generic)");
  } else {
    std::vector<std::string> paths;
    for (const FileChange& f : pr.changes.files) paths.push_back(f.path());
    profile = &detect_profile(head_tree.get(), paths);
  }
  for (const std::string& name : in.rules.only)
    if (!find_rule(name)) return Status::Error("unknown rule '" + name + "' (see `review-pr rules`)");

  Workspace workspace(pr, std::move(base_tree), std::move(head_tree));
  std::unique_ptr<index::RepoKnowledge> knowledge;
  if (workspace.head_tree())
    knowledge = std::make_unique<index::RepoKnowledge>(*workspace.head_tree(), *profile, index_cache_file(in));
  ReviewContext ctx{pr, workspace, *profile, knowledge.get()};
  RuleRun run = run_rules(ctx, in.rules);

  Review review;
  review.profile = profile->name;
  review.heading = profile->heading;
  review.number = pr.meta.number;
  review.title = pr.meta.title;
  review.classification = classify(pr, *profile);
  review.summary = summarize_pr(pr.changes, review.classification);
  review.base_rev = pr.base_rev;
  review.head_rev = pr.head_rev;
  review.files_changed = static_cast<int>(pr.changes.files.size());
  review.lines_added = pr.changes.added_count();
  review.lines_removed = pr.changes.removed_count();
  review.findings = settle(std::move(run.findings));
  assign_fingerprints(review.findings, pr, workspace);
  review.verdict = decide(review.findings);
  review.skipped = std::move(run.skipped);
  review.unparsed_files = workspace.unparsed();
  if (knowledge) review.tiers = backbone_tiers(pr, *knowledge, repo.get());
  for (const Rule* rule : all_rules())
    if (auto code = code_in(rule->info(), *profile)) review.codes[std::string(rule->info().name)] = *code;
  review.mandatory_checks = mandatory_checks(review, *profile, in.rules);
  review.ai_risk = assess_ai_risk(pr, review.classification, review.findings, review.codes);
  return review;
}

}  // namespace rp
