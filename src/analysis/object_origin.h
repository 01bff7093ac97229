// Where a Python object or class comes from, for rules that must tell code this repository
// owns from code it only talks to: a class defined here (whose fields can be read) versus one
// imported from an external package (vLLM, transformers, the standard library) or an object
// loaded from outside (a checkpoint's config.json through AutoConfig/PretrainedConfig, a JSON
// file). Also whether a function is used as a value (stored in a table, passed as a callable,
// selected beside sibling implementations) rather than only called, and whether a parameter is
// read only to reject it. Shared by api-propagation and new-param-not-passed.
//
// Everything is resolved through the repository index (imports, re-exports, class bases) and
// the head tree's syntax; files are parsed on demand and cached for the life of one Origins.
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <string>
#include <string_view>

#include "core/tree_reader.h"
#include "index/repo_index.h"
#include "lang/syntax.h"

namespace rp {

// What a class name or an object denotes.
struct Origin {
  enum Kind { Unknown, Repo, External };
  Kind kind = Unknown;
  std::string path;    // Repo: file defining the class
  std::string name;    // Repo: class name
  std::string module;  // External: the module it was imported from ("vllm.config"), when known
  bool repo() const { return kind == Repo; }
  bool external() const { return kind == External; }
};

class Origins {
 public:
  // `head` reads the head tree; `tree_of` (optional) returns an already-parsed head-side tree
  // for a path (the review's changed files) before Origins parses one itself.
  Origins(const index::RepoIndex& idx, const TreeReader& head,
          std::function<const lang::SyntaxTree*(const std::string&)> tree_of = {});
  ~Origins();

  // The head-side syntax tree of a Python file (null when absent).
  const lang::SyntaxTree* tree(const std::string& path);

  // What class text (`Config`, `cfg_mod.Config`, `Optional[Config]`, `"Config"`) written at
  // `line` of `path` names: a class defined in this repository (through imports, aliases and
  // re-exports), a name imported from a module outside it, or unknown (a builtin, a local).
  Origin resolve_class(const std::string& path, std::string_view text, int line);

  // Whether repository class `cls` of `path` derives, directly or through repository bases,
  // from a class imported from outside the repository (vLLM's backend, transformers'
  // PretrainedConfig, torch's Module...).
  bool derives_from_external(const std::string& path, const std::string& cls);

  // What object expression `expr` (a node of tree(path)) evaluates to: an instance of a
  // repository class, an object of external origin (an external class's instance, an
  // attribute whose declared type is external such as `Config.hf_config: PretrainedConfig`,
  // a value loaded by an external call, or anything derived from one), or unknown. Follows
  // local assignments, parameter annotations, `self` fields, and — for a parameter without
  // an annotation — the arguments the repository's callers pass. A field of an object whose
  // class is not known is external when every repository class declaring a field of that name
  // types it with the same external class (`Config.hf_config: PretrainedConfig`).
  Origin object_origin(const std::string& path, lang::Node expr);

  // Whether function `fn` of `path` is used as a value anywhere in the head tree: passed as an
  // argument, stored in a list/tuple/dict, assigned, returned or selected by a conditional
  // expression — so its parameter list is fixed by the slot it fills, not by its own body.
  bool used_as_value(const std::string& path, const lang::Function& fn);

  // Whether the repository calls method `name` anywhere by name (`x.name(...)`).
  bool called_in_repo(const std::string& name) const;

 private:
  Origin origin_rec(const std::string& path, lang::Node expr, int depth);
  Origin name_origin(const std::string& path, lang::Node id, int depth);
  Origin field_origin(const Origin& owner, const std::string& attr, int depth);
  // What the repository's classes declare field `attr` to be (`attr: T` in a class body,
  // `self.attr: T = ...`): external when every declaration names the same external type, else
  // unknown. Cached per name.
  Origin declared_field_origin(const std::string& attr, int depth);
  Origin param_from_callers(const std::string& path, const lang::Function& fn, size_t index, const std::string& param,
                            int depth);
  Origin find_class(const std::string& module_path, const std::string& name, int depth);
  bool derives_rec(const std::string& path, const std::string& cls, int depth);

  const index::RepoIndex& idx_;
  const TreeReader& head_;
  std::function<const lang::SyntaxTree*(const std::string&)> tree_of_;
  std::map<std::string, std::unique_ptr<lang::SyntaxTree>> parsed_;
  std::map<std::string, bool> used_as_value_;
  std::map<std::string, Origin> declared_fields_;
  int budget_ = 0;  // caller lookups left for one object_origin question
};

// `getattr(obj, "new", getattr(obj, "old", default))`: the inner getattr is the fallback of an
// alias chain (a key read under its other name), not an independent read.
bool getattr_fallback(const lang::Call& call);

// Whether parameter `param` of `fn` is read only in the conditions of `if` statements whose
// body raises (`if out is not None: raise NotImplementedError(...)`): the function takes it to
// reject it, not to use it.
bool param_only_rejected(const lang::SyntaxTree& tree, const lang::Function& fn, const std::string& param);

}  // namespace rp
