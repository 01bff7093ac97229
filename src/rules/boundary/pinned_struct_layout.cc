// pinned-struct-layout: a field inserted into (or removed from the middle of) a C/C++ struct
// whose layout the tree pins with offsetof / static_assert(sizeof(...)), while the PR leaves
// those pins alone (aiter D11: kargs structs read by separately compiled code objects).
#include <re2/re2.h>

#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "analysis/facts.h"
#include "core/paths.h"
#include "core/strings.h"
#include "rules/rule_base.h"

namespace rp {
namespace {

constexpr RuleInfo kInfo{
    .name = "pinned-struct-layout",
    .category = Category::Boundary,
    .severity = Severity::Red,
    .needs = Needs::FullText,
    .summary = "A field is inserted into or removed from the middle of a struct whose layout offsetof/sizeof asserts pin.",
    .docs = R"(What it catches: a C/C++/HIP `struct`/`class` the PR changes by adding a field before an
existing one, removing a field that was not the last, or changing a field's type, when the tree
pins that struct's layout: an `offsetof(S, ...)` or `sizeof(S)` in the changed files, in the
other files of the struct's directory, or in the profile's kernel-interface directory
(`csrc/py_itfs_cu/`), and no line the PR adds touches those pins.
Why it matters: the pins exist because something compiled separately (a hand-written or
pre-built code object) reads the struct by offset. Every field after the change moves; if the
build still passes (pins in a file that is not compiled for this target) or the pins are
edited without rebuilding the code objects, the kernel reads its arguments from the wrong
offsets.
Does not fire on: fields appended at the end (nothing shifts), pins in another file that
declares its own struct of the same name (a sibling `.cu` with its own `struct KernelArgs` pins
that one), structs the tree does not pin
(field churn alone, aiter#5223-style), a PR that also updates the offsetof/sizeof assertions,
comment or whitespace changes inside a struct, and test files.)"};

struct Field {
  std::string name;
  std::string decl;  // collapsed declaration text
  int line = 0;
  bool added = false;
};

std::vector<Field> fields_of(const SyntaxTree& tree, Node body, const std::set<int>& added) {
  std::vector<Field> out;
  for (Node c : body.named_children()) {
    if (!is(c, NodeKind::FieldDeclaration)) continue;
    Node d = c.child_by_field("declarator");
    while (d && d.child_by_field("declarator")) d = d.child_by_field("declarator");
    Field f;
    f.name = d ? std::string(d.text()) : std::string(trim(c.text()));
    f.decl = collapse_whitespace(c.text());
    f.line = c.start_line();
    f.added = touches_added(added, c.start_line(), c.end_line());
    out.push_back(std::move(f));
  }
  (void)tree;
  return out;
}

// name -> field list body, for every struct/class with a body in the tree.
std::map<std::string, Node> structs_of(const SyntaxTree& tree) {
  std::map<std::string, Node> out;
  lang::walk(tree.root(), [&](Node n) {
    if (is(n, NodeKind::StructOrClass)) {
      Node name = n.child_by_field("name"), body = n.child_by_field("body");
      if (name && body) out[std::string(name.text())] = body;
    }
    return true;
  });
  return out;
}

class PinnedStructLayout : public FileRuleWithInfo<kInfo> {
 public:
  void check_file(const ReviewContext& ctx, const FileChange& file, std::vector<Finding>& out) const override {
    for (const FileChange& f : one_file(file)) {
      if (f.status == FileStatus::Deleted || f.binary || !is_cpp_family(f.new_path) || is_test_path(f.new_path)) continue;
      std::set<int> added = added_line_numbers(f);
      std::set<int> removed = removed_line_numbers(f);
      if (added.empty() && removed.empty()) continue;
      const SyntaxTree* tree = ctx.workspace.new_tree(f.new_path);
      if (!tree) continue;
      const SyntaxTree* old_tree = ctx.workspace.old_tree(f.old_path.empty() ? f.new_path : f.old_path);
      std::map<std::string, Node> old_structs;
      if (old_tree) old_structs = structs_of(*old_tree);
      for (const auto& [name, body] : structs_of(*tree)) {
        if (!touches_added(added, body.start_line(), body.end_line()) && !old_structs.count(name)) continue;
        std::vector<Field> now = fields_of(*tree, body, added);
        std::vector<Field> before;
        if (auto it = old_structs.find(name); it != old_structs.end())
          before = fields_of(*old_tree, it->second, {});
        else
          continue;  // a new struct: nothing compiled against it yet
        std::optional<std::string> shift = shifting_change(now, before);
        if (!shift) continue;
        std::vector<std::string> pins = pin_sites(ctx, f.new_path, name);
        if (pins.empty() || pr_updates_pins(ctx.pr.changes, name)) continue;
        report(*tree, f.new_path, name, now, before, *shift, pins, out);
      }
    }
  }

 private:
  // Describes the first change that moves an existing field; nullopt when nothing shifts.
  static std::optional<std::string> shifting_change(const std::vector<Field>& now, const std::vector<Field>& before) {
    std::map<std::string, std::string> old_decl;
    for (const Field& f : before) old_decl[f.name] = f.decl;
    std::set<std::string> now_names;
    for (const Field& f : now) now_names.insert(f.name);
    for (size_t i = 0; i < now.size(); ++i) {
      if (!now[i].added) continue;
      bool later_existing = false;
      std::string next;
      for (size_t j = i + 1; j < now.size(); ++j)
        if (!now[j].added && old_decl.count(now[j].name)) {
          later_existing = true;
          next = now[j].name;
          break;
        }
      auto it = old_decl.find(now[i].name);
      if (it != old_decl.end() && it->second == now[i].decl) continue;  // re-added unchanged (moved text)
      if (it != old_decl.end() && later_existing)
        return "`" + now[i].name + "` changes type (`" + it->second + "` -> `" + now[i].decl + "`) before `" + next + "`";
      if (it == old_decl.end() && later_existing) return "`" + now[i].name + "` is inserted before `" + next + "`";
    }
    for (size_t i = 0; i + 1 < before.size(); ++i)
      if (!now_names.count(before[i].name))
        return "`" + before[i].name + "` is removed before `" + before[i + 1].name + "`";
    return std::nullopt;
  }

  // `offsetof(name, ...)` or `sizeof(name)`, namespace-qualified or not.
  static std::unique_ptr<RE2> pin_pattern(const std::string& name) {
    return std::make_unique<RE2>(R"((offsetof\s*\(\s*(\w+::)*)" + RE2::QuoteMeta(name) + R"(\s*,|sizeof\s*\(\s*(\w+::)*)" +
                                 RE2::QuoteMeta(name) + R"(\s*\)))");
  }

  static bool pr_updates_pins(const ChangeSet& changes, const std::string& name) {
    std::unique_ptr<RE2> pin = pin_pattern(name);
    for (const FileChange& f : changes.files)
      for (const Hunk& h : f.hunks)
        for (const DiffLine& l : h.lines)
          if (l.kind != DiffLine::Kind::Context && RE2::PartialMatch(l.text, *pin)) return true;
    return false;
  }

  // "path:line: text" of the pins found: the changed file, its directory, the kernel-interface dir.
  static std::vector<std::string> pin_sites(const ReviewContext& ctx, const std::string& path, const std::string& name) {
    std::vector<std::string> out;
    std::unique_ptr<RE2> pin = pin_pattern(name);
    std::set<std::string> candidates{path};
    for (const FileChange& f : ctx.pr.changes.files)
      if (f.status != FileStatus::Deleted && is_cpp_family(f.new_path)) candidates.insert(f.new_path);
    if (const TreeReader* head = ctx.workspace.head_tree()) {
      std::string dir(dir_name(path));
      for (const std::string& p : head->list_files()) {
        if (!is_cpp_family(p)) continue;
        bool same_dir = dir_name(p) == dir;
        bool itfs = p.starts_with("csrc/py_itfs_cu/");
        if ((same_dir || itfs) && candidates.size() < 600) candidates.insert(p);
      }
    }
    // Another file that defines a struct of the same name itself pins its own type (each
    // kernel-interface .cu declares its own `struct KernelArgs` for its own code object).
    RE2 defines(R"((^|\n)\s*(typedef\s+)?(struct|class)\b[^;{]*\b)" + RE2::QuoteMeta(name) + R"(\s*(final\s*)?(:[^{;]*)?\{)");
    for (const std::string& p : candidates) {
      std::optional<std::string> text = ctx.workspace.read_head(p);
      if (!text && p == path)
        if (const std::string* t = ctx.workspace.new_text(p)) text = *t;
      if (!text || !RE2::PartialMatch(*text, *pin)) continue;
      if (p != path && RE2::PartialMatch(*text, defines)) continue;
      for_each_line(*text, [&](int line, std::string_view l) {
        if (RE2::PartialMatch(l, *pin)) out.push_back(evidence(p, line, l));
        return out.size() < 4;
      });
    }
    return out;
  }

  void report(const SyntaxTree& tree, const std::string& path, const std::string& name, const std::vector<Field>& now,
              const std::vector<Field>& before, const std::string& shift, const std::vector<std::string>& pins,
              std::vector<Finding>& out) const {
    int line = 0;
    for (const Field& f : now)
      if (f.added) {
        line = f.line;
        break;
      }
    if (!line && !now.empty()) line = now.front().line;
    Finding x = finding();
    x.location = Location{path, line};
    x.problem = "In `" + name + "`, " + shift + ", and the tree pins this layout (" + std::to_string(pins.size()) +
                " offsetof/sizeof assertion" + (pins.size() == 1 ? "" : "s") + ") that the PR does not update";
    x.impact = "Every field after the change moves (" + std::to_string(before.size()) + " -> " +
               std::to_string(now.size()) + " fields); code compiled separately against the pinned layout reads its "
               "arguments at the old offsets: wrong strides or scales, or a compile error where the pins are built";
    x.action = "Author must append the field at the end of `" + name +
               "`, or update the offsetof/sizeof assertions and rebuild the code objects that read the struct";
    x.trigger = "any launch of a code object built against the pinned `" + name + "` layout after this change";
    x.evidence.push_back(evidence(path, line, tree.line_text(line)));
    for (const std::string& p : pins) x.evidence.push_back(p);
    out.push_back(std::move(x));
  }
};

REGISTER_RULE(PinnedStructLayout);

}  // namespace
}  // namespace rp
