// The real aiter PR #7245 (tests/data/aiter-7245-meta.json, rebuilt as Markdown from its PR
// page): strong perf evidence with units, a batch × context grid, hardware and a command. The
// perf-evidence rules must stay silent on it; a stripped copy of the same page must not.
#include <fstream>
#include <sstream>
#include <string>

#include <gtest/gtest.h>

#include "review/review.h"
#include "source/meta_json.h"

namespace rp {
namespace {

const std::string kMeta = std::string(RP_SOURCE_DIR) + "/tests/data/aiter-7245-meta.json";
const std::vector<std::string> kPerfRules = {"perf-claim-without-numbers", "toy-benchmark-shapes",
                                             "perf-claim-not-reproducible", "tp-head-split-untested"};

std::vector<std::string> fired(const PullRequestMeta& meta) {
  ReviewInputs in;
  in.meta = meta;
  in.diff_text = "";
  in.profile = "aiter";
  in.rules.only = kPerfRules;
  auto review = run_review(in);
  EXPECT_TRUE(review.ok()) << (review.ok() ? "" : review.error());
  std::vector<std::string> rules;
  if (review.ok())
    for (const Finding& f : review->findings) rules.push_back(f.rule);
  return rules;
}

PullRequestMeta load() {
  std::ifstream in(kMeta);
  std::stringstream ss;
  ss << in.rdbuf();
  auto meta = parse_pr_meta(ss.str());
  EXPECT_TRUE(meta.ok());
  return meta.ok() ? *meta : PullRequestMeta{};
}

TEST(PerfRules7245, SilentOnTheRealDescription) {
  PullRequestMeta meta = load();
  ASSERT_NE(meta.body.find("Native 96 (µs)"), std::string::npos);
  EXPECT_TRUE(fired(meta).empty());
}

// The same PR with its hardware names and scripts removed: the reproduction rule that was silent
// above must now speak, so the silence is not an accident of the input.
TEST(PerfRules7245, StrippedOfHardwareAndScriptsFires) {
  PullRequestMeta meta = load();
  std::string body;
  std::istringstream lines(meta.body);
  for (std::string line; std::getline(lines, line);) {
    if (line.find(".py") != std::string::npos || line.find("gfx") != std::string::npos) continue;
    for (std::size_t at = line.find("MI"); at != std::string::npos; at = line.find("MI")) line.replace(at, 2, "box-");
    body += line + "\n";
  }
  meta.body = body;
  std::vector<std::string> rules = fired(meta);
  EXPECT_EQ(rules, std::vector<std::string>{"perf-claim-not-reproducible"});
}

}  // namespace
}  // namespace rp
