// The CI formats: SARIF validated against the OASIS SARIF 2.1.0 JSON schema
// (tests/data/sarif-schema-2.1.0.json, draft-04) with valijson; rdjson's shape; the
// escaping of GitHub workflow commands.
#include <fstream>
#include <sstream>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <valijson/adapters/nlohmann_json_adapter.hpp>
#include <valijson/schema.hpp>
#include <valijson/schema_parser.hpp>
#include <valijson/validator.hpp>

#include "report/github_annotations.h"
#include "report/rdjson_report.h"
#include "report/sarif_report.h"

namespace rp {
namespace {

Review rich_review() {
  Review r;
  r.profile = "aiter";
  r.number = 7;
  r.title = "t";
  r.head_rev = "0123456789abcdef0123456789abcdef01234567";
  r.verdict = Verdict::Block;
  Finding red;
  red.rule = "unbound-local";
  red.severity = Severity::Red;
  red.location = Location{"aiter/ops/x.py", 12};
  red.related = {Location{"aiter/ops/y.py", 3}, Location{"aiter/ops/z.py", 0}};
  red.problem = "`s` is bound only on the fp8 branch";
  red.impact = "UnboundLocalError: 100% of bf16 calls";
  red.action = "Author must initialise `s`";
  red.trigger = "dtype=bf16";
  red.evidence = {"aiter/ops/x.py:12: return s"};
  red.fingerprint = "00112233445566aa";
  Finding whole_file = red;
  whole_file.rule = "temporary-script";
  whole_file.severity = Severity::Warn;
  whole_file.location = Location{"run,me:now.sh", 0};
  whole_file.related.clear();
  whole_file.fingerprint = "ffeeddccbbaa0099";
  Finding description;
  description.rule = "perf-claim-without-numbers";
  description.severity = Severity::Note;
  description.problem = "claims 2x\nwith no numbers";
  description.action = "Reviewer should ask for numbers";
  description.fingerprint = "1234567890abcdef";
  r.findings = {red, whole_file, description};
  Finding hidden = red;
  hidden.rule = "new-dependency";
  hidden.fingerprint = "abababababababab";
  r.suppressed = {{hidden, SuppressedFinding::By::Inline, "vendored on purpose"},
                  {red, SuppressedFinding::By::Baseline, "in baseline b.json"}};
  r.codes = {{"unbound-local", "D1b"}};
  return r;
}

std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// Empty when valid; else the validator's errors, one per line.
std::string sarif_schema_errors(const nlohmann::json& doc) {
  static const nlohmann::json schema_doc = nlohmann::json::parse(slurp(RP_SOURCE_DIR "/tests/data/sarif-schema-2.1.0.json"));
  static const valijson::Schema* schema = [] {
    auto* s = new valijson::Schema;
    valijson::SchemaParser parser(valijson::SchemaParser::kDraft4);
    valijson::adapters::NlohmannJsonAdapter adapter(schema_doc);
    parser.populateSchema(adapter, *s);
    return s;
  }();
  valijson::Validator validator(valijson::Validator::kStrongTypes);
  valijson::ValidationResults results;
  valijson::adapters::NlohmannJsonAdapter target(doc);
  if (validator.validate(*schema, target, &results)) return "";
  std::string out;
  valijson::ValidationResults::Error e;
  while (results.popError(e)) {
    for (const std::string& c : e.context) out += c;
    out += ": " + e.description + "\n";
  }
  return out;
}

TEST(Sarif, ValidatesAgainstTheSarif210Schema) {
  auto doc = nlohmann::json::parse(render_sarif(rich_review()));
  EXPECT_EQ(sarif_schema_errors(doc), "");
  Review empty;
  empty.profile = "generic";
  EXPECT_EQ(sarif_schema_errors(nlohmann::json::parse(render_sarif(empty))), "");
}

TEST(Sarif, SchemaCheckCanFail) {
  auto doc = nlohmann::json::parse(render_sarif(rich_review()));
  doc["runs"][0]["results"][0]["level"] = "fatal";
  EXPECT_NE(sarif_schema_errors(doc), "");
  doc = nlohmann::json::parse(render_sarif(rich_review()));
  doc["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["region"]["startLine"] = 0;
  EXPECT_NE(sarif_schema_errors(doc), "");
  doc = nlohmann::json::parse(render_sarif(rich_review()));
  doc["runs"][0]["tool"]["driver"].erase("name");
  EXPECT_NE(sarif_schema_errors(doc), "");
}

TEST(Sarif, ResultsCarryRuleMetadataFingerprintsAndSuppressions) {
  std::string text = render_sarif(rich_review());
  EXPECT_EQ(text, render_sarif(rich_review()));
  auto run = nlohmann::json::parse(text)["runs"][0];
  const auto& rules = run["tool"]["driver"]["rules"];
  auto results = run["results"];
  // Two located findings + one suppressed inline; the baseline one is left out, the description
  // one is a notification (GitHub rejects results without a location).
  ASSERT_EQ(results.size(), 3u);
  for (const auto& r : results) EXPECT_TRUE(r.contains("locations")) << r;
  const auto& red = results[0];
  EXPECT_EQ(red["ruleId"], "unbound-local");
  EXPECT_EQ(red["level"], "error");
  EXPECT_EQ(rules[red["ruleIndex"].get<int>()]["id"], "unbound-local");
  EXPECT_NE(rules[red["ruleIndex"].get<int>()]["help"]["text"].get<std::string>().find("Does not fire"), std::string::npos);
  EXPECT_EQ(red["partialFingerprints"]["reviewPr/v1"], "00112233445566aa");
  EXPECT_EQ(red["locations"][0]["physicalLocation"]["artifactLocation"]["uri"], "aiter/ops/x.py");
  EXPECT_EQ(red["locations"][0]["physicalLocation"]["region"]["startLine"], 12);
  ASSERT_EQ(red["relatedLocations"].size(), 2u);
  EXPECT_FALSE(red["relatedLocations"][1]["physicalLocation"].contains("region"));
  EXPECT_EQ(red["properties"]["trigger"], "dtype=bf16");
  EXPECT_EQ(red["message"]["text"], "`s` is bound only on the fp8 branch. UnboundLocalError: 100% of bf16 calls. Author must initialise `s`.");
  EXPECT_EQ(results[1]["level"], "warning");
  EXPECT_FALSE(results[1]["locations"][0]["physicalLocation"].contains("region"));
  EXPECT_EQ(results[2]["suppressions"][0]["kind"], "inSource");
  EXPECT_EQ(results[2]["suppressions"][0]["justification"], "vendored on purpose");
  const auto& notes = run["invocations"][0]["toolExecutionNotifications"];
  ASSERT_EQ(notes.size(), 1u);
  EXPECT_EQ(notes[0]["level"], "note");
  EXPECT_EQ(notes[0]["associatedRule"]["id"], "perf-claim-without-numbers");
  EXPECT_EQ(rules[notes[0]["associatedRule"]["index"].get<int>()]["id"], "perf-claim-without-numbers");
}

TEST(Rdjson, DiagnosticPerFindingWithSeverityCodeAndRange) {
  auto doc = nlohmann::json::parse(render_rdjson(rich_review()));
  EXPECT_EQ(doc["source"]["name"], "review-pr");
  const auto& d = doc["diagnostics"];
  ASSERT_EQ(d.size(), 3u);
  EXPECT_EQ(d[0]["severity"], "ERROR");
  EXPECT_EQ(d[0]["code"]["value"], "unbound-local");
  EXPECT_EQ(d[0]["location"]["path"], "aiter/ops/x.py");
  EXPECT_EQ(d[0]["location"]["range"]["start"]["line"], 12);
  EXPECT_EQ(d[0]["related_locations"][0]["location"]["path"], "aiter/ops/y.py");
  EXPECT_FALSE(d[1]["location"].contains("range"));
  EXPECT_EQ(d[1]["severity"], "WARNING");
  EXPECT_EQ(d[2]["severity"], "INFO");
  EXPECT_FALSE(d[2].contains("location"));
}

TEST(GithubAnnotations, EscapesDataAndProperties) {
  EXPECT_EQ(escape_workflow_data("50% a\r\nb: c, d"), "50%25 a%0D%0Ab: c, d");
  EXPECT_EQ(escape_workflow_property("a:b,c%\n"), "a%3Ab%2Cc%25%0A");
  std::string out = render_github_annotations(rich_review());
  std::istringstream lines(out);
  std::string first, second, third, extra;
  std::getline(lines, first);
  std::getline(lines, second);
  std::getline(lines, third);
  EXPECT_FALSE(std::getline(lines, extra));  // suppressed findings are not annotated
  EXPECT_EQ(first,
            "::error file=aiter/ops/x.py,line=12,title=review-pr unbound-local::`s` is bound only on the fp8 branch. "
            "UnboundLocalError: 100%25 of bf16 calls. Author must initialise `s`.");
  EXPECT_EQ(second.rfind("::warning file=run%2Cme%3Anow.sh,title=review-pr temporary-script::", 0), 0u) << second;
  EXPECT_EQ(third.rfind("::notice title=review-pr perf-claim-without-numbers::claims 2x%0Awith no numbers.", 0), 0u) << third;
}

}  // namespace
}  // namespace rp
