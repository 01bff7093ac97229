#include "batch/process_pool.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

namespace rp {

namespace {

using Clock = std::chrono::steady_clock;

struct Running {
  size_t index = 0;
  pid_t pid = -1;
  int fd = -1;
  Clock::time_point start;
  std::string output;
  bool killed_for_time = false;
};

#if defined(__SANITIZE_ADDRESS__)
constexpr bool kUnderAsan = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
constexpr bool kUnderAsan = true;
#else
constexpr bool kUnderAsan = false;
#endif
#else
constexpr bool kUnderAsan = false;
#endif

bool write_all(int fd, const std::string& data) {
  size_t off = 0;
  while (off < data.size()) {
    ssize_t n = ::write(fd, data.data() + off, data.size() - off);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    off += static_cast<size_t>(n);
  }
  return true;
}

// In the child: limits, the work, the output, and _exit (no atexit handlers, no flushing of
// the parent's stdio buffers twice).
[[noreturn]] void run_child(int fd, size_t index, const PoolOptions& options,
                            const std::function<std::string(size_t, int*)>& work) {
  // ASan reserves terabytes of address space; an RLIMIT_AS would make it fail at start-up.
  if (options.memory_limit_mb > 0 && !kUnderAsan) {
    rlimit lim{};
    lim.rlim_cur = lim.rlim_max = static_cast<rlim_t>(options.memory_limit_mb) << 20;
    setrlimit(RLIMIT_AS, &lim);
  }
  int code = 0;
  std::string out;
  try {
    out = work(index, &code);
  } catch (const std::bad_alloc&) {
    out = "out of memory (limit " + std::to_string(options.memory_limit_mb) + " MB)";
    code = 3;
  } catch (const std::exception& e) {
    out = std::string("internal error: ") + e.what();
    code = 4;
  }
  bool ok = write_all(fd, out);
  ::close(fd);
  std::fflush(nullptr);
  _exit(ok ? code : 5);
}

void finish(Running& r, int status, const rusage& usage, const std::function<void(JobOutcome&&)>& done) {
  JobOutcome o;
  o.index = r.index;
  o.output = std::move(r.output);
  o.seconds = std::chrono::duration<double>(Clock::now() - r.start).count();
  o.peak_rss_kb = usage.ru_maxrss;
  if (WIFEXITED(status)) {
    o.exit_code = WEXITSTATUS(status);
    o.status = o.exit_code == 0 ? JobStatus::Ok : JobStatus::Failed;
  } else if (WIFSIGNALED(status)) {
    o.signal = WTERMSIG(status);
    o.status = r.killed_for_time ? JobStatus::Timeout : JobStatus::Crashed;
  } else {
    o.status = JobStatus::Crashed;
  }
  done(std::move(o));
}

}  // namespace

std::string_view job_status_name(JobStatus s) {
  switch (s) {
    case JobStatus::Ok: return "ok";
    case JobStatus::Failed: return "error";
    case JobStatus::Timeout: return "timeout";
    case JobStatus::Crashed: return "crash";
  }
  return "?";
}

bool run_pool(size_t count, const PoolOptions& options, const std::function<std::string(size_t, int*)>& work,
              const std::function<void(JobOutcome&&)>& done) {
  const size_t width = static_cast<size_t>(options.jobs < 1 ? 1 : options.jobs);
  std::vector<Running> running;
  size_t next = 0;
  bool started_any = false;
  std::fflush(nullptr);  // a child must not inherit unflushed output and write it again

  while (next < count || !running.empty()) {
    while (next < count && running.size() < width) {
      int fds[2];
      if (::pipe(fds) != 0) {
        if (running.empty()) return started_any;
        break;
      }
      pid_t pid = ::fork();
      if (pid < 0) {
        ::close(fds[0]);
        ::close(fds[1]);
        if (running.empty()) return started_any;
        break;
      }
      if (pid == 0) {
        ::close(fds[0]);
        for (const Running& r : running) ::close(r.fd);
        run_child(fds[1], next, options, work);
      }
      started_any = true;
      ::close(fds[1]);
      ::fcntl(fds[0], F_SETFD, FD_CLOEXEC);
      Running r;
      r.index = next++;
      r.pid = pid;
      r.fd = fds[0];
      r.start = Clock::now();
      running.push_back(std::move(r));
    }

    std::vector<pollfd> polls;
    for (const Running& r : running) polls.push_back({r.fd, POLLIN, 0});
    int rc = ::poll(polls.data(), polls.size(), 100);
    if (rc < 0 && errno != EINTR) return started_any;

    for (size_t i = 0; i < running.size();) {
      Running& r = running[i];
      bool closed = false;
      if (rc > 0 && (polls[i].revents & (POLLIN | POLLHUP | POLLERR))) {
        char buf[65536];
        ssize_t n = ::read(r.fd, buf, sizeof(buf));
        if (n > 0) r.output.append(buf, static_cast<size_t>(n));
        else if (n == 0 || errno != EINTR) closed = true;
      }
      double elapsed = std::chrono::duration<double>(Clock::now() - r.start).count();
      if (!closed && !r.killed_for_time && options.timeout_seconds > 0 && elapsed > options.timeout_seconds) {
        ::kill(r.pid, SIGKILL);
        r.killed_for_time = true;
      }
      if (closed || r.killed_for_time) {
        ::close(r.fd);
        int status = 0;
        rusage usage{};
        while (::wait4(r.pid, &status, 0, &usage) < 0 && errno == EINTR) {
        }
        finish(r, status, usage, done);
        running.erase(running.begin() + static_cast<long>(i));
        polls.erase(polls.begin() + static_cast<long>(i));
        continue;
      }
      ++i;
    }
  }
  return true;
}

}  // namespace rp
