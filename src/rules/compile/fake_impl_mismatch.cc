// fake-impl-mismatch: the fake (abstract) implementation of a torch.compile op disagrees with
// the real op: a different number of outputs, a call that raises, or a quantized output
// declared in the input's dtype.
#include <optional>
#include <utility>

#include <re2/re2.h>

#include "analysis/new_code.h"
#include "analysis/compile_facts.h"
#include "analysis/facts.h"
#include "analysis/idiom_facts.h"
#include "analysis/source_facts.h"
#include "core/paths.h"
#include "core/plural.h"
#include "core/strings.h"
#include "rules/rule_base.h"

namespace rp {
namespace {

constexpr RuleInfo kInfo{
    .name = "fake-impl-mismatch",
    .category = Category::Boundary,
    .severity = Severity::Warn,
    .needs = Needs::FullText,
    .summary = "A torch.compile op's fake returns a different number of tensors than the op, calls a Tensor property, or declares its output in another dtype than the op (a quantized output, or an output-dtype parameter it ignores).",
    .docs = R"(What it catches, for an op registered with a fake in the same file (`gen_fake=F` on
`@compile_ops`/`@torch_compile_guard`, `fake_impl=F` on `direct_register_custom_op`) when the
PR touches the op, its registration or the fake:
- arity: the op's return annotation promises N tensors and F's annotation (or every return
  statement of F) gives M != N: e.g. a 3-output op registered with the 2-output fake of its
  sibling, or an op that gained an output while its fake did not;
- a raising fake: F calls `x.device()` on a tensor parameter (`device` is a property, so the
  fake raises TypeError the first time it runs);
- a quantizing op (name contains `quant`, not `dequant`) whose fake returns `empty_like(x)` of a
  tensor input first and names no quantized dtype anywhere in what it returns: the real op's
  first output is the quantized tensor, the fake says it is bf16/fp16;
- an ignored output dtype: F takes a dtype parameter (annotated `torch.dtype`, e.g.
  `otype: Optional[torch.dtype] = None`) that the op also takes and uses for its output
  (`out.to(otype)`, `dtype=otype` in an allocation), but F never reads it and allocates its
  output in another dtype (`dtype=A.dtype`, `empty_like(A)`): with that parameter set the op
  returns fp32/bf16/fp16 and the fake says the input's dtype.
Why it matters: torch.compile takes output count, dtype and shape from the fake; a wrong fake
compiles and then fails the runtime assert_size_stride/dtype check, or silently feeds later
ops the wrong dtype.
Severity: the fake only runs under torch.compile / FakeTensor tracing. Red in an op library
(aiter): its consumers (ATOM, vLLM, SGLang) compile the models that call its ops, so a wrong
fake is a wrong result or a crash in every compiled deployment. Elsewhere red only when the
repository itself compiles code that calls the op (its package calls `torch.compile(...)` and
production code of the package calls the op); otherwise a warning.
A fake named `X_fake` that no registration names is checked against op `X`/`X_` the same way.
Does not fire on: fakes the PR does not touch together with their op, or only re-wraps (a
formatter's line breaks, parentheses and trailing commas, op and fake alike); an output-count
mismatch the base already had (the same op registered with the same fake and the same counts:
a PR that only adds a parameter to the op inherits it); a `.device()` call or a quantizing
fake's return statement whose statement the base version of the same fake already had, layout
aside (the PR touched the fake elsewhere, e.g. only added a parameter to its signature: the
defect predates it; an edit of that statement makes it the PR's); fakes
defined in another
file; return statements it cannot count (a name bound elsewhere, a helper call); ops whose
outputs are not tensors (`-> int`, `-> None`); quantizing ops whose fake declares an fp8/int8/
fp4 (or any variable) dtype for some output; a dtype parameter the fake reads anywhere (`dtype=otype or
A.dtype`), one the op only passes on to a kernel call (not an output conversion or allocation it
makes itself), or one the base version of the fake already took and ignored with the same
allocation.)"};

class FakeImplMismatch : public FileRuleWithInfo<kInfo> {
 public:
  void check_file(const ReviewContext& ctx, const FileChange& judged, std::vector<Finding>& out) const override {
    for (const auto& [file, added, tree] : changed_sources(one_file(judged), ctx.workspace, is_python, {"compile_ops", "torch_compile_guard", "custom_op"})) {
      const FileChange& f = *file;
      const std::vector<lang::Function>& fns = tree->functions();
      std::set<int> reported;
      std::vector<CompileOpRegistration> regs = compile_op_registrations(*tree);
      const lang::SyntaxTree* old =
          f.status == FileStatus::Added || f.old_path.empty() ? nullptr : ctx.workspace.old_tree(f.old_path);
      std::set<std::string> named_fakes;
      for (const CompileOpRegistration& r : regs) named_fakes.insert(r.fake);
      for (const CompileOpRegistration& r : regs) {
        if (r.fake.empty()) continue;
        const lang::Function* fake = nullptr;
        for (const lang::Function& fn : fns)
          if (fn.name == r.fake && fn.class_name.empty()) fake = &fn;
        if (!fake) continue;
        bool touched = touches_added(added, r.op.start_line, r.op.end_line) ||
                       touches_added(added, fake->start_line, fake->end_line) || added.count(r.anchor_line) ||
                       added.count(r.fake_line);
        // Re-wrapped by a formatter, op and fake alike: nothing about them changed.
        if (!touched || (relaid(old, r.op, *tree) && relaid(old, *fake, *tree))) continue;
        // A fake with the wrong output count is the finding; its dtypes are moot until it is replaced.
        size_t first = out.size();
        if (!check_arity(f.new_path, *tree, old, r, *fake, reported, out)) {
          check_returns(f.new_path, *tree, old, r, *fake, reported, out);
          check_output_dtype(f.new_path, *tree, old, r, *fake, reported, out);
        }
        for (size_t i = first; i < out.size(); ++i) grade(ctx, r.op.name, out[i]);
      }
      // A fake written for an op (`X_fake` beside op `X`/`X_`) but registered nowhere — often
      // because the op names a sibling's fake: its body is still checked against that op.
      for (const lang::Function& fake : fns) {
        if (!fake.class_name.empty() || !fake.name.ends_with("_fake") || named_fakes.count(fake.name)) continue;
        if (!touches_added(added, fake.start_line, fake.end_line) || relaid(old, fake, *tree)) continue;
        std::string op = fake.name.substr(0, fake.name.size() - 5);
        for (const CompileOpRegistration& r : regs)
          if (r.op.name == op || r.op.name == op + "_") {
            size_t first = out.size();
            check_returns(f.new_path, *tree, old, r, fake, reported, out);
            check_output_dtype(f.new_path, *tree, old, r, fake, reported, out);
            for (size_t i = first; i < out.size(); ++i) grade(ctx, r.op.name, out[i]);
          }
      }
    }
  }

 private:
  // Whether the base has the same definition, only laid out differently (a formatter's re-wrap).
  static bool relaid(const lang::SyntaxTree* old, const lang::Function& fn, const lang::SyntaxTree& tree) {
    (void)tree;
    if (!old) return false;
    for (const lang::Function& o : old->functions())
      if (o.qualified == fn.qualified && o.class_name == fn.class_name)
        return same_code_modulo_layout(o.node.text(), fn.node.text());
    return false;
  }

  // An op library's ops are compiled by its consumers; elsewhere the colour depends on whether
  // the repository compiles a caller.
  static void grade(const ReviewContext& ctx, const std::string& op, Finding& f) {
    if (!ctx.profile.op_library) return grade_by_compiled_caller(ctx, op, f);
    f.severity = Severity::Red;
    f.impact += " (an op library: its consumers, ATOM, vLLM and SGLang, run the models that call its ops under "
                "torch.compile)";
  }

  // How many tensors a registration's op promises and its fake gives, when both are known.
  static std::optional<std::pair<int, int>> arity(const lang::SyntaxTree& tree, const CompileOpRegistration& r,
                                                  const lang::Function& fake) {
    std::optional<int> want = annotated_tensor_arity(r.return_annotation);
    if (!want) return std::nullopt;
    std::optional<int> got = returned_arity(tree, fake);
    if (!got) got = annotated_tensor_arity(return_annotation(fake));
    if (!got) return std::nullopt;
    return std::make_pair(*want, *got);
  }

  // Whether the base already registered the same op with the same fake and the same counts:
  // a mismatch the PR inherited (it added a parameter to the op, say), not one it made.
  static bool same_arity_in_base(const lang::SyntaxTree* old, const CompileOpRegistration& r,
                                 std::pair<int, int> now) {
    if (!old) return false;
    for (const CompileOpRegistration& o : compile_op_registrations(*old)) {
      if (o.op.name != r.op.name || o.fake != r.fake) continue;
      for (const lang::Function& fn : old->functions())
        if (fn.name == o.fake && fn.class_name.empty()) return arity(*old, o, fn) == now;
    }
    return false;
  }

  bool check_arity(const std::string& path, const lang::SyntaxTree& tree, const lang::SyntaxTree* old,
                   const CompileOpRegistration& r, const lang::Function& fake, std::set<int>& reported,
                   std::vector<Finding>& out) const {
    std::optional<std::pair<int, int>> counts = arity(tree, r, fake);
    if (!counts || counts->first == counts->second) return false;
    // Inherited from the base: not this PR's finding, and its dtypes are moot as below.
    if (same_arity_in_base(old, r, *counts)) return true;
    std::optional<int> want = counts->first, got = counts->second;
    int line = r.fake_line ? r.fake_line : r.anchor_line;
    if (!reported.insert(line).second) return true;
    Finding x = finding();
    x.location = Location{path, line};
    x.related.push_back(Location{path, fake.start_line});
    x.problem = "Op `" + r.op.name + "` returns " + count_of(*want, "tensor") + " (`" + r.return_annotation +
                "`) but its fake `" + fake.name + "` returns " + std::to_string(*got);
    x.impact = "torch.compile builds the graph from the fake's outputs: the compiled graph unpacks the wrong number "
               "of results and fails at trace time or mis-assigns outputs to later ops";
    x.action = "Author must register a fake that returns exactly the op's outputs (count, dtype, shape), e.g. a "
               "dedicated `" + r.op.name + (r.op.name.ends_with("_") ? "" : "_") + "fake` instead of reusing `" + fake.name + "`";
    x.trigger = "torch.compile of a graph calling `" + r.op.name + "`: the fake yields " + count_of(*got, "output") +
                " where the schema has " + std::to_string(*want);
    x.evidence.push_back(evidence(path, line, tree.line_text(line)));
    x.evidence.push_back(evidence(path, fake.start_line, tree.line_text(fake.start_line)));
    out.push_back(std::move(x));
    return true;
  }

  // Whether the base version of `fake` (same name) already had statement `stmt`, layout aside:
  // the defect predates the PR, which touched the fake elsewhere (only added a parameter to its
  // signature, say). An edit of the statement itself makes it the PR's.
  static bool in_base_fake(const lang::SyntaxTree* old, const lang::Function& fake, lang::Node stmt) {
    if (!old || !stmt) return false;
    for (const lang::Function& o : old->functions()) {
      if (o.qualified != fake.qualified || !o.body) continue;
      bool found = false;
      lang::walk(o.body, [&](lang::Node n) {
        if (found) return false;
        if (n.kind() == stmt.kind() && same_code_modulo_layout(n.text(), stmt.text())) found = true;
        return !found;
      });
      return found;
    }
    return false;
  }

  // The statement that holds `n`: its ancestor whose parent is a block (the fake's body or a
  // nested one).
  static lang::Node statement_of(lang::Node n) {
    for (lang::Node p = n; p; p = p.parent())
      if (p.parent() && is(p.parent(), NodeKind::Block)) return p;
    return {};
  }

  void check_returns(const std::string& path, const lang::SyntaxTree& tree, const lang::SyntaxTree* old,
                     const CompileOpRegistration& r, const lang::Function& fake, std::set<int>& reported,
                     std::vector<Finding>& out) const {
    std::set<std::string> tensor_params;
    for (const lang::Param& p : fake.params)
      if (p.annotation.find("Tensor") != std::string::npos) tensor_params.insert(p.name);
    // x.device() on a tensor parameter: TypeError, 'torch.device' object is not callable.
    for (const lang::Call& c : tree.calls(fake.body)) {
      if (c.callee_name != "device" || !c.receiver || !c.args.empty()) continue;
      std::string recv(c.receiver.text());
      if (!tensor_params.count(recv) || in_base_fake(old, fake, statement_of(c.node)) || !reported.insert(c.line).second)
        continue;
      Finding x = finding();
      x.location = Location{path, c.line};
      x.problem = "Fake `" + fake.name + "` of op `" + r.op.name + "` calls `" + recv + ".device()`; `Tensor.device` is "
                  "a property, not a method";
      x.impact = "The fake raises TypeError the first time torch.compile traces the op, so the compiled model "
                 "fails before it runs";
      x.action = "Author must use `" + recv + ".device` (no call) in the fake";
      x.trigger = "any torch.compile trace of `" + r.op.name + "`: `" + recv + ".device()` raises TypeError";
      x.evidence.push_back(evidence(path, c.line, tree.line_text(c.line)));
      out.push_back(std::move(x));
    }
    if (!is_quantizing(r.op.name)) return;
    lang::walk(fake.body, [&](lang::Node n) {
      if (lang::is_nested_function(n)) return false;
      if (!is(n, NodeKind::Return)) return true;
      std::vector<lang::Node> kids = n.named_children();
      if (kids.empty() || (!is(kids[0], NodeKind::ExpressionList) && !is(kids[0], NodeKind::Tuple))) return false;
      lang::Node tuple = kids[0];
      std::vector<lang::Node> elems;
      for (lang::Node e : tuple.named_children())
        if (!is(e, NodeKind::Comment)) elems.push_back(e);
      if (elems.empty() || !is(elems[0], NodeKind::Call)) return false;
      lang::Call first = lang::describe_call(elems[0]);
      if (first.callee_name != "empty_like" || first.keyword("dtype") || first.args.empty()) return false;
      std::string src(trim(first.args[0].value.text()));
      if (!tensor_params.count(src)) return false;
      if (declares_quantized_dtype(tuple.text())) return false;
      if (in_base_fake(old, fake, n)) return false;  // the same return predates the PR
      int line = elems[0].start_line();
      if (!reported.insert(line).second) return false;
      Finding x = finding();
      x.location = Location{path, line};
      x.problem = "Fake `" + fake.name + "` of quantizing op `" + r.op.name + "` returns `" + collapse_whitespace(elems[0].text()) +
                  "` as its first output and declares no quantized dtype for any output";
      x.impact = "The real op's first output is the quantized tensor; torch.compile takes the dtype from the fake, so "
                 "the compiled graph asserts on the dtype or treats fp8 data as `" + src + "`'s dtype downstream";
      x.action = "Author must declare the quantized dtype in the fake (e.g. `torch.empty_like(" + src +
                 ", dtype=<fp8 dtype>)`) so it matches what the op returns";
      x.trigger = "torch.compile of a graph calling `" + r.op.name + "` with a bf16 `" + src +
                  "`: the fake's output 0 is bf16 while the kernel writes the quantized dtype";
      x.evidence.push_back(evidence(path, line, tree.line_text(line)));
      out.push_back(std::move(x));
      return false;
    });
  }

  // A parameter that carries a dtype: annotated `torch.dtype` / `Optional[torch.dtype]` / `dtype`.
  static bool is_dtype_param(const lang::Param& p) {
    return p.annotation.find("dtype") != std::string::npos && p.annotation.find("Tensor") == std::string::npos;
  }

  // Whether `fn` reads variable `name` anywhere in its body.
  static bool reads(const lang::SyntaxTree& tree, const lang::Function& fn, const std::string& name) {
    for (lang::Node id : tree.identifiers(name, fn.body))
      if (tree.is_variable_read(id)) return true;
    return false;
  }

  // The line where op `fn` makes its own output dtype from `name`: `x.to(name)`, `x.to(dtype=name)`
  // or an allocation `dtype=name` (also `dtype=name or ...`); 0 when it only passes `name` on.
  static int output_dtype_use(const lang::SyntaxTree& tree, const lang::Function& fn, const std::string& name) {
    for (const lang::Call& c : tree.calls(fn.body)) {
      if (const lang::Argument* d = c.keyword("dtype"); d && mentions_word(d->value.text(), name)) return c.line;
      if (c.callee_name == "to" && c.receiver && !c.args.empty() && c.args[0].keyword.empty() &&
          trim(c.args[0].value.text()) == name)
        return c.line;
    }
    return 0;
  }

  // Allocations whose dtype is the fake's own choice.
  static bool is_allocation(std::string_view callee) {
    return callee == "empty" || callee == "empty_like" || callee == "zeros" || callee == "zeros_like" ||
           callee == "ones" || callee == "ones_like" || callee == "new_empty" || callee == "new_zeros" ||
           callee == "empty_strided" || callee == "full" || callee == "full_like";
  }

  // The op converts or allocates its output in a dtype parameter the fake takes and never reads:
  // the fake's allocation declares another dtype (the input's, or torch's default).
  void check_output_dtype(const std::string& path, const lang::SyntaxTree& tree, const lang::SyntaxTree* old,
                          const CompileOpRegistration& r, const lang::Function& fake, std::set<int>& reported,
                          std::vector<Finding>& out) const {
    if (!fake.body || !r.op.body || r.stub_body) return;
    for (const lang::Param& p : fake.params) {
      if (!is_dtype_param(p) || reads(tree, fake, p.name)) continue;
      bool op_takes = false;
      for (const lang::Param& q : r.op.params) op_takes |= q.name == p.name;
      if (!op_takes) continue;
      int use = output_dtype_use(tree, r.op, p.name);
      if (!use) continue;
      const lang::Call* alloc = nullptr;
      std::vector<lang::Call> calls = tree.calls(fake.body);
      for (const lang::Call& c : calls)
        if (is_allocation(c.callee_name)) {
          alloc = &c;
          break;
        }
      if (!alloc) continue;
      const lang::Argument* d = alloc->keyword("dtype");
      int line = d ? d->value.start_line() : alloc->line;
      // The base fake already took the parameter and made the same allocation: inherited.
      if (base_fake_has_param(old, fake, p.name) && in_base_fake(old, fake, statement_of(alloc->node))) continue;
      if (!reported.insert(line).second) continue;
      std::string declared = d ? "`" + collapse_whitespace(d->value.text()) + "`"
                               : (alloc->callee_name.find("like") != std::string::npos || alloc->callee_name.starts_with("new_")
                                      ? std::string("its input's dtype")
                                      : std::string("torch's default dtype"));
      Finding x = finding();
      x.location = Location{path, line};
      x.related.push_back(Location{path, use});
      x.problem = "Fake `" + fake.name + "` of op `" + r.op.name + "` takes `" + p.name + "` but never reads it: its output `" +
                  collapse_whitespace(alloc->callee) + "(...)` is declared in " + declared + ", while `" + r.op.name +
                  "` makes its output dtype from `" + p.name + "` (line " + std::to_string(use) + ")";
      x.impact = "torch.compile takes the output dtype from the fake: a call with `" + p.name +
                 "` set to another dtype is traced with the wrong one, so the compiled graph fails the dtype check or "
                 "feeds later ops the wrong dtype";
      x.action = "Author must declare the fake's output in `" + p.name + "`" +
                 (p.default_text == "None" ? " when it is given (e.g. `dtype=" + p.name + " or <input>.dtype`)" : std::string()) +
                 ", as the op does";
      x.trigger = "torch.compile of a graph calling `" + r.op.name + "` with `" + p.name +
                  "=` a dtype other than the input's: the fake's output dtype differs from the op's";
      x.evidence.push_back(evidence(path, line, tree.line_text(line)));
      x.evidence.push_back(evidence(path, use, tree.line_text(use)));
      out.push_back(std::move(x));
    }
  }

  static bool base_fake_has_param(const lang::SyntaxTree* old, const lang::Function& fake, const std::string& name) {
    if (!old) return false;
    for (const lang::Function& o : old->functions()) {
      if (o.qualified != fake.qualified) continue;
      for (const lang::Param& p : o.params)
        if (p.name == name) return true;
    }
    return false;
  }

  static bool is_quantizing(std::string_view name) {
    return name.find("quant") != std::string_view::npos && name.find("dequant") == std::string_view::npos;
  }

  // Any dtype= whose value is not a plain float/half type: fp8, int8, fp4x2, or a variable.
  static bool declares_quantized_dtype(std::string_view text) {
    static const RE2 dtype_kw(R"(dtype\s*=\s*([\w.]+))");
    re2::StringPiece in(text.data(), text.size());
    std::string value;
    while (RE2::FindAndConsume(&in, dtype_kw, &value)) {
      static const RE2 plain(R"((?:torch\.)?(?:float32|float|float16|half|bfloat16|int32|int64|long|bool))");
      if (!RE2::FullMatch(value, plain)) return true;
    }
    return false;
  }
};

REGISTER_RULE(FakeImplMismatch);

}  // namespace
}  // namespace rp
