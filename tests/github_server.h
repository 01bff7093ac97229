// A tiny HTTP/1.1 server on 127.0.0.1 for the GitHub integration tests: one thread, one
// request per connection, handlers keyed by method and path. It records every request
// (with its headers) so tests can check what the client sent, and never touches the network
// beyond the loopback interface.
#pragma once

#include <atomic>
#include <functional>
#include <map>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace rp::testing {

struct ServerRequest {
  std::string method, target, path, query;  // target = path[?query]
  std::map<std::string, std::string> headers;  // names lower-cased
  std::string body;
};

struct ServerResponse {
  int status = 200;
  std::string body;
  std::vector<std::string> headers;  // "Name: value"
};

class GitHubServer {
 public:
  using Handler = std::function<ServerResponse(const ServerRequest&)>;

  GitHubServer();  // binds an ephemeral port on 127.0.0.1 and starts serving
  ~GitHubServer();
  GitHubServer(const GitHubServer&) = delete;
  GitHubServer& operator=(const GitHubServer&) = delete;

  std::string url() const;  // "http://127.0.0.1:PORT"

  // A handler for METHOD and exact target (path and query) or, when no target matches, for
  // the path alone, or for a target ending in "*" (a path prefix). Later registrations
  // replace earlier ones.
  void on(const std::string& method, const std::string& target, Handler handler);
  // A fixed JSON response.
  void reply(const std::string& method, const std::string& target, int status, std::string body,
             std::vector<std::string> headers = {});
  // Responses served in order for METHOD target, the last one repeated.
  void sequence(const std::string& method, const std::string& target, std::vector<ServerResponse> responses);

  std::vector<ServerRequest> requests() const;
  // Requests whose method and path match.
  std::vector<ServerRequest> requests(const std::string& method, const std::string& path) const;

 private:
  void serve();
  void handle(int fd);
  ServerResponse dispatch(const ServerRequest& request);

  int listen_fd_ = -1;
  int port_ = 0;
  std::atomic<bool> stop_{false};
  mutable std::mutex mu_;
  std::map<std::string, Handler> handlers_;  // "METHOD target"
  std::vector<ServerRequest> log_;
  std::thread thread_;
};

}  // namespace rp::testing
