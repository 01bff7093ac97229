// Facts about what the author of a change meant, shared by the precision fixes of several
// rules: whether a function is a reference/oracle, whether its docstring states that its
// full precision is intended, which functions only a script entry point reaches, whether a
// function existed before the PR, whether a folder
// documents its tools, and whether an added line belongs to a guard statement.
#pragma once

#include <set>
#include <string>
#include <string_view>

#include "core/change_set.h"
#include "lang/syntax.h"

namespace rp {

// A Python function whose name marks it as a reference/oracle implementation (`ref_*`,
// `*_ref`, `reference*`, `torch_*`, `naive*`, `golden*`, `native*`), not a consumer of one
// (`test_*`, names with assert/check/compare/verify/match/bench).
bool is_reference_function_name(std::string_view name);
// Stricter, for library code where `native`/`torch` also name backends
// (`mha_fwd_native_splitkv`): a name that starts with `torch_`/`ref_`/`reference`/`naive`/
// `golden` or ends in `_ref`/`_reference`/`_golden`.
bool is_oracle_function_name(std::string_view name);

// Whether the function's docstring or comments say that it computes in full precision on
// purpose ("computed in fp32", "f32 attention", "float32 oracle", "full precision").
bool states_full_precision_intent(const lang::SyntaxTree& tree, const lang::Function& fn);

// Whether the file measures errors relative to the reference magnitude (a metric function
// dividing by an RMS, norm or max-abs of its input) and no comparison gives an absolute
// tolerance (`atol=`).
bool compares_by_relative_error(const lang::SyntaxTree& tree);

// Whether the function's docstring documents a data layout (a checkpoint's, what is stored on
// disk, a format) and names the dtype family `family` (a regex of its names, `fp4|e2m1`): a
// dtype the function's own documentation states as the data's format is not a hardcoded choice.
bool docstring_states_format(const lang::Function& fn, std::string_view family);

// Whether `n` lies inside an `if __name__ == "__main__":` block.
bool under_main_guard(lang::Node n);

// Names of top-level functions that only the `__main__` block reaches: called there, or
// called only from other such functions, never referenced elsewhere, and not collected by
// pytest (no `test_*` name).
std::set<std::string> script_only_functions(const lang::SyntaxTree& tree);

// Whether `old` (the base tree) defines a function of this qualified name.
bool existed_before(const lang::SyntaxTree* old, const std::string& qualified);

// Whether the folder of `path` documents itself with a SKILL.md or README in the head
// (added by the PR or already there). `read_head` reads a head file ("" when absent).
template <class ReadHead>
bool documented_folder(const ChangeSet& changes, std::string_view path, ReadHead read_head);

// Whether the string literal node is the attribute-name argument of getattr/hasattr/setattr/
// delattr (`getattr(Enum, "X", None)`): a lookup by name, not a value compared.
bool is_attribute_name_argument(lang::Node literal);

// Whether the head-side statement that holds `line` is a guard: a Python `assert` (multi-line
// ones included, whose `assert (` may be an unchanged line) or a C/C++ check macro call.
bool line_in_guard_statement(const lang::SyntaxTree& tree, int line);

// ---- template definitions ----
bool is_folder_doc_name(std::string_view base);
std::string_view folder_of(std::string_view path);

template <class ReadHead>
bool documented_folder(const ChangeSet& changes, std::string_view path, ReadHead read_head) {
  std::string_view dir = folder_of(path);
  for (const FileChange& f : changes.files)
    if (!f.new_path.empty() && folder_of(f.new_path) == dir && f.new_path != path &&
        is_folder_doc_name(f.new_path.substr(f.new_path.rfind('/') == std::string::npos ? 0 : f.new_path.rfind('/') + 1)))
      return true;
  std::string prefix = dir.empty() ? "" : std::string(dir) + "/";
  for (const char* doc : {"SKILL.md", "README.md", "README.MD", "README.rst", "README", "README.txt"})
    if (!read_head(prefix + doc).empty()) return true;
  return false;
}

}  // namespace rp

namespace rp {

// Whether an added line keeps what a removed line did for every input the removed line
// handled: the same statement chained after a new arm (`if c:` -> `elif c:`), a lookup that
// now falls back instead of raising (`t[k]` -> `t.get(k, d)`), or a local rename (the
// identifiers that differ are renamed consistently and the old names are gone from
// `head_text`).
bool behaviour_preserving_rewrite(std::string_view removed, std::string_view added, std::string_view head_text);

}  // namespace rp
