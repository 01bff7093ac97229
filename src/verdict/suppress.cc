#include "verdict/suppress.h"

#include <algorithm>
#include <map>

#include <nlohmann/json.hpp>
#include <re2/re2.h>

#include "core/strings.h"
#include "verdict/fingerprint.h"

namespace rp {

namespace {

// Splits "a, b ,c" into trimmed, non-empty names.
std::vector<std::string> split_rules(std::string_view list) {
  std::vector<std::string> out;
  while (true) {
    size_t comma = list.find(',');
    std::string_view name = trim(list.substr(0, comma));
    if (!name.empty()) out.emplace_back(name);
    if (comma == std::string_view::npos) break;
    list.remove_prefix(comma + 1);
  }
  return out;
}

// A reason has at least one letter or digit after separators such as ':' or '-'.
std::string reason_of(std::string_view rest) {
  rest = trim(rest);
  while (!rest.empty() && (rest.front() == ':' || rest.front() == '-' || rest.front() == ' ')) rest.remove_prefix(1);
  bool has_word = std::any_of(rest.begin(), rest.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || static_cast<unsigned char>(c) >= 0x80;
  });
  return has_word ? std::string(trim(rest)) : std::string();
}

struct Marker {
  int line = 0;  // where the comment is
  SuppressionComment comment;
};

// The comment that covers `line`: on the line itself, or alone on the line above.
std::vector<Marker> markers_covering(HeadLines& lines, const std::string& file, int line) {
  std::vector<Marker> out;
  if (auto text = lines.at(file, line))
    if (auto c = parse_suppression_comment(*text)) out.push_back({line, std::move(*c)});
  if (line > 1)
    if (auto text = lines.at(file, line - 1))
      if (auto c = parse_suppression_comment(*text); c && c->comment_only) out.push_back({line - 1, std::move(*c)});
  return out;
}

Finding missing_reason_note(const std::string& file, const Marker& m, const std::string& rule) {
  Finding f;
  f.rule = std::string(suppression_rule_info().name);
  f.severity = Severity::Note;
  f.location = Location{file, m.line};
  f.problem = "Suppression of `" + rule + "` gives no reason, so it does not suppress the finding";
  f.impact = "A silenced check with no written why cannot be re-judged when the code changes";
  f.action = "Author must write the reason after `ignore[" + rule + "]`, or fix what the finding reports";
  return f;
}

}  // namespace

std::optional<SuppressionComment> parse_suppression_comment(std::string_view line) {
  // RE2: the line is untrusted text. The marker starts a '#' or '//' comment.
  static const RE2 re(R"((.*?)(#|//)[ \t]*review-pr:[ \t]*ignore\[([^\]]*)\](.*))");
  std::string before, opener, rules, rest;
  if (!RE2::FullMatch(re2::StringPiece(line.data(), line.size()), re, &before, &opener, &rules, &rest))
    return std::nullopt;
  SuppressionComment c;
  c.rules = split_rules(rules);
  if (c.rules.empty()) return std::nullopt;
  c.reason = reason_of(rest);
  c.comment_only = trim(before).empty();
  return c;
}

SuppressionResult apply_inline_suppressions(std::vector<Finding> findings, const PullRequest& pr, Workspace& workspace,
                                            bool report_missing_reason) {
  SuppressionResult out;
  std::map<std::pair<std::string, int>, bool> noted;  // comment lines already reported
  HeadLines lines(pr, workspace);
  for (Finding& f : findings) {
    if (!f.location || f.location->line <= 0) {
      out.kept.push_back(std::move(f));
      continue;
    }
    const std::string& file = f.location->file;
    std::optional<std::string> reason;
    for (const Marker& m : markers_covering(lines, file, f.location->line)) {
      if (std::none_of(m.comment.rules.begin(), m.comment.rules.end(),
                       [&](const std::string& written) { return names_rule(written, f.rule); }))
        continue;
      if (!m.comment.reason.empty()) {
        reason = m.comment.reason;
        break;
      }
      if (report_missing_reason && !noted[{file, m.line}]) {
        noted[{file, m.line}] = true;
        out.notes.push_back(missing_reason_note(file, m, f.rule));
      }
    }
    if (reason) out.suppressed.push_back({std::move(f), SuppressedFinding::By::Inline, std::move(*reason)});
    else out.kept.push_back(std::move(f));
  }
  return out;
}

std::string render_baseline(const Review& review) {
  std::map<std::string, const Finding*> known;
  for (const Finding& f : review.findings)
    if (!f.fingerprint.empty()) known.emplace(f.fingerprint, &f);
  for (const SuppressedFinding& s : review.suppressed)
    if (s.by == SuppressedFinding::By::Baseline && !s.finding.fingerprint.empty())
      known.emplace(s.finding.fingerprint, &s.finding);
  // A folded finding's members are findings of their own on a later run (a fix removes the
  // head): each is baselined under its own fingerprint, at its own place.
  std::map<std::string, Finding> members;
  for (const auto& [head, list] : review.absorbed) {
    auto it = known.find(head);
    if (it == known.end()) continue;
    for (const auto& [fp, at] : list) {
      Finding m = *it->second;
      m.location = at;
      members.emplace(fp, std::move(m));
    }
  }
  for (const auto& [fp, m] : members) known.emplace(fp, &m);
  nlohmann::ordered_json doc;
  doc["tool"] = "review-pr";
  doc["baseline_version"] = 1;
  nlohmann::ordered_json list = nlohmann::ordered_json::array();
  for (const auto& [fp, f] : known) {
    nlohmann::ordered_json j;
    j["fingerprint"] = fp;
    j["rule"] = f->rule;
    j["file"] = f->location ? nlohmann::ordered_json(f->location->file) : nlohmann::ordered_json(nullptr);
    j["line"] = f->location && f->location->line > 0 ? nlohmann::ordered_json(f->location->line) : nlohmann::ordered_json(nullptr);
    j["problem"] = f->problem;
    list.push_back(std::move(j));
  }
  doc["findings"] = std::move(list);
  return doc.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
}

Result<Baseline> parse_baseline(const std::string& text, const std::string& path) {
  nlohmann::json doc = nlohmann::json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (doc.is_discarded()) return Status::Error(path + ": not JSON (write it with --write-baseline)");
  auto shape_error = [&](const std::string& what) { return Status::Error(path + ": not a review-pr baseline: " + what); };
  if (!doc.is_object() || !doc.contains("baseline_version")) return shape_error("no \"baseline_version\"");
  if (doc["baseline_version"] != 1) return shape_error("baseline_version must be 1");
  if (!doc.contains("findings") || !doc["findings"].is_array()) return shape_error("\"findings\" must be an array");
  Baseline b;
  b.path = path;
  for (const auto& entry : doc["findings"]) {
    if (!entry.is_object() || !entry.contains("fingerprint") || !entry["fingerprint"].is_string())
      return shape_error("every finding needs a string \"fingerprint\"");
    b.fingerprints.insert(entry["fingerprint"].get<std::string>());
  }
  return b;
}

void apply_baseline(Review& review, const Baseline& baseline) {
  std::vector<Finding> kept;
  for (Finding& f : review.findings) {
    if (!f.fingerprint.empty() && baseline.fingerprints.count(f.fingerprint))
      review.suppressed.push_back({std::move(f), SuppressedFinding::By::Baseline, "in baseline " + baseline.path});
    else
      kept.push_back(std::move(f));
  }
  review.findings = std::move(kept);
}

}  // namespace rp
