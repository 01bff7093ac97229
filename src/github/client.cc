#include "github/client.h"

#include <chrono>
#include <cstdlib>
#include <ctime>
#include <thread>

#include <re2/re2.h>

namespace rp {

namespace {

using json = nlohmann::json;

bool is_success(long status) { return status >= 200 && status < 300; }
bool is_retryable(long status) { return status == 500 || status == 502 || status == 503 || status == 504; }

long long parse_number(const std::string& s) {
  if (s.empty() || s.size() > 18) return -1;
  long long v = 0;
  for (char c : s) {
    if (c < '0' || c > '9') return -1;
    v = v * 10 + (c - '0');
  }
  return v;
}

// Seconds to wait before retrying a rate-limited response, or -1 when the response is a
// plain refusal (a 403 for permissions is not a rate limit and is not retried).
long long rate_limit_wait_s(const HttpResponse& r) {
  if (r.status != 403 && r.status != 429) return -1;
  long long retry_after = parse_number(r.header("retry-after"));
  if (retry_after >= 0) return retry_after;
  if (r.header("x-ratelimit-remaining") == "0") {
    long long reset = parse_number(r.header("x-ratelimit-reset"));
    long long now = static_cast<long long>(std::time(nullptr));
    return reset > now ? reset - now + 1 : 1;
  }
  if (r.status == 429) return 60;  // secondary limit without a hint: GitHub asks for a minute
  return -1;
}

// The URL of rel="next" in a Link header, or "".
std::string next_link(const std::string& link) {
  static const RE2 re(R"re(<([^>]+)>\s*;\s*rel="?next"?)re");
  std::string url;
  re2::StringPiece input(link);
  if (RE2::PartialMatch(input, re, &url)) return url;
  return "";
}

// GitHub's error bodies carry {"message": "..."}; a one-line excerpt of it helps the user.
std::string message_of(const std::string& body) {
  json j = json::parse(body, nullptr, /*allow_exceptions=*/false);
  if (j.is_object() && j.contains("message") && j["message"].is_string()) {
    std::string m = j["message"].get<std::string>();
    if (m.size() > 200) m = m.substr(0, 200) + "...";
    for (char& c : m)
      if (c == '\n' || c == '\r') c = ' ';
    return m;
  }
  return "";
}

std::string path_only(const std::string& url) {
  size_t scheme = url.find("://");
  size_t slash = url.find('/', scheme == std::string::npos ? 0 : scheme + 3);
  return slash == std::string::npos ? url : url.substr(slash);
}

}  // namespace

std::string token_from_environment() {
  for (const char* name : {"GH_TOKEN", "GITHUB_TOKEN"}) {
    const char* v = std::getenv(name);
    if (v && *v) return v;
  }
  return "";
}

std::string api_url_from_environment() {
  const char* v = std::getenv("GITHUB_API_URL");
  return v && *v ? std::string(v) : std::string("https://api.github.com");
}

GitHubClient::GitHubClient(GitHubOptions options) : options_(std::move(options)) {
  while (!options_.api_url.empty() && options_.api_url.back() == '/') options_.api_url.pop_back();
  if (!options_.sleep) options_.sleep = [](long ms) { std::this_thread::sleep_for(std::chrono::milliseconds(ms)); };
}

std::string GitHubClient::url_for(const std::string& path) const {
  if (path.starts_with("http://") || path.starts_with("https://")) return path;
  return options_.api_url + path;
}

std::string scrub_token(std::string text, const std::string& token) {
  if (token.empty()) return text;
  for (size_t at = text.find(token); at != std::string::npos; at = text.find(token, at + 3))
    text.replace(at, token.size(), "***");
  return text;
}

std::string web_host_of_api(const std::string& api_url) {
  size_t start = api_url.find("://");
  start = start == std::string::npos ? 0 : start + 3;
  size_t end = api_url.find_first_of("/?#", start);
  std::string host = api_url.substr(start, end == std::string::npos ? std::string::npos : end - start);
  return host.starts_with("api.") ? host.substr(4) : host;
}

std::string GitHubClient::scrub(std::string text) const { return scrub_token(std::move(text), options_.token); }

Status GitHubClient::error_for(const HttpRequest& request, const HttpResponse& response) const {
  std::string what = "GitHub API " + request.method + " " + path_only(request.url) + ": HTTP " +
                     std::to_string(response.status);
  std::string message = message_of(response.body);
  if (!message.empty()) what += " (" + message + ")";
  if (response.status == 401) what += "; check GH_TOKEN / GITHUB_TOKEN";
  if (response.status == 404 && options_.token.empty()) what += "; a private repository needs GH_TOKEN";
  return Status::Error(scrub(what));
}

Result<HttpResponse> GitHubClient::send(HttpRequest request) {
  // The token goes only to the configured API host (a Link header or a redirect that
  // points elsewhere gets no credentials).
  bool to_api = request.url.starts_with(options_.api_url + "/") || request.url == options_.api_url;
  if (!options_.token.empty() && to_api) request.headers.push_back("Authorization: Bearer " + options_.token);
  request.headers.push_back("User-Agent: review-pr");
  request.headers.push_back("X-GitHub-Api-Version: 2022-11-28");
  if (!request.body.empty()) request.headers.push_back("Content-Type: application/json");

  // A POST that failed with a 5xx may still have created its comment: it is not repeated
  // (the next run posts whatever is missing, matched by fingerprint), so nothing is doubled.
  int max_retries = request.method == "POST" ? 0 : options_.max_retries;
  long backoff = options_.backoff_ms;
  int failures = 0, rate_waits = 0;
  while (true) {
    Result<HttpResponse> response = http_send(request, options_.limits);
    if (!response.ok() || is_retryable(response->status)) {
      if (failures++ < max_retries) {
        options_.sleep(backoff);
        backoff *= 2;
        continue;
      }
      if (!response.ok()) return Status::Error(scrub(response.error()));
      Status e = error_for(request, *response);
      return Status::Error(e.message() + " after " + std::to_string(failures) + " attempts");
    }
    long long wait = rate_limit_wait_s(*response);
    if (wait < 0) return response;
    if (wait > options_.max_rate_wait_s || rate_waits++ >= 3) {
      std::string reset = response->header("x-ratelimit-reset");
      std::string when;
      if (long long t = parse_number(reset); t > 0) {
        std::time_t tt = static_cast<std::time_t>(t);
        char buf[32];
        std::strftime(buf, sizeof buf, "%H:%M:%S UTC", std::gmtime(&tt));
        when = std::string(" (resets at ") + buf + ")";
      }
      return Status::Error(scrub("GitHub API rate limit exceeded on " + request.method + " " +
                                 path_only(request.url) + when + ": waiting " + std::to_string(wait) +
                                 " s is over the limit of " + std::to_string(options_.max_rate_wait_s) +
                                 " s; try later or use a token with a higher limit"));
    }
    options_.sleep(wait * 1000);
  }
}

Result<HttpResponse> GitHubClient::get_raw(const std::string& path, const std::string& accept) {
  HttpRequest request;
  request.url = url_for(path);
  request.headers.push_back("Accept: " + accept);
  return send(std::move(request));
}

Result<json> GitHubClient::get_json(const std::string& path) {
  auto response = get_raw(path, "application/vnd.github+json");
  if (!response.ok()) return response.status();
  if (!is_success(response->status)) return error_for({"GET", url_for(path), {}, {}}, *response);
  json j = json::parse(response->body, nullptr, /*allow_exceptions=*/false);
  if (j.is_discarded()) return Status::Error("GitHub API GET " + path_only(url_for(path)) + ": response is not JSON");
  return j;
}

Result<json> GitHubClient::get_all(const std::string& path, const std::string& key) {
  json all = json::array();
  std::string url = url_for(path) + (path.find('?') == std::string::npos ? "?" : "&") + "per_page=100";
  for (int page = 0; !url.empty(); ++page) {
    if (page >= options_.max_pages)
      return Status::Error("GitHub API GET " + path + ": more than " + std::to_string(options_.max_pages) + " pages");
    auto response = get_raw(url, "application/vnd.github+json");
    if (!response.ok()) return response.status();
    if (!is_success(response->status)) return error_for({"GET", url, {}, {}}, *response);
    json j = json::parse(response->body, nullptr, /*allow_exceptions=*/false);
    const json* items = &j;
    if (!key.empty() && j.is_object() && j.contains(key)) items = &j[key];
    if (!items->is_array()) return Status::Error("GitHub API GET " + path_only(url) + ": expected a list");
    for (const json& item : *items) all.push_back(item);
    url = next_link(response->header("link"));
    if (!url.empty() && !url.starts_with(options_.api_url + "/"))
      return Status::Error("GitHub API GET " + path + ": next page points outside " + options_.api_url);
  }
  return all;
}

Result<json> GitHubClient::write(const std::string& method, const std::string& path, const json& body) {
  if (options_.dry_run) {
    writes_.push_back({method, url_for(path), body});
    return json(nullptr);
  }
  HttpRequest request{method, url_for(path), {"Accept: application/vnd.github+json"}, body.dump(-1, ' ', false, json::error_handler_t::replace)};
  auto response = send(request);
  if (!response.ok()) return response.status();
  if (!is_success(response->status)) return error_for(request, *response);
  writes_.push_back({method, request.url, body});
  json j = json::parse(response->body, nullptr, /*allow_exceptions=*/false);
  return j.is_discarded() ? json(nullptr) : j;
}

}  // namespace rp
