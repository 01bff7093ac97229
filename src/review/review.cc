#include "review/review.h"

#include <algorithm>
#include <filesystem>
#include <memory>
#include <set>
#include <vector>

#include <fmt/format.h>

#include <re2/re2.h>

#include "analysis/classify.h"
#include "analysis/reach.h"
#include "analysis/repo_linter.h"
#include "core/plural.h"
#include "index/knowledge.h"
#include "profile/profile.h"
#include "source/dir_source.h"
#include "source/git_source.h"
#include "source/input_file.h"
#include "source/meta_json.h"
#include "source/unified_diff.h"
#include "verdict/fingerprint.h"
#include "verdict/fold.h"
#include "verdict/summary.h"
#include "verdict/suppress.h"
#include "workspace/workspace.h"

namespace rp {

namespace {
constexpr size_t kMaxDiffBytes = size_t(512) << 20;
constexpr size_t kMaxMetaBytes = size_t(64) << 20;
constexpr size_t kMaxBaselineBytes = size_t(64) << 20;
constexpr double kMaxRuleTimeoutSeconds = 86400;

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

std::string index_cache_file(const ReviewInputs& in, const std::string& repo_path) {
  if (repo_path.empty() || in.cache_dir == "-") return {};
  std::string dir = in.cache_dir.empty() ? index::default_cache_dir() : in.cache_dir;
  return dir.empty() ? std::string() : index::cache_file_for(dir, repo_path);
}
std::string index_cache_file(const ReviewInputs& in) { return index_cache_file(in, in.repo_path); }

// One `--dep NAME=PATH`: a git repository (its HEAD) or else a plain directory.
Result<index::Dependency> open_dependency(const ReviewInputs& in, const std::string& spec) {
  static const RE2 re(R"(([A-Za-z_][A-Za-z0-9_]*)=(.+))");
  std::string name, path;
  if (!RE2::FullMatch(spec, re, &name, &path))
    return Status::Error("--dep " + spec + ": expected NAME=PATH (NAME a Python package name)");
  index::Dependency dep;
  dep.name = name;
  if (auto git = GitRepo::open(path); git.ok()) {
    auto head = (*git)->resolve("HEAD");
    if (!head.ok()) return Status::Error("--dep " + spec + ": " + head.status().message());
    auto tree = (*git)->tree(*head);
    if (!tree.ok()) return Status::Error("--dep " + spec + ": " + tree.status().message());
    dep.location = path + " at HEAD " + head->substr(0, 12);
    dep.tree = std::move(*tree);
    dep.owner = std::shared_ptr<GitRepo>(std::move(*git));
    dep.cache_file = index_cache_file(in, path);
    return dep;
  }
  std::error_code ec;
  if (!std::filesystem::is_directory(path, ec))
    return Status::Error("--dep " + spec + ": " + path + " is neither a git repository nor a directory");
  dep.location = path;
  dep.tree = make_dir_tree(path);
  return dep;
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

// What the code source gives: the PR (words and change) and both trees when known.
struct Prepared {
  std::unique_ptr<GitRepo> repo;  // first: outlives the trees that read through it
  PullRequest pr;
  std::unique_ptr<TreeReader> base_tree, head_tree;
  ReviewConfig config;
  Profile profile;
  // The head's .review-pr.toml when the PR changes it and the review does not use it.
  bool head_config_changed = false;
  Result<ReviewConfig> head_config = ReviewConfig{};
  Profile head_profile;
};

Status load_git(const ReviewInputs& in, Prepared& p, std::string& diff_text) {
  bool discovered = in.repo_path.empty();
  auto opened = discovered ? GitRepo::discover(".") : GitRepo::open(in.repo_path);
  if (!opened.ok())
    return discovered ? Status::Error("nothing to review: not inside a git repository; give --repo PATH [--base REF --head "
                                      "REF], or --diff FILE --meta FILE")
                      : opened.status();
  p.repo = std::move(*opened);
  // Beside the index cache: the tree objects the head listing read, so that the next review
  // lists only the directories that changed since.
  if (std::string index_file = index_cache_file(in); !index_file.empty()) p.repo->set_tree_cache_file(index_file + ".trees");
  if (in.work_tree && !in.head.empty()) return Status::Error("--worktree reviews the work tree as the head side; drop --head");
  if (in.staged && (in.work_tree || !in.head.empty()))
    return Status::Error("--staged reviews the index as the head side; drop --head and --worktree");
  auto head = p.repo->resolve(in.head.empty() ? "HEAD" : in.head);
  if (!head.ok()) return head.status();
  auto base = !in.base.empty() ? p.repo->resolve(in.base) : in.staged ? head : p.repo->default_base(*head);
  if (!base.ok()) return base.status();
  auto text = in.staged      ? p.repo->index_diff_text(*base)
              : in.work_tree ? p.repo->work_tree_diff_text(*base)
                             : p.repo->diff_text(*base, *head);
  if (!text.ok()) return text.status();
  diff_text = std::move(*text);
  auto bt = p.repo->tree(*base);
  auto ht = in.staged ? p.repo->index_tree() : in.work_tree ? p.repo->work_tree() : p.repo->tree(*head);
  if (!bt.ok()) return bt.status();
  if (!ht.ok()) return ht.status();
  p.base_tree = std::move(*bt);
  p.head_tree = std::move(*ht);
  p.pr.base_rev = *base;
  p.pr.head_rev = *head;
  // The staged change has no commit yet: HEAD's subject is another change's title.
  if (auto subject = p.repo->commit_subject(*head); subject.ok() && !in.staged) {
    p.pr.meta.title = *subject;
    p.pr.meta.number = take_number_from_subject(p.pr.meta.title);
  }
  // The PR's own commits (a branch, not a whole history: capped), for rules that read the
  // author's intent when there is no description.
  constexpr size_t kMaxCommits = 400;
  if (!in.work_tree && *base != kEmptyTreeId) {
    if (auto ids = p.repo->rev_list(*base + ".." + *head, false); ids.ok() && ids->size() <= kMaxCommits) {
      for (const std::string& id : *ids) {
        CommitInfo c;
        if (auto subject = p.repo->commit_subject(id); subject.ok()) c.subject = *subject;
        if (auto body = p.repo->commit_body(id); body.ok()) c.body = std::move(*body);
        if (auto parents = p.repo->parents(id); parents.ok()) c.merge = parents->size() > 1;
        p.pr.meta.commits.push_back(std::move(c));
      }
    }
  }
  return Status::Ok();
}

// The code: git (given or discovered), two directories, a diff file or in-memory diff text.
Status load_code(const ReviewInputs& in, Prepared& p) {
  std::string diff_text;
  bool from_dirs = !in.before_dir.empty() || !in.after_dir.empty();
  bool from_files = !in.diff_file.empty() || in.diff_text.has_value();
  if (!in.repo_path.empty() + from_dirs + !in.diff_file.empty() + in.diff_text.has_value() > 1)
    return Status::Error("give one code source: --repo, --diff, or --before/--after");
  if ((in.work_tree || in.staged) && (from_dirs || from_files))
    return Status::Error("--worktree and --staged review a clone; they do not combine with --diff or --before/--after");
  if (from_dirs) {
    if (in.before_dir.empty() || in.after_dir.empty()) return Status::Error("--before and --after go together");
    p.base_tree = make_dir_tree(in.before_dir);
    p.head_tree = make_dir_tree(in.after_dir);
    auto text = diff_trees(*p.base_tree, *p.head_tree);
    if (!text.ok()) return text.status();
    diff_text = std::move(*text);
  } else if (!in.diff_file.empty()) {
    auto text = read_input_file(in.diff_file, kMaxDiffBytes);
    if (!text.ok()) return text.status();
    diff_text = std::move(*text);
  } else if (in.diff_text) {
    diff_text = *in.diff_text;
  } else if (Status s = load_git(in, p, diff_text); !s.ok()) {
    return s;
  }
  auto changes = parse_unified_diff(diff_text);
  if (!changes.ok()) return Status::Error((in.diff_file.empty() ? "diff: " : in.diff_file + ": ") + changes.error());
  p.pr.changes = std::move(*changes);
  return Status::Ok();
}

Status load_meta(const ReviewInputs& in, Prepared& p) {
  if (!in.meta_file.empty() && in.meta) return Status::Error("give the PR description once: --meta or in memory");
  std::optional<PullRequestMeta> meta = in.meta;
  if (!in.meta_file.empty()) {
    auto text = read_input_file(in.meta_file, kMaxMetaBytes);
    if (!text.ok()) return text.status();
    auto parsed = parse_pr_meta(*text);
    if (!parsed.ok()) return Status::Error(in.meta_file + ": " + parsed.error());
    meta = std::move(*parsed);
  }
  if (meta) {
    if (meta->title.empty()) meta->title = p.pr.meta.title;
    if (!meta->number) meta->number = p.pr.meta.number;
    if (meta->commits.empty()) meta->commits = std::move(p.pr.meta.commits);
    p.pr.meta = std::move(*meta);
  }
  return Status::Ok();
}

std::optional<std::string> config_text_of(const TreeReader* tree) {
  if (!tree) return std::nullopt;
  return tree->read(std::string(kConfigFileName));
}

// --config FILE, else .review-pr.toml of the base tree, else (only with --config-from head)
// the head's. Text only: parsed, never run. A head whose file differs from the one used is
// parsed too, for the card's note of what it would turn off.
Status load_config(const ReviewInputs& in, Prepared& p) {
  std::optional<std::string> text;
  std::string source = in.config_file;
  // Each side from its tree, else from what the caller read through the API.
  bool base_known = p.base_tree || in.base_files.read, head_known = p.head_tree || in.head_files.read;
  std::optional<std::string> base_text = p.base_tree ? config_text_of(p.base_tree.get()) : in.base_files.config;
  std::optional<std::string> head_text = p.head_tree ? config_text_of(p.head_tree.get()) : in.head_files.config;
  bool head_used = false;
  if (!in.config_file.empty()) {
    auto read = read_input_file(in.config_file, kMaxConfigBytes);
    if (!read.ok()) return read.status();
    text = std::move(*read);
  } else if (base_text) {
    text = base_text;
    source = std::string(kConfigFileName);
  } else if (head_text && in.config_from_head) {
    text = head_text;
    source = std::string(kConfigFileName) + " (head revision)";
    head_used = true;
  }
  if (text && text->size() > kMaxConfigBytes) return Status::Error(source + ": larger than 1 MiB");
  if (text) {
    auto parsed = parse_config(*text, source);
    if (!parsed.ok()) return parsed.status();
    p.config = std::move(*parsed);
  }
  // Generated files as the base revision's .gitattributes marks them (the head's could
  // mark the PR's own code generated).
  std::optional<std::string> attributes = p.base_tree ? p.base_tree->read(".gitattributes") : in.base_files.gitattributes;
  if (attributes && attributes->size() <= kMaxConfigBytes) p.config.generated = generated_patterns(*attributes);
  // Only a PR that edits the file has a change to report: compare with the base's text.
  if (!head_used && in.config_file.empty() && base_known && head_known && base_text != head_text) {
    p.head_config_changed = true;
    std::string head_source = std::string(kConfigFileName) + " (head revision)";
    if (!head_text) p.head_config = ReviewConfig{};  // deleted: the built-in defaults
    else if (head_text->size() > kMaxConfigBytes) p.head_config = Status::Error(head_source + ": larger than 1 MiB");
    else p.head_config = parse_config(*head_text, head_source);
  }
  return Status::Ok();
}

// --profile, else the configuration's, else detected from the layout.
const Profile& profile_for(const ReviewInputs& in, const ReviewConfig& config, const Prepared& p) {
  std::string name = !in.profile.empty() ? in.profile : config.profile.value_or("");
  if (const Profile* named = name.empty() ? nullptr : find_profile(name)) return *named;
  std::vector<std::string> paths;
  for (const FileChange& f : p.pr.changes.files) paths.push_back(f.path());
  return detect_profile(p.head_tree.get(), paths);
}

Status choose_profile(const ReviewInputs& in, Prepared& p) {
  std::string name = !in.profile.empty() ? in.profile : p.config.profile.value_or("");
  if (!name.empty() && !find_profile(name)) return Status::Error("unknown profile '" + name + "' (atom, aiter, generic)");
  p.profile = configured_profile(profile_for(in, p.config, p), p.config);
  if (p.head_config_changed && p.head_config.ok()) {
    p.head_profile = configured_profile(profile_for(in, *p.head_config, p), *p.head_config);
  }
  return Status::Ok();
}

Result<Prepared> prepare(const ReviewInputs& in) {
  Prepared p;
  if (Status s = load_code(in, p); !s.ok()) return s;
  if (Status s = load_meta(in, p); !s.ok()) return s;
  if (Status s = load_config(in, p); !s.ok()) return s;
  if (Status s = choose_profile(in, p); !s.ok()) return s;
  for (const std::string& name : in.rules.only)
    if (!rule_info_of(name)) return Status::Error("unknown rule '" + name + "' (see `review-pr rules`)");
  if (in.rule_timeout && !(*in.rule_timeout >= 0 && *in.rule_timeout <= kMaxRuleTimeoutSeconds))
    return Status::Error("--rule-timeout: expected seconds from 0 (unlimited) to 86400");
  return p;
}

// Which of the mandatory groups ran and what they found. A rule counts as run when run_rules
// selected it (rules/registry.h: the same test) and did not skip it for missing input.
std::vector<MandatoryCheck> mandatory_checks(const Review& review, const Profile& profile, const RuleSelection& sel) {
  std::vector<MandatoryCheck> out;
  for (const std::string& group : review.classification.mandatory) {
    MandatoryCheck m{group, 0, 0, 0};
    for (const Rule* rule : all_rules()) {
      const RuleInfo& info = rule->info();
      if (category_name(info.category) != group || !rule_selected(info, profile, sel)) continue;
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

// --rule-timeout, else the configuration's rules.timeout, else the default.
std::chrono::milliseconds rule_budget(const ReviewInputs& in, const ReviewConfig& config) {
  std::optional<double> seconds = in.rule_timeout ? in.rule_timeout : config.rule_timeout;
  if (!seconds) return budget::kDefault;
  return std::chrono::milliseconds(static_cast<long long>(*seconds * 1000));
}

// Severity stage, after each rule's own choice: a red needs its trigger on a production path
// (analysis/reach.h); at a finding's own location in test code or a script outside the
// package, it is a warning that says why.
void gate_reach(std::vector<Finding>& findings, const ReviewContext& ctx) {
  for (Finding& f : findings) {
    if (f.severity != Severity::Red || !f.location) continue;
    demote_off_production(f, code_reach(ctx, f.location->file));
  }
}

// Verdict stage: severity overrides and path filters, red gate and dedupe, fingerprints,
// inline suppressions (their missing-reason notes join the findings), one finding per cause
// and scope (verdict/fold.h), the baseline.
void settle_findings(Review& review, std::vector<Finding> raw, const RuleSelection& rules, Prepared& p,
                     Workspace& workspace, const std::optional<Baseline>& baseline) {
  std::vector<Finding> settled = settle(apply_config(p.config, std::move(raw)));
  assign_fingerprints(settled, p.pr, workspace);
  bool notes_on = rule_selected(suppression_rule_info(), p.profile, rules);
  SuppressionResult split = apply_inline_suppressions(std::move(settled), p.pr, workspace, notes_on);
  std::vector<Finding> notes = apply_config(p.config, std::move(split.notes));
  assign_fingerprints(notes, p.pr, workspace);
  split.kept.insert(split.kept.end(), std::make_move_iterator(notes.begin()), std::make_move_iterator(notes.end()));
  review.findings = settle(std::move(split.kept));
  review.suppressed = std::move(split.suppressed);
  if (baseline) apply_baseline(review, *baseline);
  // One finding per cause per function or folder, after suppressions and the baseline (each
  // silences its own findings only, not the new ones of the same cause beside them).
  review.findings = fold_causes(std::move(review.findings), workspace_scopes(workspace), &review.absorbed);
}

// What the PR's own .review-pr.toml would turn off, were it used: rules this review ran that
// its selection drops, and findings of the remaining rules that its path filters would drop
// or its severity table would lower.
ConfigChange config_change(const Prepared& p, const ReviewInputs& in, const RuleSelection& used, const Review& review) {
  ConfigChange out;
  if (!p.head_config_changed) return out;
  out.file = std::string(kConfigFileName);
  out.used = p.config.source.empty() ? "the built-in defaults (the base revision has none)" : "the base revision's";
  if (!p.head_config.ok()) {
    out.head_error = p.head_config.error();
    return out;
  }
  const ReviewConfig& head = *p.head_config;
  RuleSelection would = configured_rules(head, in.rules);
  std::set<std::string> dropped;
  for (const Rule* rule : all_rules()) {
    const RuleInfo& info = rule->info();
    if (!rule_selected(info, p.profile, used) || rule_selected(info, p.head_profile, would)) continue;
    int count = 0;
    for (const Finding& f : review.findings) count += f.rule == info.name;
    out.rules_disabled.push_back(count == 0 ? fmt::format("`{}`", info.name)
                                            : fmt::format("`{}` ({} in this review)", info.name, count_of(count, "finding")));
    dropped.insert(std::string(info.name));
  }
  for (const Finding& f : review.findings) {
    if (dropped.count(f.rule)) continue;
    std::string place = !f.location ? std::string("the PR description")
                        : f.location->line > 0 ? fmt::format("{}:{}", f.location->file, f.location->line)
                                               : f.location->file;
    if (f.location && !path_selected(head, f.location->file)) {
      out.findings_hidden.push_back(fmt::format("`{}` at `{}` (path excluded)", f.rule, place));
    } else if (auto sev = severity_override(head, f.rule); sev && *sev < f.severity) {
      out.findings_hidden.push_back(fmt::format("`{}` at `{}` (lowered to {})", f.rule, place, severity_name(*sev)));
    }
  }
  return out;
}

}  // namespace

Result<ResolvedConfig> resolve_config(const ReviewInputs& in) {
  auto p = prepare(in);
  if (!p.ok()) return p.status();
  return ResolvedConfig{std::move(p->config), std::move(p->profile)};
}

Result<Review> run_review(const ReviewInputs& in) {
  std::optional<Baseline> baseline;
  if (!in.baseline_file.empty()) {
    auto text = read_input_file(in.baseline_file, kMaxBaselineBytes);
    if (!text.ok()) return text.status();
    auto parsed = parse_baseline(*text, in.baseline_file);
    if (!parsed.ok()) return parsed.status();
    baseline = std::move(*parsed);
  }
  std::vector<index::Dependency> deps;
  for (const std::string& spec : in.deps) {
    auto dep = open_dependency(in, spec);
    if (!dep.ok()) return dep.status();
    deps.push_back(std::move(*dep));
  }
  auto prepared = std::make_unique<Result<Prepared>>(prepare(in));
  if (!prepared->ok()) return prepared->status();
  Prepared& p = **prepared;

  auto workspace_owned = std::make_unique<Workspace>(p.pr, std::move(p.base_tree), std::move(p.head_tree));
  Workspace& workspace = *workspace_owned;
  std::unique_ptr<index::RepoKnowledge> knowledge;
  if (workspace.head_tree()) {
    knowledge = std::make_unique<index::RepoKnowledge>(*workspace.head_tree(), p.profile, index_cache_file(in));
    for (index::Dependency& d : deps) knowledge->add_dependency(std::move(d));
  }
  ReviewContext ctx{p.pr, workspace, p.profile, knowledge.get(), p.repo.get()};
  // Declared after what it holds, so it runs first: on the review command the objects move to
  // the process-lifetime list before their destructors would run.
  struct LeaveToExit {
    bool on;
    std::unique_ptr<Result<Prepared>>& prepared;
    std::unique_ptr<Workspace>& workspace;
    std::unique_ptr<index::RepoKnowledge>& knowledge;
    std::shared_ptr<FactCache>& facts;
    ~LeaveToExit() {
      if (!on) return;
      // Reachable from a global for the rest of the process: freed by the OS at exit.
      static auto* kept = new std::vector<std::shared_ptr<void>>();
      kept->push_back(std::move(facts));
      kept->push_back(std::shared_ptr<void>(std::move(knowledge)));
      kept->push_back(std::shared_ptr<void>(std::move(workspace)));
      kept->push_back(std::shared_ptr<void>(std::move(prepared)));
    }
  } leave{in.leave_to_exit, prepared, workspace_owned, knowledge, ctx.facts};
  RuleSelection rules = configured_rules(p.config, in.rules);
  bool two_threads = in.jobs >= 2 || (in.jobs == 0 && p.pr.changes.files.size() >= kReadAheadMinFiles);
  RuleRun run = run_rules(ctx, rules, rule_budget(in, p.config), two_threads ? kReadAheadFiles : 0);
  gate_reach(run.findings, ctx);

  Review review;
  review.profile = p.profile.name;
  review.heading = p.profile.heading;
  review.number = p.pr.meta.number;
  review.title = p.pr.meta.title;
  review.classification = classify(p.pr, p.profile);
  review.summary = summarize_pr(p.pr.changes, review.classification);
  review.base_rev = p.pr.base_rev;
  review.head_rev = p.pr.head_rev;
  review.files_changed = static_cast<int>(p.pr.changes.files.size());
  review.lines_added = p.pr.changes.added_count();
  review.lines_removed = p.pr.changes.removed_count();
  settle_findings(review, std::move(run.findings), rules, p, workspace, baseline);
  // Findings the repository's own linter reports in CI: counted on the card, listed in JSON.
  std::vector<LeftToLinter> linted = left_to_linter(ctx);
  std::vector<Finding> linted_findings;
  for (LeftToLinter& l : linted) linted_findings.push_back(std::move(l.finding));
  assign_fingerprints(linted_findings, p.pr, workspace);
  for (size_t i = 0; i < linted.size(); ++i)
    review.suppressed.push_back({std::move(linted_findings[i]), SuppressedFinding::By::Linter,
                                 "reported by the repository's linter: " + linted[i].reported_by});
  review.verdict = decide(review.findings);
  review.config_change = config_change(p, in, rules, review);
  review.skipped = std::move(run.skipped);
  review.unfinished = std::move(run.unfinished);
  review.unparsed_files = workspace.unparsed();
  if (knowledge) review.tiers = backbone_tiers(p.pr, *knowledge, p.repo.get());
  for (const Rule* rule : all_rules())
    if (auto code = code_in(rule->info(), p.profile)) review.codes[std::string(rule->info().name)] = *code;
  review.mandatory_checks = mandatory_checks(review, p.profile, rules);
  review.ai_risk = assess_ai_risk(p.pr, review.classification, review.findings, review.codes);
  return review;
}

}  // namespace rp
