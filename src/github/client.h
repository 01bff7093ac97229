// A small GitHub REST client: JSON GETs with pagination (Link rel="next"), writes, and the
// manners GitHub asks for — rate-limit headers honoured (wait up to a bound, else a clear
// error), retries with exponential backoff on 5xx and transport errors, timeouts. The token
// is sent only in the Authorization header to the configured API host and is scrubbed from
// every message the client produces. In dry-run mode writes are recorded, not sent.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/status.h"
#include "github/http.h"

namespace rp {

struct GitHubOptions {
  std::string api_url = "https://api.github.com";  // GitHub Enterprise: https://HOST/api/v3
  std::string token;                                // empty = anonymous (60 requests an hour)
  int max_retries = 3;                              // extra attempts on 5xx / transport errors (not POST)
  int backoff_ms = 1000;                            // first retry delay, doubled each time
  int max_rate_wait_s = 120;                        // longest rate-limit wait before failing
  int max_pages = 50;                               // per list (100 items a page)
  HttpLimits limits;
  bool dry_run = false;
  // How the client waits (tests shorten it); default sleeps the thread.
  std::function<void(long ms)> sleep;
};

// A request as --dry-run prints it (and as the client would send it).
struct ApiWrite {
  std::string method, url;
  nlohmann::json body;
};

class GitHubClient {
 public:
  explicit GitHubClient(GitHubOptions options);

  // `path` is relative to the API URL ("/repos/o/r/pulls/1"). Any non-2xx is an error.
  Result<nlohmann::json> get_json(const std::string& path);
  // Every page of a list endpoint. `key` names the array for endpoints that wrap it in an
  // object (check-runs: "check_runs"); "" when the page itself is the array.
  Result<nlohmann::json> get_all(const std::string& path, const std::string& key = "");
  // A GET with another media type (the PR's diff); the raw response, any status, so callers
  // can act on 404/406/410 themselves. Retries and rate limits are handled before it returns.
  Result<HttpResponse> get_raw(const std::string& path, const std::string& accept);
  // POST / PATCH with a JSON body; the response JSON. In dry-run mode the request is
  // recorded in writes() and the result is null.
  Result<nlohmann::json> write(const std::string& method, const std::string& path, const nlohmann::json& body);

  const std::vector<ApiWrite>& writes() const { return writes_; }
  bool dry_run() const { return options_.dry_run; }
  std::string url_for(const std::string& path) const;
  // `text` with every occurrence of the token replaced by "***".
  std::string scrub(std::string text) const;

 private:
  Result<HttpResponse> send(HttpRequest request);
  Status error_for(const HttpRequest& request, const HttpResponse& response) const;
  GitHubOptions options_;
  std::vector<ApiWrite> writes_;
};

// Environment: the token from GH_TOKEN, else GITHUB_TOKEN; the API URL from GITHUB_API_URL
// (set by Actions runners, also on GitHub Enterprise), else api.github.com.
// `text` with every occurrence of `token` replaced by "***" (nothing when the token is empty).
std::string scrub_token(std::string text, const std::string& token);

// The host git clones come from for this API: api.github.com → github.com, a GitHub
// Enterprise https://HOST/api/v3 → HOST. Credentials go to that host only.
std::string web_host_of_api(const std::string& api_url);

std::string token_from_environment();
std::string api_url_from_environment();

}  // namespace rp
