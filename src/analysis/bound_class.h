// Which repository class a Python name holds at a line, for "does `meta.blok_size` exist?"
// asked of more than annotated parameters: a local bound once by a constructor call
// (`m = Cls(...)`), by a call to a function or method whose return annotation names a class
// (`m = make_meta(...)` with `def make_meta(...) -> BatchMeta`), by an annotated assignment,
// by iterating or indexing a container whose annotation names its element class (`for k, v in
// metas.items()` with `metas: Dict[str, BatchMeta]`), and `self.x` bound once in its class by
// such a call (`self.cfg = Cfg(...)`). A name bound more than once, or bound by anything else,
// is not known: every answer errs towards "unknown".
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "analysis/instance_attributes.h"
#include "index/repo_index.h"
#include "lang/syntax.h"

namespace rp {

struct BoundClass {
  ClassRef cls;
  std::string written;  // the class as the code names it: "BatchMeta", "mod.Cfg"
  std::string how;      // "annotated `BatchMeta`", "bound to `Cfg(...)` at line 12", ...
  int line = 0;         // where the name got its class (the binding)
  // Constructed here (`Cls(...)`): the object is exactly `cls`, never a subclass instance.
  bool exact = false;
};

// The head-side syntax tree of a Python file (null when absent).
using TreeOf = std::function<const lang::SyntaxTree*(const std::string& path)>;

// The class `receiver` ("meta", or "self.cfg" inside a method) holds at `line` of `path`.
std::optional<BoundClass> bound_class(const index::RepoIndex& idx, const TreeOf& tree_of, const std::string& path,
                                      std::string_view receiver, int line);

// The class a function's return annotation names (`-> BatchMeta`, `-> Optional["BatchMeta"]`),
// resolved in the file that defines it; nullopt when there is none or it is not a repository
// class.
std::optional<ClassRef> returned_class(const index::RepoIndex& idx, const std::string& def_path,
                                       const lang::Function& fn);

// The element class text of a container annotation (`Dict[str, Meta]`, `list[Meta]`,
// `Optional[Sequence["Meta"]]`, `Tuple[Meta, ...]`): with `value`, what `d[k]`, `.values()` and
// the second of `.items()` give (a dict's values, a list's items); without, what iterating
// gives (a dict's keys, a list's items). "" when the annotation is not such a container.
std::string element_class(std::string_view annotation, bool dict_values);

}  // namespace rp
