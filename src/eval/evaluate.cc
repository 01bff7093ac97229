#include "eval/evaluate.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <functional>
#include <memory>
#include <set>
#include <sstream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "batch/process_pool.h"
#include "core/strings.h"
#include "review/review.h"
#include "rules/rule.h"
#include "source/git_source.h"

namespace rp {

namespace {
constexpr int kLineSlack = 5;
constexpr size_t kExcerpt = 110;
constexpr int kMaxLocatedMisses = 60;

std::string lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return std::tolower(c); });
  return s;
}

std::string code_of(const std::map<std::string, std::string>& rule_codes, const std::string& rule) {
  auto it = rule_codes.find(rule);
  return it == rule_codes.end() ? std::string() : it->second;
}

// Distance from a finding to an expected place, or nullopt when it is not that place. A
// finding that groups several places (its location plus `related`) is at each of them.
std::optional<int> distance(const Finding& f, const std::optional<std::string>& file, const std::optional<int>& line) {
  if (!file) return f.location ? std::nullopt : std::optional<int>(0);
  if (!f.location) return std::nullopt;
  std::optional<int> best;
  auto consider = [&](const Location& at) {
    if (at.file != *file) return;
    int d = line ? std::abs(at.line - *line) : 0;
    if (d <= kLineSlack && (!best || d < *best)) best = d;
  };
  consider(*f.location);
  for (const Location& at : f.related) consider(at);
  return best;
}

bool hits_trap(const Finding& f, const MustNotFire& t) {
  if (!t.file) return true;  // rule-scoped: no finding of that code anywhere in the case
  return f.location && f.location->file == *t.file &&
         (!t.line || std::abs(f.location->line - *t.line) <= kLineSlack);
}

// Kuhn's augmenting paths over candidates ordered by (distance, finding index): a maximum
// matching that keeps the closest pairs when there is a choice, the same on every run.
class Matcher {
 public:
  explicit Matcher(std::vector<std::vector<int>> candidates, size_t findings)
      : candidates_(std::move(candidates)), owner_(findings, -1) {}

  std::vector<int> run() {
    std::vector<int> matched(candidates_.size(), -1);
    for (size_t e = 0; e < candidates_.size(); ++e) {
      std::vector<bool> seen(owner_.size(), false);
      augment(static_cast<int>(e), seen);
    }
    for (size_t f = 0; f < owner_.size(); ++f)
      if (owner_[f] >= 0) matched[owner_[f]] = static_cast<int>(f);
    return matched;
  }

 private:
  bool augment(int e, std::vector<bool>& seen) {
    for (int f : candidates_[e]) {
      if (seen[f]) continue;
      seen[f] = true;
      if (owner_[f] < 0 || augment(owner_[f], seen)) {
        owner_[f] = e;
        return true;
      }
    }
    return false;
  }
  std::vector<std::vector<int>> candidates_;
  std::vector<int> owner_;  // finding → expected
};

std::string one_line(std::string_view s, size_t max = kExcerpt) {
  std::string out;
  for (char ch : s) {
    if (ch == '\n' || ch == '\r' || ch == '\t') ch = ' ';
    if (ch == ' ' && (out.empty() || out.back() == ' ')) continue;
    out += ch;
  }
  while (!out.empty() && out.back() == ' ') out.pop_back();
  return shortened(out, max);
}

std::string place(const std::optional<std::string>& file, const std::optional<int>& line) {
  if (!file) return "(description)";
  return line ? *file + ":" + std::to_string(*line) : *file;
}

std::string place(const Finding& f) {
  if (!f.location) return "(description)";
  return f.location->line > 0 ? f.location->file + ":" + std::to_string(f.location->line) : f.location->file;
}

std::string rule_codes_label(const RuleInfo& info) {
  auto usable = [](std::string_view c) { return !c.empty() && c != kOff; };
  std::string_view atom = checklist_code(Checklist::Atom, info.name).value_or("");
  std::string_view aiter = checklist_code(Checklist::Aiter, info.name).value_or("");
  if (usable(atom) && atom == aiter) return std::string(atom);
  std::vector<std::string> parts;
  if (usable(atom)) parts.push_back("atom:" + std::string(atom));
  if (usable(aiter)) parts.push_back("aiter:" + std::string(aiter));
  if (parts.empty()) return "-";
  std::string out = parts[0];
  for (size_t i = 1; i < parts.size(); ++i) out += " " + parts[i];
  return out;
}

std::string joined(const std::vector<std::string>& v, std::string_view sep) {
  std::string out;
  for (const std::string& s : v) out += (out.empty() ? "" : std::string(sep)) + s;
  return out;
}

// The source a case is reviewed from, decided before the review so a missing commit falls
// back to pr.diff instead of failing the case.
struct Source {
  std::string kind;  // git | diff | description
  std::string note;
};

Source choose_source(const EvalCase& c, const EvalOptions& options,
                     const std::map<std::string, std::unique_ptr<GitRepo>>& repos, std::string& repo_path) {
  Source s{c.diff_path ? "diff" : "description", ""};
  auto path = std::find_if(options.repos.begin(), options.repos.end(),
                           [&](const auto& kv) { return lower(kv.first) == lower(c.repo); });
  if (path == options.repos.end()) return s;
  std::string fallback = c.diff_path ? "reviewed pr.diff instead" : "reviewed the description alone";
  if (!c.base || !c.head) {
    s.note = "case has no base/head commit; " + fallback;
    return s;
  }
  const GitRepo& repo = *repos.at(path->second);
  for (const std::string* rev : {&*c.base, &*c.head}) {
    if (!repo.resolve(*rev).ok()) {
      s.note = "commit " + rev->substr(0, 12) + " is not in " + path->second + "; " + fallback;
      return s;
    }
  }
  repo_path = path->second;
  return {"git", ""};
}

void count(RuleRow& row, Judgement j) {
  ++row.found;
  switch (j) {
    case Judgement::Matched: ++row.tp; break;
    case Judgement::Unexpected: ++row.unexpected; break;
    case Judgement::FalseAlarm: ++row.false_alarms; break;
    case Judgement::TrapHit: ++row.traps; break;
    case Judgement::Ungraded: ++row.ungraded; break;
    case Judgement::Located: ++row.located; break;
  }
}

void add_split(EvalReport& report, const CaseRun& run) {
  if (run.c.split.empty()) return;
  for (const std::string& source : {std::string("all"), run.c.source.empty() ? std::string("-") : run.c.source}) {
    SplitStats& s = report.splits[source][run.c.split];
    ++s.cases;
    if (run.c.kind == CaseKind::Negative) ++s.negative;
    else ++s.positive;
    bool red = false;
    for (const JudgedFinding& jf : run.outcome.findings) {
      ++s.findings;
      if (jf.finding.severity == Severity::Red) ++s.red, red = true;
    }
    if (red && run.c.kind == CaseKind::Negative) ++s.negatives_with_red;
    for (const ExpectedOutcome& eo : run.outcome.expected) {
      if (!eo.location_only) continue;
      ++s.locations;
      if (eo.finding >= 0) ++s.located;
    }
  }
}

void tabulate(EvalReport& report) {
  std::map<std::string, RuleRow> rows;         // by rule name (or joined names)
  std::map<std::string, RuleRow> unsupported;  // by "profile:code"
  auto row_for = [&](const std::string& rule) -> RuleRow& {
    RuleRow& row = rows[rule];
    if (row.rule.empty()) {
      row.rule = rule;
      const Rule* r = find_rule(rule);
      row.codes = r ? rule_codes_label(r->info()) : "-";
    }
    return row;
  };
  EvalTotals& t = report.totals;
  for (const CaseRun& run : report.runs) {
    ++t.cases;
    if (run.c.kind == CaseKind::Positive) ++t.positive;
    if (run.c.kind == CaseKind::Negative) ++t.negative;
    if (run.c.kind == CaseKind::DescriptionOnly) ++t.description_only;
    bool red_alarm = false;
    for (const JudgedFinding& jf : run.outcome.findings) {
      count(row_for(jf.finding.rule), jf.judgement);
      red_alarm |= jf.judgement == Judgement::FalseAlarm;
    }
    if (red_alarm) ++t.negatives_with_red;
    add_split(report, run);
    for (size_t i = 0; i < run.outcome.expected.size(); ++i) {
      const ExpectedOutcome& eo = run.outcome.expected[i];
      if (eo.location_only) {  // no rule is expected: counted apart (located recall)
        ++t.locations;
        if (eo.finding >= 0) ++t.located;
        continue;
      }
      if (eo.rules.empty()) {
        std::string key = run.profile + ":" + run.c.expected[i].code;
        RuleRow& row = unsupported[key];
        row.rule = "(no rule)";
        row.codes = key;
        ++row.expected;
        ++row.fn;
        continue;
      }
      RuleRow& row = eo.finding >= 0 ? row_for(run.outcome.findings[eo.finding].finding.rule)
                                     : row_for(joined(eo.rules, " | "));
      if (eo.rules.size() > 1 && eo.finding < 0) row.codes = run.profile + ":" + run.c.expected[i].code;
      ++row.expected;
      if (eo.finding < 0) ++row.fn;
    }
  }
  for (auto& [_, row] : rows) {
    t.expected_implemented += row.expected;
    t.found += row.found;
    t.tp += row.tp;
    t.fn += row.fn;
    t.unexpected += row.unexpected;
    t.false_alarms += row.false_alarms;
    t.traps += row.traps;
    t.ungraded += row.ungraded;
    report.rows.push_back(std::move(row));
  }
  for (auto& [_, row] : unsupported) {
    t.unsupported += row.expected;
    report.unsupported.push_back(std::move(row));
  }
  t.expected = t.expected_implemented + t.unsupported;
}

std::optional<double> ratio(int num, int den) {
  if (den == 0) return std::nullopt;
  return static_cast<double>(num) / den;
}
std::string percent(std::optional<double> r) { return r ? fmt::format("{:.0f}%", *r * 100) : "-"; }
std::optional<double> precision(int tp, int unexpected, int alarms, int traps) {
  return ratio(tp, tp + unexpected + alarms + traps);
}

struct Listed {
  const CaseRun* run;
  const JudgedFinding* jf;
};
std::vector<Listed> listed(const EvalReport& r, Judgement j) {
  std::vector<Listed> out;
  for (const CaseRun& run : r.runs)
    for (const JudgedFinding& jf : run.outcome.findings)
      if (jf.judgement == j) out.push_back({&run, &jf});
  return out;
}

std::string rule_and_code(const JudgedFinding& jf) {
  return jf.code.empty() ? jf.finding.rule : jf.finding.rule + " (" + jf.code + ")";
}
}  // namespace

std::string_view judgement_name(Judgement j) {
  switch (j) {
    case Judgement::Matched: return "matched";
    case Judgement::Unexpected: return "unexpected";
    case Judgement::FalseAlarm: return "false-alarm";
    case Judgement::TrapHit: return "trap-hit";
    case Judgement::Ungraded: return "ungraded";
    case Judgement::Located: return "located";
  }
  return "unexpected";
}

CaseOutcome match_case(const EvalCase& c, const std::vector<Finding>& findings,
                       const std::map<std::string, std::string>& rule_codes) {
  CaseOutcome out;
  for (const Finding& f : findings) out.findings.push_back({f, code_of(rule_codes, f.rule)});

  std::vector<std::vector<int>> candidates(c.expected.size());
  for (size_t e = 0; e < c.expected.size(); ++e) {
    const ExpectedFinding& ex = c.expected[e];
    ExpectedOutcome eo;
    eo.location_only = ex.code.empty();
    for (const auto& [rule, code] : rule_codes)
      if (!eo.location_only && code == ex.code) eo.rules.push_back(rule);
    out.expected.push_back(std::move(eo));
    std::vector<std::pair<int, int>> near;  // (distance, finding)
    for (size_t k = 0; k < findings.size(); ++k) {
      if (!ex.code.empty() && out.findings[k].code != ex.code) continue;
      if (auto d = distance(findings[k], ex.file, ex.line)) near.push_back({*d, static_cast<int>(k)});
    }
    std::sort(near.begin(), near.end());
    for (auto [_, k] : near) candidates[e].push_back(k);
  }
  std::vector<int> matched = Matcher(std::move(candidates), findings.size()).run();
  for (size_t e = 0; e < matched.size(); ++e) {
    if (matched[e] < 0) continue;
    out.expected[e].finding = matched[e];
    out.findings[matched[e]].judgement = out.expected[e].location_only ? Judgement::Located : Judgement::Matched;
    out.findings[matched[e]].expected = static_cast<int>(e);
  }

  for (JudgedFinding& jf : out.findings) {
    if (jf.judgement == Judgement::Matched || jf.judgement == Judgement::Located) continue;
    for (size_t t = 0; t < c.must_not_fire.size() && !jf.code.empty(); ++t) {
      if (c.must_not_fire[t].code != jf.code || !hits_trap(jf.finding, c.must_not_fire[t])) continue;
      jf.judgement = Judgement::TrapHit;
      jf.trap = static_cast<int>(t);
      break;
    }
    if (jf.judgement == Judgement::TrapHit) continue;
    if (c.kind == CaseKind::Negative)
      jf.judgement = jf.finding.severity == Severity::Red ? Judgement::FalseAlarm : Judgement::Ungraded;
    else
      jf.judgement = Judgement::Unexpected;
  }
  return out;
}

namespace {
// What eval keeps of a review; crosses the process boundary as JSON when cases run in
// parallel, with every field of a Finding so both paths match identically.
struct ReviewResult {
  std::map<std::string, std::string> codes;
  std::vector<std::string> skipped;
  std::vector<Finding> findings;
};

Result<ReviewResult> review_result(const ReviewInputs& in) {
  Result<Review> review = run_review(in);
  if (!review.ok()) return review.status();
  ReviewResult r;
  r.codes = std::move(review->codes);
  for (const SkippedRule& s : review->skipped) r.skipped.push_back(s.rule);
  r.findings = std::move(review->findings);
  return r;
}

std::string result_to_json(const ReviewResult& r) {
  nlohmann::json j;
  j["codes"] = r.codes;
  j["skipped"] = r.skipped;
  nlohmann::json findings = nlohmann::json::array();
  for (const Finding& f : r.findings) {
    nlohmann::json o;
    o["rule"] = f.rule;
    o["severity"] = static_cast<int>(f.severity);
    o["problem"] = f.problem;
    o["impact"] = f.impact;
    o["action"] = f.action;
    if (f.location) o["location"] = {f.location->file, f.location->line};
    nlohmann::json related = nlohmann::json::array();
    for (const Location& l : f.related) related.push_back({l.file, l.line});
    o["related"] = related;
    o["evidence"] = f.evidence;
    o["verified"] = f.verified;
    o["trigger"] = f.trigger;
    o["fingerprint"] = f.fingerprint;
    findings.push_back(std::move(o));
  }
  j["findings"] = std::move(findings);
  return j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

Result<ReviewResult> result_from_json(const std::string& text) {
  auto j = nlohmann::json::parse(text, nullptr, false);
  if (j.is_discarded() || !j.is_object()) return Status::Error("unreadable result from the review process");
  try {
    ReviewResult r;
    r.codes = j.at("codes").get<std::map<std::string, std::string>>();
    r.skipped = j.at("skipped").get<std::vector<std::string>>();
    for (const auto& o : j.at("findings")) {
      Finding f;
      f.rule = o.at("rule").get<std::string>();
      f.severity = static_cast<Severity>(o.at("severity").get<int>());
      f.problem = o.at("problem").get<std::string>();
      f.impact = o.at("impact").get<std::string>();
      f.action = o.at("action").get<std::string>();
      if (o.contains("location")) f.location = Location{o["location"][0].get<std::string>(), o["location"][1].get<int>()};
      for (const auto& l : o.at("related")) f.related.push_back(Location{l[0].get<std::string>(), l[1].get<int>()});
      f.evidence = o.at("evidence").get<std::vector<std::string>>();
      f.verified = o.at("verified").get<bool>();
      f.trigger = o.at("trigger").get<std::string>();
      f.fingerprint = o.at("fingerprint").get<std::string>();
      r.findings.push_back(std::move(f));
    }
    return r;
  } catch (const nlohmann::json::exception& e) {
    return Status::Error(std::string("unreadable result from the review process: ") + e.what());
  }
}
}  // namespace

Result<EvalReport> evaluate(const CaseSet& set, const EvalOptions& options) {
  std::map<std::string, std::unique_ptr<GitRepo>> repos;  // by path
  for (const auto& [name, path] : options.repos) {
    if (repos.count(path)) continue;
    auto opened = GitRepo::open(path);
    if (!opened.ok()) return Status::Error("--repo " + name + "=" + path + ": " + opened.error());
    repos[path] = std::move(*opened);
  }
  std::set<std::string> wanted(options.only.begin(), options.only.end());
  for (const std::string& id : wanted) {
    bool known = std::any_of(set.cases.begin(), set.cases.end(), [&](const EvalCase& c) { return c.id == id; });
    if (!known) return Status::Error("--cases: no case with id '" + id + "'");
  }

  EvalReport report;
  report.errors = set.errors;
  struct Planned {
    CaseRun run;
    ReviewInputs in;
  };
  std::vector<Planned> plan;
  for (const EvalCase& c : set.cases) {
    if (!wanted.empty() && !wanted.count(c.id)) continue;
    Planned p;
    CaseRun& run = p.run;
    ReviewInputs& in = p.in;
    run.c = c;
    run.profile = profile_for_repo(c.repo);
    in.profile = run.profile;
    in.rules = options.rules;
    PullRequestMeta meta;
    meta.number = c.pr;
    meta.title = c.title;
    meta.body = c.body;
    meta.has_description = true;
    in.meta = std::move(meta);

    Source source = choose_source(c, options, repos, in.repo_path);
    run.source = source.kind;
    run.note = source.note;
    if (source.kind == "git") {
      in.base = *c.base;
      in.head = *c.head;
    } else if (c.diff_path) {
      in.diff_file = *c.diff_path;
    } else {
      in.diff_text = "";
    }
    plan.push_back(std::move(p));
  }

  // Per case: the review, or the one-line reason it failed.
  std::vector<ReviewResult> results(plan.size());
  std::vector<std::string> failures(plan.size(), "review did not run");
  auto keep = [&](size_t i, Result<ReviewResult> r) {
    if (r.ok()) {
      results[i] = std::move(*r);
      failures[i].clear();
    } else {
      failures[i] = r.error();
    }
  };
  if (options.jobs <= 1 || plan.size() <= 1) {
    for (size_t i = 0; i < plan.size(); ++i) keep(i, review_result(plan[i].in));
  } else {
    repos.clear();  // children open their own handles; none is shared across fork
    PoolOptions pool;
    pool.jobs = options.jobs;
    pool.timeout_seconds = options.timeout_seconds;
    pool.memory_limit_mb = 4096;
    bool started = run_pool(
        plan.size(), pool,
        [&](size_t i, int* code) {
          Result<ReviewResult> r = review_result(plan[i].in);
          if (!r.ok()) {
            *code = 1;
            return r.error();
          }
          return result_to_json(*r);
        },
        [&](JobOutcome&& o) {
          if (o.status == JobStatus::Ok) keep(o.index, result_from_json(o.output));
          else if (o.status == JobStatus::Failed) failures[o.index] = o.output;
          else failures[o.index] = fmt::format("review {} after {:.0f} s", job_status_name(o.status), o.seconds);
        });
    if (!started) return Status::Error("cannot start review processes");
  }
  for (size_t i = 0; i < plan.size(); ++i) {
    CaseRun& run = plan[i].run;
    if (!failures[i].empty()) {
      report.errors.push_back({run.c.id, failures[i]});
      continue;
    }
    ReviewResult& review = results[i];
    run.rule_codes = std::move(review.codes);
    run.skipped_rules = std::move(review.skipped);
    std::sort(run.skipped_rules.begin(), run.skipped_rules.end());
    run.outcome = match_case(run.c, review.findings, run.rule_codes);
    report.runs.push_back(std::move(run));
  }
  std::stable_sort(report.errors.begin(), report.errors.end(),
                   [](const CaseLoadError& a, const CaseLoadError& b) { return natural_less(a.where, b.where); });
  tabulate(report);
  return report;
}

namespace {
std::string pct1(std::optional<double> r) { return r ? fmt::format("{:.1f}%", *r * 100) : "-"; }
std::optional<double> per_case(int n, int cases) { return ratio(n, cases); }

// The split table: per source, tune and validate side by side and their gap.
std::string render_splits(const EvalReport& r) {
  std::ostringstream out;
  out << "splits (mined cases; located recall = expected locations with a finding of any rule within ±" << kLineSlack
      << " lines):\n";
  std::vector<std::vector<std::string>> table = {
      {"source", "split", "cases", "locations", "located", "recall", "findings/PR", "negatives", "red-on-neg"}};
  std::vector<std::string> gaps;
  for (const auto& [source, by_split] : r.splits) {
    for (const char* split : {"tune", "validate"}) {
      auto it = by_split.find(split);
      SplitStats s = it == by_split.end() ? SplitStats{} : it->second;
      auto fpp = per_case(s.findings, s.cases);
      table.push_back({source, split, std::to_string(s.cases), std::to_string(s.locations), std::to_string(s.located),
                       pct1(ratio(s.located, s.locations)), fpp ? fmt::format("{:.2f}", *fpp) : "-",
                       std::to_string(s.negative), std::to_string(s.negatives_with_red)});
    }
    auto get = [&](const char* split) { auto it = by_split.find(split); return it == by_split.end() ? SplitStats{} : it->second; };
    SplitStats tu = get("tune"), va = get("validate");
    auto rt = ratio(tu.located, tu.locations), rv = ratio(va.located, va.locations);
    auto ft = per_case(tu.findings, tu.cases), fv = per_case(va.findings, va.cases);
    gaps.push_back(fmt::format("  {}: recall {}, findings/PR {}", source,
                               rt && rv ? fmt::format("{:+.1f} pts", (*rt - *rv) * 100) : "-",
                               ft && fv ? fmt::format("{:+.2f}", *ft - *fv) : "-"));
  }
  std::vector<size_t> width(table[0].size(), 0);
  for (const auto& line : table)
    for (size_t i = 0; i < line.size(); ++i) width[i] = std::max(width[i], line[i].size());
  for (const auto& line : table) {
    std::string s;
    for (size_t i = 0; i < line.size(); ++i) {
      std::string pad(width[i] - line[i].size(), ' ');
      s += i < 2 ? line[i] + pad : pad + line[i];
      if (i + 1 < line.size()) s += "  ";
    }
    out << "  " << s << "\n";
  }
  out << "gap (tune - validate):\n";
  for (const std::string& g : gaps) out << g << "\n";
  return out.str();
}
}  // namespace

// ---------------------------------------------------------------- text

std::string render_eval_text(const EvalReport& r) {
  const EvalTotals& t = r.totals;
  std::ostringstream out;
  std::map<std::string, int> by_source;
  for (const CaseRun& run : r.runs) ++by_source[run.source];
  out << fmt::format("review-pr eval: {} cases ({} positive, {} negative, {} description-only); reviewed through git {}, "
                     "from pr.diff {}, description alone {}; {} case errors\n\n",
                     t.cases, t.positive, t.negative, t.description_only, by_source["git"], by_source["diff"],
                     by_source["description"], r.errors.size());

  const std::vector<std::string> head = {"rule", "codes", "exp", "found", "TP", "FN", "unexp", "FA", "trap", "ungr", "prec", "recall"};
  auto cells = [](const RuleRow& row, bool implemented) {
    std::vector<std::string> c = {row.rule, row.codes, std::to_string(row.expected), std::to_string(row.found),
                                  std::to_string(row.tp), std::to_string(row.fn), std::to_string(row.unexpected),
                                  std::to_string(row.false_alarms), std::to_string(row.traps), std::to_string(row.ungraded)};
    c.push_back(implemented ? percent(precision(row.tp, row.unexpected, row.false_alarms, row.traps)) : "-");
    c.push_back(implemented ? percent(ratio(row.tp, row.expected)) : "0%");
    return c;
  };
  std::vector<std::vector<std::string>> table = {head};
  for (const RuleRow& row : r.rows) table.push_back(cells(row, true));
  size_t implemented_end = table.size();
  for (const RuleRow& row : r.unsupported) table.push_back(cells(row, false));
  std::vector<size_t> width(head.size(), 0);
  for (const auto& line : table)
    for (size_t i = 0; i < line.size(); ++i) width[i] = std::max(width[i], line[i].size());
  auto print = [&](const std::vector<std::string>& line) {
    std::string s;
    for (size_t i = 0; i < line.size(); ++i) {
      std::string pad(width[i] - line[i].size(), ' ');
      s += i < 2 ? line[i] + pad : pad + line[i];  // names left, numbers right
      if (i + 1 < line.size()) s += "  ";
    }
    out << s << "\n";
  };
  print(table[0]);
  for (size_t i = 1; i < implemented_end; ++i) print(table[i]);
  if (implemented_end == 1) out << "(no rule fired or was expected)\n";
  if (implemented_end < table.size()) {
    out << "-- unsupported codes (expected, no rule has the code in that profile)\n";
    for (size_t i = implemented_end; i < table.size(); ++i) print(table[i]);
  }
  out << "\n";
  out << fmt::format(
      "overall: expected {} ({} implemented, {} unsupported); found {}; TP {}; FN {} (+{} unsupported); unexpected {}; "
      "false alarms {}; trap hits {}; ungraded {}\n",
      t.expected, t.expected_implemented, t.unsupported, t.found, t.tp, t.fn, t.unsupported, t.unexpected,
      t.false_alarms, t.traps, t.ungraded);
  out << fmt::format("  precision {} strict (TP/(TP+unexp+FA+trap)), {} graded (TP/(TP+FA+trap))\n",
                     percent(precision(t.tp, t.unexpected, t.false_alarms, t.traps)),
                     percent(precision(t.tp, 0, t.false_alarms, t.traps)));
  out << fmt::format("  recall {} of implemented codes ({}/{}), {} of all expected ({}/{})\n",
                     percent(ratio(t.tp, t.expected_implemented)), t.tp, t.expected_implemented,
                     percent(ratio(t.tp, t.expected)), t.tp, t.expected);
  out << fmt::format("  negative cases with a red false alarm: {} of {}\n", t.negatives_with_red, t.negative);
  if (t.locations > 0)
    out << fmt::format("  located recall {} ({}/{} location-only expectations with a finding of any rule within ±{} lines)\n",
                       percent(ratio(t.located, t.locations)), t.located, t.locations, kLineSlack);
  if (!r.splits.empty()) out << "\n" << render_splits(r);

  std::vector<std::string> notes;
  for (const CaseRun& run : r.runs)
    if (!run.note.empty()) notes.push_back(run.c.id + ": " + run.note);
  if (!notes.empty()) {
    out << "\nfallbacks (" << notes.size() << "):\n";
    for (const std::string& n : notes) out << "  " << n << "\n";
  }
  std::map<std::string, int> skipped;
  for (const CaseRun& run : r.runs)
    for (const std::string& s : run.skipped_rules) ++skipped[s];
  if (!skipped.empty()) {
    out << "\nrules that could not run (needs whole files or a description):";
    for (const auto& [rule, n] : skipped) out << " " << rule << " (" << n << " cases)";
    out << "\n";
  }

  std::vector<std::string> lines;
  for (const CaseRun& run : r.runs)
    for (size_t i = 0; i < run.c.expected.size(); ++i) {
      const ExpectedFinding& e = run.c.expected[i];
      const ExpectedOutcome& eo = run.outcome.expected[i];
      if (eo.finding < 0) continue;
      const JudgedFinding& jf = run.outcome.findings[eo.finding];
      lines.push_back(fmt::format("  {}  {}  {}  <- {} at {}", run.c.id, e.code.empty() ? "*" : e.code,
                                  place(e.file, e.line), jf.finding.rule, place(jf.finding)));
    }
  out << "\nmatched (" << lines.size() << "):\n";
  for (const std::string& l : lines) out << l << "\n";

  lines.clear();
  // Location-only misses of a large mined set would bury the rest: listed only when few.
  const bool list_located = t.locations - t.located <= kMaxLocatedMisses;
  for (const CaseRun& run : r.runs)
    for (size_t i = 0; i < run.c.expected.size(); ++i) {
      const ExpectedFinding& e = run.c.expected[i];
      const ExpectedOutcome& eo = run.outcome.expected[i];
      if (eo.finding >= 0) continue;
      if (eo.location_only) {
        if (list_located)
          lines.push_back(fmt::format("  {}  *  {}  [location only]  {}", run.c.id, place(e.file, e.line), one_line(e.evidence)));
        continue;
      }
      std::string tag = eo.rules.empty() ? "unsupported" : joined(eo.rules, "|");
      std::string sev = e.severity.empty() ? "" : e.severity + ", ";
      std::string line = fmt::format("  {}  {}  {}  [{}{}]", run.c.id, e.code, place(e.file, e.line), sev, tag);
      if (!e.evidence.empty()) line += "  " + one_line(e.evidence);
      lines.push_back(std::move(line));
    }
  out << "\nmisses (" << lines.size() << "):\n";
  for (const std::string& l : lines) out << l << "\n";
  if (!list_located)
    out << fmt::format("  (+{} location-only misses not listed: see --format json)\n", t.locations - t.located);

  auto section = [&](const char* title, Judgement j) {
    std::vector<Listed> items = listed(r, j);
    out << "\n" << title << " (" << items.size() << "):\n";
    for (const Listed& it : items) {
      std::string line = fmt::format("  {}  {}  {}  {}  {}", it.run->c.id, rule_and_code(*it.jf),
                                     severity_name(it.jf->finding.severity), place(it.jf->finding),
                                     one_line(it.jf->finding.problem));
      if (j == Judgement::TrapHit) line += "  [trap: " + one_line(it.run->c.must_not_fire[it.jf->trap].why, 80) + "]";
      out << line << "\n";
    }
  };
  section("false alarms: red findings on negative cases", Judgement::FalseAlarm);
  section("trap hits: findings a must_not_fire entry forbids", Judgement::TrapHit);
  section("unexpected: findings on positive cases that match no expected entry", Judgement::Unexpected);

  if (!r.errors.empty()) {
    out << "\ncase errors (" << r.errors.size() << "), skipped:\n";
    for (const CaseLoadError& e : r.errors) out << "  " << e.where << ": " << one_line(e.message, 300) << "\n";
  }
  return out.str();
}

// ---------------------------------------------------------------- json

namespace {
using ordered_json = nlohmann::ordered_json;

ordered_json opt(const std::optional<std::string>& s) { return s ? ordered_json(*s) : ordered_json(nullptr); }
ordered_json opt(const std::optional<int>& n) { return n ? ordered_json(*n) : ordered_json(nullptr); }
ordered_json opt(const std::optional<double>& d) {
  // Rounded so the document is byte-stable across platforms' float printing.
  return d ? ordered_json(std::round(*d * 10000) / 10000) : ordered_json(nullptr);
}

// The judgement counts a rule row and the totals share, in the document's order.
template <typename Counts>
void put_judged(ordered_json& j, const Counts& c) {
  j["found"] = c.found;
  j["tp"] = c.tp;
  j["fn"] = c.fn;
  j["unexpected"] = c.unexpected;
  j["false_alarms"] = c.false_alarms;
  j["traps"] = c.traps;
  j["ungraded"] = c.ungraded;
}

ordered_json row_json(const RuleRow& row, bool implemented, bool with_located) {
  ordered_json j;
  j["rule"] = row.rule;
  j["codes"] = row.codes;
  j["expected"] = row.expected;
  put_judged(j, row);
  j["precision"] = implemented ? opt(precision(row.tp, row.unexpected, row.false_alarms, row.traps)) : ordered_json(nullptr);
  j["recall"] = opt(ratio(row.tp, row.expected));
  if (with_located) j["located"] = row.located;
  return j;
}

ordered_json finding_json(const CaseRun& run, const JudgedFinding& jf) {
  ordered_json j;
  j["case"] = run.c.id;
  j["rule"] = jf.finding.rule;
  j["code"] = jf.code.empty() ? ordered_json(nullptr) : ordered_json(jf.code);
  j["severity"] = std::string(severity_name(jf.finding.severity));
  j["file"] = jf.finding.location ? ordered_json(jf.finding.location->file) : ordered_json(nullptr);
  j["line"] = jf.finding.location && jf.finding.location->line > 0 ? ordered_json(jf.finding.location->line)
                                                                   : ordered_json(nullptr);
  j["problem"] = jf.finding.problem;
  if (jf.judgement == Judgement::TrapHit) j["trap_why"] = run.c.must_not_fire[jf.trap].why;
  return j;
}
}  // namespace

std::string render_eval_json(const EvalReport& r) {
  const EvalTotals& t = r.totals;
  ordered_json j;
  j["schema_version"] = 1;
  j["tool"] = "review-pr eval";

  ordered_json cases = ordered_json::array();
  for (const CaseRun& run : r.runs) {
    ordered_json c;
    c["id"] = run.c.id;
    c["repo"] = run.c.repo;
    c["profile"] = run.profile;
    c["kind"] = std::string(case_kind_name(run.c.kind));
    c["source"] = run.source;
    c["note"] = run.note.empty() ? ordered_json(nullptr) : ordered_json(run.note);
    c["skipped_rules"] = run.skipped_rules;
    c["findings"] = run.outcome.findings.size();
    if (!run.c.split.empty()) {
      c["split"] = run.c.split;
      c["mined_source"] = run.c.source.empty() ? ordered_json(nullptr) : ordered_json(run.c.source);
      c["pr"] = run.c.pr ? ordered_json(*run.c.pr) : ordered_json(nullptr);
      c["evidence_commit"] = run.c.evidence_commit.empty() ? ordered_json(nullptr) : ordered_json(run.c.evidence_commit);
      // Each location-only expectation and whether a finding was near it: what a labelled
      // sample of locations (bench/labels/) is joined with.
      ordered_json locations = ordered_json::array();
      for (size_t i = 0; i < run.c.expected.size() && i < run.outcome.expected.size(); ++i) {
        const ExpectedFinding& e = run.c.expected[i];
        if (!run.outcome.expected[i].location_only || !e.file) continue;
        locations.push_back({{"file", *e.file},
                             {"line", e.line ? ordered_json(*e.line) : ordered_json(nullptr)},
                             {"located", run.outcome.expected[i].finding >= 0}});
      }
      c["expected_locations"] = std::move(locations);
    }
    cases.push_back(c);
  }
  j["cases"] = cases;

  ordered_json rows = ordered_json::array();
  const bool mined = t.locations > 0 || !r.splits.empty();  // extra keys only for mined sets
  for (const RuleRow& row : r.rows) rows.push_back(row_json(row, true, mined));
  j["rules"] = rows;
  ordered_json unsupported = ordered_json::array();
  for (const RuleRow& row : r.unsupported) unsupported.push_back(row_json(row, false, mined));
  j["unsupported"] = unsupported;

  ordered_json o;
  o["cases"] = t.cases;
  o["positive"] = t.positive;
  o["negative"] = t.negative;
  o["description_only"] = t.description_only;
  o["negatives_with_red"] = t.negatives_with_red;
  o["expected"] = t.expected;
  o["expected_implemented"] = t.expected_implemented;
  o["unsupported"] = t.unsupported;
  put_judged(o, t);
  o["precision_strict"] = opt(precision(t.tp, t.unexpected, t.false_alarms, t.traps));
  o["precision_graded"] = opt(precision(t.tp, 0, t.false_alarms, t.traps));
  o["recall_implemented"] = opt(ratio(t.tp, t.expected_implemented));
  o["recall_all"] = opt(ratio(t.tp, t.expected));
  if (mined) {
    o["locations"] = t.locations;
    o["located"] = t.located;
    o["located_recall"] = opt(ratio(t.located, t.locations));
  }
  j["overall"] = o;
  if (!r.splits.empty()) {
    ordered_json splits = ordered_json::array(), gaps = ordered_json::array();
    for (const auto& [source, by_split] : r.splits) {
      std::map<std::string, SplitStats> both = {{"tune", {}}, {"validate", {}}};
      for (const auto& [split, st] : by_split) both[split] = st;
      for (const auto& [split, st] : both) {
        ordered_json row;
        row["source"] = source;
        row["split"] = split;
        row["cases"] = st.cases;
        row["positive"] = st.positive;
        row["negative"] = st.negative;
        row["locations"] = st.locations;
        row["located"] = st.located;
        row["located_recall"] = opt(ratio(st.located, st.locations));
        row["findings"] = st.findings;
        row["red_findings"] = st.red;
        row["findings_per_pr"] = opt(ratio(st.findings, st.cases));
        row["negatives_with_red"] = st.negatives_with_red;
        splits.push_back(row);
      }
      auto rt = ratio(both["tune"].located, both["tune"].locations), rv = ratio(both["validate"].located, both["validate"].locations);
      auto ft = ratio(both["tune"].findings, both["tune"].cases), fv = ratio(both["validate"].findings, both["validate"].cases);
      ordered_json g;
      g["source"] = source;
      g["located_recall_gap"] = rt && rv ? opt(std::optional<double>(*rt - *rv)) : ordered_json(nullptr);
      g["findings_per_pr_gap"] = ft && fv ? opt(std::optional<double>(*ft - *fv)) : ordered_json(nullptr);
      gaps.push_back(g);
    }
    j["splits"] = splits;
    j["split_gaps"] = gaps;
  }

  ordered_json matched = ordered_json::array(), misses = ordered_json::array();
  for (const CaseRun& run : r.runs)
    for (size_t i = 0; i < run.c.expected.size(); ++i) {
      const ExpectedFinding& e = run.c.expected[i];
      const ExpectedOutcome& eo = run.outcome.expected[i];
      ordered_json m;
      m["case"] = run.c.id;
      m["code"] = e.code.empty() ? ordered_json(nullptr) : ordered_json(e.code);
      m["severity"] = e.severity.empty() ? ordered_json(nullptr) : ordered_json(e.severity);
      m["file"] = opt(e.file);
      m["line"] = opt(e.line);
      if (eo.finding >= 0) {
        m["finding"] = finding_json(run, run.outcome.findings[eo.finding]);
        matched.push_back(m);
      } else {
        m["rules"] = eo.rules;
        m["unsupported"] = eo.rules.empty();
        m["evidence"] = e.evidence;
        misses.push_back(m);
      }
    }
  j["matched"] = matched;
  j["misses"] = misses;
  for (auto [key, judgement] : {std::pair{"false_alarms", Judgement::FalseAlarm}, {"trap_hits", Judgement::TrapHit},
                                {"unexpected", Judgement::Unexpected}, {"ungraded", Judgement::Ungraded}}) {
    ordered_json list = ordered_json::array();
    for (const Listed& it : listed(r, judgement)) list.push_back(finding_json(*it.run, *it.jf));
    j[key] = list;
  }
  ordered_json errors = ordered_json::array();
  for (const CaseLoadError& e : r.errors) errors.push_back({{"case", e.where}, {"error", e.message}});
  j["errors"] = errors;
  return j.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
}

}  // namespace rp
