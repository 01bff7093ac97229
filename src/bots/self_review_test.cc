// The PR Self-Review gate on the aiter #7245 description (as the bot judged it) and on
// descriptions written the way hurried authors and code-generating tools write them.
#include "bots/self_review.h"

#include <fstream>
#include <sstream>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "source/meta_json.h"

namespace rp::bots {
namespace {

constexpr const char* kHead = "0a1b2c3d4e5f60718293a4b5c6d7e8f901234567";

PullRequestMeta meta_7245() {
  std::ifstream in(std::string(RP_SOURCE_DIR) + "/tests/data/aiter-7245-meta.json", std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  auto meta = parse_pr_meta(ss.str());
  EXPECT_TRUE(meta.ok()) << meta.error();
  return meta.ok() ? *meta : PullRequestMeta{};
}

const GateCheck& check(const SelfReviewReport& r, const std::string& name) {
  for (const GateCheck& c : r.checks)
    if (c.name == name) return c;
  static GateCheck missing{"missing", false, "", ""};
  ADD_FAILURE() << "no check " << name;
  return missing;
}

// A complete, well-answered self-review; each test replaces one part.
struct Body {
  std::string revision = std::string(kHead).substr(0, 9);
  std::string behavior =
      "- Decode now runs 64 heads natively at qlen 4, because the fold copied every head twice.";
  std::string validation =
      "- `pytest op_tests/test_decode.py` on MI300X (gfx942): 40 passed, 2 skipped.\n"
      "- Unverified: MI355X and the bf16 path.";
  std::string boundaries =
      "- Only gfx942 with fp8 KV and 64 heads takes the native path; other shapes fall back to the fold, and the "
      "planner raises on any other head count.";
  std::string op_tests = "- op_tests/test_decode.py: pins the native route at 64 heads and the fold at 65.";

  std::string str() const {
    return "## Summary\n\nSomething.\n\n## PR Self-Review\n\n### Reviewed revision\n\n" + revision +
           "\n\n### Behavior and intent\n\n" + behavior + "\n\n### Validation and unverified scope\n\n" + validation +
           "\n\n### PR-specific question\n\n" + boundaries + "\n\n### Changed op tests\n\n" + op_tests + "\n";
  }
};

SelfReviewReport gate(const Body& b, std::optional<std::vector<std::string>> tests = std::nullopt) {
  return run_self_review({b.str(), kHead, std::move(tests)});
}

// Each text written as one part of an otherwise well-answered body: `name`'s verdict on it.
void expect_part(std::string Body::*part, const std::string& name, bool pass, std::initializer_list<std::string> texts) {
  for (const std::string& text : texts) {
    Body b;
    b.*part = text;
    GateCheck g = check(gate(b), name);
    EXPECT_EQ(g.pass, pass) << "'" << text << "' -> " << g.text;
  }
}

TEST(SelfReview7245, ReportsTheRevisionMismatchExactlyAsTheBotDid) {
  PullRequestMeta meta = meta_7245();
  ASSERT_EQ(meta.head_ref_oid, "307f50eb2188");
  SelfReviewReport r = run_self_review({meta.body, meta.head_ref_oid, std::nullopt});
  EXPECT_FALSE(r.pass());
  for (const GateCheck& c : r.checks) EXPECT_EQ(c.pass, c.name != "reviewed-revision") << c.name << ": " << c.text;
  EXPECT_EQ(check(r, "reviewed-revision").text,
            "Reviewed revision 9ee92f1164acfc61a0a8148c123644e8bc422e29 does not match current head 307f50eb2188");

  std::string md = render_self_review_markdown(r, GateMode::Shadow);
  EXPECT_EQ(md.rfind("**WAITING ON AUTHOR**\n\n## PR Self-Review\n\nRevision `307f50eb2188` · mode shadow\n", 0), 0u) << md;
  // The bot's list held exactly this one line.
  EXPECT_NE(md.find("### Missing or invalid answers\n\n- FAIL — Reviewed revision must contain at least the first 7 "
                    "characters of the current head SHA\n"),
            std::string::npos)
      << md;
  EXPECT_EQ(md.find("- FAIL — ", md.find("- FAIL — ") + 1), std::string::npos) << md;
  EXPECT_NE(md.find("1. What behavior does this PR change, and why is the existing behavior insufficient?"), std::string::npos);
  EXPECT_NE(md.find("Shadow mode reports what would block but keeps the status successful."), std::string::npos);

  auto j = nlohmann::json::parse(render_self_review_json(r, GateMode::Shadow));
  EXPECT_EQ(j["status"], "FAIL");
  ASSERT_EQ(j["checks"].size(), 5u);
  EXPECT_EQ(j["checks"][4]["name"], "reviewed-revision");
  EXPECT_EQ(j["checks"][4]["result"], "FAIL");
}

TEST(SelfReview7245, PassesWhenTheHeadIsTheReviewedRevision) {
  PullRequestMeta meta = meta_7245();
  std::vector<std::string> tests = {"op_tests/test_mla_shape_support.py", "op_tests/test_mla_persistent_round_robin.py"};
  for (std::string head : {"9ee92f1164acfc61a0a8148c123644e8bc422e29", "9ee92f1", "9EE92F116"}) {
    SelfReviewReport r = run_self_review({meta.body, head, tests});
    EXPECT_TRUE(r.pass()) << head << "\n" << render_self_review_markdown(r, GateMode::Shadow);
  }
  SelfReviewReport r = run_self_review({meta.body, "9ee92f1164acfc61a0a8148c123644e8bc422e29", tests});
  EXPECT_EQ(check(r, "changed-op-tests").text,
            "described: op_tests/test_mla_shape_support.py, op_tests/test_mla_persistent_round_robin.py");
  auto j = nlohmann::json::parse(render_self_review_json(r, GateMode::Enforce));
  EXPECT_EQ(j["status"], "PASS");
  EXPECT_EQ(j["mode"], "enforce");
}

TEST(SelfReview7245, AnUndescribedChangedTestFileFails) {
  PullRequestMeta meta = meta_7245();
  SelfReviewReport r = run_self_review({meta.body, "9ee92f1164ac",
                                        std::vector<std::string>{"op_tests/test_mla_shape_support.py",
                                                                 "op_tests/test_mla_decode_update_metadata.py"}});
  EXPECT_FALSE(r.pass());
  EXPECT_EQ(check(r, "changed-op-tests").text, "not described: op_tests/test_mla_decode_update_metadata.py");
}

TEST(SelfReview, AWellAnsweredBodyPasses) {
  SelfReviewReport r = gate(Body{}, std::vector<std::string>{"op_tests/test_decode.py"});
  EXPECT_TRUE(r.pass()) << render_self_review_markdown(r, GateMode::Shadow);
}

// --- reviewed revision ---
TEST(SelfReviewRevision, Fires) {
  Body b;
  b.revision = "abcdef1234567";  // another commit
  EXPECT_FALSE(check(gate(b), "reviewed-revision").pass);
  b.revision = "0a1b2c";  // six characters are not enough
  EXPECT_FALSE(check(gate(b), "reviewed-revision").pass);
  b.revision = "<!-- paste the head SHA -->";
  EXPECT_EQ(check(gate(b), "reviewed-revision").text, "Reviewed revision holds no commit SHA; current head is 0a1b2c3d4e5f");
  b.revision = "latest";
  EXPECT_FALSE(check(gate(b), "reviewed-revision").pass);
  std::string body = Body{}.str();
  body.erase(body.find("### Reviewed revision"), body.find("### Behavior") - body.find("### Reviewed revision"));
  GateCheck c = check(run_self_review({body, kHead, std::nullopt}), "reviewed-revision");
  EXPECT_FALSE(c.pass);
  EXPECT_EQ(c.text, "no Reviewed revision in the PR description; current head is 0a1b2c3d4e5f");
}

TEST(SelfReviewRevision, Silent) {
  expect_part(&Body::revision, "reviewed-revision", true,
              {"0a1b2c3", "0A1B2C3D4E5F", "`0a1b2c3d4e5f60718293a4b5c6d7e8f901234567`",
               "https://github.com/ROCm/aiter/commit/0a1b2c3d4e5f"});
  // Written inline, not as its own heading.
  std::string body = Body{}.str();
  size_t at = body.find("### Reviewed revision\n\n");
  body.replace(at, std::string("### Reviewed revision\n\n").size(), "Reviewed revision: ");
  EXPECT_TRUE(check(run_self_review({body, kHead, std::nullopt}), "reviewed-revision").pass) << body;
}

// --- behavior and intent ---
TEST(SelfReviewBehavior, FiresOnEmptyPlaceholderTemplateAndWhatWithoutWhy) {
  expect_part(&Body::behavior, "behavior-and-intent", false,
              {"", "N/A", "TBD", "<!-- Describe the behavior change and why. -->",
               "What behavior does this PR change, and why is the existing behavior insufficient?",
               "This PR updates the MLA decode kernel.", "Refactor code."});
  Body b;
  b.behavior = "This PR updates the MLA decode kernel and improves code quality.";
  EXPECT_NE(check(gate(b), "behavior-and-intent").text.find("not why"), std::string::npos);
}

TEST(SelfReviewBehavior, Silent) {
  expect_part(&Body::behavior, "behavior-and-intent", true,
              {"Non-CP keeps folding because the fold is faster at larger batches.",
               "- Skips the second copy of the KV cache.\n- Before this, every call paid 0.1 ms for it.",
               "Lets callers drop the 128-head padding they add today."});
}

// --- validation and unverified scope ---
TEST(SelfReviewValidation, Fires) {
  Body b;
  struct Case {
    std::string text, why;
  };
  for (const Case& c : std::vector<Case>{
           {"", "empty"},
           {"TODO", "empty"},
           {"Tested locally, all tests pass.", "no command or hardware"},
           {"The changes have been thoroughly tested and validated.", "no result"},
           {"`pytest op_tests/test_decode.py` on MI300X: 40 passed.", "does not say what remains unverified"},
           {"Ran `pytest op_tests/test_a.py` on MI355X. Unverified: gfx942.", "no result"},  // 355X is no number
       }) {
    b.validation = c.text;
    GateCheck g = check(gate(b), "validation-and-unverified-scope");
    EXPECT_FALSE(g.pass) << c.text;
    EXPECT_NE(g.text.find(c.why), std::string::npos) << c.text << " -> " << g.text;
  }
}

TEST(SelfReviewValidation, Silent) {
  expect_part(&Body::validation, "validation-and-unverified-scope", true,
              {"| Check | Result |\n|---|---|\n| pytest op_tests/test_a.py | 66 passed |\n\n- Unverified: MI250X.",
               "Ran the sweep on MI355X (gfx950): max abs error 0.04. Not tested on gfx942.",
               "```bash\n./run_sweep --heads 96\n```\n\n0 failed checks. Nothing else remains unverified."});
}

// --- boundaries and invariant ---
TEST(SelfReviewBoundaries, Fires) {
  expect_part(&Body::boundaries, "path-boundaries-and-invariant", false,
              {"", "N/A", "This change is safe and well tested.",
               "Applies to gfx950 with fp8 and 96 heads.",  // boundary, no invariant
               "gfx950 fp8 96 heads route to the native kernel.",
               "Which architecture, dtype and shape boundaries select the changed kernel path, and what "
               "invariant prevents unsupported inputs from reaching it?"});
}

TEST(SelfReviewBoundaries, Silent) {
  expect_part(&Body::boundaries, "path-boundaries-and-invariant", true,
              {"The new native boundary needs gfx950, 96 heads, FP8 Q and KV; mla_decode_fwd raises otherwise.",
               "bf16 inputs with head_dim 128 only; the dispatcher asserts the head_dim.",
               "No kernel path changes: this PR only edits the CI workflow and a docstring."});
}

// --- changed op tests ---
TEST(SelfReviewOpTests, Fires) {
  Body b;
  std::vector<std::string> changed = {"op_tests/test_decode.py"};
  b.op_tests = "None";
  EXPECT_EQ(check(gate(b, changed), "changed-op-tests").text, "the answer is None, but op_tests/test_decode.py changed");
  b.op_tests = "- op_tests/test_decode.py";
  EXPECT_EQ(check(gate(b, changed), "changed-op-tests").text,
            "named without saying what it covers: op_tests/test_decode.py");
  b.op_tests = "Adds tests for the new path.";
  EXPECT_EQ(check(gate(b, changed), "changed-op-tests").text, "not described: op_tests/test_decode.py");
  // A longer file name that contains the changed one does not count for it.
  b.op_tests = "- op_tests/my_test_decode.py: covers the fold at 65 heads.";
  EXPECT_FALSE(check(gate(b, changed), "changed-op-tests").pass);
  for (std::string text : {"", "N/A", "<!-- list each changed op test -->"}) {
    b.op_tests = text;
    EXPECT_FALSE(check(gate(b, std::vector<std::string>{}), "changed-op-tests").pass) << text;
    EXPECT_FALSE(check(gate(b), "changed-op-tests").pass) << text;
  }
}

TEST(SelfReviewOpTests, Silent) {
  Body b;
  b.op_tests = "None";
  EXPECT_TRUE(check(gate(b, std::vector<std::string>{}), "changed-op-tests").pass);
  EXPECT_TRUE(check(gate(b), "changed-op-tests").pass);
  b.op_tests = "None.";
  EXPECT_TRUE(check(gate(b, std::vector<std::string>{}), "changed-op-tests").pass);
  b.op_tests = "| File | Covers |\n|---|---|\n| test_decode.py | the native route at 64 heads and the fold at 65 |";
  EXPECT_TRUE(check(gate(b, std::vector<std::string>{"op_tests/test_decode.py"}), "changed-op-tests").pass);
  b.op_tests = "- op_tests/test_decode.py: pins the native route at 64 heads.";
  EXPECT_TRUE(check(gate(b), "changed-op-tests").pass);  // files unknown: a described file is enough
}

// --- whole descriptions ---
TEST(SelfReview, ATemplateLeftAsGeneratedFailsEveryCheck) {
  std::string body =
      "## PR Self-Review\n\n### Reviewed revision\n\n<!-- head SHA -->\n\n### Behavior and intent\n\n"
      "<!-- What behavior does this PR change, and why? -->\n\n### Validation and unverified scope\n\nN/A\n\n"
      "### PR-specific question\n\nTBD\n\n### Changed op tests\n\n- [ ]\n";
  SelfReviewReport r = run_self_review({body, kHead, std::nullopt});
  for (const GateCheck& c : r.checks) EXPECT_FALSE(c.pass) << c.name << ": " << c.text;
  std::string md = render_self_review_markdown(r, GateMode::Enforce);
  EXPECT_NE(md.find("Enforce mode"), std::string::npos);
}

TEST(SelfReview, NoSelfReviewSectionAtAll) {
  SelfReviewReport r = run_self_review({"## Summary\n\nFixes the decode crash on gfx942.\n", kHead, std::nullopt});
  EXPECT_FALSE(r.pass());
  EXPECT_EQ(check(r, "validation-and-unverified-scope").text,
            "no Validation and unverified scope answer in the PR Self-Review section");
}

TEST(SelfReview, QuestionsWrittenAtTheSameLevelAsTheSelfReviewHeading) {
  std::string body = Body{}.str();
  for (size_t at = 0; (at = body.find("### ", at)) != std::string::npos;) body.replace(at, 4, "## ");
  EXPECT_TRUE(run_self_review({body, kHead, std::nullopt}).pass()) << body;
}

TEST(SelfReview, ABodyPastedAsRenderedTextKeepsItsSections) {
  // What a copy from the PR page gives: the headings are bare lines, bullets are "•".
  std::string body =
      "Summary\n\n  • Faster decode.\n\nPR Self-Review\n\nReviewed revision\n\n0a1b2c3d4e\n\n"
      "Behavior and intent\n\n  • Decode runs natively at qlen 8 because the fold costs 0.1 ms.\n\n"
      "Validation and unverified scope\n\n  • pytest op_tests/test_a.py on MI355X: 12 passed.\n  • Unverified: gfx942.\n\n"
      "PR-specific question\n\n  • Only gfx950 fp8 at 96 heads; the planner raises otherwise.\n\n"
      "Changed op tests\n\n  • op_tests/test_a.py: pins the native boundary at qlen 8 and the fold at 9.\n";
  SelfReviewReport r = run_self_review({body, kHead, std::vector<std::string>{"op_tests/test_a.py"}});
  EXPECT_TRUE(r.pass()) << render_self_review_markdown(r, GateMode::Shadow);
  // Without the PR Self-Review line nothing is taken for a heading.
  body.erase(body.find("PR Self-Review\n\n"), std::string("PR Self-Review\n\n").size());
  EXPECT_FALSE(run_self_review({body, kHead, std::nullopt}).pass());
}

TEST(SelfReview, CommitShaShape) {
  EXPECT_TRUE(is_commit_sha("9ee92f1"));
  EXPECT_TRUE(is_commit_sha(kHead));
  EXPECT_FALSE(is_commit_sha("9ee92f"));
  EXPECT_FALSE(is_commit_sha("deadbeef"));  // a word, not a SHA
  EXPECT_FALSE(is_commit_sha("HEAD~1"));
  EXPECT_FALSE(is_commit_sha(std::string(41, 'a')));
}

TEST(SelfReview, ChangedOpTestsFollowTheProfile) {
  ChangeSet cs;
  for (std::string p : {"op_tests/test_a.py", "op_tests/README.md", "csrc/a.cu", "tests/test_b.py"}) {
    FileChange f;
    f.new_path = f.old_path = p;
    cs.files.push_back(f);
  }
  EXPECT_EQ(changed_op_test_files(cs, *find_profile("aiter")), (std::vector<std::string>{"op_tests/test_a.py"}));
  EXPECT_EQ(changed_op_test_files(cs, *find_profile("generic")),
            (std::vector<std::string>{"op_tests/test_a.py", "tests/test_b.py"}));
}

}  // namespace
}  // namespace rp::bots
