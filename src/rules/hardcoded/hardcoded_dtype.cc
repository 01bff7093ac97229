// hardcoded-dtype: a fixed bf16/fp16/fp8-flavour/e8m0 dtype passed as a dtype argument in a
// function whose dtype otherwise comes from its inputs or config.
#include <re2/re2.h>

#include <algorithm>
#include <cctype>
#include <set>
#include <string>
#include <vector>

#include "analysis/dispatch_facts.h"
#include "analysis/facts.h"
#include "analysis/intent_facts.h"
#include "core/paths.h"
#include "rules/source_rule.h"

namespace rp {
namespace {

constexpr RuleInfo kInfo{
    .name = "hardcoded-dtype",
    .category = Category::Hardcoded,
    .severity = Severity::Warn,
    .needs = Needs::Diff,
    .summary = "bf16/fp16/fp8-flavour/e8m0 dtype hardcoded as a dtype argument on a path whose dtype is configurable.",
    .docs = R"(What it catches: an added keyword argument whose name is a dtype slot (`dtype=`,
`out_dtype=`, `scale_type=`, `quant_dtype=`, `*_dtype=`) set to a fixed configuration dtype:
`torch.bfloat16`, `torch.float16`/`torch.half`, a flavour-specific fp8 (`torch.float8_e4m3fn`,
`torch.float8_e4m3fnuz`, `float8_e5m2*`), `float8_e8m0fnu`, or aiter's `dtypes.bf16`,
`dtypes.fp16`, `dtypes.fp8_e8m0`, `dtypes.fp4x2`; only inside a function that handles more than
one configuration: one of its parameters, or another line of its body, names a dtype
(`x.dtype`, `out_dtype`, `quant_dtype` ...).
Why it matters: the function already receives or computes the dtype, so the fixed value is
right for one configuration only: "not always bf16" (fp16 models), an OCP fp8 output on gfx942
(which needs fnuz), an e8m0 scale where the scheme asks for fp32.
Does not fire on: buffer allocations (`torch.empty/zeros/ones/full/*_like/randn/tensor(...,
dtype=...)`, `x.new_empty(...)`): workspaces, compile-time dummies and outputs whose dtype the
author chose for that buffer (measured: mostly intentional on aiter history); the same dtype spelled on an unchanged line of the file (pre-existing, not
new); comparisons (`x.dtype == torch.bfloat16` is a check, not an assumption); parameter
defaults (the caller can override them); dtype tables (a literal inside a dict/list/tuple/set);
float32/int/bool dtypes (accumulators, indices, masks); MX-format dtypes (`fp8_e8m0`, `fp4x2`) passed as a plain `dtype=` (an allocation of an
e8m0 scale or packed fp4 buffer: the format fixes it; as `scale_type=` / `quant_dtype=` it is a
choice and is checked, except in a quantization whose scheme is fixed to MX 1x32 blocks
(`get_hip_quant(QuantType.per_1x32)(x, scale_type=dtypes.fp8_e8m0)`, also through a local bound
to it): that scheme's block scale is e8m0 by the format); values inside a branch whose condition names the same dtype family (`if use_fp4_dispatch:`
around `quant_dtype=dtypes.fp4x2`); functions named for the dtype (`quantize_bf16_*`, `*_fp8_*`);
functions whose docstring documents the data's layout (a checkpoint's format, what is stored on
disk) and names the same dtype family there (`"""Checkpoint layout: routed experts are FP4
e2m1 ..."""` around `quant_dtype=dtypes.fp4x2`): the format is the checkpoint's, not a choice;
functions that compare a dtype with the same value (an assert or guard pins the path to it),
or convert one of their parameters to it (`k = k.contiguous().to(torch.bfloat16)`: the wrapped
kernel's own format, whatever the caller passes);
the expected dtype handed to a validator of the same file (a function that compares a tensor's
`.dtype` with that parameter and raises); example, profile, benchmark, demo, sweep
and tuning scripts; the platform fp8 alias `dtypes.fp8`,
which already follows the arch; functions that never mention a dtype otherwise; tests and docs.)"};

const RE2& config_dtype() {
  static const RE2 re(
      R"((?:torch\.(?:bfloat16|float16|half|float8_e4m3fn|float8_e4m3fnuz|float8_e5m2|float8_e5m2fnuz|float8_e8m0fnu)|dtypes\.(?:bf16|fp16|fp8_e8m0|fp4x2|fp8_e4m3fn|fp8_e4m3fnuz)))");
  return re;
}

// MX formats fix these by spec (an e8m0 block scale, fp4x2 packed storage): allocating them is
// not an assumption; only passing them as a configuration choice is.
bool format_intrinsic(std::string_view value) {
  return value.find("e8m0") != std::string_view::npos || value.find("fp4x2") != std::string_view::npos;
}

// Whether `c` quantizes with a fixed MX block scheme (one scale per 1x32 block, `per_1x32`),
// named in the call itself or where its callee was bound in `fn`
// (`q = get_hip_quant(QuantType.per_1x32)` ... `q(x, scale_type=...)`): such a scheme's block
// scale is e8m0 by the format, so an e8m0 `scale_type=` there is not a choice. When the scheme
// is a parameter (`get_hip_quant(quant_type)`), e8m0 is a choice and is still judged.
bool fixed_mx_scheme(const lang::SyntaxTree& tree, const lang::Function& fn, const lang::Call& c) {
  static const RE2 mx_block(R"(\bper_1x32\b)");
  if (RE2::PartialMatch(c.node.text(), mx_block)) return true;
  if (!fn.body || c.callee.find('.') != std::string::npos) return false;
  for (const lang::Assignment& a : tree.assignments(fn.body))
    if (a.line <= c.line && a.value && std::find(a.targets.begin(), a.targets.end(), c.callee) != a.targets.end() &&
        RE2::PartialMatch(a.value.text(), mx_block))
      return true;
  return false;
}

// Whether the function's name says which dtype it serves (`quantize_bf16_...`, `*_fp8_*`).
bool named_for(std::string_view fn, std::string_view value) {
  std::string f;
  for (char c : fn) f += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  auto has = [&](std::initializer_list<std::string_view> keys) {
    for (std::string_view k : keys)
      if (f.find(k) != std::string::npos) return true;
    return false;
  };
  if (value.find("bf16") != std::string_view::npos || value.find("bfloat16") != std::string_view::npos)
    return has({"bf16", "bfloat16"});
  if (value.find("fp16") != std::string_view::npos || value.find("float16") != std::string_view::npos ||
      value.find("half") != std::string_view::npos)
    return has({"fp16", "half"});
  if (value.find("e8m0") != std::string_view::npos) return has({"e8m0", "mx"});
  if (value.find("fp4") != std::string_view::npos) return has({"fp4"});
  return has({"fp8", "e4m3", "e5m2", "fnuz"});
}

// The names a docstring gives the dtype family of `value`: an fp8 flavour must be named as such
// (a plain "FP8" leaves e4m3fn vs fnuz open, as in selects()).
std::string family_names(std::string_view value) {
  if (value.find("bf16") != std::string_view::npos || value.find("bfloat16") != std::string_view::npos)
    return "bf16|bfloat16";
  if (value.find("fp16") != std::string_view::npos || value.find("float16") != std::string_view::npos ||
      value.find("half") != std::string_view::npos)
    return "fp16|float16|half";
  if (value.find("e8m0") != std::string_view::npos) return "u?e8m0";
  if (value.find("fp4") != std::string_view::npos) return "(?:mx)?fp4|e2m1";
  if (value.find("fnuz") != std::string_view::npos) return "\\w*fnuz";
  if (value.find("e5m2") != std::string_view::npos) return "(?:fp8[ _])?e5m2";
  if (value.find("e4m3") != std::string_view::npos) return "(?:fp8[ _])?e4m3(?:fn)?";
  return "";
}

// Buffer allocations (`torch.empty(..., dtype=...)`): workspaces, dummies and outputs whose
// dtype the author chose for that buffer; on history these were intentional far more often
// than not, so only dtypes handed to another op or config are judged.
bool allocation(const lang::Call& c) {
  static const RE2 re(
      R"((?:^|\.)(?:empty|zeros|ones|full|empty_like|zeros_like|ones_like|full_like|empty_strided|randn|rand|randint|arange|tensor|as_tensor|new_empty|new_zeros|new_ones|new_full|new_tensor)$)");
  return RE2::PartialMatch(c.callee, re);
}

// Whether `kw` of call `c` is the expected dtype of a validator defined in this file: the
// callee's body compares some tensor's `.dtype` with that parameter and raises or asserts.
// `_check_input(x, dtype=torch.bfloat16)` states the input contract (like an assert pinning the
// path), it does not pick the dtype anything is computed in.
bool validator_slot(const lang::SyntaxTree& tree, const lang::Call& c, const std::string& kw) {
  for (const lang::Function& fn : tree.functions()) {
    if (fn.name != c.callee_name || !fn.body) continue;
    std::string_view body = fn.body.text();
    if (body.find("raise") == std::string_view::npos && body.find("assert") == std::string_view::npos) return false;
    // Both forms below spell `kw` and `.dtype` verbatim: without them there is nothing to compile.
    if (body.find(kw) == std::string_view::npos || body.find(".dtype") == std::string_view::npos) return false;
    RE2 compares("\\.dtype\\s*[!=]=\\s*" + RE2::QuoteMeta(kw) + "\\b|\\b" + RE2::QuoteMeta(kw) + "\\s*[!=]=\\s*[\\w.]+\\.dtype\\b");
    return RE2::PartialMatch(body, compares);
  }
  return false;
}

// Whether a condition picks this dtype: for an fp8 flavour (e4m3fn, fnuz, e5m2) it must name
// the flavour or the arch (an `== "fp8"` test leaves the flavour open: gfx942 needs fnuz).
bool selects(std::string_view cond, std::string_view value) {
  static const RE2 flavour(R"(e4m3|e5m2|fnuz)");
  static const RE2 names(R"((?i)e4m3|e5m2|fnuz|ocp|gfx|arch)");
  if (RE2::PartialMatch(value, flavour)) return RE2::PartialMatch(cond, names);
  return named_for(cond, value);
}

// Whether an enclosing if/elif of `n` (inside its function) already selects this dtype family
// (`if self.use_fp4_dispatch:` around `quant_dtype=dtypes.fp4x2`).
bool branch_selects(lang::Node n, std::string_view value) {
  for (lang::Node a = n.parent(); a; a = a.parent()) {
    NodeKind k = node_kind(a);
    if (k == NodeKind::FunctionDef) break;
    if (k == NodeKind::If || k == NodeKind::Elif)
      if (lang::Node c = a.child_by_field("condition"); c && selects(c.text(), value)) return true;
  }
  return false;
}

bool dtype_slot(std::string_view kw) {
  static const RE2 re(R"((?i)(?:^|_)dtype$|^scale_type$|_type$)");
  return RE2::PartialMatch(kw, re) && kw != "activation_type" && kw != "quant_type" && kw != "act_type";
}

bool in_collection(lang::Node n, lang::Node stop) {
  for (lang::Node a = n.parent(); a && a != stop; a = a.parent()) {
    NodeKind k = node_kind(a);
    if (k == NodeKind::Dict || k == NodeKind::List || k == NodeKind::Tuple || k == NodeKind::Set) return true;
    if (k == NodeKind::Call) return false;
  }
  return false;
}

// Whether the function names a dtype anywhere but on `line`: a parameter or another body line.
bool handles_dtypes(const lang::SyntaxTree& tree, const lang::Function& fn, int line) {
  for (const lang::Param& p : fn.params)
    if (p.name.find("dtype") != std::string::npos) return true;
  for (int l = fn.start_line; l <= fn.end_line; ++l) {
    if (l == line) continue;
    std::string_view code = code_part(tree.line_text(l), true);
    if (code.find("dtype") != std::string_view::npos) return true;
  }
  return false;
}

// Scripts beside the kernels (examples, profilers, benchmarks) build inputs at one dtype on
// purpose.
bool script_file(std::string_view path) {
  static const RE2 re(R"((?:^|/)(?:example|profile|bench|benchmark|demo|sweep|tune)[\w]*\.py$|_(?:example|bench|profile|tune|tuning|tune_utils)\.py$)");
  return RE2::PartialMatch(path, re);
}

// Whether the function pins its dtype to `value` (compares a dtype with it: an assert or a
// guard), so the hardcoded dtype is the only one the path serves.
// Every spelling of one dtype: aiter's `dtypes.bf16` is `torch.bfloat16`, so a guard written
// with either pins the other.
std::string spellings_pattern(const std::string& value) {
  static const std::vector<std::vector<std::string_view>> same = {
      {"torch.bfloat16", "dtypes.bf16"},
      {"torch.float16", "torch.half", "dtypes.fp16"},
      {"torch.float8_e4m3fn", "dtypes.fp8_e4m3fn"},
      {"torch.float8_e4m3fnuz", "dtypes.fp8_e4m3fnuz"},
      {"torch.float8_e8m0fnu", "dtypes.fp8_e8m0"},
  };
  std::string out = RE2::QuoteMeta(value);
  for (const auto& group : same)
    if (std::find(group.begin(), group.end(), value) != group.end()) {
      out.clear();
      for (std::string_view v : group) out += (out.empty() ? "" : "|") + RE2::QuoteMeta(std::string(v));
    }
  return "(?:" + out + ")";
}

// A parameter converted to `value` in the function (`k = k.contiguous().to(torch.bfloat16)`)
// pins it too: the function feeds its kernel that dtype whatever the caller passed, so the
// hardcoded dtype is the kernel's own format, not one that should follow the inputs.
bool pinned_to(const lang::SyntaxTree& tree, const lang::Function& fn, const std::string& value) {
  std::string q = spellings_pattern(value);
  std::string params;
  for (const lang::Param& p : fn.params)
    if (!p.name.empty() && p.name != "self") params += (params.empty() ? "" : "|") + RE2::QuoteMeta(p.name);
  std::string cast = params.empty() ? "" : "|\\b(?:" + params + ")\\b(?:\\.\\w+\\(\\))*\\.to\\(\\s*(?:dtype\\s*=\\s*)?" + q + "\\s*[,)]";
  RE2 re("dtype\\s*(?:==|is|!=|is\\s+not)\\s*" + q + "\\b|" + q + "\\s*(?:==|!=)\\s*[\\w.]*dtype|dtype\\s+(?:not\\s+)?in\\s*[\\(\\[][^\\)\\]]*" + q + cast);
  std::string_view src = tree.source();
  return RE2::PartialMatch(src.substr(fn.node.start_byte(), fn.node.end_byte() - fn.node.start_byte()), re);
}

class HardcodedDtype : public SourceRule<kInfo> {
 private:
  void check_source(const ReviewContext& ctx, const FileChange& f, const std::set<int>& added, const SyntaxTree& tree,
                    std::vector<Finding>& out) const override {
    if (script_file(f.new_path)) return;
    const std::string* old = f.old_path.empty() ? nullptr : ctx.workspace.old_text(f.old_path);
    std::set<std::string> reported;
    for (const lang::Call& c : tree.calls()) {
      if (allocation(c)) continue;
      for (const lang::Argument& a : c.args) {
        if (!a.keyword.empty() && validator_slot(tree, c, a.keyword)) continue;
        if (a.keyword.empty() || !a.value || !added.count(a.value.start_line()) || !dtype_slot(a.keyword)) continue;
        std::string value = collapse_whitespace(a.value.text());
        if (!RE2::FullMatch(value, config_dtype()) || reported.count(value)) continue;
        if (in_collection(a.value, c.node)) continue;
        if (a.keyword == "dtype" && format_intrinsic(value)) continue;
        if (branch_selects(a.value, value)) continue;
        int line = a.value.start_line();
        auto fn = tree.enclosing_function(line);
        if (!fn || !handles_dtypes(tree, *fn, line) || pinned_to(tree, *fn, value) || named_for(fn->name, value))
          continue;
        if (value.find("e8m0") != std::string::npos && fixed_mx_scheme(tree, *fn, c)) continue;
        // The function's docstring states this dtype as the data's format (a checkpoint layout).
        if (docstring_states_format(*fn, family_names(value))) continue;
        if (unchanged_code_contains(old, f, value)) continue;
        reported.insert(value);
        out.push_back(report(f, tree, line, a.keyword, value, fn->name));
      }
    }
  }

 private:
  Finding report(const FileChange& f, const lang::SyntaxTree& tree, int line, const std::string& kw,
                 const std::string& value, const std::string& fn) const {
    Finding x = finding();
    x.location = Location{f.new_path, line};
    x.problem = "`" + kw + "=" + value + "` hardcoded in `" + fn + "`, which otherwise takes its dtype from its "
                "inputs or config";
    x.impact = "Right for one configuration only: a model or arch with another dtype (fp16 instead of bf16, "
               "fnuz instead of OCP fp8, an fp32 scale instead of e8m0) silently gets the wrong one";
    x.action = "Author must derive `" + kw + "` from the actual tensor or config dtype, or state (and assert) why "
               "this path only ever sees " + value;
    x.evidence.push_back(evidence(f.new_path, line, tree.line_text(line)));
    return x;
  }
};

REGISTER_RULE(HardcodedDtype);

}  // namespace
}  // namespace rp
