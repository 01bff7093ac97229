#include "github/http.h"

#include <algorithm>
#include <cctype>
#include <memory>
#include <mutex>

#include <curl/curl.h>

namespace rp {

namespace {

struct Sink {
  HttpResponse* response;
  size_t max_bytes;
  bool too_large = false;
};

size_t on_body(char* data, size_t size, size_t count, void* user) {
  auto* sink = static_cast<Sink*>(user);
  size_t n = size * count;
  if (sink->response->body.size() + n > sink->max_bytes) {
    sink->too_large = true;
    return 0;  // aborts the transfer
  }
  sink->response->body.append(data, n);
  return n;
}

// Called once per header line; a redirect starts a new header block, so a status line
// clears what the previous hop said.
size_t on_header(char* data, size_t size, size_t count, void* user) {
  auto* sink = static_cast<Sink*>(user);
  size_t n = size * count;
  std::string line(data, n);
  while (!line.empty() && (line.back() == '\r' || line.back() == '\n')) line.pop_back();
  if (line.starts_with("HTTP/")) {
    sink->response->headers.clear();
    return n;
  }
  size_t colon = line.find(':');
  if (colon == std::string::npos) return n;
  std::string name = line.substr(0, colon);
  std::transform(name.begin(), name.end(), name.begin(), [](unsigned char c) { return std::tolower(c); });
  size_t start = line.find_first_not_of(" \t", colon + 1);
  sink->response->headers[name] = start == std::string::npos ? "" : line.substr(start);
  return n;
}

// "https://api.github.com/repos/x" → "api.github.com": errors name the host, not the URL.
std::string host_of(const std::string& url) {
  size_t start = url.find("://");
  start = start == std::string::npos ? 0 : start + 3;
  size_t end = url.find_first_of("/?#", start);
  return url.substr(start, end == std::string::npos ? std::string::npos : end - start);
}

void global_init() {
  static std::once_flag once;
  std::call_once(once, [] { curl_global_init(CURL_GLOBAL_DEFAULT); });
}

}  // namespace

std::string HttpResponse::header(const std::string& name) const {
  auto it = headers.find(name);
  return it == headers.end() ? std::string() : it->second;
}

Result<HttpResponse> http_send(const HttpRequest& request, const HttpLimits& limits) {
  global_init();
  std::unique_ptr<CURL, decltype(&curl_easy_cleanup)> curl(curl_easy_init(), curl_easy_cleanup);
  if (!curl) return Status::Error("cannot initialise libcurl");
  HttpResponse response;
  Sink sink{&response, limits.max_body_bytes};

  curl_slist* headers = nullptr;
  for (const std::string& h : request.headers) headers = curl_slist_append(headers, h.c_str());
  std::unique_ptr<curl_slist, decltype(&curl_slist_free_all)> header_list(headers, curl_slist_free_all);

  CURL* c = curl.get();
  curl_easy_setopt(c, CURLOPT_URL, request.url.c_str());
  curl_easy_setopt(c, CURLOPT_CUSTOMREQUEST, request.method.c_str());
  if (request.method == "HEAD") curl_easy_setopt(c, CURLOPT_NOBODY, 1L);
  if (!request.body.empty() || request.method == "POST" || request.method == "PATCH" || request.method == "PUT") {
    curl_easy_setopt(c, CURLOPT_POSTFIELDS, request.body.data());
    curl_easy_setopt(c, CURLOPT_POSTFIELDSIZE_LARGE, static_cast<curl_off_t>(request.body.size()));
  }
  curl_easy_setopt(c, CURLOPT_HTTPHEADER, headers);
  curl_easy_setopt(c, CURLOPT_WRITEFUNCTION, on_body);
  curl_easy_setopt(c, CURLOPT_WRITEDATA, &sink);
  curl_easy_setopt(c, CURLOPT_HEADERFUNCTION, on_header);
  curl_easy_setopt(c, CURLOPT_HEADERDATA, &sink);
  curl_easy_setopt(c, CURLOPT_CONNECTTIMEOUT_MS, limits.connect_timeout_ms);
  curl_easy_setopt(c, CURLOPT_TIMEOUT_MS, limits.total_timeout_ms);
  curl_easy_setopt(c, CURLOPT_NOSIGNAL, 1L);
  // Log downloads redirect to blob storage. libcurl drops a custom Authorization header when
  // a redirect leaves the host, so the token never travels to the storage host.
  curl_easy_setopt(c, CURLOPT_FOLLOWLOCATION, 1L);
  curl_easy_setopt(c, CURLOPT_MAXREDIRS, 5L);
  curl_easy_setopt(c, CURLOPT_PROTOCOLS_STR, "http,https");
  curl_easy_setopt(c, CURLOPT_REDIR_PROTOCOLS_STR, "http,https");
  curl_easy_setopt(c, CURLOPT_ACCEPT_ENCODING, "");

  CURLcode rc = curl_easy_perform(c);
  if (sink.too_large)
    return Status::Error("response from " + host_of(request.url) + " is larger than " +
                         std::to_string(limits.max_body_bytes >> 20) + " MB");
  if (rc != CURLE_OK)
    return Status::Error("cannot reach " + host_of(request.url) + ": " + curl_easy_strerror(rc));
  curl_easy_getinfo(c, CURLINFO_RESPONSE_CODE, &response.status);
  return response;
}

}  // namespace rp
