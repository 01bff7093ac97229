#include "mine/mine.h"

#include <git2.h>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>
#include <unordered_map>
#include <unordered_set>

#include <fmt/format.h>
#include <nlohmann/json.hpp>
#include <re2/re2.h>

#include "core/pattern.h"
#include "eval/eval_case.h"
#include "source/git_source.h"
#include "source/input_file.h"

namespace fs = std::filesystem;

namespace rp {

namespace {

using ordered_json = nlohmann::ordered_json;
constexpr auto kReplace = nlohmann::json::error_handler_t::replace;

constexpr int kCollapse = 5;          // changed lines within this distance of a location's first line join it
constexpr size_t kMaxLocations = 20;  // a fix changing more places is a rewrite, not an answer to review
constexpr size_t kMaxBranch = 300;    // commits off main on one PR branch; more = not based on main
constexpr size_t kMaxFixFiles = 30;   // files a follow-up fix may change and still be blamed
constexpr int64_t kDay = 24 * 3600;

std::string lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return std::tolower(c); });
  return s;
}

std::string trim(std::string_view s) {
  size_t b = s.find_first_not_of(" \t\r\n"), e = s.find_last_not_of(" \t\r\n");
  return b == std::string_view::npos ? std::string() : std::string(s.substr(b, e - b + 1));
}

std::string first_line(std::string_view message) { return trim(message.substr(0, message.find('\n'))); }

std::string oid_hex(const git_oid* oid) {
  char buf[GIT_OID_HEXSZ + 1];
  git_oid_tostr(buf, sizeof(buf), oid);
  return buf;
}

std::string git_error_text(const std::string& what) {
  const git_error* e = git_error_last();
  return what + ": " + (e && e->message ? e->message : "unknown error");
}

template <typename T, void (*Free)(T*)>
struct Owned {
  T* p = nullptr;
  Owned() = default;
  Owned(const Owned&) = delete;
  Owned& operator=(const Owned&) = delete;
  ~Owned() {
    if (p) Free(p);
  }
};

const RE2& trailing_pr_re() {
  static const RE2 re(R"(\(#(\d+)\)\s*$)");
  return re;
}

// The PR number a squash-merge subject ends with ("... (#123)"), or 0.
int trailing_pr(const std::string& subject) {
  int n = 0;
  return RE2::PartialMatch(subject, trailing_pr_re(), &n) ? n : 0;
}

std::string without_trailing_pr(const std::string& subject) {
  std::string s = subject;
  RE2::Replace(&s, trailing_pr_re(), "");
  return trim(s);
}

// Subject and body of a commit message ("" body when it has none).
std::pair<std::string, std::string> split_message(const std::string& message) {
  size_t nl = message.find('\n');
  if (nl == std::string::npos) return {trim(message), ""};
  return {trim(message.substr(0, nl)), trim(message.substr(nl + 1))};
}

}  // namespace

// ---------------------------------------------------------------- lists, split, patterns

Result<PrSets> read_pr_list(const std::string& path) {
  auto text = read_input_file(path, size_t(4) << 20);
  if (!text.ok()) return text.status();
  PrSets out;
  std::istringstream in(*text);
  std::string line;
  int number = 0;
  while (std::getline(in, line)) {
    ++number;
    if (size_t hash = line.find('#'); hash != std::string::npos) line.resize(hash);
    std::istringstream fields(line);
    std::string repo, pr, extra;
    if (!(fields >> repo)) continue;
    bool ok = static_cast<bool>(fields >> pr) && !(fields >> extra) && repo.find('/') != std::string::npos &&
              !pr.empty() && pr.size() < 10 && std::all_of(pr.begin(), pr.end(), [](unsigned char c) { return std::isdigit(c); });
    if (!ok) return Status::Error(fmt::format("{}:{}: expected 'OWNER/NAME NUMBER'", path, number));
    out[lower(repo)].insert(std::stoi(pr));
  }
  return out;
}

Result<PrSets> read_case_prs(const std::string& dir) {
  auto set = load_cases(dir);
  if (!set.ok()) return set.status();
  if (!set->errors.empty())
    return Status::Error(dir + ": " + set->errors.front().where + ": " + set->errors.front().message);
  PrSets out;
  for (const EvalCase& c : set->cases)
    if (c.pr) out[lower(c.repo)].insert(*c.pr);
  return out;
}

uint64_t fnv1a64(std::string_view s) {
  uint64_t h = 14695981039346656037ull;
  for (unsigned char c : s) {
    h ^= c;
    h *= 1099511628211ull;
  }
  return h;
}

std::string split_for(const std::string& repo, int pr) {
  // Even FNV-1a 64 = tune: the definition bench/precision_tool.py already samples by, so a PR
  // judged there as "tune" is "tune" here. (Its low bit is the parity of the input's bytes,
  // so the split is a fixed function of the PR number's digits; balanced, not random.)
  return fnv1a64(repo + "#" + std::to_string(pr)) % 2 == 0 ? "tune" : "validate";
}

bool answers_review(std::string_view subject) {
  // Subjects only: bodies carry "Co-authored-by: Copilot" trailers on commits the agent
  // wrote, which answer nobody. "comment" alone is not enough: "trim the comments" is about
  // code comments; the patterns want a review noun or an answering verb with a plural.
  static const Pattern patterns[] = {
      Pattern{R"((?i)\baddress(?:e[sd]|ing)?\b.{0,60}\b(?:reviews?|comments?|feedback|suggestions?|nits?|findings?|concerns?|remarks?)\b)"},
      Pattern{R"((?i)\b(?:resolv|appl|fix|incorporat|handl)\w*\s+(?:(?:the|all|some|remaining|more|pr|review|code[- ]review|co-?pilot'?s?|reviewers?'?s?|github-actions|bot|\w+'s)\s+)*(?:comments|suggestions?|feedback|reviews?)\b)"},
      Pattern{R"((?i)\bappl(?:y|ied|ies|ying)\b.{0,30}\b(?:comments?|review)\b)"},
      Pattern{R"((?i)\breview(?:er)?s?'?\s+(?:comments?|feedback|suggestions?|findings?|fix(?:es)?|nits?|blockers?|issues|remarks|points|gaps)\b)"},
      Pattern{R"((?i)\bper\s+(?:the\s+)?(?:code\s+)?review(?:er)?s?\b)"},
      Pattern{R"((?i)\bper\s+@?\w+'s\s+(?:review|comments?|suggestions?|feedback)\b)"},
      Pattern{R"((?i)\bsuggestions?\s+from\s+(?:code\s+)?review\b)"},
      Pattern{R"((?i)\bco-?pilot\b.{0,40}\b(?:comments?|reviews?|suggestions?|feedback|findings?)\b)"},
      Pattern{R"((?i)\b(?:comments?|reviews?|suggestions?|feedback|findings?)\b.{0,20}\bco-?pilot\b)"},
      Pattern{R"((?i)\bas\s+(?:suggested|requested)\b)"},
      Pattern{R"((?i)\b(?:pr|code|reviewer)\s+feedback\b)"},
      Pattern{R"((?i)\bcomments?\s+(?:from|by)\s+@?\w+)"},
  };
  static const RE2 merge(R"((?i)^merge\s+(?:branch|remote|pull|main|origin))");
  std::string s(subject);
  if (RE2::PartialMatch(s, merge)) return false;
  for (const Pattern& says : patterns)
    if (says(s)) return true;
  return false;
}

std::vector<int> named_cause_prs(std::string_view message, std::vector<std::string>* reverts) {
  std::string text(message);
  // The commit's own number is not a cause.
  {
    size_t nl = text.find('\n');
    std::string subject = without_trailing_pr(text.substr(0, nl));
    text = subject + (nl == std::string::npos ? "" : text.substr(nl));
  }
  std::set<int> out;
  static const RE2 revert(R"((?i)^\s*revert\s*"(.*)\"?)");
  std::string inner;
  std::string subject = first_line(text);
  if (RE2::PartialMatch(subject, revert, &inner)) {
    static const RE2 any_pr(R"(\(#(\d+)\))");
    re2::StringPiece in(inner);
    int n = 0;
    while (RE2::FindAndConsume(&in, any_pr, &n)) out.insert(n);
  }
  static const RE2 reverts_commit(R"((?i)this reverts commit ([0-9a-f]{7,40}))");
  if (reverts) {
    re2::StringPiece in(text);
    std::string sha;
    while (RE2::FindAndConsume(&in, reverts_commit, &sha)) reverts->push_back(sha);
  }
  static const Pattern patterns[] = {
      Pattern{R"((?i)\b(?:regression|regressions|bug|breakage|crash|failure|issue)s?\s+(?:from|introduced\s+(?:by|in)|caused\s+by|since|after)\s+(?:pr\s*)?#(\d+))"},
      Pattern{R"((?i)\b(?:introduced|caused|broken|broke|regressed|reverted)\s+(?:by|in)\s+(?:pr\s*)?#(\d+))"},
      Pattern{R"((?im)^\s*fix(?:es|ed)?\s*:?\s+(?:https://github\.com/[\w.-]+/[\w.-]+/pull/|#)(\d+)\b)"},
      Pattern{R"((?i)\bfix\w*\b[^\n]{0,80}?\b(?:from|introduced\s+in|after)\s+(?:pr\s*)?#(\d+))"},
      Pattern{R"((?i)\brevert(?:s|ed|ing)?\s+(?:pr\s*)?#(\d+))"},
  };
  for (const Pattern& names_cause : patterns) {
    re2::StringPiece in(text);
    int n = 0;
    while (RE2::FindAndConsume(&in, names_cause.re(), &n)) out.insert(n);
  }
  return {out.begin(), out.end()};
}

bool says_fix(std::string_view subject) {
  static const RE2 fix(R"((?i)\b(?:fix(?:e[sd]|ing)?|bug(?:fix)?s?|hotfix|regression)\b)");
  static const RE2 not_code(
      R"((?i)\b(?:typos?|lint|linter|format(?:ting)?|style|docs?|readme|comments?|ci|pre-commit|spelling|license|copyright)\b)");
  static const RE2 revert(R"((?i)^\s*revert\b)");
  std::string s(subject);
  return RE2::PartialMatch(s, fix) && !RE2::PartialMatch(s, not_code) && !RE2::PartialMatch(s, revert);
}

std::string repo_short_name(const std::string& name) {
  size_t slash = name.rfind('/');
  return lower(slash == std::string::npos ? name : name.substr(slash + 1));
}

// ---------------------------------------------------------------- the miner

namespace {

struct MainCommit {
  std::string sha, parent, message, subject;
  int64_t time = 0;
  int pr = 0;
  size_t parents = 0;
};

struct BranchCommit {
  std::string sha, message, subject;
  std::vector<std::string> parents;
  int64_t time = 0;
};

struct Hunk {
  std::string path;  // old side
  int old_start = 0, old_lines = 0;
};

struct Blamed {
  std::string commit, path;
  int line = 0;
};

// Changed-line anchors collapsed to locations: sorted, a line within kCollapse of the
// current location's line joins it.
std::vector<MinedLocation> collapse(std::vector<MinedLocation> lines) {
  std::sort(lines.begin(), lines.end());
  std::vector<MinedLocation> out;
  for (const MinedLocation& l : lines) {
    if (!out.empty() && out.back().file == l.file && l.line - out.back().line <= kCollapse) continue;
    out.push_back(l);
  }
  return out;
}

class Miner {
 public:
  Miner(const MineOptions& options, MineStats& stats) : o_(options), stats_(stats) {}
  ~Miner() {
    if (repo_) git_repository_free(repo_);
  }

  Result<std::vector<MinedCase>> run() {
    git_libgit2_init();
    if (git_repository_open_ext(&repo_, o_.repo_path.c_str(), 0, nullptr) != 0)
      return Status::Error(git_error_text(o_.repo_path));
    if (Status s = read_main(); !s.ok()) return s;
    if (Status s = read_pull_refs(); !s.ok()) return s;
    mine_review_fixes();
    mine_follow_ups();
    mine_negatives();
    std::sort(cases_.begin(), cases_.end(), [](const MinedCase& a, const MinedCase& b) { return natural_less(a.id, b.id); });
    return cases_;
  }

 private:
  bool in_window(int64_t t) const { return !o_.since || t >= *o_.since; }
  bool skipped_pr(int n) const { return o_.skip.count(n) > 0; }
  int count(const std::string& source) const { return counts_.count(source) ? counts_.at(source) : 0; }
  bool full(const std::string& source) const { return o_.limit > 0 && count(source) >= o_.limit; }
  void skip(const std::string& reason) { ++stats_.skipped[reason]; }

  Status read_main() {
    git_object* obj = nullptr;
    if (git_revparse_single(&obj, repo_, "HEAD^{commit}") != 0) return Status::Error(git_error_text("HEAD"));
    tip_ = *git_object_id(obj);
    git_object_free(obj);

    Owned<git_commit, git_commit_free> c;
    if (git_commit_lookup(&c.p, repo_, &tip_) != 0) return Status::Error(git_error_text("HEAD"));
    git_commit* cur = c.p;
    c.p = nullptr;
    while (cur) {
      MainCommit m;
      m.sha = oid_hex(git_commit_id(cur));
      m.message = git_commit_message(cur) ? git_commit_message(cur) : "";
      m.subject = first_line(m.message);
      m.time = git_commit_time(cur);
      m.pr = trailing_pr(m.subject);
      m.parents = git_commit_parentcount(cur);
      if (m.parents > 0) m.parent = oid_hex(git_commit_parent_id(cur, 0));
      sha_to_main_[m.sha] = main_.size();
      if (m.pr > 0 && !pr_to_main_.count(m.pr)) pr_to_main_[m.pr] = main_.size();
      main_.push_back(std::move(m));
      git_commit* next = nullptr;
      if (git_commit_parentcount(cur) == 0 || git_commit_parent(&next, cur, 0) != 0) next = nullptr;
      git_commit_free(cur);
      cur = next;
    }
    stats_.main_commits = static_cast<int>(main_.size());

    Owned<git_revwalk, git_revwalk_free> walk;
    if (git_revwalk_new(&walk.p, repo_) != 0 || git_revwalk_push(walk.p, &tip_) != 0)
      return Status::Error(git_error_text("walking main"));
    git_oid oid;
    while (git_revwalk_next(&oid, walk.p) == 0) on_main_.insert(oid_hex(&oid));
    return Status::Ok();
  }

  Status read_pull_refs() {
    Owned<git_reference_iterator, git_reference_iterator_free> it;
    if (git_reference_iterator_glob_new(&it.p, repo_, "refs/pull/*/head") != 0)
      return Status::Error(git_error_text("listing refs/pull"));
    git_reference* ref = nullptr;
    static const RE2 name_re(R"(^refs/pull/(\d+)/head$)");
    while (git_reference_next(&ref, it.p) == 0) {
      int n = 0;
      git_object* target = nullptr;
      if (RE2::FullMatch(git_reference_name(ref), name_re, &n) && n > 0 &&
          git_reference_peel(&target, ref, GIT_OBJECT_COMMIT) == 0) {
        pulls_[n] = oid_hex(git_object_id(target));
        git_object_free(target);
      }
      git_reference_free(ref);
    }
    stats_.pr_refs = static_cast<int>(pulls_.size());
    return Status::Ok();
  }

  std::optional<BranchCommit> commit_info(const std::string& sha) {
    git_oid oid;
    Owned<git_commit, git_commit_free> c;
    if (git_oid_fromstr(&oid, sha.c_str()) != 0 || git_commit_lookup(&c.p, repo_, &oid) != 0) return std::nullopt;
    BranchCommit b;
    b.sha = sha;
    b.message = git_commit_message(c.p) ? git_commit_message(c.p) : "";
    b.subject = first_line(b.message);
    b.time = git_commit_time(c.p);
    for (unsigned i = 0; i < git_commit_parentcount(c.p); ++i) b.parents.push_back(oid_hex(git_commit_parent_id(c.p, i)));
    return b;
  }

  // The commits of a PR branch that are not on main, oldest first; nullopt when the walk
  // exceeds kMaxBranch (a branch of another line of history).
  std::optional<std::vector<BranchCommit>> branch(const std::string& head) {
    std::vector<BranchCommit> out;
    std::vector<std::string> stack = {head};
    std::unordered_set<std::string> seen;
    while (!stack.empty()) {
      std::string sha = stack.back();
      stack.pop_back();
      if (on_main_.count(sha) || !seen.insert(sha).second) continue;
      auto info = commit_info(sha);
      if (!info) continue;  // a shallow or missing parent: the branch ends there
      for (const std::string& p : info->parents) stack.push_back(p);
      out.push_back(std::move(*info));
      if (out.size() > kMaxBranch) return std::nullopt;
    }
    std::sort(out.begin(), out.end(), [](const BranchCommit& a, const BranchCommit& b) {
      return a.time != b.time ? a.time < b.time : a.sha < b.sha;
    });
    return out;
  }

  std::string merge_base(const std::string& a) {
    git_oid oa, out;
    if (git_oid_fromstr(&oa, a.c_str()) != 0 || git_merge_base(&out, repo_, &oa, &tip_) != 0) return "";
    return oid_hex(&out);
  }

  bool tree_of(const std::string& sha, git_tree** tree) {
    git_oid oid;
    Owned<git_commit, git_commit_free> c;
    return git_oid_fromstr(&oid, sha.c_str()) == 0 && git_commit_lookup(&c.p, repo_, &oid) == 0 &&
           git_commit_tree(tree, c.p) == 0;
  }

  // The diff of two commits with no context lines; nullptr when a tree cannot be read.
  // `changes_only`: blank-line and trailing-whitespace edits are not changes (a review fix
  // that also drops a blank line did not answer a comment about that line).
  git_diff* diff(const std::string& a, const std::string& b, bool changes_only = false) {
    Owned<git_tree, git_tree_free> ta, tb;
    if (!tree_of(a, &ta.p) || !tree_of(b, &tb.p)) return nullptr;
    git_diff_options opts = GIT_DIFF_OPTIONS_INIT;
    opts.context_lines = 0;
    opts.interhunk_lines = 0;
    if (changes_only) opts.flags |= GIT_DIFF_IGNORE_BLANK_LINES | GIT_DIFF_IGNORE_WHITESPACE_EOL;
    git_diff* d = nullptr;
    if (git_diff_tree_to_tree(&d, repo_, ta.p, tb.p, &opts) != 0) return nullptr;
    return d;
  }

  // Paths (both sides) a diff touches.
  std::set<std::string> changed_paths(const std::string& a, const std::string& b) {
    std::set<std::string> out;
    Owned<git_diff, git_diff_free> d;
    d.p = diff(a, b);
    if (!d.p) return out;
    for (size_t i = 0; i < git_diff_num_deltas(d.p); ++i) {
      const git_diff_delta* delta = git_diff_get_delta(d.p, i);
      if (delta->old_file.path) out.insert(delta->old_file.path);
      if (delta->new_file.path) out.insert(delta->new_file.path);
    }
    return out;
  }

  // Hunks (no context) of the files a commit modified, old side; `files` = modified files.
  std::vector<Hunk> old_hunks(const std::string& a, const std::string& b, size_t* files = nullptr) {
    std::vector<Hunk> out;
    Owned<git_diff, git_diff_free> d;
    d.p = diff(a, b, /*changes_only=*/true);
    if (!d.p) return out;
    size_t modified = 0;
    for (size_t i = 0; i < git_diff_num_deltas(d.p); ++i) {
      const git_diff_delta* delta = git_diff_get_delta(d.p, i);
      if (delta->status != GIT_DELTA_MODIFIED || (delta->flags & GIT_DIFF_FLAG_BINARY)) continue;
      Owned<git_patch, git_patch_free> patch;
      if (git_patch_from_diff(&patch.p, d.p, i) != 0 || !patch.p) continue;
      ++modified;
      for (size_t h = 0; h < git_patch_num_hunks(patch.p); ++h) {
        const git_diff_hunk* hunk = nullptr;
        size_t lines = 0;
        if (git_patch_get_hunk(&hunk, &lines, patch.p, h) != 0) continue;
        out.push_back({delta->old_file.path, hunk->old_start, hunk->old_lines});
      }
    }
    if (files) *files = modified;
    return out;
  }

  // First-parent blame of `lines` of `path` as of `commit`, walking back no further than
  // `oldest` (lines older than it blame to "": unknown). Bounding the walk is what keeps
  // blame fast: an old line would otherwise be chased to the root commit.
  std::vector<Blamed> blame(const std::string& commit, const std::string& path, const std::vector<int>& lines,
                            const std::string& oldest) {
    std::vector<Blamed> out;
    if (lines.empty()) return out;
    git_blame_options opts = GIT_BLAME_OPTIONS_INIT;
    opts.flags = GIT_BLAME_FIRST_PARENT;
    if (git_oid_fromstr(&opts.newest_commit, commit.c_str()) != 0) return out;
    if (!oldest.empty() && git_oid_fromstr(&opts.oldest_commit, oldest.c_str()) != 0) return out;
    opts.min_line = static_cast<size_t>(*std::min_element(lines.begin(), lines.end()));
    opts.max_line = static_cast<size_t>(*std::max_element(lines.begin(), lines.end()));
    Owned<git_blame, git_blame_free> b;
    if (git_blame_file(&b.p, repo_, path.c_str(), &opts) != 0) return out;
    for (int line : lines) {
      const git_blame_hunk* h = git_blame_get_hunk_byline(b.p, static_cast<size_t>(line));
      if (!h) continue;
      int orig = static_cast<int>(h->orig_start_line_number) + (line - static_cast<int>(h->final_start_line_number));
      std::string sha = h->boundary ? std::string() : oid_hex(&h->final_commit_id);
      out.push_back({sha, h->orig_path ? h->orig_path : path, orig});
    }
    return out;
  }

  void add_case(MinedCase c) {
    c.repo = o_.name;
    c.split = split_for(o_.name, c.pr);
    c.id = fmt::format("{}-{}-{}-{}", repo_short_name(o_.name), c.pr, c.source, c.evidence_commit.substr(0, 8));
    ++counts_[c.source];
    cases_.push_back(std::move(c));
  }

  void title_from_squash(MinedCase& c, const MainCommit& m) {
    auto [subject, body] = split_message(m.message);
    c.title = without_trailing_pr(subject);
    c.body = body;
  }

  // ------------------------------------------------------------ review-fix

  void mine_review_fixes() {
    std::unordered_set<std::string> used;
    for (auto it = pulls_.rbegin(); it != pulls_.rend(); ++it) {
      if (full("review-fix")) break;
      auto [n, head] = *it;
      if (skipped_pr(n)) {
        skip("skip-listed PR (reserved or dev corpus)");
        continue;
      }
      auto head_info = commit_info(head);
      if (!head_info || !in_window(head_info->time)) continue;
      auto commits = branch(head);
      if (!commits) {
        skip("PR branch not based on main");
        continue;
      }
      ++stats_.branches_scanned;
      scanned_.insert(n);
      for (const BranchCommit& f : *commits) {
        if (f.parents.size() != 1 || !answers_review(f.subject)) continue;
        review_fixed_.insert(n);
        if (!in_window(f.time) || full("review-fix")) continue;
        if (!used.insert(f.sha).second) continue;  // the same commit on a stacked branch
        const std::string& parent = f.parents[0];
        if (on_main_.count(parent)) {
          skip("review fix is the branch's first commit");
          continue;
        }
        std::string base = merge_base(parent);
        if (base.empty()) {
          skip("no merge-base with main");
          continue;
        }
        std::set<std::string> pr_files = changed_paths(base, parent);
        std::vector<MinedLocation> anchors;
        for (const Hunk& h : old_hunks(parent, f.sha))
          if (pr_files.count(h.path)) anchors.push_back({h.path, h.old_lines > 0 ? h.old_start : std::max(1, h.old_start)});
        std::vector<MinedLocation> locations = collapse(std::move(anchors));
        if (locations.empty()) {
          skip("review fix changes no line of the PR's files");
          continue;
        }
        if (locations.size() > kMaxLocations) {
          skip("review fix too broad (more than 20 locations)");
          continue;
        }
        MinedCase c;
        c.pr = n;
        c.base = base;
        c.head = parent;
        c.source = "review-fix";
        c.evidence_commit = f.sha;
        c.evidence = f.subject;
        c.expected = std::move(locations);
        c.time = f.time;
        if (auto m = pr_to_main_.find(n); m != pr_to_main_.end()) {
          title_from_squash(c, main_[m->second]);
        } else {
          auto [subject, body] = split_message(commits->front().message);
          c.title = subject;
          c.body = body;
        }
        add_case(std::move(c));
      }
    }
  }

  // ------------------------------------------------------------ follow-up and SZZ

  void mine_follow_ups() {
    for (size_t i = 0; i < main_.size(); ++i) {
      const MainCommit& fix = main_[i];
      if (!in_window(fix.time)) break;  // first-parent order is newest first
      if (full("follow-up") && full("szz")) break;
      if (fix.parents == 0) continue;
      if (fix.pr > 0 && skipped_pr(fix.pr)) {
        skip("main commit of a skip-listed PR (not read)");
        continue;
      }
      static const RE2 relanding(R"((?i)^\s*revert\s*"\s*revert\b)");
      if (RE2::PartialMatch(fix.subject, relanding)) {
        skip("revert of a revert (a re-landing, not a fix)");
        continue;
      }
      std::vector<std::string> reverted;
      std::set<int> named;
      for (int n : named_cause_prs(fix.message, &reverted)) named.insert(n);
      for (const std::string& sha : reverted) {
        git_object* obj = nullptr;
        if (git_revparse_single(&obj, repo_, (sha + "^{commit}").c_str()) != 0) continue;
        std::string full_sha = oid_hex(git_object_id(obj));
        git_object_free(obj);
        if (auto m = sha_to_main_.find(full_sha); m != sha_to_main_.end() && main_[m->second].pr > 0)
          named.insert(main_[m->second].pr);
      }
      // Only merged PRs older than the fix are causes; "#N" may name an issue.
      for (auto it = named.begin(); it != named.end();) {
        auto m = pr_to_main_.find(*it);
        // A named PR that is itself a revert was undone by re-landing, not fixed.
        bool ok = *it != fix.pr && m != pr_to_main_.end() && m->second > i &&
                  !RE2::PartialMatch(main_[m->second].subject, R"((?i)^\s*revert\b)");
        it = ok ? std::next(it) : named.erase(it);
      }
      for (int n : named) touched_.insert(n);
      // A skip-listed cause is dropped before anything of it is blamed or read.
      const bool had_named = !named.empty();
      for (auto it = named.begin(); it != named.end();) {
        if (!skipped_pr(*it)) {
          ++it;
          continue;
        }
        skip("introducing PR is skip-listed");
        it = named.erase(it);
      }
      if (had_named && named.empty()) continue;
      bool szz = named.empty() && says_fix(fix.subject);
      if (named.empty() && !szz) continue;
      if (named.empty() ? full("szz") : full("follow-up")) continue;

      size_t files = 0;
      std::vector<Hunk> hunks = old_hunks(fix.parent, fix.sha, &files);
      if (files > kMaxFixFiles) {
        skip("fix changes too many files to blame");
        continue;
      }
      std::map<std::string, std::vector<int>> lines;  // path → old-side lines to blame
      for (const Hunk& h : hunks) {
        for (int l = h.old_start; l < h.old_start + h.old_lines; ++l) lines[h.path].push_back(l);
        // A pure insertion: the line it follows (named causes only; SZZ blames removed lines).
        if (h.old_lines == 0 && h.old_start > 0 && !szz) lines[h.path].push_back(h.old_start);
      }
      if (lines.empty()) {
        skip(szz ? "szz: fix removes no line" : "follow-up: fix changes no existing line");
        continue;
      }
      ++stats_.blamed_commits;
      // The walk stops at the parent of the oldest named PR, or (SZZ) at the first main
      // commit older than the SZZ window: nothing beyond can be the answer.
      std::string oldest;
      if (!named.empty()) {
        size_t far = i;
        for (int n : named) far = std::max(far, pr_to_main_.at(n));
        if (far + 1 < main_.size()) oldest = main_[far + 1].sha;
      } else {
        for (size_t k = i + 1; k < main_.size(); ++k)
          if (main_[k].time < fix.time - o_.szz_days * kDay) {
            oldest = main_[k].sha;
            break;
          }
      }
      std::vector<Blamed> blamed;
      for (auto& [path, ls] : lines) {
        std::sort(ls.begin(), ls.end());
        ls.erase(std::unique(ls.begin(), ls.end()), ls.end());
        for (Blamed& b : blame(fix.parent, path, ls, oldest)) blamed.push_back(std::move(b));
      }
      std::map<int, std::vector<MinedLocation>> by_pr;  // blamed PR → its lines
      bool all_prs = !blamed.empty();
      for (const Blamed& b : blamed) {
        auto m = sha_to_main_.find(b.commit);
        int pr = m == sha_to_main_.end() ? 0 : main_[m->second].pr;
        if (pr == 0 || pr == fix.pr) {
          all_prs = false;
          continue;
        }
        by_pr[pr].push_back({b.path, b.line});
        if (main_[m->second].time >= fix.time - o_.szz_days * kDay) touched_.insert(pr);
      }

      std::vector<std::pair<int, std::string>> wanted;  // (PR, source)
      if (!named.empty()) {
        for (int n : named) wanted.push_back({n, "follow-up"});
      } else if (all_prs && by_pr.size() == 1) {
        int n = by_pr.begin()->first;
        const MainCommit& intro = main_[pr_to_main_.at(n)];
        if (intro.time >= fix.time - o_.szz_days * kDay) wanted.push_back({n, "szz"});
        else skip("szz: introducing PR merged too long before the fix");
      } else {
        skip(blamed.empty() ? "szz: nothing blamed" : "szz: blamed lines lead to several commits");
      }
      for (auto [n, source] : wanted) {
        if (skipped_pr(n)) {
          skip("introducing PR is skip-listed");
          continue;
        }
        const MainCommit& intro = main_[pr_to_main_.at(n)];
        auto found = by_pr.find(n);
        // Lines blamed to PR n are lines of its squash commit only when the commit is it.
        std::vector<MinedLocation> anchors;
        if (found != by_pr.end())
          for (const Blamed& b : blamed)
            if (b.commit == intro.sha) anchors.push_back({b.path, b.line});
        std::vector<MinedLocation> locations = collapse(std::move(anchors));
        if (locations.empty()) {
          skip(source + ": no changed line blames to the named PR");
          continue;
        }
        if (locations.size() > kMaxLocations) {
          skip(source + ": too broad (more than 20 locations)");
          continue;
        }
        if (intro.parents != 1) {
          skip(source + ": introducing commit is not a squash commit");
          continue;
        }
        MinedCase c;
        c.pr = n;
        c.base = intro.parent;
        c.head = intro.sha;
        c.source = source;
        c.evidence_commit = fix.sha;
        c.evidence = fix.subject;
        c.expected = std::move(locations);
        c.time = fix.time;
        title_from_squash(c, intro);
        add_case(std::move(c));
      }
    }
  }

  // ------------------------------------------------------------ negatives

  void mine_negatives() {
    if (o_.negatives <= 0) return;
    std::map<std::string, std::vector<std::pair<uint64_t, size_t>>, std::greater<>> by_month;  // newest month first
    for (size_t i = 0; i < main_.size(); ++i) {
      const MainCommit& m = main_[i];
      if (!in_window(m.time)) break;
      if (m.pr == 0 || m.parents != 1 || skipped_pr(m.pr) || !scanned_.count(m.pr) || review_fixed_.count(m.pr) ||
          touched_.count(m.pr) || pr_to_main_.at(m.pr) != i)
        continue;
      if (RE2::PartialMatch(m.subject, R"((?i)^\s*revert\b)")) continue;
      std::time_t t = static_cast<std::time_t>(m.time);
      std::tm tm{};
      gmtime_r(&t, &tm);
      by_month[fmt::format("{:04}-{:02}", tm.tm_year + 1900, tm.tm_mon + 1)].push_back(
          {fnv1a64(o_.name + "#" + std::to_string(m.pr)), i});
    }
    for (auto& [_, list] : by_month) std::sort(list.begin(), list.end());
    int taken = 0;
    for (size_t round = 0; taken < o_.negatives; ++round) {
      bool any = false;
      for (auto& [_, list] : by_month) {
        if (round >= list.size() || taken >= o_.negatives) continue;
        any = true;
        const MainCommit& m = main_[list[round].second];
        if (changed_paths(m.parent, m.sha).empty()) continue;
        MinedCase c;
        c.pr = m.pr;
        c.base = m.parent;
        c.head = m.sha;
        c.source = "negative";
        c.evidence_commit = m.sha;
        c.evidence = m.subject;
        c.time = m.time;
        title_from_squash(c, m);
        add_case(std::move(c));
        ++taken;
      }
      if (!any) break;
    }
  }

  const MineOptions& o_;
  MineStats& stats_;
  git_repository* repo_ = nullptr;
  git_oid tip_{};
  std::vector<MainCommit> main_;  // first-parent line, newest first
  std::unordered_map<std::string, size_t> sha_to_main_;
  std::map<int, size_t> pr_to_main_;
  std::unordered_set<std::string> on_main_;  // every commit reachable from main
  std::map<int, std::string> pulls_;         // refs/pull/N/head
  std::set<int> scanned_, review_fixed_, touched_;
  std::map<std::string, int> counts_;
  std::vector<MinedCase> cases_;
};

}  // namespace

Result<std::vector<MinedCase>> mine_repository(const MineOptions& options, MineStats& stats) {
  auto start = std::chrono::steady_clock::now();
  Miner miner(options, stats);
  auto cases = miner.run();
  stats.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return cases;
}

// ---------------------------------------------------------------- output

std::string mined_case_json(const MinedCase& c) {
  ordered_json j;
  j["id"] = c.id;
  j["repo"] = c.repo;
  j["pr"] = c.pr;
  j["url"] = fmt::format("https://github.com/{}/pull/{}", c.repo, c.pr);
  j["base"] = c.base;
  j["head"] = c.head;
  j["title"] = c.title;
  j["body"] = c.body;
  j["kind"] = c.source == "negative" ? "negative" : "positive";
  j["source"] = c.source;
  j["split"] = c.split;
  j["evidence_commit"] = c.evidence_commit;
  ordered_json expected = ordered_json::array();
  for (const MinedLocation& l : c.expected) {
    ordered_json e;
    e["rule"] = nullptr;
    e["severity"] = nullptr;
    e["file"] = l.file;
    e["line"] = l.line;
    e["evidence"] = c.evidence;
    e["source"] = c.source + " " + c.evidence_commit.substr(0, 12);
    expected.push_back(std::move(e));
  }
  j["expected"] = std::move(expected);
  std::string how;
  if (c.source == "review-fix")
    how = "head = the parent of review-fix commit " + c.evidence_commit.substr(0, 12) +
          " on the PR branch, base = its merge-base with main; expected = the head-side lines that commit changed "
          "in the PR's files (one location per run of changes)";
  else if (c.source == "negative")
    how = "a merged PR (squash commit) with no review-fix commit on its branch and no later fix blamed on it in "
          "the mined window";
  else
    how = "the squash commit of the PR; expected = the lines that " + std::string(c.source == "szz" ? "SZZ fix" : "follow-up fix") +
          " " + c.evidence_commit.substr(0, 12) + " changed, blamed (first parent) to this PR, in its numbering";
  j["notes"] = "mined by review-pr mine: " + how + ". Locations only (rule null): any finding within 5 lines matches.";
  return j.dump(2, ' ', false, kReplace) + "\n";
}

namespace {
bool write_file(const fs::path& path, const std::string& data) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << data;
  return static_cast<bool>(out);
}
}  // namespace

Status write_mined_cases(const std::vector<MinedCase>& cases, const std::string& name, const std::string& repo_path,
                         const std::string& dir) {
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec || !fs::is_directory(dir, ec)) return Status::Error(dir + ": cannot create the folder");
  std::set<std::string> ids;
  for (const MinedCase& c : cases) ids.insert(c.id);
  // Remove this repository's cases of an earlier run that this run does not produce.
  for (const fs::directory_entry& e : fs::directory_iterator(dir, ec)) {
    fs::path file = e.path() / "case.json";
    if (!e.is_directory(ec) || !fs::is_regular_file(file, ec) || ids.count(e.path().filename().string())) continue;
    auto text = read_input_file(file.string(), size_t(16) << 20);
    if (!text.ok()) continue;
    auto j = nlohmann::json::parse(*text, nullptr, false);
    if (j.is_discarded() || !j.is_object() || !j.contains("split") || !j.contains("evidence_commit") ||
        !j["repo"].is_string() || lower(j["repo"].get<std::string>()) != lower(name))
      continue;
    fs::remove_all(e.path(), ec);
  }
  auto repo = GitRepo::open(repo_path);
  if (!repo.ok()) return repo.status();
  for (const MinedCase& c : cases) {
    fs::path folder = fs::path(dir) / c.id;
    fs::create_directories(folder, ec);
    auto diff = (*repo)->diff_text(c.base, c.head);
    if (!diff.ok()) return Status::Error(c.id + ": " + diff.error());
    if (!write_file(folder / "case.json", mined_case_json(c)) || !write_file(folder / "pr.diff", *diff))
      return Status::Error(folder.string() + ": cannot write");
  }
  return Status::Ok();
}

std::string render_mine_summary(const std::string& name, const std::vector<MinedCase>& cases, const MineStats& stats) {
  std::map<std::string, std::map<std::string, int>> table;  // source → split → n
  std::map<std::string, int> locations;
  for (const MinedCase& c : cases) {
    ++table[c.source][c.split];
    locations[c.source] += static_cast<int>(c.expected.size());
  }
  std::ostringstream out;
  out << fmt::format("review-pr mine {}: {} cases in {:.1f} s ({} main commits, {} PR refs, {} branches scanned, "
                     "{} fix commits blamed)\n",
                     name, cases.size(), stats.seconds, stats.main_commits, stats.pr_refs, stats.branches_scanned,
                     stats.blamed_commits);
  out << fmt::format("  {:<12} {:>6} {:>9} {:>6} {:>10}\n", "source", "tune", "validate", "total", "locations");
  for (const char* source : {"review-fix", "follow-up", "szz", "negative"}) {
    auto& row = table[source];
    out << fmt::format("  {:<12} {:>6} {:>9} {:>6} {:>10}\n", source, row["tune"], row["validate"],
                       row["tune"] + row["validate"], locations[source]);
  }
  if (!stats.skipped.empty()) {
    out << "  not mined:\n";
    for (const auto& [reason, n] : stats.skipped) out << fmt::format("    {:>5}  {}\n", n, reason);
  }
  return out.str();
}

}  // namespace rp
