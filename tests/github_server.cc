#include "github_server.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <memory>
#include <stdexcept>

namespace rp::testing {

namespace {

const char* reason(int status) {
  switch (status) {
    case 200: return "OK";
    case 201: return "Created";
    case 302: return "Found";
    case 403: return "Forbidden";
    case 404: return "Not Found";
    case 406: return "Not Acceptable";
    case 410: return "Gone";
    case 422: return "Unprocessable Entity";
    case 429: return "Too Many Requests";
    case 502: return "Bad Gateway";
    default: return "Status";
  }
}

bool read_some(int fd, std::string& buf) {
  pollfd p{fd, POLLIN, 0};
  if (::poll(&p, 1, 5000) <= 0) return false;
  char chunk[8192];
  ssize_t n = ::recv(fd, chunk, sizeof chunk, 0);
  if (n <= 0) return false;
  buf.append(chunk, static_cast<size_t>(n));
  return true;
}

bool parse_request(int fd, ServerRequest& req) {
  std::string buf;
  size_t end;
  while ((end = buf.find("\r\n\r\n")) == std::string::npos)
    if (!read_some(fd, buf)) return false;
  std::string head = buf.substr(0, end);
  std::string rest = buf.substr(end + 4);
  size_t line_end = head.find("\r\n");
  std::string first = head.substr(0, line_end);
  size_t sp1 = first.find(' '), sp2 = first.rfind(' ');
  if (sp1 == std::string::npos || sp2 == sp1) return false;
  req.method = first.substr(0, sp1);
  req.target = first.substr(sp1 + 1, sp2 - sp1 - 1);
  size_t q = req.target.find('?');
  req.path = req.target.substr(0, q);
  req.query = q == std::string::npos ? "" : req.target.substr(q + 1);
  size_t pos = line_end == std::string::npos ? head.size() : line_end + 2;
  while (pos < head.size()) {
    size_t e = head.find("\r\n", pos);
    if (e == std::string::npos) e = head.size();
    std::string line = head.substr(pos, e - pos);
    size_t colon = line.find(':');
    if (colon != std::string::npos) {
      std::string name = line.substr(0, colon);
      std::transform(name.begin(), name.end(), name.begin(), [](unsigned char c) { return std::tolower(c); });
      size_t v = line.find_first_not_of(' ', colon + 1);
      req.headers[name] = v == std::string::npos ? "" : line.substr(v);
    }
    pos = e + 2;
  }
  size_t length = 0;
  if (auto it = req.headers.find("content-length"); it != req.headers.end()) length = std::stoul(it->second);
  while (rest.size() < length)
    if (!read_some(fd, rest)) return false;
  req.body = rest.substr(0, length);
  return true;
}

void send_all(int fd, const std::string& data) {
  size_t sent = 0;
  while (sent < data.size()) {
    ssize_t n = ::send(fd, data.data() + sent, data.size() - sent, MSG_NOSIGNAL);
    if (n <= 0) return;
    sent += static_cast<size_t>(n);
  }
}

}  // namespace

GitHubServer::GitHubServer() {
  listen_fd_ = ::socket(AF_INET, SOCK_STREAM, 0);
  if (listen_fd_ < 0) throw std::runtime_error("socket");
  int one = 1;
  ::setsockopt(listen_fd_, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  addr.sin_port = 0;
  if (::bind(listen_fd_, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0) throw std::runtime_error("bind");
  if (::listen(listen_fd_, 16) != 0) throw std::runtime_error("listen");
  socklen_t len = sizeof addr;
  ::getsockname(listen_fd_, reinterpret_cast<sockaddr*>(&addr), &len);
  port_ = ntohs(addr.sin_port);
  thread_ = std::thread([this] { serve(); });
}

GitHubServer::~GitHubServer() {
  stop_ = true;
  thread_.join();
  ::close(listen_fd_);
}

std::string GitHubServer::url() const { return "http://127.0.0.1:" + std::to_string(port_); }

void GitHubServer::on(const std::string& method, const std::string& target, Handler handler) {
  std::lock_guard lock(mu_);
  handlers_[method + " " + target] = std::move(handler);
}

void GitHubServer::reply(const std::string& method, const std::string& target, int status, std::string body,
                         std::vector<std::string> headers) {
  ServerResponse r{status, std::move(body), std::move(headers)};
  on(method, target, [r](const ServerRequest&) { return r; });
}

void GitHubServer::sequence(const std::string& method, const std::string& target, std::vector<ServerResponse> responses) {
  auto state = std::make_shared<std::pair<std::vector<ServerResponse>, size_t>>(std::move(responses), 0);
  on(method, target, [state](const ServerRequest&) {
    auto& [list, next] = *state;
    const ServerResponse& r = list[std::min(next, list.size() - 1)];
    ++next;
    return r;
  });
}

std::vector<ServerRequest> GitHubServer::requests() const {
  std::lock_guard lock(mu_);
  return log_;
}

std::vector<ServerRequest> GitHubServer::requests(const std::string& method, const std::string& path) const {
  std::vector<ServerRequest> out;
  for (const ServerRequest& r : requests())
    if (r.method == method && r.path == path) out.push_back(r);
  return out;
}

ServerResponse GitHubServer::dispatch(const ServerRequest& request) {
  Handler handler;
  {
    std::lock_guard lock(mu_);
    log_.push_back(request);
    auto it = handlers_.find(request.method + " " + request.target);
    if (it == handlers_.end()) it = handlers_.find(request.method + " " + request.path);
    if (it == handlers_.end()) {
      // "METHOD /prefix*" matches any path under the prefix (ids in the path).
      std::string key = request.method + " " + request.path;
      for (auto h = handlers_.begin(); h != handlers_.end(); ++h)
        if (h->first.ends_with("*") && key.starts_with(h->first.substr(0, h->first.size() - 1))) it = h;
    }
    if (it != handlers_.end()) handler = it->second;
  }
  if (!handler) return {404, R"({"message":"Not Found","documentation_url":"https://docs.github.com/rest"})", {}};
  return handler(request);
}

void GitHubServer::handle(int fd) {
  ServerRequest request;
  if (!parse_request(fd, request)) return;
  ServerResponse response = dispatch(request);
  std::string out = "HTTP/1.1 " + std::to_string(response.status) + " " + reason(response.status) + "\r\n";
  out += "Content-Length: " + std::to_string(response.body.size()) + "\r\nConnection: close\r\n";
  bool typed = false;
  for (const std::string& h : response.headers) {
    out += h + "\r\n";
    typed |= h.starts_with("Content-Type");
  }
  if (!typed) out += "Content-Type: application/json; charset=utf-8\r\n";
  out += "\r\n" + response.body;
  send_all(fd, out);
}

void GitHubServer::serve() {
  while (!stop_) {
    pollfd p{listen_fd_, POLLIN, 0};
    if (::poll(&p, 1, 50) <= 0) continue;
    int fd = ::accept(listen_fd_, nullptr, nullptr);
    if (fd < 0) continue;
    handle(fd);
    ::shutdown(fd, SHUT_WR);
    ::close(fd);
  }
}

}  // namespace rp::testing
