// Runs every rule fixture under tests/rules/<rule-name>/<case>/ and checks the rule's
// findings against the expectations written in the fixture itself (clang-tidy style):
//   after/<path>   a line with `expect: <rule>` (or `expect[red]: <rule>`) in a comment must
//                  get exactly that finding on that line; `expect-file: <rule>` a file-level
//                  finding; every other finding of the rule is a failure.
//   before/<path>  the files before the change (a missing before/ is an empty tree)
//   pr.json        optional PR metadata (gh pr view --json shape)
//   expect.txt     optional: `<rule>` (description-level finding), `<rule> <path>`
//                  (file-level), `<rule> <path>:<line>`; `profile: <name>` picks the profile
//   golden.txt     the case's findings as the review card renders them (the text a user
//                  reads: severity, place, problem, impact, action, trigger, evidence), one
//                  block per finding sorted by file, line, rule; "no findings" for a case
//                  without any. Every case has one; the test fails with a line diff when the
//                  rendered text differs. Regenerate after changing a message with
//                    UPDATE_GOLDEN=1 ctest --test-dir build -R RuleFixture
//                  and review the golden.txt changes in the diff like code.
// A case whose name starts with "fire" must expect at least one finding; "silent" cases
// must expect none. Every registered rule needs two of each.
#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

#include <gtest/gtest.h>
#include <re2/re2.h>

#include "report/card.h"
#include "review/review.h"
#include "rules/rule.h"

namespace fs = std::filesystem;

namespace {

const fs::path kFixtureRoot = fs::path(RP_SOURCE_DIR) / "tests" / "rules";

struct Expected {
  std::string rule;
  std::string file;  // "" = description-level
  int line = 0;      // 0 = file-level
  std::string severity;  // "" = any
  auto key() const { return std::make_tuple(rule, file, line); }
};

std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

struct Case {
  std::string rule;
  fs::path dir;
  std::string profile;
  std::vector<Expected> expected;
};

Case load_case(const std::string& rule, const fs::path& dir) {
  Case c{rule, dir, "", {}};
  static const RE2 line_re(R"(expect(?:\[(red|warn|note)\])?:\s*([a-z0-9-]+))");
  static const RE2 file_re(R"(expect-file:\s*([a-z0-9-]+))");
  fs::path after = dir / "after";
  if (fs::exists(after)) {
    std::vector<fs::path> files;
    for (auto& e : fs::recursive_directory_iterator(after))
      if (e.is_regular_file()) files.push_back(e.path());
    std::sort(files.begin(), files.end());
    for (const fs::path& f : files) {
      std::string rel = fs::relative(f, after).generic_string();
      std::istringstream text(slurp(f));
      std::string line;
      for (int n = 1; std::getline(text, line); ++n) {
        std::string sev, name;
        re2::StringPiece input(line);
        while (RE2::FindAndConsume(&input, line_re, &sev, &name)) c.expected.push_back({name, rel, n, sev});
        if (RE2::PartialMatch(line, file_re, &name)) c.expected.push_back({name, rel, 0, ""});
      }
    }
  }
  if (fs::exists(dir / "expect.txt")) {
    std::istringstream text(slurp(dir / "expect.txt"));
    std::string line;
    while (std::getline(text, line)) {
      if (line.empty() || line[0] == '#') continue;
      if (line.rfind("profile:", 0) == 0) {
        c.profile = line.substr(line.find_first_not_of(' ', 8));
        continue;
      }
      std::istringstream words(line);
      std::string name, where;
      words >> name >> where;
      Expected e{name, "", 0, ""};
      if (!where.empty()) {
        size_t colon = where.rfind(':');
        if (colon != std::string::npos) {
          e.file = where.substr(0, colon);
          e.line = std::stoi(where.substr(colon + 1));
        } else {
          e.file = where;
        }
      }
      c.expected.push_back(e);
    }
  }
  return c;
}

std::vector<Case> all_cases() {
  std::vector<Case> cases;
  if (!fs::exists(kFixtureRoot)) return cases;
  std::vector<fs::path> rule_dirs;
  for (auto& e : fs::directory_iterator(kFixtureRoot))
    if (e.is_directory()) rule_dirs.push_back(e.path());
  std::sort(rule_dirs.begin(), rule_dirs.end());
  for (const fs::path& rd : rule_dirs) {
    std::vector<fs::path> case_dirs;
    for (auto& e : fs::directory_iterator(rd))
      if (e.is_directory()) case_dirs.push_back(e.path());
    std::sort(case_dirs.begin(), case_dirs.end());
    for (const fs::path& cd : case_dirs) cases.push_back(load_case(rd.filename().string(), cd));
  }
  return cases;
}

// --- golden text ---------------------------------------------------------------------

constexpr const char* kGoldenFile = "golden.txt";
constexpr const char* kUpdateEnv = "UPDATE_GOLDEN";

bool updating_goldens() {
  const char* v = std::getenv(kUpdateEnv);
  return v != nullptr && *v != '\0' && std::string(v) != "0";
}

void replace_all(std::string& s, const std::string& from, const std::string& to) {
  if (from.empty()) return;
  for (size_t at = s.find(from); at != std::string::npos; at = s.find(from, at + to.size())) s.replace(at, from.size(), to);
}

// The findings as the card renders them, in a stable order, with nothing machine-dependent.
std::string golden_text(const std::vector<rp::Finding>& findings, const fs::path& case_dir) {
  std::vector<std::tuple<std::string, int, std::string, std::string>> blocks;
  for (const rp::Finding& f : findings) {
    std::string file = f.location ? f.location->file : "";
    int line = f.location ? f.location->line : 0;
    std::string place = file.empty() ? "<description>" : line > 0 ? file + ":" + std::to_string(line) : file;
    std::string block = "== " + std::string(rp::severity_name(f.severity)) + " " + f.rule + " " + place + "\n" +
                        rp::render_finding_markdown(f);
    blocks.emplace_back(file, line, f.rule, block);
  }
  std::sort(blocks.begin(), blocks.end());
  std::string out;
  for (const auto& b : blocks) out += (out.empty() ? "" : "\n") + std::get<3>(b);
  if (out.empty()) out = "no findings\n";
  replace_all(out, fs::absolute(case_dir).lexically_normal().generic_string(), "<case>");
  replace_all(out, fs::path(RP_SOURCE_DIR).lexically_normal().generic_string(), "<source>");
  return out;
}

std::vector<std::string> split_lines(const std::string& s) {
  std::vector<std::string> lines;
  std::istringstream in(s);
  for (std::string l; std::getline(in, l);) lines.push_back(l);
  return lines;
}

// A line diff (longest common subsequence): "-" golden, "+" now, " " both.
std::string line_diff(const std::string& golden, const std::string& now) {
  std::vector<std::string> a = split_lines(golden), b = split_lines(now);
  std::vector<std::vector<int>> lcs(a.size() + 1, std::vector<int>(b.size() + 1, 0));
  for (size_t i = a.size(); i-- > 0;)
    for (size_t j = b.size(); j-- > 0;)
      lcs[i][j] = a[i] == b[j] ? lcs[i + 1][j + 1] + 1 : std::max(lcs[i + 1][j], lcs[i][j + 1]);
  std::string out;
  size_t i = 0, j = 0;
  while (i < a.size() || j < b.size()) {
    if (i < a.size() && j < b.size() && a[i] == b[j]) out += "  " + a[i++] + "\n", ++j;
    else if (i < a.size() && (j == b.size() || lcs[i + 1][j] >= lcs[i][j + 1])) out += "- " + a[i++] + "\n";
    else out += "+ " + b[j++] + "\n";
  }
  return out;
}

// gtest prints a failing parameter; make it the case directory, not raw bytes.
void PrintTo(const Case& c, std::ostream* os) { *os << c.dir.string(); }

class RuleFixture : public ::testing::TestWithParam<Case> {};

TEST_P(RuleFixture, FindingsMatchAnnotations) {
  const Case& c = GetParam();
  ASSERT_NE(rp::find_rule(c.rule), nullptr) << "fixture directory names no registered rule: " << c.rule;
  std::string name = c.dir.filename().string();
  if (name.rfind("fire", 0) == 0) {
    EXPECT_FALSE(c.expected.empty()) << "a fire case must expect a finding";
  }
  if (name.rfind("silent", 0) == 0) {
    EXPECT_TRUE(c.expected.empty()) << "a silent case must expect nothing";
  }

  rp::ReviewInputs in;
  in.before_dir = (c.dir / "before").string();
  in.after_dir = (c.dir / "after").string();
  if (fs::exists(c.dir / "pr.json")) in.meta_file = (c.dir / "pr.json").string();
  in.profile = c.profile;
  in.rules.only = {c.rule};
  rp::Result<rp::Review> review = rp::run_review(in);
  ASSERT_TRUE(review.ok()) << review.error();

  std::multiset<std::tuple<std::string, std::string, int>> want, got;
  for (const Expected& e : c.expected) want.insert(e.key());
  for (const rp::Finding& f : review->findings) {
    got.insert({f.rule, f.location ? f.location->file : "", f.location ? f.location->line : 0});
    // The finding contract: three parts, an action that starts with who must act.
    EXPECT_FALSE(f.problem.empty()) << f.rule;
    EXPECT_FALSE(f.impact.empty()) << f.rule << ": " << f.problem;
    EXPECT_TRUE(f.action.rfind("Author must", 0) == 0 || f.action.rfind("Reviewer should ask", 0) == 0)
        << f.rule << " action does not start with a verb phrase: " << f.action;
    EXPECT_EQ(f.problem.find(" B3"), std::string::npos);
    for (const Expected& e : c.expected) {
      if (e.severity.empty() || e.key() != std::make_tuple(f.rule, f.location ? f.location->file : "",
                                                           f.location ? f.location->line : 0))
        continue;
      EXPECT_EQ(std::string(rp::severity_name(f.severity)), e.severity) << f.rule << " at line " << e.line;
    }
  }
  auto show = [](const auto& set) {
    std::string s;
    for (const auto& [rule, file, line] : set) s += "  " + rule + " " + (file.empty() ? "<description>" : file) + ":" + std::to_string(line) + "\n";
    return s.empty() ? std::string("  (none)\n") : s;
  };
  EXPECT_EQ(want, got) << "case " << c.dir.string() << "\nexpected:\n" << show(want) << "got:\n" << show(got);

  // The text a user reads, against the golden file beside the case.
  fs::path golden = c.dir / kGoldenFile;
  std::string now = golden_text(review->findings, c.dir);
  if (updating_goldens()) {
    if (!fs::exists(golden) || slurp(golden) != now) std::ofstream(golden, std::ios::binary) << now;
    return;
  }
  ASSERT_TRUE(fs::exists(golden)) << "no golden text: " << golden.string() << "\nwrite it with " << kUpdateEnv
                                  << "=1 ctest --test-dir build -R RuleFixture, then review it";
  std::string was = slurp(golden);
  EXPECT_TRUE(was == now) << "rendered findings differ from " << golden.string() << " (- golden, + now); if the new text is "
                          << "right, regenerate with " << kUpdateEnv << "=1 and review the diff:\n"
                          << line_diff(was, now);
}

std::string case_name(const ::testing::TestParamInfo<Case>& info) {
  std::string n = info.param.rule + "__" + info.param.dir.filename().string();
  for (char& ch : n)
    if (!isalnum(static_cast<unsigned char>(ch))) ch = '_';
  return n;
}

INSTANTIATE_TEST_SUITE_P(Rules, RuleFixture, ::testing::ValuesIn(all_cases()), case_name);

// Every rule has at least two fixtures that fire and two that stay silent.
TEST(RuleFixtures, EveryRuleHasFireAndSilentCases) {
  std::map<std::string, std::pair<int, int>> counts;
  for (const Case& c : all_cases()) {
    std::string name = c.dir.filename().string();
    if (name.rfind("fire", 0) == 0) ++counts[c.rule].first;
    if (name.rfind("silent", 0) == 0) ++counts[c.rule].second;
  }
  for (const rp::Rule* rule : rp::all_rules()) {
    std::string name(rule->info().name);
    EXPECT_GE(counts[name].first, 2) << name << " needs at least two fire* fixtures";
    EXPECT_GE(counts[name].second, 2) << name << " needs at least two silent* fixtures";
  }
}

// Every fixture case keeps its rendered text beside it (a silent case's says "no findings").
TEST(RuleFixtures, EveryCaseHasGoldenText) {
  if (updating_goldens()) GTEST_SKIP() << "goldens are being written";
  for (const Case& c : all_cases())
    EXPECT_TRUE(fs::exists(c.dir / kGoldenFile)) << c.dir.string() << " has no " << kGoldenFile;
}

// Every rule documents itself: a summary and docs that say what it does not fire on.
TEST(RuleFixtures, EveryRuleIsDocumented) {
  for (const rp::Rule* rule : rp::all_rules()) {
    const rp::RuleInfo& r = rule->info();
    EXPECT_TRUE(RE2::FullMatch(std::string(r.name), "[a-z0-9]+(-[a-z0-9]+)*")) << r.name;
    EXPECT_FALSE(r.summary.empty()) << r.name;
    EXPECT_NE(r.docs.find("Does not fire"), std::string_view::npos) << r.name << " docs must say what it does not fire on";
  }
}

}  // namespace
