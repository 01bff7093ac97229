// Runs many independent jobs, each in its own forked child process, a few at a time. A job
// that crashes, runs out of memory or exceeds its time limit is reported as such and never
// stops the others: this is what lets `batch` sweep a whole repository history. The child
// only runs our own code (the review of one commit); nothing from the repository is executed.
#pragma once

#include <cstddef>
#include <functional>
#include <string>

namespace rp {

struct PoolOptions {
  int jobs = 2;                 // children running at once
  double timeout_seconds = 60;  // wall-clock limit per job; the child is killed after it
  size_t memory_limit_mb = 0;   // address-space limit per child (RLIMIT_AS); 0 = none
};

enum class JobStatus { Ok, Failed, Timeout, Crashed };
std::string_view job_status_name(JobStatus s);  // "ok" | "error" | "timeout" | "crash"

struct JobOutcome {
  size_t index = 0;
  JobStatus status = JobStatus::Ok;
  std::string output;      // what the child wrote (complete only when status is Ok/Failed)
  int exit_code = 0;       // child's exit code when it exited
  int signal = 0;          // signal that ended the child, when it was killed
  double seconds = 0;      // wall time
  long peak_rss_kb = 0;    // the child's peak resident set (getrusage via wait4)
};

// `work(i)` runs in the child; its return value is the child's output and a non-zero
// `*exit_code` marks a failure the job reported itself. `done` runs in the parent, in
// completion order, once per job. Returns false only when no child could be started
// (fork or pipe failed); individual job failures are outcomes, not errors.
bool run_pool(size_t count, const PoolOptions& options,
              const std::function<std::string(size_t index, int* exit_code)>& work,
              const std::function<void(JobOutcome&&)>& done);

}  // namespace rp
