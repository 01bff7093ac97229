// fake-impl-missing: a new torch.compile custom op whose fake (abstract) implementation is
// missing, so tracing it under FakeTensor mode has nothing that produces its outputs.
#include "analysis/compile_facts.h"
#include "analysis/facts.h"
#include "analysis/source_facts.h"
#include "core/paths.h"
#include "rules/rule_base.h"

namespace rp {
namespace {

constexpr RuleInfo kInfo{
    .name = "fake-impl-missing",
    .category = Category::Boundary,
    .severity = Severity::Warn,
    .needs = Needs::FullText,
    .summary = "A new @compile_ops / custom op that returns tensors has no fake (abstract) implementation.",
    .docs = R"(What it catches: an op the PR adds that torch.compile traces with fake tensors, whose
outputs nothing can produce during tracing: `@compile_ops(...)` or `@torch_compile_guard(...)`
on a stub body (`...`, a docstring) with a tensor return annotation and no `gen_fake=`;
`@torch.library.custom_op(...)` with a tensor return and no `register_fake` / `impl_abstract`
for it in the file; `direct_register_custom_op(...)` (ATOM) of a tensor-returning function
without `fake_impl=`.
Why it matters: aiter's guard falls back to calling the Python stub as the fake, which returns
None where the schema promises a tensor; a custom op without a fake fails the trace. Either way
the first torch.compile (or CUDA-graph capture through dynamo) of a model that calls the op
crashes or silently falls back to eager.
Severity: a missing fake only matters when something traces the op with fake tensors, so the
finding is red only when the repository itself compiles code that calls the op (its package
calls `torch.compile(...)` and production code of the package calls the op); otherwise
(a library whose users may compile it, an op nothing calls yet) it is a warning.
Does not fire on: ops that return nothing (in-place ops annotated `-> None`: torch builds a
trivial fake for them); `@torch_compile_guard` on a function with a real Python body (the body is
traceable and serves as its own fake); ops whose decorator or definition the PR did not add;
ops whose fake is registered anywhere in the same file; ops whose decorator, as defined in the
repository at that revision, registers no torch op (aiter's compile_ops before its torch-op guard); an op the repository's
`torch_compile_guard` leaves unwrapped (listed in the module-level list it tests with `__name__ in
LIST`, aiter's NONE_WRAPPED_OP).)"};

class FakeImplMissing : public FileRuleWithInfo<kInfo> {
 public:
  void check_file(const ReviewContext& ctx, const FileChange& judged, std::vector<Finding>& out) const override {
    for (const auto& [file, added, tree] : changed_sources(one_file(judged), ctx.workspace, is_python, {"compile_ops", "torch_compile_guard", "custom_op"})) {
      const FileChange& f = *file;
      for (const CompileOpRegistration& r : compile_op_registrations(*tree)) {
        bool is_new = added.count(r.anchor_line) || added.count(def_line(r));
        if (!is_new || !r.fake.empty() || !returns_tensor(r.return_annotation)) continue;
        if (!missing(r) || !torch_op(ctx, f.new_path, r)) continue;
        Finding x = report(f.new_path, *tree, r);
        grade_by_compiled_caller(ctx, r.op.name, x);
        out.push_back(std::move(x));
      }
    }
  }

 private:
  static int def_line(const CompileOpRegistration& r) {
    lang::Node def = is(r.op.node, NodeKind::DecoratedDef) ? r.op.node.child_by_field("definition") : r.op.node;
    return def ? def.start_line() : r.op.start_line;
  }

  // A decorator of this repository that registers no torch op (aiter's early compile_ops only
  // built and called the extension) leaves nothing for torch.compile to fake.
  static bool torch_op(const ReviewContext& ctx, const std::string& path, const CompileOpRegistration& r) {
    using K = CompileOpRegistration::Kind;
    if (r.kind != K::CompileOps && r.kind != K::CompileGuard) return true;
    if (op_left_unwrapped(ctx, r.op.name)) return false;
    return decorator_makes_torch_op(ctx, path, r.kind == K::CompileOps ? "compile_ops" : "torch_compile_guard").value_or(true);
  }

  static bool missing(const CompileOpRegistration& r) {
    switch (r.kind) {
      case CompileOpRegistration::Kind::CompileOps:
      case CompileOpRegistration::Kind::CompileGuard:
        return r.stub_body;
      case CompileOpRegistration::Kind::CustomOp:
        return !r.fake_registered_elsewhere;
      case CompileOpRegistration::Kind::DirectRegister:
        return true;
    }
    return false;
  }

  Finding report(const std::string& path, const lang::SyntaxTree& tree, const CompileOpRegistration& r) const {
    Finding x = finding();
    x.location = Location{path, r.anchor_line};
    std::string how;
    switch (r.kind) {
      case CompileOpRegistration::Kind::CompileOps:
      case CompileOpRegistration::Kind::CompileGuard:
        how = "is registered without `gen_fake=`, so its fake is the Python stub, which returns None";
        break;
      case CompileOpRegistration::Kind::CustomOp:
        how = "is a torch.library.custom_op with no register_fake/impl_abstract in this file";
        break;
      case CompileOpRegistration::Kind::DirectRegister:
        how = "is registered with direct_register_custom_op without `fake_impl=`";
        break;
    }
    x.problem = "New op `" + r.op.name + "` returns `" + r.return_annotation + "` but " + how;
    x.impact = "torch.compile traces ops with fake tensors: with no fake that builds the promised outputs, the "
               "first compiled run of a model calling `" + r.op.name +
               "` fails in tracing or silently falls back to eager for the whole region";
    x.action = "Author must add a fake that returns correctly shaped and typed empty tensors (`gen_fake=` for "
               "compile_ops, `register_fake` for custom_op, `fake_impl=` for direct_register_custom_op)";
    x.trigger = "any torch.compile / FakeTensor trace of a graph that calls `" + r.op.name + "`: the fake returns " +
                (r.kind == CompileOpRegistration::Kind::CompileOps || r.kind == CompileOpRegistration::Kind::CompileGuard
                     ? "None where the schema promises `" + r.return_annotation + "`"
                     : "nothing (no fake is registered)");
    x.evidence.push_back(evidence(path, r.anchor_line, tree.line_text(r.anchor_line)));
    return x;
  }
};

REGISTER_RULE(FakeImplMissing);

}  // namespace
}  // namespace rp
