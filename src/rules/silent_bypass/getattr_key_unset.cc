// getattr-key-unset (ATOM B5, family api-propagation): a new `getattr(cfg, "key", default)` on
// a configuration object for a key that nothing in the repository ever sets, so the default
// is what always runs unless an external config supplies it.
#include <fmt/format.h>
#include <re2/re2.h>

#include "analysis/facts.h"
#include "analysis/object_origin.h"
#include "core/paths.h"
#include "core/pattern.h"
#include "index/knowledge.h"
#include "rules/rule_base.h"

namespace rp {
namespace {

constexpr RuleInfo kInfo{
    .name = "getattr-key-unset",
    .category = Category::SilentBypass,
    .severity = Severity::Note,
    .needs = Needs::FullText,
    .summary = "A new getattr(config, \"key\", default) reads a key nothing in the repository sets.",
    .docs = R"(What it catches (model repositories, not op libraries): an added
`getattr(cfg, "key", default)` on a configuration object (`config`, `*_config`, `cfg`,
`args`) with a plain-value default (a number, True/False, an empty literal) for a new key that
no file of the repository ever assigns, declares or passes (`.key =`, `key: T =`, `key=`,
`setattr(obj, "key", ...)`, a `"key":` dict entry).
Why it matters: unless an external config supplies the key, the default is what always runs,
silently, with no warning. A note: the key may come from a config file outside the
repository, so it is a question for the author.
Does not fire on: `None` defaults (the capability-probe idiom), private keys, keys the base
side already read (by getattr or as `obj.key`), the fallback of an alias chain
(`getattr(c, "new", getattr(c, "old", True))`) and of an `or` of two spellings on one object
(`getattr(c, "a_on", False) or getattr(c, "on_a", False)`), `self.x` in a def that is not a
method of a class of this file (a function patched onto another package's class), objects of external origin (a HuggingFace
checkpoint config, an imported vLLM/SGLang config type, a repository class deriving from one),
also when reached through an object whose class is not known (`self.runner.config.hf_config`
with an untyped `runner`): a field every class of the repository declares with the same
external type (`hf_config: PretrainedConfig`) holds that external object.
Family: `api-propagation` in configuration and suppression comments also names this rule.)",
    .family = "api-propagation"};

// A default that is a plain value (0, 1.0, False, "", []), not None: `getattr(x, "k", None)`
// is the capability-probe idiom, checked right after; a value default runs silently.
const Pattern silent_value_default = Pattern::whole(R"(-?\d[\d_.eE+-]*|True|False|""|''|\[\]|\{\}|\(\))");

// `config`, `self.args`, `hf_config.text_config`: a configuration object, where an absent key
// silently changes what the model computes (ATOM#1548). Runtime objects probed for optional
// features (`forward_batch`, a connector) are not judged.
const Pattern config_object{R"((?i)(config|cfg|args)\w*$)"};

// What the rule keeps across the files of one review: the origin resolver (null without an index)
// and the keys read so far, with where.
struct GetattrKeyUnsetPr {
  std::unique_ptr<Origins> origins;
  std::vector<std::pair<std::string, std::string>> candidates;  // key, path:line
};

class GetattrKeyUnset : public FileRuleWithState<kInfo, GetattrKeyUnsetPr> {
 public:
  GetattrKeyUnsetPr prepare(const ReviewContext& ctx) const override {
    if (!ctx.repo || !ctx.workspace.head_tree() || ctx.profile.op_library) return {};
    return {std::make_unique<Origins>(ctx.repo->index(), *ctx.workspace.head_tree(),
                                      [&ctx](const std::string& p) { return ctx.workspace.new_tree(p); }),
            {}};
  }
  void check_file(const ReviewContext& ctx, GetattrKeyUnsetPr& pr, const FileChange& file,
                  std::vector<Finding>&) const override {
    if (!pr.origins) return;
    Origins& origins = *pr.origins;
    std::vector<std::pair<std::string, std::string>>& candidates = pr.candidates;
    for (const FileChange& f : one_file(file)) {
      if (f.status == FileStatus::Deleted || !is_python(f.path())) continue;
      const lang::SyntaxTree* now = ctx.workspace.new_tree(f.path());
      const lang::SyntaxTree* before = ctx.workspace.old_tree(f.old_path.empty() ? f.path() : f.old_path);
      if (now) collect_getattrs(ctx, origins, f, *now, before, candidates);
    }
  }
  void totals(const ReviewContext& ctx, GetattrKeyUnsetPr& pr, std::vector<Finding>& out) const override {
    if (!pr.candidates.empty()) attr_missing(ctx, pr.candidates, out);
  }

 private:
  void collect_getattrs(const ReviewContext& ctx, Origins& origins, const FileChange& f, const lang::SyntaxTree& now,
                        const lang::SyntaxTree* before, std::vector<std::pair<std::string, std::string>>& out) const {
    std::set<std::string> old_keys, old_attributes;
    if (before) {
      for (const lang::Call& c : before->calls())
        if (c.callee == "getattr" && c.args.size() >= 2) old_keys.insert(std::string(c.args[1].value.text()));
      // `obj.key` read directly on the base side: the attribute was taken to exist, and a new
      // getattr with a default is a compatibility shim for versions that drop it.
      lang::walk(before->root(), [&](lang::Node n) {
        if (is(n, NodeKind::Attribute))
          if (lang::Node a = n.child_by_field("attribute")) old_attributes.insert(std::string(a.text()));
        return true;
      });
    }
    const std::vector<lang::Call>& now_calls = now.calls();
    const index::FileIndex* fi = ctx.repo->index().file(f.path());
    if (!fi) return;
    std::set<int> added = added_line_numbers(f);
    for (const index::PyGetattr& g : fi->getattrs) {
      if (!added.count(g.line) || !silent_value_default(g.default_text) || g.key.starts_with("_")) continue;
      if (!config_object(g.object)) continue;
      if (old_keys.count("\"" + g.key + "\"") || old_keys.count("'" + g.key + "'")) continue;
      static const RE2 ident(R"([A-Za-z_]\w*)");
      if (!RE2::FullMatch(g.key, ident)) continue;
      if (old_attributes.count(g.key)) continue;
      if (!owned_config(origins, f.path(), now_calls, g)) continue;
      if (self_of_foreign_class(now, g)) continue;
      out.emplace_back(g.key, fmt::format("{}:{}", f.path(), g.line));
    }
  }

  // Whether getattr `g` reads a key the repository is expected to provide: not the fallback of an
  // alias chain (`getattr(c, "new", getattr(c, "old", True))`), and not on an object of
  // external origin — a HuggingFace checkpoint config (a field typed PretrainedConfig, an
  // AutoConfig load, anything derived from one), an imported vLLM/SGLang config type, or a
  // repository class deriving from one — whose keys come from outside by design.
  static bool owned_config(Origins& origins, const std::string& path, const std::vector<lang::Call>& calls,
                           const index::PyGetattr& g) {
    for (const lang::Call& c : calls) {
      if (c.callee != "getattr" || c.args.size() < 2 || c.line != g.line) continue;
      std::string_view key = c.args[1].value.text();
      if (key.size() < 2 || key.substr(1, key.size() - 2) != g.key) continue;
      if (getattr_fallback(c) || spelling_alternative(c, calls)) return false;
      Origin o = origins.object_origin(path, c.args[0].value);
      if (o.external()) return false;
      if (o.repo() && origins.derives_from_external(o.path, o.name)) return false;
      return true;
    }
    return true;
  }

  // `self.server_args` read in a def that is not a method of a class of this file: a function
  // assigned onto another package's class (`Worker.step = step`) or handed to it, so `self` is
  // that class's instance and its attributes are set by that package, not by this repository.
  static bool self_of_foreign_class(const lang::SyntaxTree& tree, const index::PyGetattr& g) {
    std::string_view root(g.object);
    root = root.substr(0, root.find('.'));
    if (root != "self" && root != "cls") return false;
    auto fn = tree.enclosing_function(g.line);
    // A closure that does not take `self` itself reads the `self` of the def around it.
    while (fn && (fn->params.empty() || fn->params.front().name != root)) {
      lang::Node outer = ancestor(fn->node, {NodeKind::FunctionDef});
      fn = outer ? tree.enclosing_function(outer.start_line()) : std::nullopt;
    }
    if (!fn) return false;
    lang::Node up = fn->node.parent();
    if (up && is(up, NodeKind::DecoratedDef)) up = up.parent();
    return !(up && is(up, NodeKind::Block) && up.parent() && is(up.parent(), NodeKind::ClassDef));
  }

  // `getattr(sc, "chunked_prefill_enabled", False) or getattr(sc, "enable_chunked_prefill",
  // False)`: the same object asked under two names in one `or`/`and` is a probe across the
  // versions of a type someone else owns (the spelling changed upstream), not a key this
  // repository is expected to set.
  static bool spelling_alternative(const lang::Call& c, const std::vector<lang::Call>& calls) {
    lang::Node op = c.node.parent();
    while (op && is(op, NodeKind::Parenthesized)) op = op.parent();
    if (!op || !is(op, NodeKind::BoolOp)) return false;
    for (const lang::Call& other : calls) {
      if (other.callee != "getattr" || other.node == c.node || other.args.size() < 2) continue;
      if (other.args[0].value.text() != c.args[0].value.text() || other.args[1].value.text() == c.args[1].value.text())
        continue;
      lang::Node up = other.node.parent();
      while (up && is(up, NodeKind::Parenthesized)) up = up.parent();
      if (up == op) return true;
    }
    return false;
  }

  void attr_missing(const ReviewContext& ctx, const std::vector<std::pair<std::string, std::string>>& candidates,
                    std::vector<Finding>& out) const {
    const TreeReader* head = ctx.workspace.head_tree();
    if (!head) return;
    std::string alt;
    for (const auto& [key, where] : candidates) alt += (alt.empty() ? "" : "|") + key;
    // Set somewhere: `.key =`, `key: T = ...` / `key: T` (dataclass field), `key=` (kwarg /
    // assignment), setattr(obj, "key", ...), a dict entry "key": ...
    RE2 set_re(fmt::format(R"((?:\b|\.)({0})\s*(?::[^=\n]*)?=[^=]|setattr\([^,]+,\s*["']({0})["']|["']({0})["']\s*:|^\s+({0})\s*:)",
                           alt));
    std::set<std::string> seen;
    if (set_re.ok()) {
      for (const std::string& path : head->list_files()) {
        if (!is_python(path)) continue;
        auto text = head->read(path);
        if (!text) continue;
        re2::StringPiece in(*text);
        std::string a, b, c, d;
        while (RE2::FindAndConsume(&in, set_re, &a, &b, &c, &d))
          for (const std::string* s : {&a, &b, &c, &d})
            if (!s->empty()) seen.insert(*s);
      }
    }
    for (const auto& [key, where] : candidates) {
      if (seen.count(key)) continue;
      size_t colon = where.rfind(':');
      std::string path = where.substr(0, colon);
      int line = std::stoi(where.substr(colon + 1));
      Finding fd = finding();
      fd.location = Location{path, line};
      fd.problem = fmt::format("attr-missing: new `getattr(..., \"{}\", default)` reads an attribute that nothing in this "
                               "repository sets",
                               key);
      fd.impact = "Unless an external config supplies it, the default is what always runs, silently, with no warning";
      fd.action = fmt::format("Reviewer should ask where `{}` is set, or for a read without a default so its absence "
                              "fails loudly",
                              key);
      if (const lang::SyntaxTree* t = ctx.workspace.new_tree(path)) fd.evidence.push_back(evidence(path, line, t->line_text(line)));
      fd.verified = false;
      out.push_back(std::move(fd));
    }
  }
};

REGISTER_RULE(GetattrKeyUnset);

}  // namespace
}  // namespace rp
