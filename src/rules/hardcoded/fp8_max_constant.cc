// fp8-max-constant: a new literal 240.0 / 448.0 (the e4m3fnuz / OCP e4m3 maxima) on an fp8
// scale path that is not pinned to one fp8 flavour.
#include <re2/re2.h>

#include <set>
#include <string>

#include "analysis/dispatch_facts.h"
#include "analysis/facts.h"
#include "analysis/guard_facts.h"
#include "core/paths.h"
#include "core/pattern.h"
#include "rules/source_rule.h"

namespace rp {
namespace {

constexpr RuleInfo kInfo{
    .name = "fp8-max-constant",
    .category = Category::Hardcoded,
    .severity = Severity::Warn,
    .needs = Needs::Diff,
    .summary = "FP8 max hardcoded to 240.0 (fnuz) or 448.0 (OCP e4m3) on a path that serves both flavours.",
    .docs = R"(What it catches: an added line (Python or C/C++/HIP) with the literal 240 / 240.0 / 240.0f
or 448 / 448.0 / 448.0f on an fp8 scale path: the line also names fp8, e4m3, fnuz, an amax, a
max/MAX value, a scale, a clamp or a finfo. 240 is the e4m3fnuz maximum (gfx942), 448 the OCP
e4m3 maximum (gfx950 and later).
Why it matters: a scale computed against the wrong maximum either saturates (240 on an OCP
tensor leaves half the range unused, 448 on fnuz overflows to NaN) with no error; the kernel
passes tests on the arch it was written on.
Does not fire on: a constant sitting in a branch already guarded to one flavour (an enclosing
if/elif whose condition names an arch, fnuz/e4m3fn, or compares a dtype); a line that selects
between the two values (both 240 and 448 present, or a conditional expression); an entry of a
table keyed by the constant's own flavour (a dict entry `Kind.E4M3: 448.0`, a struct specialised
for it `Limits<Kind::E4M3_FNUZ>` holding 240, a `case` label naming it); a function that
converts to exactly the flavour the constant belongs to (448 beside `float8_e4m3fn` and no
fnuz, 240 beside `e4m3fnuz` and no OCP dtype); a file or function whose name is tied to one
flavour (`fnuz`, `gfx942`, `e4m3fn`, `ocp`) or named for an arch of the constant's flavour
(`attn_mxfp8_gfx950.py` or `pack_mi355` for 448, `_mi300` for 240; a 240 in a gfx950 module fires); a file that names exactly the dtype of the
constant's flavour and never the other (`_FP8_DTYPE = torch.float8_e4m3fn` beside `_FP8_MAX =
448.0`: the module quantises to that one dtype on every arch); a constant whose every use is pinned to its
flavour before it runs: the file sits under an arch directory of that flavour (`gfx950/` for
448, `gfx942/` for 240), or a check on the path (in the function, a validator it calls first,
or every same-file caller) admits only archs of that flavour (`assert get_arch() ==
"gfx950"`) or, for 448, rejects fnuz (`if fp8_fnuz: raise`, `static_assert(not (FP8_MFMA and
FP8_FNUZ))`); for a module-level constant, every function line that reads it counts; a
literal that already appears on an unchanged line of the file (pre-existing constant); tests
and docs.)"};

const Pattern is_fp8_max = Pattern::whole(R"((?:240|448)(?:\.0*)?[fF]?)");

const Pattern fp8_context{R"((?i)fp8|f8|e4m3|fnuz|amax|max|scale|clamp|clip|finfo|saturat)"};

const Pattern flavour_test{R"((?i)gfx|fnuz|e4m3fn|e4m3_fn|ocp|\.dtype|dtype\s*==|is_fp8|arch)"};

const Pattern flavour_name{R"((?i)fnuz|gfx942|e4m3fn|ocp)"};

// Whether an enclosing if/elif/else of `n` (inside its function) tests an fp8 flavour or arch.
bool guarded(lang::Node n) {
  for (lang::Node a = n.parent(); a; a = a.parent()) {
    NodeKind k = node_kind(a);
    if (k == NodeKind::FunctionDef || k == NodeKind::Module) break;
    if (k == NodeKind::If || k == NodeKind::Elif) {
      lang::Node c = a.child_by_field("condition");
      if (c && flavour_test(c.text())) return true;
    }
    if (k == NodeKind::Else) {
      lang::Node owner = a.parent();
      if (owner && is(owner, NodeKind::If)) {
        lang::Node c = owner.child_by_field("condition");
        if (c && flavour_test(c.text())) return true;
      }
    }
    if (k == NodeKind::PreprocConditional) return true;
  }
  return false;
}

// Whether the constant is an entry of a table keyed by its own flavour: a dict entry whose key
// names it (`Fp8Kind.E4M3: 448.0` beside `Fp8Kind.E4M3_FNUZ: 240.0`), a struct specialised for it
// (`template <> struct Limits<Kind::E4M3> { static constexpr float max = 448.0f; }`) or a `case`
// label naming it. The key selects the flavour, so the value is its definition, not an assumption.
bool keyed_to_flavour(lang::Node n, bool fnuz_value) {
  static const RE2 fnuz(R"((?i)fnuz)");
  static const RE2 ocp(R"((?i)e4m3|ocp)");
  auto names_it = [&](std::string_view key) {
    if (key.empty()) return false;
    bool has_fnuz = RE2::PartialMatch(key, fnuz);
    return fnuz_value ? has_fnuz : !has_fnuz && RE2::PartialMatch(key, ocp);
  };
  for (lang::Node a = n.parent(); a; a = a.parent()) {
    NodeKind k = node_kind(a);
    if (k == NodeKind::FunctionDef || k == NodeKind::Module) break;
    lang::Node key;
    if (k == NodeKind::Pair) key = a.child_by_field("key");
    else if (k == NodeKind::StructOrClass) key = a.child_by_field("name");
    else if (a.kind() == "case_statement") key = a.child_by_field("value");
    if (key && names_it(key.text())) return true;
  }
  return false;
}

// Whether the function converts to the one fp8 flavour the constant belongs to: 240 with an
// e4m3fnuz dtype, 448 with an OCP e4m3fn dtype (and not the other one).
bool pinned_flavour(std::string_view fn_text, bool fnuz_value) {
  static const RE2 fnuz(R"(e4m3fnuz|FNUZ|fnuz)");
  static const RE2 ocp(R"(e4m3fn\b|e4m3fn[^u]|FP8_E4M3\b|fp8_e4m3\b)");
  bool has_fnuz = RE2::PartialMatch(fn_text, fnuz), has_ocp = RE2::PartialMatch(fn_text, ocp);
  return fnuz_value ? has_fnuz && !has_ocp : has_ocp && !has_fnuz;
}

class Fp8MaxConstant : public SourceRule<kInfo, Sources::PythonAndCpp> {
 private:
  void check_source(const ReviewContext& ctx, const FileChange& f, const std::set<int>& added, const SyntaxTree& tree,
                    std::vector<Finding>& out) const override {
    if (flavour_name(base_name(f.new_path))) return;
    const std::string* old = f.old_path.empty() ? nullptr : ctx.workspace.old_text(f.old_path);
    bool python = tree.is_python();
    std::set<int> reported;
    for (const lang::Literal& lit : tree.number_literals()) {
      if (!added.count(lit.line) || reported.count(lit.line) || !is_fp8_max(lit.text)) continue;
      std::string_view code = code_part(tree.line_text(lit.line), python);
      if (!fp8_context(code)) continue;
      bool has240 = code.find("240") != std::string_view::npos, has448 = code.find("448") != std::string_view::npos;
      if ((has240 && has448) || enclosing_ternary(lit.node) || guarded(lit.node)) continue;
      if (keyed_to_flavour(lit.node, lit.text.starts_with("240"))) continue;
      if (auto fn = tree.enclosing_function(lit.line);
          fn && (flavour_name(fn->name) || pinned_flavour(fn->node.text(), lit.text.starts_with("240"))))
        continue;
      if (unchanged_code_contains(old, f, lit.text)) continue;
      if (pinned_on_every_use(tree, f.new_path, lit)) continue;
      // The module works in one flavour: it names exactly the dtype the constant belongs to and
      // never the other (`_FP8_DTYPE = torch.float8_e4m3fn` beside `_FP8_MAX = 448.0`, and the
      // kernels that clamp into buffers of that dtype).
      if (pinned_flavour(tree.source(), lit.text.starts_with("240"))) continue;
      reported.insert(lit.line);
      out.push_back(report(f, lit, tree.line_text(lit.line)));
    }
  }

 private:
  // Whether every place the constant is used (the line itself, or for a module-level
  // `_E4M3_MAX = 448.0` each function line that reads it) is pinned to the flavour the
  // constant belongs to: only archs of that flavour reach it (arch directory, an arch assert or
  // validator on the path), or a check on the path rejects fnuz (for 448).
  static bool pinned_on_every_use(const lang::SyntaxTree& tree, std::string_view path, const lang::Literal& lit) {
    guards::Fp8Flavour want = lit.text.starts_with("240") ? guards::Fp8Flavour::Fnuz : guards::Fp8Flavour::Ocp;
    std::vector<int> uses = guards::use_lines(tree, lit.line);
    if (uses.empty()) return false;
    for (int use : uses)
      if (guards::fp8_flavour_at(tree, path, use) != want) return false;
    return true;
  }

  static bool enclosing_ternary(lang::Node n) {
    for (lang::Node a = n.parent(); a; a = a.parent()) {
      if (is(a, NodeKind::Conditional)) return true;
      if (a.kind().ends_with("_statement") || is(a, NodeKind::Declaration)) return false;
    }
    return false;
  }

  Finding report(const FileChange& f, const lang::Literal& lit, std::string_view line) const {
    bool fnuz = lit.text.starts_with("240");
    Finding x = finding();
    x.location = Location{f.new_path, lit.line};
    x.problem = std::string("FP8 maximum hardcoded to ") + lit.text + " (" +
                (fnuz ? "e4m3fnuz, gfx942" : "OCP e4m3, gfx950+") +
                ") on a path that is not guarded to that fp8 flavour";
    x.impact = fnuz ? "On OCP e4m3 (gfx950 and later, max 448) the scale uses barely half the representable range, "
                      "costing precision; values meant to saturate at 448 are clipped at 240"
                    : "On e4m3fnuz (gfx942, max 240) values scaled to 448 overflow to NaN: silent garbage output";
    x.action = "Author must derive the bound from the actual dtype (`get_dtype_max(dtype)`, "
               "`torch.finfo(dtype).max`, or a per-dtype template constant) or guard the path to the single "
               "flavour the constant belongs to";
    x.evidence.push_back(evidence(f.new_path, lit.line, line));
    return x;
  }
};

REGISTER_RULE(Fp8MaxConstant);

}  // namespace
}  // namespace rp
