// The time one rule may spend on one file (`--rule-timeout`, `rules.timeout`): a generated file
// of thousands of functions must not hold the review hostage to one slow check. Cooperative, as
// semgrep's --timeout: the runner starts a rule's budget, the loops that walk files restart its
// clock per file (begin_file) and ask exhausted() at natural stopping points, and a rule that
// hears "yes" returns with what it found so far. Nothing is thrown; a rule that never asks runs
// to its end, and the runner still notes that it overran. One budget per thread, counted in the
// thread's CPU time (the same work is stopped or not whatever else the machine runs).
#pragma once

#include <chrono>
#include <optional>
#include <string>
#include <string_view>

namespace rp::budget {

// The default per-file budget of a rule.
inline constexpr std::chrono::milliseconds kDefault{5000};

// Starts the budget of one rule run on this thread; 0 = unlimited.
void start_rule(std::chrono::milliseconds per_file);
// The rule moves on to `path`: its clock starts again (unless the budget is already spent: a
// rule that ran out stops for good).
void begin_file(std::string_view path);
// True once the time of the current file is spent; stays true until the next start_rule.
// Cheap enough for a loop over functions.
bool exhausted();

// How a rule's budget ended, for the card: it stopped because it ran out (stopped), or it ran
// to its end but took longer than the budget on one file (overran).
struct Outcome {
  bool stopped = false;
  std::string file;  // the file it was on ("" = before or after its files)
};
// Ends the rule's budget; nullopt when it stayed within it.
std::optional<Outcome> finish_rule();

// A rule's budget set aside while other rules run: the file-major runner (rules/runner.h) hands
// each file to every file rule in turn, so each rule keeps its own budget between its files.
// pause() takes the thread's current budget (its clock stops), resume() makes it current again
// (its clock goes on from where it stopped).
struct Paused {
  std::chrono::milliseconds limit{0};
  std::chrono::nanoseconds elapsed{0};  // on the current file
  std::string file;
  bool spent = false;
  std::optional<std::string> overran;
};
Paused pause();
void resume(const Paused& paused);

}  // namespace rp::budget
