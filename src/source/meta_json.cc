#include "source/meta_json.h"

#include <nlohmann/json.hpp>

namespace rp {

namespace {
constexpr size_t kMaxBytes = size_t(64) << 20;
constexpr int kMaxDepth = 64;

using json = nlohmann::json;

std::string string_at(const json& j, const char* key) {
  auto it = j.find(key);
  return it != j.end() && it->is_string() ? it->get<std::string>() : std::string();
}

std::string login_of(const json& j) {
  auto it = j.find("author");
  if (it == j.end()) it = j.find("user");
  if (it == j.end()) return {};
  if (it->is_string()) return it->get<std::string>();
  if (it->is_object()) return string_at(*it, "login");
  return {};
}
}  // namespace

Result<PullRequestMeta> parse_pr_meta(std::string_view text) {
  if (text.size() > kMaxBytes) return Status::Error("PR metadata JSON is larger than 64 MB");
  // Reject deep nesting while parsing: the parser is iterative, but nothing legitimate in
  // `gh pr view` output nests deeper than a handful of levels.
  bool too_deep = false;
  json::parser_callback_t limit = [&](int depth, json::parse_event_t, json&) {
    if (depth > kMaxDepth) too_deep = true;
    return !too_deep;
  };
  json j = json::parse(text.begin(), text.end(), limit, /*allow_exceptions=*/false);
  if (too_deep) return Status::Error("PR metadata JSON nests deeper than 64 levels");
  if (j.is_discarded()) return Status::Error("PR metadata is not valid JSON");
  if (!j.is_object()) return Status::Error("PR metadata JSON must be an object (as `gh pr view --json` prints)");

  PullRequestMeta meta;
  meta.has_description = true;
  meta.title = string_at(j, "title");
  meta.body = string_at(j, "body");
  meta.author = login_of(j);
  meta.head_ref_oid = string_at(j, "headRefOid");
  for (const char* key : {"number", "pr"}) {
    auto it = j.find(key);
    if (it != j.end() && it->is_number_integer()) {
      long long n = it->get<long long>();
      if (n < 0 || n > 1'000'000'000) return Status::Error("PR metadata has an out-of-range PR number");
      meta.number = static_cast<int>(n);
      break;
    }
  }
  if (auto it = j.find("labels"); it != j.end() && it->is_array()) {
    meta.has_labels = true;
    for (const json& l : *it) {
      if (l.is_string()) meta.labels.push_back(l.get<std::string>());
      else if (l.is_object()) meta.labels.push_back(string_at(l, "name"));
    }
  }
  for (const char* key : {"comments", "reviews"}) {
    auto it = j.find(key);
    if (it == j.end() || !it->is_array()) continue;
    for (const json& c : *it) {
      if (!c.is_object()) continue;
      Comment comment{login_of(c), string_at(c, "body"), string_at(c, "path"), 0};
      if (auto line = c.find("line"); line != c.end() && line->is_number_integer()) comment.line = line->get<int>();
      if (!comment.body.empty()) meta.comments.push_back(std::move(comment));
    }
  }
  if (auto it = j.find("commits"); it != j.end() && it->is_array()) {
    for (const json& c : *it) {
      CommitInfo info;
      if (c.is_string()) info.subject = c.get<std::string>();
      else if (c.is_object()) {
        info.subject = string_at(c, "messageHeadline");
        if (info.subject.empty()) info.subject = string_at(c, "subject");
        info.body = string_at(c, "messageBody");
        if (auto parents = c.find("parents"); parents != c.end() && parents->is_array()) info.merge = parents->size() > 1;
      }
      if (!info.subject.empty()) meta.commits.push_back(std::move(info));
    }
  }
  return meta;
}

}  // namespace rp
