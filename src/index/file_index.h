// What the repository index knows about one file, extracted from its text alone (so it can
// be cached by blob id): Python definitions, imports, calls and getattr keys; C/C++/CUDA/HIP
// includes, macros, kernels, structs and op registrations. Plain data: serialisable by
// index/cache.cc, queried through index/repo_index.h.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

namespace rp::index {

struct PyParam {
  enum Kind : uint8_t { Plain, Star, DoubleStar };  // x / *args / **kw
  std::string name;
  bool has_default = false;
  Kind kind = Plain;
};

struct PyFunction {
  std::string name;
  std::string class_name;  // "" for a module-level function
  int line = 0, end_line = 0;
  bool top_level = false;  // module-level def, or a method of a module-level class
  std::vector<PyParam> params;
  std::vector<std::string> decorators;
  // Whether the parameters accept any keyword (**kw) / any positional (*args).
  bool takes_any_keyword() const;
  bool takes_any_positional() const;
  const PyParam* param(std::string_view name) const;
};

struct PyClass {
  std::string name;
  int line = 0;
  bool top_level = false;
  std::vector<std::string> bases;  // source text
};

// `from M import a as b` → module "M", names {a→b}; `import a.b as c` → module "a.b",
// names {} and alias "c"; `from . import x` → module "", level 1, names {x→x}.
struct PyImport {
  std::string module;
  int level = 0;
  int line = 0;
  struct Name {
    std::string name;   // "*" for a star import
    std::string alias;  // the name bound ("" = same as name)
    const std::string& bound() const { return alias.empty() ? name : alias; }
  };
  std::vector<Name> names;
  std::string alias;          // `import a.b as c` → "c"
  bool at_import = false;     // runs when the module is imported (module level, not under __main__)
  bool guarded = false;       // inside a try that catches ImportError
  bool is_star() const;       // `from M import *`
};

struct PyCall {
  std::string callee;  // "aiter.mla.get_meta", "self.f", "f"
  int line = 0;
  int positional = 0;
  bool star_args = false;  // *a or **kw passed: arity cannot be checked
  std::vector<std::string> keywords;
  // `obj.m(...)` where obj is bound in the enclosing function by `obj = C(...)`, `obj: C = ...`
  // or a parameter `obj: C`: "C" as written (dotted names only); "" otherwise.
  std::string receiver_class;
};

struct PyGetattr {
  std::string object;  // source text of the first argument
  std::string key;
  std::string default_text;  // "" when no default (raises)
  int line = 0;
};

struct CRegistration {
  std::string kind;  // "m.def", "TORCH_LIBRARY", "PYBIND11_MODULE", "TORCH_LIBRARY_IMPL"
  std::string name;
  int line = 0;
};

struct CSymbol {
  std::string name;
  int line = 0;
};

struct FileIndex;

// By-name tables for FileIndex's look-ups in a file with many definitions: each call site of a
// generated module of thousands of functions asks once, and a scan per question made the rules
// quadratic. Built by the first look-up in such a file, never serialised; a copy, move or
// assignment of the FileIndex starts without one. The vectors must not change after a look-up.
class NameLookup {
 public:
  struct Tables;
  NameLookup() noexcept;
  ~NameLookup();
  NameLookup(const NameLookup&) noexcept : NameLookup() {}
  NameLookup& operator=(const NameLookup&);
  // The tables of `fi`, built on first use; nullptr for a file small enough to scan.
  const Tables* of(const FileIndex& fi) const;

 private:
  mutable std::mutex mu_;
  mutable std::atomic<const Tables*> ready_{nullptr};
  mutable std::unique_ptr<Tables> tables_;
};

struct FileIndex {
  enum Lang : uint8_t { None, Python, Cpp };
  Lang lang = None;
  // --- Python ---
  std::vector<PyFunction> functions;
  std::vector<PyClass> classes;
  std::vector<std::string> module_names;  // every name bound at module level (defs, classes, assignments, imports)
  std::vector<std::string> all;           // __all__ entries
  bool has_all = false;
  // Names are bound at import by code (`globals()[n] = ...`, `globals().update(...)`,
  // `setattr(sys.modules[__name__], ...)`): the module's names cannot be listed.
  bool dynamic_globals = false;
  std::vector<PyImport> imports;
  std::vector<PyCall> calls;
  std::vector<PyGetattr> getattrs;
  // --- C family ---
  std::vector<std::string> includes;  // as written between quotes/brackets
  std::vector<CSymbol> macros, kernels, c_functions, structs;
  std::vector<CRegistration> registrations;

  // Whether a module-level name is bound in this file (Python).
  bool binds(std::string_view name) const;
  const PyFunction* function(std::string_view name, std::string_view class_name = {}) const;
  const PyClass* klass(std::string_view name) const;

  NameLookup lookup;  // for the three above
};

// Extracts the index of one file; `path` only chooses the language. Never fails: an
// unsupported or unparsable file yields an index with lang None or what could be read.
FileIndex extract_file(std::string_view path, const std::string& text);
// Which language extract_file uses for a path (None: not indexed).
FileIndex::Lang index_lang(std::string_view path);

}  // namespace rp::index
