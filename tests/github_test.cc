// GitHub integration: the client and the review-pr binary against a local HTTP server on
// 127.0.0.1 (tests/github_server.h) that answers the REST endpoints review-pr uses with
// bodies in GitHub's documented shapes. Covers pagination (Link headers), rate limits (403
// with X-RateLimit-Remaining: 0), retries (502 then success), reading a PR, posting a review,
// editing the same summary on re-runs, and not duplicating inline comments after a push that
// shifts lines. The token must never appear in any output. No real network is touched.
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "github/api.h"
#include "github/client.h"
#include "github_server.h"

namespace fs = std::filesystem;
using json = nlohmann::json;
using rp::testing::GitHubServer;
using rp::testing::ServerRequest;
using rp::testing::ServerResponse;

namespace {

constexpr const char* kToken = "ghp_TESTtoken0123456789SECRETvalue";
constexpr const char* kRepo = "octo/kernels";
constexpr int kNumber = 7;

std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// A client for the local server that never really sleeps; it records the waits instead.
struct TestClient {
  std::vector<long> waits;
  rp::GitHubClient client;
  explicit TestClient(const GitHubServer& server, int max_wait_s = 120)
      : client(options(server, max_wait_s, &waits)) {}
  static rp::GitHubOptions options(const GitHubServer& server, int max_wait_s, std::vector<long>* waits) {
    rp::GitHubOptions o;
    o.api_url = server.url();
    o.token = kToken;
    o.max_rate_wait_s = max_wait_s;
    o.sleep = [waits](long ms) { waits->push_back(ms); };
    return o;
  }
};

// ---- the client ----

TEST(GitHubClient, FollowsLinkHeadersAcrossPages) {
  GitHubServer server;
  std::string base = server.url() + "/repos/octo/kernels/issues/7/comments?per_page=100";
  server.reply("GET", "/repos/octo/kernels/issues/7/comments?per_page=100", 200, R"([{"id":1},{"id":2}])",
               {"Link: <" + base + "&page=2>; rel=\"next\", <" + base + "&page=3>; rel=\"last\""});
  server.reply("GET", "/repos/octo/kernels/issues/7/comments?per_page=100&page=2", 200, R"([{"id":3}])",
               {"Link: <" + base + "&page=3>; rel=\"next\", <" + base + "&page=1>; rel=\"first\""});
  server.reply("GET", "/repos/octo/kernels/issues/7/comments?per_page=100&page=3", 200, R"([{"id":4}])",
               {"Link: <" + base + "&page=1>; rel=\"first\", <" + base + "&page=2>; rel=\"prev\""});
  TestClient t(server);
  auto all = t.client.get_all("/repos/octo/kernels/issues/7/comments");
  ASSERT_TRUE(all.ok()) << all.error();
  ASSERT_EQ(all->size(), 4u);
  EXPECT_EQ((*all)[3]["id"], 4);
  EXPECT_EQ(server.requests().size(), 3u);
}

TEST(GitHubClient, ReadsWrappedListsAcrossPages) {
  GitHubServer server;
  std::string base = server.url() + "/repos/octo/kernels/commits/abc/check-runs?per_page=100";
  server.reply("GET", "/repos/octo/kernels/commits/abc/check-runs?per_page=100", 200,
               R"({"total_count":2,"check_runs":[{"id":10,"name":"build"}]})", {"Link: <" + base + "&page=2>; rel=\"next\""});
  server.reply("GET", "/repos/octo/kernels/commits/abc/check-runs?per_page=100&page=2", 200,
               R"({"total_count":2,"check_runs":[{"id":11,"name":"test"}]})");
  TestClient t(server);
  auto runs = rp::read_check_runs(t.client, kRepo, "abc");
  ASSERT_TRUE(runs.ok()) << runs.error();
  ASSERT_EQ(runs->size(), 2u);
  EXPECT_EQ((*runs)[1].name, "test");
}

TEST(GitHubClient, WaitsForARateLimitResetWithinTheBound) {
  GitHubServer server;
  long long reset = static_cast<long long>(std::time(nullptr)) + 30;
  server.sequence("GET", "/repos/octo/kernels",
                  {{403, R"({"message":"API rate limit exceeded for user ID 1.","documentation_url":"https://docs.github.com/rest/overview/resources-in-the-rest-api#rate-limiting"})",
                    {"X-RateLimit-Limit: 5000", "X-RateLimit-Remaining: 0", "X-RateLimit-Used: 5000",
                     "X-RateLimit-Reset: " + std::to_string(reset), "X-RateLimit-Resource: core"}},
                   {200, R"({"id":1,"full_name":"octo/kernels"})", {}}});
  TestClient t(server);
  auto repo = t.client.get_json("/repos/octo/kernels");
  ASSERT_TRUE(repo.ok()) << repo.error();
  EXPECT_EQ((*repo)["full_name"], "octo/kernels");
  ASSERT_EQ(t.waits.size(), 1u);
  EXPECT_GE(t.waits[0], 29'000);
  EXPECT_LE(t.waits[0], 32'000);
}

TEST(GitHubClient, RateLimitBeyondTheBoundFailsWithAClearMessage) {
  GitHubServer server;
  long long reset = static_cast<long long>(std::time(nullptr)) + 3000;
  server.reply("GET", "/repos/octo/kernels", 403, R"({"message":"API rate limit exceeded for 127.0.0.1."})",
               {"X-RateLimit-Remaining: 0", "X-RateLimit-Reset: " + std::to_string(reset)});
  TestClient t(server, 60);
  auto repo = t.client.get_json("/repos/octo/kernels");
  ASSERT_FALSE(repo.ok());
  EXPECT_NE(repo.error().find("rate limit exceeded"), std::string::npos) << repo.error();
  EXPECT_NE(repo.error().find("resets at"), std::string::npos) << repo.error();
  EXPECT_NE(repo.error().find("limit of 60 s"), std::string::npos) << repo.error();
  EXPECT_TRUE(t.waits.empty());
  EXPECT_EQ(server.requests().size(), 1u);
}

TEST(GitHubClient, HonoursRetryAfterOnSecondaryLimits) {
  GitHubServer server;
  server.sequence("GET", "/repos/octo/kernels",
                  {{429, R"({"message":"You have exceeded a secondary rate limit."})", {"Retry-After: 7"}},
                   {200, R"({"id":1})", {}}});
  TestClient t(server);
  ASSERT_TRUE(t.client.get_json("/repos/octo/kernels").ok());
  ASSERT_EQ(t.waits.size(), 1u);
  EXPECT_EQ(t.waits[0], 7000);
}

TEST(GitHubClient, RetriesA502WithBackoffThenSucceeds) {
  GitHubServer server;
  server.sequence("GET", "/repos/octo/kernels/pulls/7",
                  {{502, "<html>Bad Gateway</html>", {"Content-Type: text/html"}},
                   {502, "<html>Bad Gateway</html>", {"Content-Type: text/html"}},
                   {200, R"({"number":7})", {}}});
  TestClient t(server);
  auto pr = t.client.get_json("/repos/octo/kernels/pulls/7");
  ASSERT_TRUE(pr.ok()) << pr.error();
  EXPECT_EQ((*pr)["number"], 7);
  ASSERT_EQ(t.waits.size(), 2u);
  EXPECT_EQ(t.waits[1], 2 * t.waits[0]);
}

TEST(GitHubClient, GivesUpOn5xxAfterTheRetries) {
  GitHubServer server;
  server.reply("GET", "/repos/octo/kernels/pulls/7", 502, R"({"message":"Server Error"})");
  TestClient t(server);
  auto pr = t.client.get_json("/repos/octo/kernels/pulls/7");
  ASSERT_FALSE(pr.ok());
  EXPECT_NE(pr.error().find("HTTP 502"), std::string::npos) << pr.error();
  EXPECT_NE(pr.error().find("after 4 attempts"), std::string::npos) << pr.error();
  EXPECT_EQ(server.requests().size(), 4u);
}

TEST(GitHubClient, APermissionRefusalIsNotRetried) {
  GitHubServer server;
  server.reply("GET", "/repos/octo/kernels/pulls/7", 403, R"({"message":"Resource not accessible by integration"})");
  TestClient t(server);
  auto pr = t.client.get_json("/repos/octo/kernels/pulls/7");
  ASSERT_FALSE(pr.ok());
  EXPECT_NE(pr.error().find("HTTP 403 (Resource not accessible by integration)"), std::string::npos) << pr.error();
  EXPECT_EQ(server.requests().size(), 1u);
}

TEST(GitHubClient, TheTokenGoesOnlyInTheAuthorizationHeaderAndNeverInMessages) {
  GitHubServer server;
  // A server that echoes the credentials back in its error (proxies do): still scrubbed.
  server.on("GET", "/repos/octo/kernels", [](const ServerRequest& r) {
    return ServerResponse{401, json{{"message", "Bad credentials: " + r.headers.at("authorization")}}.dump(), {}};
  });
  TestClient t(server);
  auto repo = t.client.get_json("/repos/octo/kernels");
  ASSERT_FALSE(repo.ok());
  EXPECT_EQ(repo.error().find(kToken), std::string::npos) << repo.error();
  EXPECT_NE(repo.error().find("Bearer ***"), std::string::npos) << repo.error();
  auto seen = server.requests();
  ASSERT_EQ(seen.size(), 1u);
  EXPECT_EQ(seen[0].headers["authorization"], std::string("Bearer ") + kToken);
  EXPECT_EQ(seen[0].target.find(kToken), std::string::npos);
}

TEST(GitHubClient, ANextLinkToAnotherHostIsRefused) {
  GitHubServer server;
  server.reply("GET", "/repos/octo/kernels/pulls/7/comments?per_page=100", 200, "[]",
               {"Link: <https://elsewhere.example/steal?page=2>; rel=\"next\""});
  TestClient t(server);
  auto all = t.client.get_all("/repos/octo/kernels/pulls/7/comments");
  ASSERT_FALSE(all.ok());
  EXPECT_NE(all.error().find("outside"), std::string::npos) << all.error();
}

TEST(GitHubClient, DryRunRecordsWritesAndSendsNothing) {
  GitHubServer server;
  rp::GitHubOptions o;
  o.api_url = server.url();
  o.dry_run = true;
  rp::GitHubClient client(o);
  auto r = client.write("POST", "/repos/octo/kernels/issues/7/comments", {{"body", "hi"}});
  ASSERT_TRUE(r.ok());
  ASSERT_EQ(client.writes().size(), 1u);
  EXPECT_EQ(client.writes()[0].url, server.url() + "/repos/octo/kernels/issues/7/comments");
  EXPECT_TRUE(server.requests().empty());
}

TEST(GitHubApi, LinkedIssueNumber) {
  EXPECT_EQ(rp::linked_issue_number("This fixes #123 for good"), 123);
  EXPECT_EQ(rp::linked_issue_number("Closes: #9"), 9);
  EXPECT_EQ(rp::linked_issue_number("RESOLVED #44"), 44);
  EXPECT_EQ(rp::linked_issue_number("see #12, prefixes #3"), std::nullopt);
  EXPECT_EQ(rp::linked_issue_number("no issue"), std::nullopt);
}

TEST(GitHubApi, RepoNamesAreValidatedBeforeAnyRequest) {
  EXPECT_TRUE(rp::valid_repo_name("ROCm/aiter"));
  EXPECT_TRUE(rp::valid_repo_name("octo/kernels.py"));
  EXPECT_FALSE(rp::valid_repo_name("octo"));
  EXPECT_FALSE(rp::valid_repo_name("octo/../x"));
  EXPECT_FALSE(rp::valid_repo_name("octo/k?x=1"));
}

}  // namespace

namespace {

// ---- review-pr against a fake GitHub holding one PR ----

constexpr const char* kHeadV1 = "1111111111111111111111111111111111111111";
constexpr const char* kBase = "0000000000000000000000000000000000000000";

// A PR whose diff adds an import-time sys.path mutation to a package module: the
// syspath-mutation rule fires on a changed line, so there is an inline comment to post.
const char* kDiffV1 =
    "diff --git a/aiter/ops/foo.py b/aiter/ops/foo.py\n"
    "index 1111111..2222222 100644\n"
    "--- a/aiter/ops/foo.py\n"
    "+++ b/aiter/ops/foo.py\n"
    "@@ -1,2 +1,3 @@\n"
    " import sys\n"
    "+sys.path.insert(0, \"/opt/kernels\")\n"
    " def foo():\n";

// A later push: two lines above the same insert (so it moves from line 2 to 4), and a second
// finding in another module (in the same module's top level it would fold into the first:
// verdict/fold.h).
const char* kDiffV2 =
    "diff --git a/aiter/ops/foo.py b/aiter/ops/foo.py\n"
    "index 1111111..3333333 100644\n"
    "--- a/aiter/ops/foo.py\n"
    "+++ b/aiter/ops/foo.py\n"
    "@@ -1,2 +1,5 @@\n"
    " import sys\n"
    "+import os\n"
    "+import json\n"
    "+sys.path.insert(0, \"/opt/kernels\")\n"
    " def foo():\n"
    "diff --git a/aiter/ops/bar.py b/aiter/ops/bar.py\n"
    "new file mode 100644\n"
    "index 0000000..5555555\n"
    "--- /dev/null\n"
    "+++ b/aiter/ops/bar.py\n"
    "@@ -0,0 +1,3 @@\n"
    "+import sys\n"
    "+import os\n"
    "+sys.path.append(os.getcwd())\n";

// And a push that removes the insert again.
const char* kDiffV3 =
    "diff --git a/aiter/ops/foo.py b/aiter/ops/foo.py\n"
    "index 1111111..4444444 100644\n"
    "--- a/aiter/ops/foo.py\n"
    "+++ b/aiter/ops/foo.py\n"
    "@@ -1,2 +1,3 @@\n"
    " import sys\n"
    "+import os\n"
    " def foo():\n"
    "diff --git a/aiter/ops/bar.py b/aiter/ops/bar.py\n"
    "new file mode 100644\n"
    "index 0000000..5555555\n"
    "--- /dev/null\n"
    "+++ b/aiter/ops/bar.py\n"
    "@@ -0,0 +1,3 @@\n"
    "+import sys\n"
    "+import os\n"
    "+sys.path.append(os.getcwd())\n";

// A push that adds a second mutation above the first in the same module's top level: the two
// fold into one finding headed by the new line (verdict/fold.h).
const char* kDiffFoldAbove =
    "diff --git a/aiter/ops/foo.py b/aiter/ops/foo.py\n"
    "index 1111111..6666666 100644\n"
    "--- a/aiter/ops/foo.py\n"
    "+++ b/aiter/ops/foo.py\n"
    "@@ -1,2 +1,4 @@\n"
    " import sys\n"
    "+sys.path.append(\"/opt/first\")\n"
    "+sys.path.insert(0, \"/opt/kernels\")\n"
    " def foo():\n";

json user(const std::string& login) { return {{"login", login}, {"id", 1}, {"type", "User"}}; }

// Serves one PR and keeps the comments review-pr posts, the way GitHub would: issue comments
// (created, edited), reviews whose comments become review comments.
class FakePr {
 public:
  explicit FakePr(GitHubServer& server) : server_(server) {
    install();
  }
  std::string head = kHeadV1, diff = kDiffV1, clone_url;
  json check_runs = json::array();
  json issue_comments = json::array();   // GitHub's issue comment objects
  json review_comments = json::array();  // GitHub's pull request review comment objects
  int reviews_posted = 0;

 private:
  std::string prefix() const { return "/repos/" + std::string(kRepo); }
  json pr_json() const {
    return {{"url", server_.url() + prefix() + "/pulls/7"},
            {"id", 1001},
            {"number", kNumber},
            {"state", "open"},
            {"title", "Load kernels from /opt"},
            {"body", "Loads prebuilt kernels.\n\nFixes #12"},
            {"user", user("alice")},
            {"labels", json::array({{{"id", 5}, {"name", "enhancement"}}})},
            {"head", {{"ref", "feature"}, {"sha", head}, {"repo", {{"full_name", "alice/kernels"}, {"clone_url", clone_url}}}}},
            {"base", {{"ref", "main"}, {"sha", kBase}, {"repo", {{"full_name", kRepo}, {"clone_url", clone_url}}}}}};
  }
  // Pages of two items with GitHub's Link header, whatever per_page asked for.
  ServerResponse page(const json& items, const ServerRequest& r) const {
    int p = 1;
    if (auto at = r.query.find("&page="); at != std::string::npos) p = std::stoi(r.query.substr(at + 6));
    json out = json::array();
    for (size_t i = (p - 1) * 2; i < items.size() && i < size_t(p) * 2; ++i) out.push_back(items[i]);
    std::vector<std::string> headers;
    if (size_t(p) * 2 < items.size())
      headers.push_back("Link: <" + server_.url() + r.path + "?per_page=100&page=" + std::to_string(p + 1) + ">; rel=\"next\"");
    return {200, out.dump(), headers};
  }
  void install() {
    std::string pr = prefix() + "/pulls/7";
    server_.on("GET", pr, [this](const ServerRequest& r) {
      if (r.headers.count("accept") && r.headers.at("accept") == "application/vnd.github.diff")
        return ServerResponse{200, diff, {"Content-Type: text/plain; charset=utf-8"}};
      return ServerResponse{200, pr_json().dump(), {}};
    });
    server_.on("GET", prefix() + "/issues/7/comments", [this](const ServerRequest& r) { return page(issue_comments, r); });
    server_.on("GET", pr + "/comments", [this](const ServerRequest& r) { return page(review_comments, r); });
    server_.on("GET", pr + "/reviews", [this](const ServerRequest& r) {
      json reviews = json::array({{{"id", 80}, {"user", user("bob")}, {"body", "Why /opt?"}, {"state", "COMMENTED"}}});
      return page(reviews, r);
    });
    server_.reply("GET", prefix() + "/issues/12", 200,
                  json{{"number", 12}, {"title", "Kernels are rebuilt on every start"}, {"body", "Slow startup."}}.dump());
    server_.on("GET", prefix() + "/commits/*", [this](const ServerRequest&) {
      return ServerResponse{200, json{{"total_count", check_runs.size()}, {"check_runs", check_runs}}.dump(), {}};
    });
    server_.on("POST", prefix() + "/issues/7/comments", [this](const ServerRequest& r) {
      json c = {{"id", 5000 + issue_comments.size()}, {"user", user("review-bot")}, {"body", json::parse(r.body)["body"]}};
      issue_comments.push_back(c);
      return ServerResponse{201, c.dump(), {}};
    });
    server_.on("PATCH", prefix() + "/issues/comments/*", [this](const ServerRequest& r) {
      int64_t id = std::stoll(r.path.substr(r.path.rfind('/') + 1));
      for (json& c : issue_comments)
        if (c["id"] == id) {
          c["body"] = json::parse(r.body)["body"];
          return ServerResponse{200, c.dump(), {}};
        }
      return ServerResponse{404, R"({"message":"Not Found"})", {}};
    });
    server_.on("POST", pr + "/reviews", [this](const ServerRequest& r) {
      json review = json::parse(r.body);
      ++reviews_posted;
      for (const json& c : review["comments"])
        review_comments.push_back({{"id", 9000 + review_comments.size()},
                                   {"user", user("review-bot")},
                                   {"path", c["path"]},
                                   {"line", c["line"]},
                                   {"side", c["side"]},
                                   {"commit_id", review["commit_id"]},
                                   {"body", c["body"]}});
      return ServerResponse{200, json{{"id", 700 + reviews_posted}, {"state", "COMMENTED"}}.dump(), {}};
    });
  }
  GitHubServer& server_;
};

struct CliRun {
  int code = -1;
  std::string out, err;
};

class GitHubCli : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("review-pr-gh-" + std::to_string(::getpid()) + "-" +
                                        ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  // The binary with the token in its environment, pointed at the local server. The token
  // must never show up in what it prints.
  CliRun run(const std::string& args, const std::string& env = std::string("GH_TOKEN=") + kToken) {
    std::string cmd = "env -u GITHUB_TOKEN -u GITHUB_API_URL " + env + " " + RP_BINARY + " " + args + " >" +
                      (dir_ / "out").string() + " 2>" + (dir_ / "err").string();
    int status = std::system(cmd.c_str());
    CliRun r;
    r.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    r.out = slurp(dir_ / "out");
    r.err = slurp(dir_ / "err");
    EXPECT_EQ(r.out.find(kToken), std::string::npos) << "token in stdout";
    EXPECT_EQ(r.err.find(kToken), std::string::npos) << "token in stderr";
    return r;
  }
  std::string gh() { return std::string("7 --github ") + kRepo + " --github-api " + server_.url(); }

  GitHubServer server_;
  fs::path dir_;
};

TEST_F(GitHubCli, ReadsAPullRequestAndReviewsItsDiff) {
  FakePr pr(server_);
  pr.issue_comments = json::array({{{"id", 1}, {"user", user("carol")}, {"body", "first"}},
                                   {{"id", 2}, {"user", user("dave")}, {"body", "second"}},
                                   {{"id", 3}, {"user", user("erin")}, {"body", "third"}}});
  CliRun r = run(gh() + " --format json");
  ASSERT_EQ(r.code, 0) << r.err;
  json j = json::parse(r.out);
  EXPECT_EQ(j["pr"]["number"], 7);
  EXPECT_EQ(j["pr"]["title"], "Load kernels from /opt");
  bool found = false;
  for (const json& f : j["findings"])
    if (f["rule"] == "syspath-mutation" && f["file"] == "aiter/ops/foo.py" && f["line"] == 2) found = true;
  EXPECT_TRUE(found) << r.out;
  // Every endpoint was read, the comment list across its two pages, with the token.
  EXPECT_EQ(server_.requests("GET", "/repos/octo/kernels/issues/7/comments").size(), 2u);
  EXPECT_EQ(server_.requests("GET", "/repos/octo/kernels/issues/12").size(), 1u);
  EXPECT_EQ(server_.requests("GET", "/repos/octo/kernels/pulls/7/reviews").size(), 1u);
  EXPECT_EQ(server_.requests("GET", "/repos/octo/kernels/pulls/7/comments").size(), 1u);
  EXPECT_EQ(server_.requests("GET", std::string("/repos/octo/kernels/commits/") + kHeadV1 + "/check-runs").size(), 1u);
  for (ServerRequest& req : server_.requests())
    EXPECT_EQ(req.headers["authorization"], std::string("Bearer ") + kToken) << req.target;
  EXPECT_TRUE(server_.requests("POST", "/repos/octo/kernels/issues/7/comments").empty());
}

// Reviewed from GitHub's diff (no clone), the configuration still comes from the base
// revision through the contents API, and a head that changes it is reported, not obeyed.
TEST_F(GitHubCli, WithoutACloneTheBaseConfigurationGovernsAndAHeadChangeIsReported) {
  FakePr pr(server_);
  std::string contents = "/repos/" + std::string(kRepo) + "/contents/.review-pr.toml";
  std::string disable = "[rules]\ndisable = [\"syspath-mutation\"]\n";
  // The head adds a configuration that turns off the rule firing on it; the base has none.
  server_.reply("GET", contents + "?ref=" + kHeadV1, 200, disable);
  CliRun r = run(gh() + " --format json");
  ASSERT_EQ(r.code, 0) << r.err;
  json j = json::parse(r.out);
  bool found = false;
  for (const json& f : j["findings"]) found = found || f["rule"] == "syspath-mutation";
  EXPECT_TRUE(found) << r.out;
  ASSERT_TRUE(j.contains("config_change")) << r.out;
  EXPECT_EQ(j["config_change"]["rules_disabled"][0], "`syspath-mutation` (1 finding in this review)") << r.out;
  auto asked = server_.requests("GET", contents);
  ASSERT_EQ(asked.size(), 2u);
  EXPECT_EQ(asked[0].headers["accept"], "application/vnd.github.raw+json");
  EXPECT_EQ(server_.requests("GET", "/repos/" + std::string(kRepo) + "/contents/.gitattributes").size(), 1u);

  // The same text in the base governs: the rule is off and nothing is reported as changed.
  server_.reply("GET", contents + "?ref=" + kBase, 200, disable);
  r = run(gh() + " --format json");
  ASSERT_EQ(r.code, 0) << r.err;
  j = json::parse(r.out);
  for (const json& f : j["findings"]) EXPECT_NE(f["rule"], "syspath-mutation") << r.out;
  EXPECT_FALSE(j.contains("config_change")) << r.out;

  // A configuration that cannot be read is one line and exit 2, not a review without it.
  server_.reply("GET", contents + "?ref=" + kBase, 403, R"({"message":"Resource not accessible by integration"})");
  r = run(gh() + " --format json");
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("HTTP 403"), std::string::npos) << r.err;
}

TEST_F(GitHubCli, ThePrNumberAloneSaysHowToReachGitHub) {
  CliRun r = run("7");
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("--github OWNER/NAME"), std::string::npos) << r.err;
  r = run("7 --github not-a-repo --github-api " + server_.url());
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("OWNER/NAME"), std::string::npos) << r.err;
  r = run(std::string("--github ") + kRepo + " --post");
  EXPECT_EQ(r.code, 2);
  r = run("--post");
  EXPECT_EQ(r.code, 2);
  EXPECT_TRUE(server_.requests().empty());
}

TEST_F(GitHubCli, AMissingPrIsOneLineAndExitTwo) {
  CliRun r = run("8 --github " + std::string(kRepo) + " --github-api " + server_.url());
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("HTTP 404"), std::string::npos) << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
}

TEST_F(GitHubCli, RateLimitedBeyondTheBoundFailsClearly) {
  long long reset = static_cast<long long>(std::time(nullptr)) + 3000;
  server_.reply("GET", "/repos/octo/kernels/pulls/7", 403, R"({"message":"API rate limit exceeded"})",
                {"X-RateLimit-Remaining: 0", "X-RateLimit-Reset: " + std::to_string(reset)});
  CliRun r = run(gh() + " --github-max-wait 5");
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("rate limit exceeded"), std::string::npos) << r.err;
  EXPECT_TRUE(r.out.empty());
}

TEST_F(GitHubCli, DryRunPrintsTheRequestsAndSendsNothing) {
  FakePr pr(server_);
  CliRun r = run(gh() + " --post --dry-run");
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("POST " + server_.url() + "/repos/octo/kernels/issues/7/comments\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("POST " + server_.url() + "/repos/octo/kernels/pulls/7/reviews\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\"commit_id\": \"" + std::string(kHeadV1) + "\""), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("<!-- review-pr:summary -->"), std::string::npos) << r.out;
  for (const ServerRequest& req : server_.requests()) EXPECT_EQ(req.method, "GET") << req.target;
}

TEST_F(GitHubCli, PostsOnceThenEditsTheSummaryAndNeverRepeatsAnInlineComment) {
  FakePr pr(server_);
  // First run: a new summary comment and one review with the inline comment on line 2.
  CliRun r = run(gh() + " --post");
  ASSERT_EQ(r.code, 0) << r.err;
  ASSERT_EQ(pr.issue_comments.size(), 1u);
  ASSERT_EQ(pr.reviews_posted, 1);
  ASSERT_EQ(pr.review_comments.size(), 1u);
  EXPECT_EQ(pr.review_comments[0]["path"], "aiter/ops/foo.py");
  EXPECT_EQ(pr.review_comments[0]["line"], 2);
  EXPECT_EQ(pr.review_comments[0]["side"], "RIGHT");
  EXPECT_EQ(pr.review_comments[0]["commit_id"], kHeadV1);
  std::string first_summary = pr.issue_comments[0]["body"];
  EXPECT_EQ(first_summary.rfind("<!-- review-pr:summary -->", 0), 0u) << first_summary;
  EXPECT_NE(first_summary.find("## aiter PR #7 — Load kernels from /opt"), std::string::npos) << first_summary;

  // The same PR again: nothing new to say, so no request at all that writes.
  r = run(gh() + " --post");
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(pr.issue_comments.size(), 1u);
  EXPECT_EQ(pr.reviews_posted, 1);
  EXPECT_NE(r.err.find("left unchanged the summary comment; 0 new inline comments, 1 posted before"), std::string::npos) << r.err;

  // A push moves the insert from line 2 to 4 and adds another mutation on line 3: the summary
  // is edited in place and only the new finding gets an inline comment.
  pr.head = "2222222222222222222222222222222222222222";
  pr.diff = kDiffV2;
  r = run(gh() + " --post");
  ASSERT_EQ(r.code, 0) << r.err;
  ASSERT_EQ(pr.issue_comments.size(), 1u);
  EXPECT_EQ(server_.requests("PATCH", "/repos/octo/kernels/issues/comments/5000").size(), 1u);
  EXPECT_EQ(pr.reviews_posted, 2);
  ASSERT_EQ(pr.review_comments.size(), 2u);
  EXPECT_EQ(pr.review_comments[1]["line"], 3);
  EXPECT_NE(r.err.find("updated the summary comment; 1 new inline comment, 1 posted before, 0 resolved"), std::string::npos) << r.err;
  EXPECT_NE(std::string(pr.review_comments[1]["body"]).find("sys.path.append"), std::string::npos);
  std::string second_summary = pr.issue_comments[0]["body"];
  EXPECT_NE(second_summary, first_summary);
  EXPECT_NE(second_summary.find("`aiter/ops/foo.py:4`"), std::string::npos) << second_summary;
  EXPECT_EQ(second_summary.find("Resolved"), std::string::npos) << second_summary;

  // A push that removes the insert: it is reported as resolved, nothing is posted inline.
  pr.head = "3333333333333333333333333333333333333333";
  pr.diff = kDiffV3;
  r = run(gh() + " --post");
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(pr.reviews_posted, 2);
  ASSERT_EQ(pr.issue_comments.size(), 1u);
  std::string third_summary = pr.issue_comments[0]["body"];
  EXPECT_NE(third_summary.find("### Resolved since an earlier review-pr run"), std::string::npos) << third_summary;
  EXPECT_NE(third_summary.find("- ✅ `syspath-mutation` at `aiter/ops/foo.py:4`"), std::string::npos) << third_summary;
  // review-pr's own comments are not read back as reviewer comments.
  for (const ServerRequest& req : server_.requests("POST", "/repos/octo/kernels/pulls/7/reviews"))
    EXPECT_EQ(req.body.find(kToken), std::string::npos);
}

TEST_F(GitHubCli, AFoldThatGainsAMemberAboveThePostedOneIsNotPostedAgainNorResolved) {
  FakePr pr(server_);
  CliRun r = run(gh() + " --post");
  ASSERT_EQ(r.code, 0) << r.err;
  ASSERT_EQ(pr.review_comments.size(), 1u);
  EXPECT_EQ(pr.review_comments[0]["line"], 2);

  // The new line 2 heads the fold now and the posted insert (line 3) is one of its members:
  // the comment already on it stands for the fold, and nothing is resolved.
  pr.head = "6666666666666666666666666666666666666666";
  pr.diff = kDiffFoldAbove;
  r = run(gh() + " --post");
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(pr.reviews_posted, 1);
  EXPECT_EQ(pr.review_comments.size(), 1u);
  EXPECT_NE(r.err.find("0 new inline comments, 1 posted before, 0 resolved"), std::string::npos) << r.err;
  std::string summary = pr.issue_comments[0]["body"];
  EXPECT_NE(summary.find("and 1 more in this file: L3"), std::string::npos) << summary;
  EXPECT_EQ(summary.find("Resolved"), std::string::npos) << summary;
}

// A fork PR's token cannot write: the card is printed first, the refusal is reported, the
// findings go to the job log as workflow annotations, and the exit code is the verdict's.
TEST_F(GitHubCli, ARefusedPostStillPrintsTheCardAndTheAnnotations) {
  FakePr pr(server_);
  const char* refused = R"({"message":"Resource not accessible by integration"})";
  server_.reply("POST", "/repos/octo/kernels/issues/7/comments", 403, refused);
  server_.reply("POST", "/repos/octo/kernels/pulls/7/reviews", 403, refused);
  CliRun r = run(gh() + " --post");
  EXPECT_EQ(r.code, 0) << r.err;
  size_t card = r.out.find("## aiter PR #7 — Load kernels from /opt");
  size_t annotation = r.out.find("::warning file=aiter/ops/foo.py,line=2,title=review-pr syspath-mutation::");
  ASSERT_NE(card, std::string::npos) << r.out;
  ASSERT_NE(annotation, std::string::npos) << r.out;
  EXPECT_LT(card, annotation);
  EXPECT_NE(r.err.find("could not post the review"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("403"), std::string::npos) << r.err;
  EXPECT_TRUE(pr.issue_comments.empty());
  // --fail-on still decides the exit code: the warning fails the step, the refusal does not.
  r = run(gh() + " --post --fail-on warn");
  EXPECT_EQ(r.code, 1) << r.err;
  r = run(gh() + " --post --fail-on red");
  EXPECT_EQ(r.code, 0) << r.err;
}

TEST_F(GitHubCli, ServerErrorsAreRetried) {
  FakePr pr(server_);
  // The review-comments endpoint answers 502 once, then the real list.
  server_.sequence("GET", "/repos/octo/kernels/pulls/7/comments",
                   {{502, "<html><body>502 Bad Gateway</body></html>", {"Content-Type: text/html"}},
                    {200, "[]", {}}});
  CliRun r = run(gh() + " --format json");
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(server_.requests("GET", "/repos/octo/kernels/pulls/7/comments").size(), 2u);
}

}  // namespace

namespace {

json check_run(int64_t id, const std::string& name, const std::string& conclusion, const std::string& app,
               const std::string& title = "") {
  return {{"id", id},
          {"head_sha", kHeadV1},
          {"name", name},
          {"status", "completed"},
          {"conclusion", conclusion},
          {"html_url", "https://github.com/octo/kernels/runs/" + std::to_string(id)},
          {"started_at", "2025-03-10T11:00:00Z"},
          {"completed_at", "2025-03-10T12:00:00Z"},
          {"output", {{"title", title}, {"summary", ""}, {"text", nullptr}, {"annotations_count", 0}}},
          {"app", {{"slug", app}, {"name", app}}}};
}

TEST_F(GitHubCli, TheCardSaysWhichCiFailuresAreThePrs) {
  FakePr pr(server_);
  pr.check_runs = json::array({check_run(1, "lint", "success", "github-actions"),
                               check_run(2, "test (gfx942)", "failure", "github-actions", "Process completed with exit code 1."),
                               check_run(3, "release / wheel", "failure", "github-actions"),
                               check_run(4, "docs/readthedocs.com:kernels", "failure", "readthedocs", "Read the Docs build failed!"),
                               check_run(5, "nightly (MI300)", "failure", "github-actions"),
                               check_run(6, "old-build", "failure", "github-actions")});
  // The base branch fails the nightly job too, the same day.
  server_.reply("GET", "/repos/octo/kernels/commits/main/check-runs", 200,
                json{{"total_count", 1}, {"check_runs", json::array({check_run(90, "nightly (MI300)", "failure", "github-actions")})}}.dump());
  server_.reply("GET", "/repos/octo/kernels/actions/jobs/2/logs", 200, "2025-03-10T11:59:00.0000000Z FAILED tests/test_foo.py::test_bar\n",
                {"Content-Type: text/plain"});
  // Logs are served from blob storage behind a redirect.
  server_.reply("GET", "/repos/octo/kernels/actions/jobs/3/logs", 302, "", {"Location: " + server_.url() + "/blob/job3.txt"});
  server_.reply("GET", "/blob/job3.txt", 200, "2025-03-10T11:59:59.0000000Z Error: Expected exactly one wheel artifact, found 0\n",
                {"Content-Type: text/plain"});
  server_.reply("GET", "/repos/octo/kernels/actions/jobs/5/logs", 200, "boom\n", {"Content-Type: text/plain"});
  server_.reply("GET", "/repos/octo/kernels/actions/jobs/6/logs", 410, R"({"message":"Gone"})");

  CliRun r = run(gh());
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("**CI:** 5 of 6 checks failed: 1 the PR's, 4 not."), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("- ❌ the PR's — `test (gfx942)` (failure)"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("- ⚪ infra flake — `release / wheel` (failure): artifact-count error"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("- ⚪ infra flake — `docs/readthedocs.com:kernels`"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("- ⚪ fails on the base branch too — `nightly (MI300)`"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("- ⏳ logs expired — `old-build` (failure): logs expired (HTTP 410 Gone)"), std::string::npos) << r.out;

  r = run(gh() + " --format json");
  ASSERT_EQ(r.code, 0) << r.err;
  json ci = json::parse(r.out)["ci"];
  ASSERT_TRUE(ci.is_object()) << r.out;
  EXPECT_EQ(ci["checks"], 6);
  EXPECT_EQ(ci["passed"], 1);
  ASSERT_EQ(ci["failures"].size(), 5u);
  EXPECT_EQ(ci["failures"][0]["blame"], "pr");
  EXPECT_EQ(ci["failures"][4]["blame"], "expired-logs");
}

TEST_F(GitHubCli, ChecksThatCannotBeReadDoNotStopTheReview) {
  FakePr pr(server_);
  server_.reply("GET", std::string("/repos/octo/kernels/commits/") + kHeadV1 + "/check-runs", 403,
                R"({"message":"Resource not accessible by integration"})");
  CliRun r = run(gh());
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("_CI was not classified: GitHub API GET"), std::string::npos) << r.out;
}

}  // namespace

namespace {

std::string git_out(const std::string& args) {
  std::string cmd = "git " + args;
  std::string out;
  FILE* p = ::popen(cmd.c_str(), "r");
  if (!p) return out;
  char buf[4096];
  size_t n;
  while ((n = std::fread(buf, 1, sizeof buf, p)) > 0) out.append(buf, n);
  ::pclose(p);
  while (!out.empty() && out.back() == '\n') out.pop_back();
  return out;
}

TEST_F(GitHubCli, FetchesThePrIntoTheCloneForWholeFileChecks) {
  // "origin" has main and the PR's head under refs/pull/7/head; the user's clone was made
  // before the PR and has neither the head nor anything of it.
  fs::path work = dir_ / "work", origin = dir_ / "origin.git", clone = dir_ / "clone.git";
  std::string g = "-C " + work.string() + " -c user.name=t -c user.email=t@t ";
  fs::create_directories(work / "aiter" / "ops");
  ASSERT_EQ(std::system(("git init -q -b main " + work.string()).c_str()), 0);
  std::ofstream(work / "aiter" / "__init__.py") << "";
  std::ofstream(work / "aiter" / "ops" / "foo.py") << "import sys\ndef foo():\n    return 1\n";
  ASSERT_EQ(std::system(("git " + g + "add -A && git " + g + "commit -qm base").c_str()), 0);
  std::string base = git_out(g + "rev-parse HEAD");
  ASSERT_EQ(std::system(("git clone -q --bare " + work.string() + " " + clone.string()).c_str()), 0);
  std::ofstream(work / "aiter" / "ops" / "foo.py") << "import sys\nsys.path.insert(0, \"/opt/kernels\")\ndef foo():\n    return 1\n";
  ASSERT_EQ(std::system(("git " + g + "commit -qam 'Load kernels'").c_str()), 0);
  std::string head = git_out(g + "rev-parse HEAD");
  ASSERT_EQ(std::system(("git " + g + "update-ref refs/pull/7/head HEAD && git " + g + "reset -q --hard HEAD~1").c_str()), 0);
  ASSERT_EQ(std::system(("git clone -q --bare " + work.string() + " " + origin.string() + " && git --git-dir=" +
                         origin.string() + " fetch -q " + work.string() + " refs/pull/7/head:refs/pull/7/head")
                            .c_str()),
            0);
  ASSERT_NE(git_out("--git-dir=" + clone.string() + " cat-file -t " + head + " 2>/dev/null"), "commit");

  FakePr pr(server_);
  pr.head = head;
  pr.clone_url = origin.string();
  pr.diff = git_out("--git-dir=" + origin.string() + " diff " + base + " " + head);
  // The fake's base sha is a placeholder; the fetched base branch supplies the merge-base.
  CliRun r = run(gh() + " --repo " + clone.string() + " --format json");
  ASSERT_EQ(r.code, 0) << r.err;
  json j = json::parse(r.out);
  EXPECT_EQ(j["pr"]["head"], head);
  EXPECT_EQ(j["pr"]["base"], base);
  EXPECT_TRUE(j["skipped_rules"].empty()) << r.out;  // whole files were there: nothing skipped
  bool found = false;
  for (const json& f : j["findings"]) found |= f["rule"] == "syspath-mutation" && f["line"] == 2;
  EXPECT_TRUE(found) << r.out;
  EXPECT_EQ(git_out("--git-dir=" + clone.string() + " rev-parse refs/review-pr/pull/7/head"), head);
  // The user's branches are untouched.
  EXPECT_EQ(git_out("--git-dir=" + clone.string() + " rev-parse refs/heads/main"), base);
}

}  // namespace

namespace {

TEST(GitHubApi, CredentialsGoOnlyToTheApisOwnGitHost) {
  EXPECT_EQ(rp::web_host_of_api("https://api.github.com"), "github.com");
  EXPECT_EQ(rp::web_host_of_api("https://github.com/ROCm/aiter.git"), "github.com");
  EXPECT_EQ(rp::web_host_of_api("https://ghe.example.com/api/v3"), "ghe.example.com");
  EXPECT_NE(rp::web_host_of_api("https://evil.example/ROCm/aiter.git"), rp::web_host_of_api("https://api.github.com"));
  EXPECT_EQ(rp::scrub_token("a tok b tok", "tok"), "a *** b ***");
  EXPECT_EQ(rp::scrub_token("nothing", ""), "nothing");
}

}  // namespace

namespace {

TEST(GitHubClient, APostIsNotRepeatedAfterA5xx) {
  // GitHub may have created the comment before answering 502; posting again would double it.
  GitHubServer server;
  server.reply("POST", "/repos/octo/kernels/issues/7/comments", 502, R"({"message":"Server Error"})");
  TestClient t(server);
  auto r = t.client.write("POST", "/repos/octo/kernels/issues/7/comments", {{"body", "x"}});
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(server.requests().size(), 1u);
  EXPECT_TRUE(t.waits.empty());
}

TEST(GitHubClient, APatchIsRetriedAfterA5xx) {
  GitHubServer server;
  server.sequence("PATCH", "/repos/octo/kernels/issues/comments/5", {{502, "", {}}, {200, R"({"id":5})", {}}});
  TestClient t(server);
  auto r = t.client.write("PATCH", "/repos/octo/kernels/issues/comments/5", {{"body", "x"}});
  ASSERT_TRUE(r.ok()) << r.error();
  EXPECT_EQ(server.requests().size(), 2u);
  EXPECT_EQ(server.requests()[1].body, R"({"body":"x"})");
}

}  // namespace
