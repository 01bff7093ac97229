#include "eval/eval_case.h"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <set>

#include <nlohmann/json.hpp>

#include "source/input_file.h"

namespace fs = std::filesystem;

namespace rp {

namespace {
constexpr size_t kMaxCaseBytes = size_t(16) << 20;
using json = nlohmann::json;

std::string lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return std::tolower(c); });
  return s;
}

// Field readers: a missing key and JSON null read the same; a value of the wrong type is an
// error naming the field, so a typo in a hand-edited case is not silently a different case.
Status read_string(const json& j, const char* key, std::optional<std::string>& out, const std::string& where) {
  auto it = j.find(key);
  if (it == j.end() || it->is_null()) return Status::Ok();
  if (!it->is_string()) return Status::Error(where + ": '" + key + "' must be a string or null");
  out = it->get<std::string>();
  return Status::Ok();
}

Status read_line(const json& j, std::optional<int>& out, const std::string& where) {
  auto it = j.find("line");
  if (it == j.end() || it->is_null()) return Status::Ok();
  if (!it->is_number_integer() || it->get<long long>() < 1 || it->get<long long>() > 100'000'000)
    return Status::Error(where + ": 'line' must be a positive integer or null");
  out = static_cast<int>(it->get<long long>());
  return Status::Ok();
}

Status read_code(const json& j, std::string& out, const std::string& where) {
  std::optional<std::string> code;
  if (Status s = read_string(j, "rule", code, where); !s.ok()) return s;
  if (!code || code->empty()) return Status::Error(where + ": 'rule' (a checklist code) is required");
  out = *code;
  return Status::Ok();
}

Result<ExpectedFinding> read_expected(const json& j, const std::string& where) {
  if (!j.is_object()) return Status::Error(where + " must be an object");
  ExpectedFinding e;
  // An explicit "rule": null is a location-only expectation (mined cases); a missing key is
  // still an error, so a typo does not silently turn a coded expectation into a looser one.
  bool location_only = j.contains("rule") && j["rule"].is_null();
  if (!location_only)
    if (Status s = read_code(j, e.code, where); !s.ok()) return s;
  std::optional<std::string> severity, evidence;
  if (Status s = read_string(j, "severity", severity, where); !s.ok()) return s;
  if (Status s = read_string(j, "file", e.file, where); !s.ok()) return s;
  if (Status s = read_line(j, e.line, where); !s.ok()) return s;
  if (Status s = read_string(j, "evidence", evidence, where); !s.ok()) return s;
  if (e.line && !e.file) return Status::Error(where + ": a 'line' needs a 'file'");
  if (location_only && !e.file) return Status::Error(where + ": 'rule': null (location only) needs a 'file'");
  e.severity = severity.value_or("");
  e.evidence = evidence.value_or("");
  return e;
}

// Either a bare code ("C4": no finding of that code anywhere) or an object like an expected entry.
Result<MustNotFire> read_trap(const json& j, const std::string& where) {
  MustNotFire t;
  if (j.is_string()) {
    t.code = j.get<std::string>();
    if (t.code.empty()) return Status::Error(where + " is an empty code");
    return t;
  }
  if (!j.is_object()) return Status::Error(where + " must be a code string or an object");
  if (Status s = read_code(j, t.code, where); !s.ok()) return s;
  std::optional<std::string> why;
  if (Status s = read_string(j, "file", t.file, where); !s.ok()) return s;
  if (Status s = read_line(j, t.line, where); !s.ok()) return s;
  if (Status s = read_string(j, "why", why, where); !s.ok()) return s;
  if (t.line && !t.file) return Status::Error(where + ": a 'line' needs a 'file'");
  t.why = why.value_or("");
  return t;
}

std::optional<CaseKind> parse_kind(const std::string& s) {
  if (s == "positive") return CaseKind::Positive;
  if (s == "negative") return CaseKind::Negative;
  if (s == "description-only") return CaseKind::DescriptionOnly;
  return std::nullopt;
}
// An optional array under `key`, each element read by `read_one`; errors name the element.
template <typename T>
Status read_array(const json& j, const char* key, const std::string& where,
                  Result<T> (*read_one)(const json&, const std::string&), std::vector<T>& out) {
  auto it = j.find(key);
  if (it == j.end() || it->is_null()) return Status::Ok();
  if (!it->is_array()) return Status::Error(where + ": '" + key + "' must be an array");
  for (size_t i = 0; i < it->size(); ++i) {
    auto one = read_one((*it)[i], where + ": " + key + "[" + std::to_string(i) + "]");
    if (!one.ok()) return one.status();
    out.push_back(std::move(*one));
  }
  return Status::Ok();
}

}  // namespace

std::string_view case_kind_name(CaseKind k) {
  switch (k) {
    case CaseKind::Positive: return "positive";
    case CaseKind::Negative: return "negative";
    case CaseKind::DescriptionOnly: return "description-only";
  }
  return "positive";
}

std::string profile_for_repo(const std::string& repo) {
  std::string r = lower(repo);
  if (r == "rocm/atom") return "atom";
  if (r == "rocm/aiter") return "aiter";
  return "generic";
}

bool natural_less(const std::string& a, const std::string& b) {
  size_t i = 0, j = 0;
  while (i < a.size() && j < b.size()) {
    bool da = std::isdigit(static_cast<unsigned char>(a[i])), db = std::isdigit(static_cast<unsigned char>(b[j]));
    if (da && db) {
      size_t ei = i, ej = j;
      while (ei < a.size() && std::isdigit(static_cast<unsigned char>(a[ei]))) ++ei;
      while (ej < b.size() && std::isdigit(static_cast<unsigned char>(b[ej]))) ++ej;
      // Compare digit runs by value: strip leading zeros, then shorter is smaller.
      size_t si = i, sj = j;
      while (si + 1 < ei && a[si] == '0') ++si;
      while (sj + 1 < ej && b[sj] == '0') ++sj;
      if (ei - si != ej - sj) return ei - si < ej - sj;
      int c = a.compare(si, ei - si, b, sj, ej - sj);
      if (c != 0) return c < 0;
      i = ei;
      j = ej;
      continue;
    }
    if (a[i] != b[j]) return static_cast<unsigned char>(a[i]) < static_cast<unsigned char>(b[j]);
    ++i;
    ++j;
  }
  if ((a.size() - i) != (b.size() - j)) return a.size() - i < b.size() - j;
  return a < b;  // equal by value ("01" vs "1"): fall back to plain order, still total
}

Result<EvalCase> load_case(const std::string& dir) {
  fs::path file = fs::path(dir) / "case.json";
  const std::string where = file.string();
  auto text = read_input_file(where, kMaxCaseBytes);
  if (!text.ok()) return text.status();
  json j = json::parse(text->begin(), text->end(), nullptr, /*allow_exceptions=*/false);
  if (j.is_discarded()) return Status::Error(where + ": not valid JSON");
  if (!j.is_object()) return Status::Error(where + ": must be a JSON object");

  EvalCase c;
  c.dir = dir;
  std::optional<std::string> id, repo, title, body, kind, source, split, evidence_commit;
  for (auto [key, out] : {std::pair{"id", &id}, {"repo", &repo}, {"title", &title}, {"body", &body}, {"kind", &kind},
                          {"source", &source}, {"split", &split}, {"evidence_commit", &evidence_commit}})
    if (Status s = read_string(j, key, *out, where); !s.ok()) return s;
  if (split && *split != "tune" && *split != "validate")
    return Status::Error(where + ": 'split' must be tune or validate");
  c.source = source.value_or("");
  c.split = split.value_or("");
  c.evidence_commit = evidence_commit.value_or("");
  if (Status s = read_string(j, "base", c.base, where); !s.ok()) return s;
  if (Status s = read_string(j, "head", c.head, where); !s.ok()) return s;
  if (!id || id->empty()) return Status::Error(where + ": 'id' is required");
  if (!repo || repo->empty()) return Status::Error(where + ": 'repo' is required");
  c.id = *id;
  c.repo = *repo;
  c.title = title.value_or("");
  c.body = body.value_or("");
  auto parsed_kind = parse_kind(kind.value_or("positive"));
  if (!parsed_kind) return Status::Error(where + ": 'kind' must be positive, negative or description-only");
  c.kind = *parsed_kind;
  if (auto it = j.find("pr"); it != j.end() && !it->is_null()) {
    if (!it->is_number_integer() || it->get<long long>() < 0 || it->get<long long>() > 1'000'000'000)
      return Status::Error(where + ": 'pr' must be a PR number");
    c.pr = static_cast<int>(it->get<long long>());
  }

  if (Status s = read_array(j, "expected", where, read_expected, c.expected); !s.ok()) return s;
  if (Status s = read_array(j, "must_not_fire", where, read_trap, c.must_not_fire); !s.ok()) return s;
  if (c.kind == CaseKind::Negative && !c.expected.empty())
    return Status::Error(where + ": a negative case expects no finding");

  std::error_code ec;
  fs::path diff = fs::path(dir) / "pr.diff";
  if (fs::is_regular_file(diff, ec)) c.diff_path = diff.string();
  return c;
}

Result<CaseSet> load_cases(const std::string& root) {
  std::error_code ec;
  if (!fs::is_directory(root, ec)) return Status::Error(root + ": not a directory");
  std::vector<std::string> dirs;
  if (fs::exists(fs::path(root) / "case.json", ec)) {
    dirs.push_back(root);
  } else {
    for (const fs::directory_entry& e : fs::directory_iterator(root, ec))
      if (e.is_directory(ec) && fs::exists(e.path() / "case.json", ec)) dirs.push_back(e.path().string());
    if (ec) return Status::Error(root + ": cannot list (" + ec.message() + ")");
  }
  if (dirs.empty()) return Status::Error(root + ": no case folders (sub-folders with a case.json)");
  std::sort(dirs.begin(), dirs.end(), natural_less);

  CaseSet set;
  std::set<std::string> seen;
  for (const std::string& d : dirs) {
    std::string name = fs::path(d).filename().string();
    auto c = load_case(d);
    if (!c.ok()) {
      set.errors.push_back({name, c.error()});
      continue;
    }
    if (!seen.insert(c->id).second) {
      set.errors.push_back({name, "case id '" + c->id + "' is used by another case folder"});
      continue;
    }
    set.cases.push_back(std::move(*c));
  }
  if (set.cases.empty())
    return Status::Error(root + ": no case could be loaded (" + set.errors.front().where + ": " +
                         set.errors.front().message + ")");
  std::sort(set.cases.begin(), set.cases.end(), [](const EvalCase& a, const EvalCase& b) { return natural_less(a.id, b.id); });
  return set;
}

}  // namespace rp
