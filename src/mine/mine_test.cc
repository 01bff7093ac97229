// review-pr mine: the message patterns, the split, and a whole mine of a small repository
// built here with libgit2 (squash commits on main, PR branches under refs/pull/N/head, a
// revert, a reserved PR), checked case by case; then those cases through eval's matching.
#include "mine/mine.h"

#include <git2.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "eval/evaluate.h"

namespace fs = std::filesystem;

namespace rp {

// gtest prints "c.py:8" instead of the struct's bytes when an expectation fails.
void PrintTo(const MinedLocation& l, std::ostream* os) { *os << l.file << ":" << l.line; }

namespace {

TEST(MinePatterns, ReviewAnswers) {
  for (const char* yes :
       {"address review comments", "Address PR feedback and add backend arg", "Apply suggestions from code review",
        "apply review comments & format check", "resolving comments", "[FlyDSL] address review: stream device",
        "fix comments", "Applied Ying comment", "co-pilot comments fix", "address copilot review of using x",
        "per review, drop the knob", "as suggested by reviewer", "Fix int32 KV overflow and two Copilot review findings",
        "address felix's comment to use FlyDSL types", "resolve suggestions"})
    EXPECT_TRUE(answers_review(yes)) << yes;
  for (const char* no :
       {"trim comments and docstrings", "fix the comment", "Simplify the comment", "polish comments",
        "add a readme", "fix(skills): make review-pr's D9 trigger structural", "Merge branch 'main' into feature",
        "remove dead code + comments", "add tests"})
    EXPECT_FALSE(answers_review(no)) << no;
}

TEST(MinePatterns, NamedCauses) {
  EXPECT_EQ(named_cause_prs("Revert \"add feature (#12)\" (#15)"), std::vector<int>{12});
  EXPECT_EQ(named_cause_prs("fix regression from #40 in the loader (#41)"), std::vector<int>{40});
  EXPECT_EQ(named_cause_prs("Fix crash introduced by #7"), std::vector<int>{7});
  EXPECT_EQ(named_cause_prs("fix dtype (#50)\n\nFixes: #44\n"), std::vector<int>{44});
  EXPECT_EQ(named_cause_prs("fix the scale from #31 (#52)"), std::vector<int>{31});
  EXPECT_TRUE(named_cause_prs("add feature (#53)").empty());  // its own number is no cause
  std::vector<std::string> reverts;
  named_cause_prs("Revert something\n\nThis reverts commit 0123456789abcdef.", &reverts);
  EXPECT_EQ(reverts, std::vector<std::string>{"0123456789abcdef"});
  EXPECT_TRUE(says_fix("fix out-of-bounds read in topk (#9)"));
  EXPECT_FALSE(says_fix("fix typo in docs (#9)"));
  EXPECT_FALSE(says_fix("Revert \"fix x (#3)\""));
  EXPECT_FALSE(says_fix("add the prefix cache (#9)"));
}

TEST(MineSplit, StableAndBalanced) {
  EXPECT_EQ(fnv1a64(""), 14695981039346656037ull);
  EXPECT_EQ(fnv1a64("a"), 0xaf63dc4c8601ec8cull);  // FNV-1a 64 reference value
  EXPECT_EQ(split_for("test/repo", 1), "tune");
  EXPECT_EQ(split_for("test/repo", 2), "validate");
  EXPECT_EQ(split_for("ROCm/aiter", 4806), "validate");  // as bench/precision_tool.py computes it
  int tune = 0;
  for (int n = 1; n <= 2000; ++n) tune += split_for("ROCm/aiter", n) == "tune";
  EXPECT_GT(tune, 900);
  EXPECT_LT(tune, 1100);
}

// ---------------------------------------------------------------- a small repository

class Repo {
 public:
  explicit Repo(const fs::path& dir) {
    git_libgit2_init();
    git_repository_init_options opts = GIT_REPOSITORY_INIT_OPTIONS_INIT;
    opts.flags = GIT_REPOSITORY_INIT_BARE | GIT_REPOSITORY_INIT_MKPATH;
    opts.initial_head = "main";
    EXPECT_EQ(git_repository_init_ext(&repo_, dir.c_str(), &opts), 0);
  }
  ~Repo() {
    git_repository_free(repo_);
    git_libgit2_shutdown();
  }

  // A commit with these files (the whole tree), on top of `parents`, at day `day`.
  std::string commit(const std::map<std::string, std::string>& files, const std::vector<std::string>& parents,
                     const std::string& message, int day) {
    git_treebuilder* tb = nullptr;
    EXPECT_EQ(git_treebuilder_new(&tb, repo_, nullptr), 0);
    for (const auto& [path, text] : files) {
      git_oid blob;
      EXPECT_EQ(git_blob_create_from_buffer(&blob, repo_, text.data(), text.size()), 0);
      EXPECT_EQ(git_treebuilder_insert(nullptr, tb, path.c_str(), &blob, GIT_FILEMODE_BLOB), 0);
    }
    git_oid tree_id;
    EXPECT_EQ(git_treebuilder_write(&tree_id, tb), 0);
    git_treebuilder_free(tb);
    git_tree* tree = nullptr;
    EXPECT_EQ(git_tree_lookup(&tree, repo_, &tree_id), 0);
    std::vector<git_commit*> ps;
    for (const std::string& p : parents) {
      git_oid oid;
      git_oid_fromstr(&oid, p.c_str());
      git_commit* c = nullptr;
      EXPECT_EQ(git_commit_lookup(&c, repo_, &oid), 0);
      ps.push_back(c);
    }
    git_signature* sig = nullptr;
    EXPECT_EQ(git_signature_new(&sig, "Dev", "dev@example.com", 1'700'000'000 + day * 86400, 0), 0);
    git_oid id;
    EXPECT_EQ(git_commit_create(&id, repo_, nullptr, sig, sig, nullptr, message.c_str(), tree, ps.size(),
                                const_cast<const git_commit**>(ps.data())),
              0);
    git_signature_free(sig);
    git_tree_free(tree);
    for (git_commit* c : ps) git_commit_free(c);
    char hex[GIT_OID_HEXSZ + 1];
    git_oid_tostr(hex, sizeof(hex), &id);
    return hex;
  }

  void ref(const std::string& name, const std::string& sha) {
    git_oid oid;
    git_oid_fromstr(&oid, sha.c_str());
    git_reference* r = nullptr;
    EXPECT_EQ(git_reference_create(&r, repo_, name.c_str(), &oid, 1, nullptr), 0);
    git_reference_free(r);
  }

 private:
  git_repository* repo_ = nullptr;
};

std::string lines(const std::vector<std::string>& ls) {
  std::string out;
  for (const std::string& l : ls) out += l + "\n";
  return out;
}

std::vector<std::string> numbered(const std::string& prefix, int n) {
  std::vector<std::string> out;
  for (int i = 1; i <= n; ++i) out.push_back(prefix + std::to_string(i));
  return out;
}

struct Fixture {
  fs::path dir;
  std::string a, b, c, d, e, f, p1, p2, q1, q2, r1, r2;
};

// main:  A "init (#1)"  →  B "add feature (#2)" (a.py line 5 becomes bad5)  →  C "header (#4)"
//        (two lines on top of a.py: bad5 is now line 7)  →  D 'Revert "add feature (#2)" (#5)'
//        →  E "reserved thing (#6)" (b.py)  →  F 'Revert "reserved thing (#6)" (#7)'
// refs/pull/3/head: P1 "start feature" (c.py lines 3 and 8, on C)  →  P2 "address review
//        comments" (c.py line 8 again, and a.py line 1: not a file of the PR)
// refs/pull/4/head: Q1 "header" on B (C's tree), Q2 "tidy" (no review answer)
// refs/pull/6/head: R1 on D, R2 "address review comments": PR 6 is reserved
Fixture build(const fs::path& dir) {
  Fixture fx;
  fx.dir = dir;
  Repo repo(dir);
  std::vector<std::string> a = numbered("l", 10), c = numbered("c", 10), b = numbered("b", 4);
  fx.a = repo.commit({{"a.py", lines(a)}, {"c.py", lines(c)}, {"b.py", lines(b)}}, {}, "init (#1)", 0);
  std::vector<std::string> a2 = a;
  a2[4] = "bad5";
  fx.b = repo.commit({{"a.py", lines(a2)}, {"c.py", lines(c)}, {"b.py", lines(b)}}, {fx.a}, "add feature (#2)\n\nbody two", 1);
  std::vector<std::string> a3 = a2;
  a3.insert(a3.begin(), {"h1", "h2"});
  fx.c = repo.commit({{"a.py", lines(a3)}, {"c.py", lines(c)}, {"b.py", lines(b)}}, {fx.b}, "header (#4)", 2);
  std::vector<std::string> a4 = a3;
  a4[6] = "l5";
  fx.d = repo.commit({{"a.py", lines(a4)}, {"c.py", lines(c)}, {"b.py", lines(b)}}, {fx.c},
                     "Revert \"add feature (#2)\" (#5)\n\nThis reverts commit " + fx.b + ".", 3);
  std::vector<std::string> b2 = b;
  b2[1] = "secret";
  fx.e = repo.commit({{"a.py", lines(a4)}, {"c.py", lines(c)}, {"b.py", lines(b2)}}, {fx.d}, "reserved thing (#6)", 4);
  fx.f = repo.commit({{"a.py", lines(a4)}, {"c.py", lines(c)}, {"b.py", lines(b)}}, {fx.e},
                     "Revert \"reserved thing (#6)\" (#7)", 5);
  repo.ref("refs/heads/main", fx.f);

  std::vector<std::string> c2 = c;
  c2[2] = "x3";
  c2[7] = "x8";
  fx.p1 = repo.commit({{"a.py", lines(a3)}, {"c.py", lines(c2)}, {"b.py", lines(b)}}, {fx.c}, "start feature\n\nthe body", 3);
  std::vector<std::string> c3 = c2, a5 = a3;
  c3[7] = "y8";
  a5[0] = "h1 changed";
  fx.p2 = repo.commit({{"a.py", lines(a5)}, {"c.py", lines(c3)}, {"b.py", lines(b)}}, {fx.p1}, "address review comments", 4);
  repo.ref("refs/pull/3/head", fx.p2);

  fx.q1 = repo.commit({{"a.py", lines(a3)}, {"c.py", lines(c)}, {"b.py", lines(b)}}, {fx.b}, "header", 2);
  std::vector<std::string> a6 = a3;
  a6[9] = "tidied";
  fx.q2 = repo.commit({{"a.py", lines(a6)}, {"c.py", lines(c)}, {"b.py", lines(b)}}, {fx.q1}, "tidy", 2);
  repo.ref("refs/pull/4/head", fx.q2);

  std::vector<std::string> b3 = b, b4 = b;
  b3[1] = "secret";
  b4[1] = "secret2";
  fx.r1 = repo.commit({{"a.py", lines(a4)}, {"c.py", lines(c)}, {"b.py", lines(b3)}}, {fx.d}, "reserved work", 4);
  fx.r2 = repo.commit({{"a.py", lines(a4)}, {"c.py", lines(c)}, {"b.py", lines(b4)}}, {fx.r1}, "address review comments", 4);
  repo.ref("refs/pull/6/head", fx.r2);
  return fx;
}

class MineRepo : public ::testing::Test {
 protected:
  void SetUp() override {
    root_ = fs::temp_directory_path() / ("review-pr-mine-" + std::to_string(::getpid()));
    fs::remove_all(root_);
    fx_ = build(root_ / "repo.git");
  }
  void TearDown() override { fs::remove_all(root_); }

  MineOptions options() const {
    MineOptions o;
    o.repo_path = fx_.dir.string();
    o.name = "test/repo";
    o.skip = {6};
    o.negatives = 5;
    return o;
  }

  fs::path root_;
  Fixture fx_;
};

const MinedCase* find(const std::vector<MinedCase>& cases, const std::string& id) {
  for (const MinedCase& c : cases)
    if (c.id == id) return &c;
  return nullptr;
}

TEST_F(MineRepo, MinesExactlyTheseCases) {
  MineStats stats;
  auto cases = mine_repository(options(), stats);
  ASSERT_TRUE(cases.ok()) << cases.error();
  std::vector<std::string> ids;
  for (const MinedCase& c : *cases) ids.push_back(c.id);
  const std::string review_id = "repo-3-review-fix-" + fx_.p2.substr(0, 8);
  const std::string follow_id = "repo-2-follow-up-" + fx_.d.substr(0, 8);
  const std::string negative_id = "repo-4-negative-" + fx_.c.substr(0, 8);
  EXPECT_EQ(ids, (std::vector<std::string>{follow_id, review_id, negative_id}));

  const MinedCase* review = find(*cases, review_id);
  ASSERT_NE(review, nullptr);
  EXPECT_EQ(review->source, "review-fix");
  EXPECT_EQ(review->pr, 3);
  EXPECT_EQ(review->head, fx_.p1);  // the revision before the fix
  EXPECT_EQ(review->base, fx_.c);   // its merge-base with main
  EXPECT_EQ(review->evidence_commit, fx_.p2);
  EXPECT_EQ(review->evidence, "address review comments");
  // c.py line 8 (the PR's file); the a.py change is outside the PR and is not expected.
  EXPECT_EQ(review->expected, (std::vector<MinedLocation>{{"c.py", 8}}));
  EXPECT_EQ(review->title, "start feature");  // not merged: the branch's first commit
  EXPECT_EQ(review->body, "the body");
  EXPECT_EQ(review->split, "tune");

  const MinedCase* follow = find(*cases, follow_id);
  ASSERT_NE(follow, nullptr);
  EXPECT_EQ(follow->source, "follow-up");
  EXPECT_EQ(follow->pr, 2);
  EXPECT_EQ(follow->base, fx_.a);
  EXPECT_EQ(follow->head, fx_.b);
  // bad5 is line 7 where the revert changes it, line 5 in the PR's own tree.
  EXPECT_EQ(follow->expected, (std::vector<MinedLocation>{{"a.py", 5}}));
  EXPECT_EQ(follow->title, "add feature");
  EXPECT_EQ(follow->body, "body two");
  EXPECT_EQ(follow->split, "validate");

  const MinedCase* negative = find(*cases, negative_id);
  ASSERT_NE(negative, nullptr);
  EXPECT_EQ(negative->base, fx_.b);
  EXPECT_EQ(negative->head, fx_.c);
  EXPECT_TRUE(negative->expected.empty());
  EXPECT_EQ(negative->split, split_for("test/repo", 4));

  for (const MinedCase& c : *cases) EXPECT_NE(c.pr, 6) << c.id;  // reserved: never a case
  EXPECT_GE(stats.skipped["skip-listed PR (reserved or dev corpus)"], 1);
  EXPECT_GE(stats.skipped["introducing PR is skip-listed"], 1);
}

TEST_F(MineRepo, WithoutTheSkipListTheReservedPrWouldBeMined) {
  // The guard the previous test relies on is what keeps PR 6 out.
  MineOptions o = options();
  o.skip.clear();
  MineStats stats;
  auto cases = mine_repository(o, stats);
  ASSERT_TRUE(cases.ok()) << cases.error();
  int six = 0;
  for (const MinedCase& c : *cases) six += c.pr == 6;
  EXPECT_EQ(six, 2);  // the review fix on its branch and the revert
}

TEST_F(MineRepo, SinceAndLimitBound) {
  MineOptions o = options();
  o.since = 1'700'000'000 + 4 * 86400;  // only day 4 on: the review fix, not the revert of #2 (day 3)
  MineStats stats;
  auto cases = mine_repository(o, stats);
  ASSERT_TRUE(cases.ok()) << cases.error();
  ASSERT_EQ(cases->size(), 1u);
  EXPECT_EQ((*cases)[0].source, "review-fix");
}

TEST_F(MineRepo, WritesTheCorpusFormatDeterministicallyAndEvalMatchesByLocation) {
  MineStats stats;
  auto cases = mine_repository(options(), stats);
  ASSERT_TRUE(cases.ok()) << cases.error();
  fs::path out = root_ / "out";
  ASSERT_TRUE(write_mined_cases(*cases, "test/repo", fx_.dir.string(), out.string()).ok());
  auto read = [](const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
  };
  const std::string id = "repo-3-review-fix-" + fx_.p2.substr(0, 8);
  std::string first = read(out / id / "case.json");
  auto j = nlohmann::json::parse(first);
  EXPECT_EQ(j["source"], "review-fix");
  EXPECT_EQ(j["split"], "tune");
  EXPECT_EQ(j["evidence_commit"], fx_.p2);
  EXPECT_TRUE(j["expected"][0]["rule"].is_null());
  EXPECT_EQ(j["expected"][0]["file"], "c.py");
  EXPECT_EQ(j["expected"][0]["line"], 8);
  std::string diff = read(out / id / "pr.diff");
  EXPECT_NE(diff.find("+x8"), std::string::npos) << diff;

  // Same repository, same options: the same bytes; a stale case of this repo is removed.
  fs::create_directories(out / "repo-9-szz-deadbeef");
  std::ofstream(out / "repo-9-szz-deadbeef" / "case.json")
      << R"({"id":"repo-9-szz-deadbeef","repo":"test/repo","split":"tune","evidence_commit":"x"})";
  MineStats again;
  auto cases2 = mine_repository(options(), again);
  ASSERT_TRUE(cases2.ok());
  ASSERT_TRUE(write_mined_cases(*cases2, "test/repo", fx_.dir.string(), out.string()).ok());
  EXPECT_EQ(read(out / id / "case.json"), first);
  EXPECT_FALSE(fs::exists(out / "repo-9-szz-deadbeef"));

  // Loaded back by eval: rule null is a location-only expectation with the split fields.
  auto set = load_cases(out.string());
  ASSERT_TRUE(set.ok()) << set.error();
  ASSERT_EQ(set->cases.size(), 3u);
  const EvalCase* c = nullptr;
  for (const EvalCase& e : set->cases)
    if (e.id == id) c = &e;
  ASSERT_NE(c, nullptr);
  EXPECT_EQ(c->split, "tune");
  EXPECT_EQ(c->source, "review-fix");
  ASSERT_EQ(c->expected.size(), 1u);
  EXPECT_EQ(c->expected[0].code, "");
  auto at = [](const std::string& rule, const std::string& file, int line) {
    Finding f;
    f.rule = rule;
    f.location = Location{file, line};
    return f;
  };
  CaseOutcome o = match_case(*c, {at("any-rule", "c.py", 13), at("other", "c.py", 2)}, {{"any-rule", "B2"}});
  ASSERT_EQ(o.findings.size(), 2u);
  EXPECT_EQ(o.findings[0].judgement, Judgement::Located);  // 8 + 5: still the place
  EXPECT_EQ(o.findings[1].judgement, Judgement::Unexpected);
  EXPECT_EQ(o.expected[0].finding, 0);
  o = match_case(*c, {at("any-rule", "c.py", 14), at("x", "a.py", 8)}, {});
  EXPECT_EQ(o.expected[0].finding, -1);  // 6 lines away, or another file: not the place
}

}  // namespace
}  // namespace rp
