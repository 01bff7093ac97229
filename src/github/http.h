// One HTTP exchange over libcurl, and nothing GitHub-specific: method, URL, headers and body
// in; status, lower-cased response headers and body out. Bounded: a connect timeout, a whole
// request timeout and a cap on the response size. The transport never logs; callers decide
// what to say, and the GitHub client keeps the token out of everything it says.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "core/status.h"

namespace rp {

struct HttpRequest {
  std::string method = "GET";
  std::string url;
  std::vector<std::string> headers;  // "Name: value"
  std::string body;                  // sent when not empty
};

struct HttpResponse {
  long status = 0;
  std::map<std::string, std::string> headers;  // names lower-cased; the last value wins
  std::string body;

  // The header's value, or "" when absent. `name` is lower-case.
  std::string header(const std::string& name) const;
};

struct HttpLimits {
  long connect_timeout_ms = 10'000;
  long total_timeout_ms = 60'000;
  size_t max_body_bytes = size_t(64) << 20;
};

// A transport error (DNS, refused connection, timeout, body too large) is an error Status
// whose message names the host but never the headers; an HTTP error status is a response.
Result<HttpResponse> http_send(const HttpRequest& request, const HttpLimits& limits);

}  // namespace rp
