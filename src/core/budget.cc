#include "core/budget.h"

#include <time.h>

namespace rp::budget {

namespace {
// CPU time of the calling thread, not the wall clock: on a loaded machine (batch -j2 beside a
// build) a rule gets the same budget of work, so whether it finishes does not depend on what
// else runs.
struct Clock {
  using duration = std::chrono::nanoseconds;
  using time_point = std::chrono::time_point<Clock, duration>;
  static time_point now() {
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return time_point(std::chrono::seconds(ts.tv_sec) + std::chrono::nanoseconds(ts.tv_nsec));
  }
};

struct State {
  std::chrono::milliseconds limit{0};  // 0 = unlimited
  Clock::time_point start;
  std::string file;
  bool spent = false;  // exhausted() said so: the rule was told to stop
  std::optional<std::string> overran;  // the first file that took longer than the limit
};
thread_local State state;

bool over(const State& s) { return s.limit.count() > 0 && Clock::now() - s.start > s.limit; }
}  // namespace

void start_rule(std::chrono::milliseconds per_file) {
  state = State{};
  state.limit = per_file;
  state.start = Clock::now();
}

void begin_file(std::string_view path) {
  if (state.spent) return;
  if (!state.overran && over(state)) state.overran = state.file;
  state.file = std::string(path);
  state.start = Clock::now();
}

bool exhausted() {
  if (!state.spent && over(state)) state.spent = true;
  return state.spent;
}

std::optional<Outcome> finish_rule() {
  if (!state.overran && over(state)) state.overran = state.file;
  std::optional<Outcome> out;
  if (state.spent) out = Outcome{true, state.file};
  else if (state.overran) out = Outcome{false, *state.overran};
  state = State{};
  return out;
}

Paused pause() {
  Paused p{state.limit, Clock::now() - state.start, state.file, state.spent, state.overran};
  state = State{};
  return p;
}

void resume(const Paused& p) {
  state = State{};
  state.limit = p.limit;
  state.start = Clock::now() - p.elapsed;
  state.file = p.file;
  state.spent = p.spent;
  state.overran = p.overran;
}

}  // namespace rp::budget
