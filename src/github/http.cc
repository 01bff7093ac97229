#include "github/http.h"

#include <dlfcn.h>

#include <algorithm>
#include <cctype>
#include <memory>
#include <mutex>

// Calls go through the function pointers below (loaded on first use), not curl's
// type-checking macros.
#define CURL_DISABLE_TYPECHECK
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

// libcurl is loaded on the first request, not linked: its ~20 dependencies (TLS, HTTP/2,
// LDAP, IDN, ...) were mapped and relocated at every start, about a tenth of a small local
// review, which never makes a network call. Only --github and fetches load it.
struct Curl {
  CURLcode (*global_init)(long);
  CURL* (*easy_init)();
  void (*easy_cleanup)(CURL*);
  CURLcode (*easy_setopt)(CURL*, CURLoption, ...);
  CURLcode (*easy_perform)(CURL*);
  const char* (*easy_strerror)(CURLcode);
  CURLcode (*easy_getinfo)(CURL*, CURLINFO, ...);
  curl_slist* (*slist_append)(curl_slist*, const char*);
  void (*slist_free_all)(curl_slist*);
};

template <typename F>
bool bind(void* lib, const char* name, F& out) {
  out = reinterpret_cast<F>(dlsym(lib, name));
  return out != nullptr;
}

// The loaded library, or null with `error` set; loaded and initialised once per process.
const Curl* curl_api(std::string& error) {
  static std::once_flag once;
  static Curl api;
  static const Curl* loaded = nullptr;
  static std::string load_error;
  std::call_once(once, [] {
    void* lib = dlopen("libcurl.so.4", RTLD_NOW | RTLD_LOCAL);
    if (!lib) {
      const char* why = dlerror();
      load_error = std::string("cannot load libcurl (libcurl.so.4): ") + (why ? why : "not found");
      return;
    }
    bool ok = bind(lib, "curl_global_init", api.global_init) && bind(lib, "curl_easy_init", api.easy_init) &&
              bind(lib, "curl_easy_cleanup", api.easy_cleanup) && bind(lib, "curl_easy_setopt", api.easy_setopt) &&
              bind(lib, "curl_easy_perform", api.easy_perform) &&
              bind(lib, "curl_easy_strerror", api.easy_strerror) &&
              bind(lib, "curl_easy_getinfo", api.easy_getinfo) && bind(lib, "curl_slist_append", api.slist_append) &&
              bind(lib, "curl_slist_free_all", api.slist_free_all);
    if (!ok) {
      load_error = "libcurl.so.4 lacks a function review-pr calls";
      return;
    }
    api.global_init(CURL_GLOBAL_DEFAULT);
    loaded = &api;  // the library stays loaded until exit
  });
  error = load_error;
  return loaded;
}

}  // namespace

std::string HttpResponse::header(const std::string& name) const {
  auto it = headers.find(name);
  return it == headers.end() ? std::string() : it->second;
}

Result<HttpResponse> http_send(const HttpRequest& request, const HttpLimits& limits) {
  std::string load_error;
  const Curl* api = curl_api(load_error);
  if (!api) return Status::Error(load_error);
  std::unique_ptr<CURL, void (*)(CURL*)> curl(api->easy_init(), api->easy_cleanup);
  if (!curl) return Status::Error("cannot initialise libcurl");
  HttpResponse response;
  Sink sink{&response, limits.max_body_bytes};

  curl_slist* headers = nullptr;
  for (const std::string& h : request.headers) headers = api->slist_append(headers, h.c_str());
  std::unique_ptr<curl_slist, void (*)(curl_slist*)> header_list(headers, api->slist_free_all);

  CURL* c = curl.get();
  api->easy_setopt(c, CURLOPT_URL, request.url.c_str());
  api->easy_setopt(c, CURLOPT_CUSTOMREQUEST, request.method.c_str());
  if (request.method == "HEAD") api->easy_setopt(c, CURLOPT_NOBODY, 1L);
  if (!request.body.empty() || request.method == "POST" || request.method == "PATCH" || request.method == "PUT") {
    api->easy_setopt(c, CURLOPT_POSTFIELDS, request.body.data());
    api->easy_setopt(c, CURLOPT_POSTFIELDSIZE_LARGE, static_cast<curl_off_t>(request.body.size()));
  }
  api->easy_setopt(c, CURLOPT_HTTPHEADER, headers);
  api->easy_setopt(c, CURLOPT_WRITEFUNCTION, on_body);
  api->easy_setopt(c, CURLOPT_WRITEDATA, &sink);
  api->easy_setopt(c, CURLOPT_HEADERFUNCTION, on_header);
  api->easy_setopt(c, CURLOPT_HEADERDATA, &sink);
  api->easy_setopt(c, CURLOPT_CONNECTTIMEOUT_MS, limits.connect_timeout_ms);
  api->easy_setopt(c, CURLOPT_TIMEOUT_MS, limits.total_timeout_ms);
  api->easy_setopt(c, CURLOPT_NOSIGNAL, 1L);
  // Log downloads redirect to blob storage. libcurl drops a custom Authorization header when
  // a redirect leaves the host, so the token never travels to the storage host.
  api->easy_setopt(c, CURLOPT_FOLLOWLOCATION, 1L);
  api->easy_setopt(c, CURLOPT_MAXREDIRS, 5L);
  api->easy_setopt(c, CURLOPT_PROTOCOLS_STR, "http,https");
  api->easy_setopt(c, CURLOPT_REDIR_PROTOCOLS_STR, "http,https");
  api->easy_setopt(c, CURLOPT_ACCEPT_ENCODING, "");

  CURLcode rc = api->easy_perform(c);
  if (sink.too_large)
    return Status::Error("response from " + host_of(request.url) + " is larger than " +
                         std::to_string(limits.max_body_bytes >> 20) + " MB");
  if (rc != CURLE_OK)
    return Status::Error("cannot reach " + host_of(request.url) + ": " + api->easy_strerror(rc));
  api->easy_getinfo(c, CURLINFO_RESPONSE_CODE, &response.status);
  return response;
}

}  // namespace rp
