// plugin-bridge-stale: the PR removes a parameter of, or deletes, a function that a plugin bridge
// (vLLM/SGLang/RTP-LLM glue) calls, and leaves that bridge file untouched.
#include <algorithm>
#include <map>

#include <re2/re2.h>

#include "analysis/facts.h"
#include "core/paths.h"
#include "core/strings.h"
#include "rules/rule_base.h"

namespace rp {
namespace {

constexpr RuleInfo kInfo{
    .name = "plugin-bridge-stale",
    .category = Category::CrossRepo,
    .severity = Severity::Warn,
    .needs = Needs::FullText,
    .summary = "A function a plugin bridge calls loses a parameter or disappears, and the bridge file is not updated.",
    .docs = R"(What it catches: a function or method of the package, outside the plugin layer, that the PR
deletes, or whose parameter the PR removes or renames; and a plugin bridge file — under a
`plugin/`/`plugins/` directory, or named `*bridge*.py` — that the PR does not touch and that still
calls the function (`name(` / `.name(`) and, for a removed parameter, still passes it by keyword
(`param=`) or, for a deleted function, still imports or calls it.
Why it matters: bridges are the code vLLM/SGLang users run; they read the engine's structures
directly, so a signature change that every in-tree caller was updated for still breaks them with
TypeError/AttributeError the moment the plugin loads (ATOM: a paged-SWA layout change left the
bridge on the old layout).
The bridge must reach that definition: it imports from the defining module (module functions) or
names the owning class (methods).
Does not fire on: bridges that only call a same-named function of another module or class
(`apply`, `from_config`); bridges the PR also edits; parameters that gained a `**kwargs` catch-all; names
shorter than 5 characters or dunder methods (too generic to pair); private names (`_x`);
functions kept under the old name (a compatibility wrapper or alias in the same file); files
inside the plugin layer themselves; reviews without the head tree.)"};

bool is_bridge(std::string_view path) {
  return has_dir_named(path, "plugin") || has_dir_named(path, "plugins") ||
         (base_name(path).find("bridge") != std::string_view::npos && is_python(path));
}

struct Change {
  std::string path;
  std::string owner;  // class of a method ("" for a module function)
  int line = 0;
  std::string name;   // function name
  std::string param;  // removed parameter; "" when the function is deleted
};

class PluginBridgeStale : public FileRuleWithState<kInfo, std::vector<Change>> {
 public:
  std::vector<Change> prepare(const ReviewContext&) const override { return {}; }
  void check_file(const ReviewContext& ctx, std::vector<Change>& changes, const FileChange& file,
                  std::vector<Finding>&) const override {
    const TreeReader* head = ctx.workspace.head_tree();
    if (!head) return;
    for (const FileChange& f : one_file(file)) {
      if (f.binary || f.status != FileStatus::Modified || !is_python(f.new_path) || is_bridge(f.new_path) ||
          is_test_path(f.new_path))
        continue;
      const lang::SyntaxTree* neu = ctx.workspace.new_tree(f.new_path);
      const lang::SyntaxTree* old = ctx.workspace.old_tree(f.old_path.empty() ? f.new_path : f.old_path);
      if (neu && old) collect(f.new_path, *old, *neu, changes);
    }
  }
  void totals(const ReviewContext& ctx, std::vector<Change>& changes, std::vector<Finding>& out) const override {
    const TreeReader* head = ctx.workspace.head_tree();
    if (!head) return;
    std::set<std::string> touched;
    for (const FileChange& f : ctx.pr.changes.files) touched.insert(f.path());
    if (changes.empty()) return;
    std::vector<std::string> bridges;
    for (const std::string& p : head->list_files())
      if (is_bridge(p) && is_python(p) && !touched.count(p) && !is_test_path(p)) bridges.push_back(p);
    std::set<std::string> reported;
    for (const std::string& b : bridges) {
      std::optional<std::string> text = head->read(b);
      if (!text) continue;
      for (const Change& c : changes) {
        if (reported.count(c.name + "/" + c.param)) continue;
        int line = 0;
        if (!reads(*text, c, &line)) continue;
        reported.insert(c.name + "/" + c.param);
        out.push_back(report(c, b, line, *text));
      }
    }
  }

 private:
  static bool pairable(const std::string& name) {
    return name.size() >= 5 && !name.starts_with("_");
  }

  static void collect(const std::string& path, const lang::SyntaxTree& old, const lang::SyntaxTree& neu,
                      std::vector<Change>& out) {
    std::map<std::string, const lang::Function*> now;
    const std::vector<lang::Function>& new_fns = neu.functions();
    const std::vector<lang::Function>& old_fns = old.functions();
    std::set<std::string> new_names;
    for (const lang::Function& fn : new_fns) {
      now[fn.qualified] = &fn;
      new_names.insert(fn.name);
    }
    for (const lang::Function& fn : old_fns) {
      if (!pairable(fn.name)) continue;
      auto it = now.find(fn.qualified);
      if (it == now.end()) {
        if (!new_names.count(fn.name) && neu.source().find(fn.name) == std::string::npos)
          out.push_back(Change{path, fn.class_name, 0, fn.name, ""});
        continue;
      }
      const lang::Function& nf = *it->second;
      std::set<std::string> kept;
      bool catch_all = false;
      for (const lang::Param& p : nf.params) {
        kept.insert(p.name);
        if (p.node && std::string(trim(p.node.text())).starts_with("**")) catch_all = true;
      }
      if (catch_all) continue;
      for (const lang::Param& p : fn.params) {
        if (kept.count(p.name) || p.name == "self" || p.name == "cls" || p.name.size() < 3) continue;
        if (p.node && std::string(trim(p.node.text())).starts_with("*")) continue;
        out.push_back(Change{path, fn.class_name, nf.start_line, fn.name, p.name});
      }
    }
  }

  // Whether bridge text calls the function (and passes the removed keyword); line of the call.
  static bool reads(const std::string& text, const Change& c, int* line) {
    // The bridge must reach this definition, not just any function of the same name: it names
    // the owning class, or imports from the defining module.
    std::string module = c.path.substr(0, c.path.size() - 3);
    std::replace(module.begin(), module.end(), '/', '.');
    bool reaches = c.owner.empty() ? text.find(module) != std::string::npos
                                   : RE2::PartialMatch(text, "\\b" + RE2::QuoteMeta(c.owner) + "\\b");
    if (!reaches) return false;
    RE2 call("(?:^|[^\\w])" + RE2::QuoteMeta(c.name) + "\\s*\\(");
    re2::StringPiece in(text), m;
    if (!RE2::PartialMatch(in, "(" + call.pattern() + ")", &m)) return false;
    size_t at = m.data() - text.data();
    if (!c.param.empty()) {
      // The keyword must appear in a call of the function: within the text after the call.
      RE2 kw("^[^)]{0,400}?\\b" + RE2::QuoteMeta(c.param) + "\\s*=[^=]");
      bool found = false;
      size_t pos = at;
      while (pos != std::string::npos && !found) {
        re2::StringPiece rest(text.data() + pos, text.size() - pos);
        re2::StringPiece hit;
        if (!RE2::PartialMatch(rest, "(" + call.pattern() + ")", &hit)) break;
        size_t start = hit.data() - text.data() + hit.size();
        re2::StringPiece after(text.data() + start, std::min<size_t>(800, text.size() - start));
        if (RE2::PartialMatch(after, kw)) {
          found = true;
          at = hit.data() - text.data();
        }
        pos = start;
      }
      if (!found) return false;
    }
    *line = 1 + static_cast<int>(std::count(text.begin(), text.begin() + static_cast<long>(at) + 1, '\n'));
    return true;
  }

  Finding report(const Change& c, const std::string& bridge, int line, const std::string& text) const {
    Finding x = finding();
    if (c.line) x.location = Location{c.path, c.line};
    else x.location = Location{c.path, 0};
    x.related.push_back(Location{bridge, line});
    std::string what = c.param.empty() ? "deletes `" + c.name + "`" : "removes parameter `" + c.param + "` of `" + c.name + "`";
    x.problem = "This PR " + what + " but the plugin bridge " + bridge + " still " +
                (c.param.empty() ? "calls it" : "passes `" + c.param + "=` to it") + " and is not updated";
    x.impact = "vLLM/SGLang users load the bridge, not the in-tree callers: the plugin fails with " +
               std::string(c.param.empty() ? "AttributeError/NameError" : "TypeError") + " when that path runs";
    x.action = "Author must update " + bridge + " in the same PR (or keep a compatibility alias for the old " +
               (c.param.empty() ? "name" : "parameter") + ")";
    x.evidence.push_back(evidence(bridge, line, nth_line(text, line).value_or("")));
    return x;
  }
};

REGISTER_RULE(PluginBridgeStale);

}  // namespace
}  // namespace rp
