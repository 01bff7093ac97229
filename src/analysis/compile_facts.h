// Facts about torch.compile op registrations in Python sources, shared by the fake/meta rules:
// which functions become custom ops (`@compile_ops`, `@torch_compile_guard`,
// `@torch.library.custom_op`, ATOM's `direct_register_custom_op(...)`), which fake (abstract)
// implementation each one names, and how many tensors a return annotation or a return
// statement promises.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "analysis/context.h"
#include "core/finding.h"
#include "lang/syntax.h"

namespace rp {

struct CompileOpRegistration {
  enum class Kind { CompileOps, CompileGuard, CustomOp, DirectRegister };
  Kind kind = Kind::CompileOps;
  lang::Function op;        // the real op's Python definition
  int anchor_line = 0;      // the decorator line, or the register call's line
  std::string fake;         // the fake's name as written ("" when none is named)
  int fake_line = 0;        // line of `gen_fake=` / `fake_impl=` ("" → anchor_line)
  bool fake_registered_elsewhere = false;  // custom_op: `@op.register_fake` / register_fake("ns::op")
  std::string return_annotation;           // "" when the op has none
  bool stub_body = false;   // body is only a docstring / `...` / `pass`
};

// Every registration in one Python tree, in source order.
std::vector<CompileOpRegistration> compile_op_registrations(const lang::SyntaxTree& tree);

// Whether the repository's own definition of decorator `name`, as `path` reaches it through
// its imports, makes the decorated function a torch op: its body registers one (torch.library,
// custom_op, direct_register_custom_op, a Library) or hands the function to such a wrapper
// (torch_compile_guard, a gen_fake/register_fake/impl_abstract fake). aiter's compile_ops only
// JIT-built and called an extension before it grew its torch-op guard; an op that is no torch
// op needs no fake. nullopt when the decorator is not defined in this repository or the review
// has none.
std::optional<bool> decorator_makes_torch_op(const ReviewContext& ctx, const std::string& path, const std::string& name);

// Whether the repository's torch-op guard (its `torch_compile_guard` definition) leaves op `op`
// a plain Python call: the guard returns the bare wrapper for a name listed in the module-level
// list it tests with `__name__ in LIST` (aiter's NONE_WRAPPED_OP: ops that take pybind handles
// or only return host data). Such an op is no torch op, so it needs no fake.
bool op_left_unwrapped(const ReviewContext& ctx, const std::string& op);

// Where production code of a repository that itself runs torch.compile calls op `op`
// ("path:line"); "" when the repository never calls `torch.compile(...)` in production code or
// nothing of its package calls the op. A fake is only run by FakeTensor tracing: without a
// compile of its own, a wrong or missing fake waits for a user who compiles a caller.
std::string compiled_caller(const ReviewContext& ctx, const std::string& op);

// The severity of a fake's defect follows that evidence: red (the impact names the compiled
// caller) when `compiled_caller` finds one, else a warning whose impact says why it does not block.
void grade_by_compiled_caller(const ReviewContext& ctx, const std::string& op, Finding& f);

// The return annotation of a Python function ("" when none), e.g. "tuple[Tensor, Tensor]".
std::string return_annotation(const lang::Function& fn);

// How many tensors an annotation promises: "Tensor" → 1, "tuple[Tensor, Tensor]" → 2,
// "Tuple[torch.Tensor, ...]" / "List[Tensor]" / "None" / other → nullopt (unknown or none).
std::optional<int> annotated_tensor_arity(std::string_view annotation);
// Whether the annotation names a tensor result at all (Tensor or a tuple holding one).
bool returns_tensor(std::string_view annotation);

// The arity a fake's return statements agree on: a tuple literal counts its elements, any
// other expression counts 1; nullopt when there is no return or the statements disagree or
// return something opaque (a name bound to a tuple, a call to a helper returning a tuple).
std::optional<int> returned_arity(const lang::SyntaxTree& tree, const lang::Function& fn);

}  // namespace rp
