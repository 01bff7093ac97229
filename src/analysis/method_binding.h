// Which method definitions a call `obj.m(...)` on an instance of a repository class can run, so
// that the call's arguments can be bound to them like a plain function's (analysis/call_binding):
// `self.m(...)` in a method, or `p.m(...)` where `p` holds a known class (analysis/bound_class).
// Python looks `m` up along the instance's class and its bases; the instance may also be of a
// repository subclass that overrides `m`. Every definition reachable that way is returned, so a
// call is "wrong" only when it fits none of them. Every answer errs towards "unknown".
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "analysis/bound_class.h"
#include "analysis/call_binding.h"
#include "analysis/instance_attributes.h"
#include "index/repo_index.h"

namespace rp {

struct MethodTarget {
  ClassRef owner;             // the class whose body defines it
  index::PyFunction fn;       // a copy, with `self` removed from its parameters
  bool override_in_subclass = false;  // defined by a subclass of the receiver's class
};

// The definitions `obj.method(...)` may run when `obj` is an instance of `cls` (or of one of its
// repository subclasses): the first definition along `cls` and its single repository base chain,
// plus each override in a repository subclass (transitively). nullopt when that cannot be known:
// a class not readable from its source (class_members' "knowable"), a base chain that leaves the
// repository or forks (several bases) before `method` is found, `method` bound in a class body by
// anything but a def, a definition behind a decorator that may change its signature (static and
// class methods, properties included) or without a plain `self` parameter.
std::optional<std::vector<MethodTarget>> method_targets(const index::RepoIndex& idx, const TreeOf& tree_of,
                                                        const ClassRef& cls, std::string_view method);

// How `call` binds to each target; a call fits when some target binds it with nothing missing,
// unexpected or excess. Empty when the call passes *a/**kw (nothing is known).
struct MethodCallFit {
  bool checkable = false;
  bool fits = false;
  CallBinding first;  // the binding to the first target (the one the receiver's own class runs)
};
MethodCallFit fit_method_call(const std::vector<MethodTarget>& targets, const index::PyCall& call);

}  // namespace rp
