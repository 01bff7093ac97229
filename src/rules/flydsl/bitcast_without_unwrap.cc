// flydsl-bitcast-without-unwrap: `arith.bitcast(value, type)` in FlyDSL code with a DSL value
// that is not unwrapped to a raw IR value first (aiter D10b).
#include <re2/re2.h>

#include <cctype>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "analysis/facts.h"
#include "analysis/source_facts.h"
#include "core/paths.h"
#include "rules/rule_base.h"

namespace rp {
namespace {

constexpr RuleInfo kInfo{
    .name = "flydsl-bitcast-without-unwrap",
    .category = Category::Boundary,
    .severity = Severity::Red,
    .needs = Needs::Diff,
    .summary = "A FlyDSL `arith.bitcast(value, type)` receives a DSL expression that is not unwrapped first.",
    .docs = R"(What it catches: an added call `arith.bitcast(value, type)` in a Python file that imports
FlyDSL, using the value-first signature (the second argument is a type: `T.f32`, `ir.F32Type.get()`,
a name ending in `_ty`/`_type`), where the value is a DSL expression (an arithmetic result, a load,
a call, a name bound to one) and is not wrapped in an unwrap helper (`arith.unwrap(...)`, any call
whose name contains `unwrap` or `raw`, `.ir_value()`).
Why it matters: the bitcast needs a raw IR value. Python accepts the call; the type error appears
only when the kernel is JIT-compiled for the dtype branch that reaches it, i.e. on the first
production request with that dtype.
Does not fire on: the type-first spelling `arith.bitcast(T.i32, value)` (the current FlyDSL
signature, which unwraps itself), values wrapped in an unwrap helper, plain Python literals,
unchanged lines, files that do not import FlyDSL, test files.)"};

bool looks_like_type(std::string_view t) {
  static const RE2 re(R"((^T\.\w+$)|(Type\b)|(_ty$)|(_type$)|(^ir\.\w+))");
  return RE2::PartialMatch(std::string(trim(t)), re);
}

bool is_unwrapped(Node value) {
  if (is_any(value, {NodeKind::Integer, NodeKind::Float})) return true;
  if (!is(value, NodeKind::Call)) return false;
  Call c = lang::describe_call(value);
  std::string n = c.callee_name;
  for (char& ch : n) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  return n.find("unwrap") != std::string::npos || n.find("raw") != std::string::npos || n == "ir_value";
}

class FlydslBitcastWithoutUnwrap : public FileRuleWithInfo<kInfo> {
 public:
  void check_file(const ReviewContext& ctx, const FileChange& judged, std::vector<Finding>& out) const override {
    for (const auto& [file, added, tree] : changed_sources(one_file(judged), ctx.workspace, [](std::string_view p) { return is_python(p); })) {
      const FileChange& f = *file;
      if (!imports_flydsl(*tree)) continue;
      for (const Call& c : tree->calls()) {
        if (c.callee != "arith.bitcast" || c.args.size() < 2 || !added.count(c.line)) continue;
        if (!c.args[0].keyword.empty() || !c.args[1].keyword.empty()) continue;
        Node value = c.args[0].value, type = c.args[1].value;
        if (looks_like_type(value.text()) || !looks_like_type(type.text())) continue;
        if (is_unwrapped(value)) continue;
        report(*tree, f.new_path, c, out);
      }
    }
  }

 private:
  static bool imports_flydsl(const SyntaxTree& tree) {
    for (const lang::Import& imp : tree.imports())
      if (imp.module.starts_with("flydsl") || imp.module.find("flydsl") != std::string::npos) return true;
    return false;
  }

  void report(const SyntaxTree& tree, const std::string& path, const Call& c, std::vector<Finding>& out) const {
    std::string value = collapse_whitespace(c.args[0].value.text());
    Finding x = finding();
    x.location = Location{path, c.line};
    x.problem = "`" + value + "` is passed to `arith.bitcast` as a DSL value, not unwrapped to a raw IR value";
    x.impact = "The kernel fails with a type error at JIT time, the first time the branch reaching line " +
               std::to_string(c.line) + " is compiled: a crash on the first request with that dtype";
    x.action = "Author must wrap the operand: `arith.bitcast(arith.unwrap(" + value + "), ...)`";
    std::optional<lang::Function> fn = tree.enclosing_function(c.line);
    x.trigger = "the first JIT compile of " + (fn ? "`" + fn->qualified + "`" : std::string("this kernel")) +
                " on the path through line " + std::to_string(c.line);
    x.evidence.push_back(evidence(path, c.line, tree.line_text(c.line)));
    out.push_back(std::move(x));
  }
};

REGISTER_RULE(FlydslBitcastWithoutUnwrap);

}  // namespace
}  // namespace rp
