// Instance attributes of repository classes, for "does `meta.page_size` exist?": the class an
// annotation or name refers to (through imports and re-exports), and the attributes of its
// instances over the whole first-party hierarchy (analysis/class_members.h per class).
#pragma once

#include <optional>
#include <set>
#include <string>
#include <vector>

#include "analysis/context.h"
#include "index/repo_index.h"

namespace rp {

struct ClassRef {
  std::string path;  // defining file
  std::string name;
  bool operator==(const ClassRef& o) const { return path == o.path && name == o.name; }
};

// The module-level class that `text` ("Meta", "mod.Meta") names at `line` of `path`: defined
// there, or imported from a module of this repository (re-exports and star imports followed).
std::optional<ClassRef> resolve_class(const index::RepoIndex& idx, const std::string& path, const std::string& text,
                                      int line);

struct InstanceAttributes {
  std::set<std::string, std::less<>> names;  // own and inherited
  int line = 0;                              // of the class definition
  std::vector<ClassRef> subclasses;          // first-party classes deriving from it, directly
};
// Attributes of instances of `cls`; nullopt when any class of the hierarchy is not knowable
// (dynamic attributes, an unknown decorator, a base outside this repository).
std::optional<InstanceAttributes> instance_attributes(const ReviewContext& ctx, const ClassRef& cls);

}  // namespace rp
