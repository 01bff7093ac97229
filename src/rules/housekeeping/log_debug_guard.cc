// log-debug-guard: logger calls wrapped in a hand-rolled debug flag, or a logger's level raised
// with setLevel() where no handler is configured, instead of logger.debug() + AITER_LOG_LEVEL.
#include <fmt/format.h>
#include <re2/re2.h>

#include "analysis/facts.h"
#include "analysis/logging_facts.h"
#include "core/paths.h"
#include "rules/rule_base.h"

namespace rp {
namespace {

constexpr RuleInfo kInfo{
    .name = "log-debug-guard",
    .category = Category::Housekeeping,
    .severity = Severity::Note,
    .needs = Needs::FullText,
    .summary = "Logger calls guarded by a hand-rolled DEBUG flag, or a logger's level lowered with setLevel() in a file that configures no handler.",
    .docs = R"(What it catches (aiter Python): (1) an added `if <flag>:` with no elif/else whose body is
only logger calls, where the flag is a module-style debug switch — an upper-case name or
attribute containing DEBUG or VERBOSE (`DEBUG_MODE`, `envs.AITER_DEBUG`) or an env read
(`os.environ.get("..._DEBUG")`, `os.getenv(...)`); (2) an added `<logger>.setLevel(...)` that
asks for DEBUG or INFO (`logging.DEBUG`, `"INFO"`, 10, 20) in a file that adds no handler
(no `addHandler(`, `basicConfig(`, `dictConfig(`).
Why it matters: aiter's logger already filters by level (AITER_LOG_LEVEL); a second switch
means two knobs for one thing. setLevel() after import moves the logger, not its handler (the
handler or the last-resort handler stays at WARNING), so the records still never appear.
Does not fire on: `if verbose:` on a function parameter (an API switch); guards whose body
does other work too, or that have an else; setLevel to WARNING/ERROR/CRITICAL (silencing
works); files that configure a handler; lines the PR did not add.)"};

bool debug_flag(Node cond) {
  if (!cond) return false;
  std::string t = collapse_whitespace(cond.text());
  if (t.starts_with("not ")) return false;
  static const RE2 flag(R"(^(?:[\w]+\.)*[A-Z0-9_]*(?:DEBUG|VERBOSE)[A-Z0-9_]*$)");
  static const RE2 env(R"(^(?:int|bool)?\(?\s*os\.(?:environ\.get|getenv|environ\[)\(?\s*["'][A-Z0-9_]*(?:DEBUG|VERBOSE|LOG)[A-Z0-9_]*["'])");
  return RE2::FullMatch(t, flag) || RE2::PartialMatch(t, env);
}

bool only_logger_calls(Node body) {
  std::vector<lang::Call> calls = lang::lone_calls(body);
  for (const lang::Call& c : calls)
    if (logger_call_level(c).empty()) return false;
  return !calls.empty();
}

bool verbose_level(const lang::Call& c) {
  if (c.args.empty()) return false;
  std::string t = collapse_whitespace(c.args[0].value.text());
  static const RE2 lvl(R"(^(?:logging\.)?(?:DEBUG|INFO|NOTSET)$|^["'](?:DEBUG|INFO|debug|info)["']$|^(?:10|20|0)$)");
  return RE2::FullMatch(t, lvl);
}

bool configures_handler(const SyntaxTree& tree) {
  for (const lang::Call& c : tree.calls())
    if (c.callee_name == "addHandler" || c.callee_name == "basicConfig" || c.callee_name == "dictConfig" ||
        c.callee_name == "fileConfig")
      return true;
  return false;
}

class LogDebugGuard : public FileRuleWithInfo<kInfo> {
 public:
  void check_file(const ReviewContext& ctx, const FileChange& judged, std::vector<Finding>& out) const override {
    for (const auto& [file, added, tree] : changed_sources_with_tests(one_file(judged), ctx.workspace, is_python)) {
      const FileChange& f = *file;
      for (const lang::IfChain& chain : tree->if_chains()) {
        if (chain.branches.size() != 1 || chain.has_else) continue;
        const lang::Branch& b = chain.branches[0];
        if (!added.count(b.start_line) || !debug_flag(b.condition) || !only_logger_calls(b.body)) continue;
        report(f.new_path, *tree, b.start_line,
               "Logger calls are guarded by the flag `" + collapse_whitespace(b.condition.text()) + "`", out);
      }
      bool handler = false, handler_known = false;
      for (const lang::Call& c : tree->calls()) {
        if (c.callee_name != "setLevel" || !added.count(c.line) || !c.receiver) continue;
        std::string recv(c.receiver.text());
        if (!is_logger_receiver(recv) && recv.find("getLogger(") == std::string::npos) continue;
        if (!verbose_level(c)) continue;
        if (!handler_known) handler = configures_handler(*tree), handler_known = true;
        if (handler) continue;
        report(f.new_path, *tree, c.line,
               fmt::format("`{}` raises the logger's verbosity in a file that configures no handler",
                           collapse_whitespace(c.node.text())),
               out);
      }
    }
  }

 private:
  void report(const std::string& path, const SyntaxTree& tree, int line, std::string problem,
              std::vector<Finding>& out) const {
    Finding x = finding();
    x.location = Location{path, line};
    x.problem = std::move(problem);
    x.impact = "A second switch beside AITER_LOG_LEVEL; a logger level raised after import does not move its "
               "handler, so the records may still never appear";
    x.action = "Author must log with `logger.debug(...)` unguarded and let AITER_LOG_LEVEL=DEBUG select it, "
               "instead of a flag or setLevel()";
    x.evidence.push_back(evidence(path, line, tree.line_text(line)));
    out.push_back(std::move(x));
  }
};

REGISTER_RULE(LogDebugGuard);

}  // namespace
}  // namespace rp
