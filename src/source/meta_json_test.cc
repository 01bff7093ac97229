#include "source/meta_json.h"

#include <gtest/gtest.h>

namespace rp {
namespace {

TEST(MetaJson, ReadsGhPrViewShape) {
  auto m = parse_pr_meta(R"({
    "number": 1548, "title": "[MI355] fuse ar+norm", "body": "Speeds up decode.",
    "author": {"login": "dev1"}, "labels": [{"name": "perf"}, {"name": "ci:mi355"}],
    "files": [{"path": "atom/x.py", "additions": 3, "deletions": 1}],
    "reviews": [{"author": {"login": "valarLip"}, "body": "hard code to fp8_e8m0?", "state": "COMMENTED"}],
    "comments": [{"author": {"login": "bot"}, "body": ""}, {"author": {"login": "dev2"}, "body": "LGTM"}]})");
  ASSERT_TRUE(m.ok()) << m.error();
  EXPECT_EQ(m->number, 1548);
  EXPECT_EQ(m->title, "[MI355] fuse ar+norm");
  EXPECT_EQ(m->author, "dev1");
  EXPECT_EQ(m->labels, (std::vector<std::string>{"perf", "ci:mi355"}));
  EXPECT_TRUE(m->has_labels);
  ASSERT_EQ(m->comments.size(), 2u);  // the empty comment is dropped
  EXPECT_EQ(m->comments[0].author, "dev2");
  EXPECT_EQ(m->comments[1].body, "hard code to fp8_e8m0?");
}

TEST(MetaJson, EveryFieldIsOptionalAndNullsAreTolerated) {
  auto m = parse_pr_meta(R"({"body": null, "labels": null, "number": null})");
  ASSERT_TRUE(m.ok());
  EXPECT_FALSE(m->number.has_value());
  EXPECT_EQ(m->body, "");
  auto corpus_shape = parse_pr_meta(R"({"pr": 42, "title": "t"})");
  ASSERT_TRUE(corpus_shape.ok());
  EXPECT_EQ(corpus_shape->number, 42);
}

// An absent or null `labels` key means "unknown"; an empty array means "no labels".
TEST(MetaJson, TellsUnknownLabelsFromNoLabels) {
  EXPECT_FALSE(parse_pr_meta(R"({"title": "t"})")->has_labels);
  EXPECT_FALSE(parse_pr_meta(R"({"labels": null})")->has_labels);
  auto none = parse_pr_meta(R"({"labels": []})");
  EXPECT_TRUE(none->has_labels);
  EXPECT_TRUE(none->labels.empty());
}

TEST(MetaJson, RejectsBadInputWithOneLine) {
  auto bad = parse_pr_meta("{\"title\": ");
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.error().find('\n'), std::string::npos);
  EXPECT_FALSE(parse_pr_meta("[1, 2]").ok());
  EXPECT_FALSE(parse_pr_meta("").ok());
  EXPECT_FALSE(parse_pr_meta(R"({"number": -5})").ok());
}

TEST(MetaJson, RejectsDeepNestingWithoutRecursion) {
  std::string deep = "{\"a\": " + std::string(10000, '[') + std::string(10000, ']') + "}";
  auto r = parse_pr_meta(deep);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().find("deeper"), std::string::npos);
}

TEST(MetaJson, InvalidUtf8InBodyIsKeptAsBytesOrRejected) {
  std::string json = "{\"title\": \"t\", \"body\": \"caf\xe9\"}";
  auto r = parse_pr_meta(json);  // nlohmann rejects invalid UTF-8: a clean error, no crash
  if (r.ok()) EXPECT_EQ(r->title, "t");
  else EXPECT_EQ(r.error().find('\n'), std::string::npos);
}

}  // namespace
}  // namespace rp
