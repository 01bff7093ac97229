#include "analysis/admitted_values.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <optional>
#include <set>

#include "core/strings.h"
#include "lang/node_kind.h"

namespace rp {
namespace {

using lang::Node;
using lang::NodeKind;
using lang::is;
using lang::node_kind;
using lang::is_any;

enum class Form { Truth, NoneTest, Equal, Version, Threshold, Other };

// One step, read: what it tests and what the path needs of it.
struct Read {
  Form form = Form::Other;
  Node subject;
  std::string key;                  // the tested value, normalized
  bool needs = true;                // Truth: truthy; NoneTest: is None; Equal: equal to one of `values`
  std::vector<std::string> values;  // Equal: the literals
  Node literal;                     // Version/Threshold: the literal compared with
  bool settled = false;             // on the way to the chain's own else: admitted already
};

std::string strip_quotes(std::string s) {
  size_t i = 0;
  while (i < s.size() && std::isalpha(static_cast<unsigned char>(s[i]))) ++i;  // r"", b"", f""
  if (i < s.size() && (s[i] == '"' || s[i] == '\'')) {
    char q = s[i];
    size_t n = 1;
    if (s.compare(i, 3, std::string(3, q)) == 0) n = 3;
    if (s.size() >= i + 2 * n) return s.substr(i + n, s.size() - i - 2 * n);
  }
  return s;
}

std::string strip_value_suffix(std::string s) {
  while (s.ends_with(".value")) s.resize(s.size() - 6);
  return s;
}

// The key of a literal: a string's contents in double quotes, a number or constant as written.
std::string value_key(Node n) {
  n = lang::unparenthesized(n);
  if (lang::is_string_literal(n)) return "\"" + strip_quotes(collapse_whitespace(n.text())) + "\"";
  return strip_value_suffix(collapse_whitespace(n.text()));
}

// The key of a tested value: `self.x` and `x` meet, `q.value` is `q`, `(arch or get_arch())` is `arch`.
std::string subject_key(Node n) {
  n = lang::unparenthesized(n);
  while (is(n, NodeKind::BoolOp) && n.child_by_field("operator").text() == "or")
    n = lang::unparenthesized(n.child_by_field("left"));
  std::string s = strip_value_suffix(collapse_whitespace(n.text()));
  if (s.starts_with("self.")) s = s.substr(5);
  return s;
}

bool mentions_version(Node n) {
  std::string t = collapse_whitespace(n.text());
  std::transform(t.begin(), t.end(), t.begin(), [](unsigned char c) { return std::tolower(c); });
  return t.find("version") != std::string::npos;
}

bool has_call(Node n) {
  bool found = false;
  lang::walk(n, [&](Node x) {
    if (found) return false;
    if (is(x, NodeKind::Call)) found = true;
    return !found;
  });
  return found;
}

class Reader {
 public:
  Reader(const lang::SyntaxTree& tree) : tree_(tree) {
    for (const lang::Import& imp : tree.imports())
      for (const lang::ImportedName& n : lang::imported_names(imp)) {
        std::string bound = !n.alias.empty() ? n.alias : n.name.substr(0, n.name.find('.'));
        modules_.insert(bound);
      }
    for (Node st : tree.root().named_children()) {
      Node a = lang::lone_expression(st);
      if (!is(a, NodeKind::Assignment)) continue;
      Node left = a.child_by_field("left");
      if (left && is(left, NodeKind::Identifier)) module_names_.insert(std::string(left.text()));
    }
  }

  // 2: a literal (string, number, True/False/None); 1: a constant-like name (`QuantType.x`,
  // `torch.bfloat16`, `MODE_A`); 0: anything else.
  int literal_rank(Node n) const {
    n = lang::unparenthesized(n);
    NodeKind k = node_kind(n);
    if (lang::is_string_literal(n) || k == NodeKind::Integer || k == NodeKind::Float || k == NodeKind::True ||
        k == NodeKind::False || k == NodeKind::None)
      return 2;
    if (k == NodeKind::Unary) {
      auto kids = n.named_children();
      if (kids.size() == 1 && is_any(kids[0], {NodeKind::Integer, NodeKind::Float})) return 2;
    }
    if (k == NodeKind::Identifier) {  // a module constant or an imported one (`MODE_A`)
      std::string t(n.text());
      return !t.empty() && std::isupper(static_cast<unsigned char>(t[0])) &&
                     (modules_.count(t) || module_names_.count(t))
                 ? 1
                 : 0;
    }
    if (k == NodeKind::Attribute) {  // `QuantType.per_Token`, `torch.bfloat16`
      std::string t(n.text());
      if (t.find('(') != std::string::npos) return 0;
      std::string root = t.substr(0, t.find('.'));
      if (root.empty()) return 0;
      if (std::isupper(static_cast<unsigned char>(root[0]))) return 1;
      if (modules_.count(root)) return 1;
    }
    return 0;
  }

  bool number(Node n) const {
    n = lang::unparenthesized(n);
    if (is_any(n, {NodeKind::Integer, NodeKind::Float})) return true;
    if (is(n, NodeKind::Unary)) {
      auto kids = n.named_children();
      return kids.size() == 1 && is_any(kids[0], {NodeKind::Integer, NodeKind::Float});
    }
    return false;
  }

  // Reads one comparison `l op r`; Other when it is not one this file understands.
  Read comparison(Node n, bool value) const {
    Read out;
    auto named = n.named_children();
    if (named.size() != 2) return out;
    Node l = named[0], r = named[1];
    std::string op = normalize_condition(n.text().substr(l.end_byte() - n.start_byte(), r.start_byte() - l.end_byte()));
    if (op == "is" || op == "is not" || op == "==" || op == "!=") {
      bool positive = op == "is" || op == "==";
      Node lit = r, subj = l;
      if (is(lang::unparenthesized(l), NodeKind::None)) std::swap(lit, subj);
      if (is(lang::unparenthesized(lit), NodeKind::None)) {
        out.form = Form::NoneTest;
        out.subject = subj;
        out.key = subject_key(subj);
        out.needs = positive == value;
        return out;
      }
      if (op == "is" || op == "is not") return out;
      int lr = literal_rank(l), rr = literal_rank(r);
      if (lr == 0 && rr == 0) return out;
      if (lr > rr) std::swap(l, r);  // r is the literal
      out.form = Form::Equal;
      out.subject = l;
      out.key = subject_key(l);
      out.values = {value_key(r)};
      out.needs = positive == value;
      return out;
    }
    if (op == "in" || op == "not in") {
      Node items = lang::unparenthesized(r);
      if (!is_any(items, {NodeKind::List, NodeKind::Tuple, NodeKind::Set})) return out;
      for (Node item : items.named_children()) {
        if (is(item, NodeKind::Comment)) continue;
        if (literal_rank(item) == 0) return Read{};
        out.values.push_back(value_key(item));
      }
      if (out.values.empty()) return Read{};
      out.form = Form::Equal;
      out.subject = l;
      out.key = subject_key(l);
      out.needs = (op == "in") == value;
      return out;
    }
    if (op == "<" || op == "<=" || op == ">" || op == ">=") {
      for (int side = 0; side < 2; ++side) {
        Node lit = side ? l : r, subj = side ? r : l;
        if (lang::is_string_literal(lang::unparenthesized(lit))) {
          if (!mentions_version(subj)) return out;
          out.form = Form::Version;
        } else if (number(lit) && literal_rank(subj) == 0 && !has_call(subj)) {
          out.form = Form::Threshold;
        } else {
          continue;
        }
        out.subject = subj;
        out.key = subject_key(subj);
        out.literal = lit;
        return out;
      }
    }
    return out;
  }

  Read read(Node cond, bool value) const {
    Node n = lang::unparenthesized(cond);
    while (is(n, NodeKind::Not)) {
      value = !value;
      n = lang::unparenthesized(n.child_by_field("argument"));
    }
    if (!n) return {};
    if (is(n, NodeKind::Comparison)) return comparison(n, value);
    if (is(n, NodeKind::Call)) {  // `torch.__version__.startswith("2.5")`: a version compared as text
      lang::Call c = lang::describe_call(n);
      if ((c.callee_name == "startswith" || c.callee_name == "endswith") && c.receiver && c.args.size() == 1 &&
          lang::is_string_literal(lang::unparenthesized(c.args[0].value)) && mentions_version(c.receiver)) {
        Read out;
        out.form = Form::Version;
        out.subject = c.receiver;
        out.key = subject_key(c.receiver);
        out.literal = c.args[0].value;
        return out;
      }
    }
    if (is_any(n, {NodeKind::Identifier, NodeKind::Attribute, NodeKind::Subscript, NodeKind::Call})) {
      Read out;
      out.form = Form::Truth;
      out.subject = n;
      out.key = subject_key(n);
      out.needs = value;
      return out;
    }
    return {};
  }

 private:
  const lang::SyntaxTree& tree_;
  std::set<std::string> modules_;       // names imports bind
  std::set<std::string> module_names_;  // names module-level assignments bind
};

bool bool_param(const lang::Param& p) {
  std::string a = collapse_whitespace(p.annotation);
  return a == "bool" || a == "Optional[bool]" || a == "bool | None" || p.default_text == "True" ||
         p.default_text == "False";
}

// The parameter `name` of `fn` or of a function enclosing it (a closure reads the outer one).
std::optional<lang::Param> param_named(const lang::SyntaxTree& tree, const lang::Function& fn, const std::string& name) {
  for (const lang::Param& p : fn.params)
    if (p.name == name) return p;
  const lang::Function* best = nullptr;
  for (const lang::Function& f : tree.functions()) {
    if (f.start_line > fn.start_line || f.end_line < fn.end_line || f.node == fn.node) continue;
    if (best && f.start_line < best->start_line) continue;
    for (const lang::Param& p : f.params)
      if (p.name == name) best = &f;
  }
  if (best)
    for (const lang::Param& p : best->params)
      if (p.name == name) return p;
  return std::nullopt;
}

// Whether a value is a bool: a literal, a comparison, `not`, and/or of such, bool()/isinstance/
// hasattr/callable/getattr(..., True|False), or a bool parameter of `owner`.
bool bool_valued(const lang::SyntaxTree& tree, Node v, const lang::Function* owner, int depth = 0) {
  v = lang::unparenthesized(v);
  if (!v || depth > 8) return false;
  if (lang::bool_literal(v)) return true;
  NodeKind k = node_kind(v);
  if (k == NodeKind::Comparison || k == NodeKind::Not) return true;
  if (k == NodeKind::BoolOp)
    return bool_valued(tree, v.child_by_field("left"), owner, depth + 1) &&
           bool_valued(tree, v.child_by_field("right"), owner, depth + 1);
  if (k == NodeKind::Call) {
    lang::Call c = lang::describe_call(v);
    if (c.callee == "bool" || c.callee == "isinstance" || c.callee == "hasattr" || c.callee == "callable" ||
        c.callee == "issubclass")
      return true;
    if (c.callee == "getattr" && c.args.size() == 3 && lang::bool_literal(c.args[2].value)) return true;
    return false;
  }
  if (k == NodeKind::Identifier && owner) {
    for (const lang::Param& p : owner->params)
      if (p.name == v.text()) return bool_param(p);
  }
  return false;
}

std::string line_ref(int line) { return "line " + std::to_string(line); }

// Whether `fn` assigns `name` before `line` (`arch = arch or get_arch()`): the parameter's default
// is gone by then.
bool rebound_before(const lang::SyntaxTree& tree, const lang::Function& fn, const std::string& name, int line) {
  for (const lang::Assignment& a : tree.assignments(fn.body))
    if (a.line < line && std::find(a.targets.begin(), a.targets.end(), name) != a.targets.end()) return true;
  return false;
}

std::string join_values(const std::vector<std::string>& values) {
  std::string out;
  for (size_t i = 0; i < values.size() && i < 6; ++i) out += (i ? ", " : "") + values[i];
  if (values.size() > 6) out += ", ...";
  return out;
}

class Admitter {
 public:
  Admitter(const lang::SyntaxTree& tree, const lang::Function& fn) : tree_(tree), fn_(fn), reader_(tree) {}

  PathAdmission run(const std::vector<PathStep>& steps) {
    PathAdmission out;
    std::map<std::string, std::vector<Read>> groups;
    std::vector<std::string> order;
    size_t failing = 0;
    std::vector<Node> fails;
    std::set<int> elses;
    for (const PathStep& s : steps) {
      if (!s.cond) continue;
      if (s.else_line) {
        if (elses.insert(s.else_line).second)
          out.reasons.push_back({"the chain's own `else` (" + line_ref(s.else_line) +
                                     "), which runs for every other value",
                                 s.else_line});
        Read r = reader_.read(s.cond, false);
        if (r.form != Form::Equal) continue;
        r.settled = true;
        if (!groups.count(r.key)) order.push_back(r.key);
        groups[r.key].push_back(std::move(r));
        continue;
      }
      if (s.value) {  // an arm of the chain is taken: the code's own branch for that value
        out.reasons.push_back({"the chain's own arm `" + normalize_condition(s.cond.text()) + "`", s.cond.start_line(), true});
        continue;
      }
      // `a or b` fails when every part fails.
      for (Node n : lang::bool_operands(s.cond, "or")) fails.push_back(n);
    }
    std::vector<Node> alternatives;  // failing `a and b`: some part fails
    for (Node cond : fails) {
      if (is(cond, NodeKind::BoolOp)) {
        alternatives.push_back(cond);
        ++failing;
        continue;
      }
      ++failing;
      Read r = reader_.read(cond, false);
      std::string key = r.form == Form::Other ? "#" + std::to_string(cond.start_byte()) : r.key;
      if (r.form == Form::Other) r.subject = cond;
      if (!groups.count(key)) order.push_back(key);
      groups[key].push_back(std::move(r));
    }
    for (const std::string& key : order) {
      const std::vector<Read>& g = groups[key];
      bool open = false;
      for (const Read& r : g) open = open || !r.settled;
      if (!open) continue;
      std::optional<Admission> a = admit(g, failing == 1);
      if (a) out.reasons.push_back(std::move(*a));
      else out.unadmitted.push_back(need_text(g));
    }
    for (Node cond : alternatives) {
      std::optional<Admission> a = some_part_fails(cond);
      if (a) out.reasons.push_back(std::move(*a));
      else out.unadmitted.push_back("`" + normalize_condition(cond.text()) + "` fails");
    }
    return out;
  }

  // A failing `a and b` (or `a or b` inside it): some part of the conjunction fails on an
  // admitted value.
  std::optional<Admission> some_part_fails(Node cond) {
    std::vector<Node> parts = lang::bool_operands(cond, "and");
    for (Node p : parts) {
      if (is(p, NodeKind::BoolOp)) continue;
      Read r = reader_.read(p, false);
      if (r.form == Form::Other) continue;
      if (std::optional<Admission> a = admit({r}, false)) return a;
    }
    return std::nullopt;
  }

 private:
  std::optional<Admission> admit(const std::vector<Read>& all, bool lone) {
    std::vector<Read> g;
    std::set<std::string> settled;  // literals the chain's own else takes care of
    for (const Read& r : all) {
      if (!r.settled) g.push_back(r);
      else settled.insert(r.values.begin(), r.values.end());
    }
    if (g.empty()) return std::nullopt;
    Form form = g.front().form;
    for (const Read& r : g)
      if (r.form != form && !((r.form == Form::Truth || r.form == Form::NoneTest) &&
                              (form == Form::Truth || form == Form::NoneTest)))
        return std::nullopt;  // one value tested several ways: not read here
    switch (form) {
      case Form::Truth:
      case Form::NoneTest:
        return admit_truth(g, lone);
      case Form::Equal:
        return admit_equal(g, settled);
      case Form::Version:
        return Admission{"a version string compared as text (`" + normalize_condition(g.front().subject.text()) +
                             "` against " + std::string(g.front().literal.text()) +
                             "; as text \"2.10\" sorts before \"2.9\"), so a newer release takes this path",
                         g.front().subject.start_line()};
      case Form::Threshold:
        return Admission{"any `" + g.front().key + "` past the chain's thresholds", 0};
      case Form::Other:
        return std::nullopt;
    }
    return std::nullopt;
  }

  // What the path needs of a group, for the warning: "`arch` is none of \"gfx950\"".
  static std::string need_text(const std::vector<Read>& all) {
    std::vector<Read> g;
    for (const Read& r : all)
      if (!r.settled) g.push_back(r);
    const Read& r = g.front();
    if (r.form == Form::Equal) {
      std::vector<std::string> values;
      bool all_avoid = true;
      for (const Read& x : g) {
        if (x.needs) all_avoid = false;
        for (const std::string& v : x.values)
          if (std::find(values.begin(), values.end(), v) == values.end()) values.push_back(v);
      }
      if (all_avoid) return "`" + normalize_condition(r.subject.text()) + "` is none of " + join_values(values);
    }
    if (r.form == Form::Truth) return "`" + normalize_condition(r.subject.text()) + "` is " + (r.needs ? "true" : "false");
    if (r.form == Form::NoneTest)
      return "`" + normalize_condition(r.subject.text()) + "` is " + (r.needs ? "None" : "not None");
    std::string out;
    for (const Read& x : g) out += (out.empty() ? "`" : ", `") + normalize_condition(x.subject.text()) + "` fails";
    return out;
  }

  // Truth and None tests of one value.
  std::optional<Admission> admit_truth(const std::vector<Read>& g, bool lone) {
    Node subj = lang::unparenthesized(g.front().subject);
    bool falsy = false, truthy = false;
    for (const Read& r : g) {
      if (r.form == Form::NoneTest) (r.needs ? falsy : truthy) = true;
      else (r.needs ? truthy : falsy) = true;
    }
    std::string shown = normalize_condition(subj.text());
    std::optional<lang::Param> param;
    if (is(subj, NodeKind::Identifier) && !rebound_before(tree_, fn_, std::string(subj.text()), subj.start_line()))
      param = param_named(tree_, fn_, std::string(subj.text()));
    if (param) {
      if (bool_param(*param))
        return Admission{"`" + shown + "` is a bool parameter (`" + collapse_whitespace(param->node.text()) + "`)",
                         param->node.start_line()};
      std::string d = param->default_text;
      if (falsy && !truthy && (d == "None" || d == "False" || d == "0" || d == "\"\"" || d == "''"))
        return Admission{"the parameter's own default (`" + collapse_whitespace(param->node.text()) + "`)",
                         param->node.start_line()};
      if (falsy && !param->annotation.empty() && d.empty() && !admits_none(param->annotation)) return std::nullopt;
    }
    if (std::optional<Admission> a = attribute_flag(subj, falsy && !truthy)) return a;
    if (std::optional<Admission> a = module_flag(subj)) return a;
    if (std::optional<Admission> a = argparse_truth(subj, falsy, truthy)) return a;
    if (lone) return Admission{"the code tests `" + shown + "` and goes on when the test fails", 0};
    return std::nullopt;
  }

  static bool admits_none(const std::string& annotation) {
    return annotation.find("Optional") != std::string::npos || annotation.find("None") != std::string::npos ||
           annotation.find("Any") != std::string::npos;
  }

  // `self.x` that the class of `fn` assigns a bool, or None for a None/falsy test.
  std::optional<Admission> attribute_flag(Node subj, bool falsy_only) {
    if (!is(subj, NodeKind::Attribute)) return std::nullopt;
    std::string text = collapse_whitespace(subj.text());
    if (!text.starts_with("self.") || text.find('.', 5) != std::string::npos || fn_.class_name.empty())
      return std::nullopt;
    std::optional<lang::ClassDef> cls = tree_.enclosing_class(fn_.start_line);
    if (!cls) return std::nullopt;
    for (const lang::Assignment& a : tree_.assignments(cls->node)) {
      if (a.augmented || std::find(a.targets.begin(), a.targets.end(), text) == a.targets.end()) continue;
      Node type = a.node.child_by_field("type");
      std::optional<lang::Function> owner = tree_.enclosing_function(a.line);
      bool flag = (type && collapse_whitespace(type.text()) == "bool") ||
                  (a.value && bool_valued(tree_, a.value, owner ? &*owner : nullptr));
      if (flag)
        return Admission{"`" + text + "` is a bool flag (`" + collapse_whitespace(tree_.line_text(a.line)) + "`, " +
                             line_ref(a.line) + ")",
                         a.line};
      if (falsy_only && a.value && is(lang::unparenthesized(a.value), NodeKind::None))
        return Admission{"the class sets `" + text + " = None` (" + line_ref(a.line) + ")", a.line};
    }
    return std::nullopt;
  }

  // A module-level name assigned a bool (`USE_CK = os.environ.get("USE_CK", "1") == "1"`).
  std::optional<Admission> module_flag(Node subj) {
    if (!is(subj, NodeKind::Identifier)) return std::nullopt;
    std::string name(subj.text());
    for (const lang::Assignment& a : tree_.assignments()) {
      if (a.augmented || a.targets.size() != 1 || a.targets.front() != name || !a.value) continue;
      if (tree_.enclosing_function(a.line)) continue;
      if (bool_valued(tree_, a.value, nullptr))
        return Admission{"`" + name + "` is a module-level bool flag (" + line_ref(a.line) + ")", a.line};
    }
    return std::nullopt;
  }

  // `args.name` and `add_argument("--name", ...)` in this file.
  struct Option {
    int line = 0;
    std::optional<std::string> default_key;  // nullopt: no default given (None)
    std::string action;
    std::vector<std::string> choices;
  };

  std::optional<Option> argparse_option(Node subj) {
    if (!is(subj, NodeKind::Attribute)) return std::nullopt;
    Node obj = subj.child_by_field("object");
    if (!obj || !is(obj, NodeKind::Identifier)) return std::nullopt;
    std::string dest(subj.child_by_field("attribute").text());
    for (const lang::Call& c : tree_.calls()) {
      if (c.callee_name != "add_argument") continue;
      bool match = false;
      for (const lang::Argument& a : c.args) {
        if (a.keyword == "dest" && value_key(a.value) == "\"" + dest + "\"") match = true;
        if (!a.keyword.empty() || !lang::is_string_literal(lang::unparenthesized(a.value))) continue;
        std::string flag = strip_quotes(std::string(a.value.text()));
        if (!flag.starts_with("-")) {
          if (flag == dest) match = true;
          continue;
        }
        size_t i = flag.find_first_not_of('-');
        if (i == std::string::npos) continue;
        std::string name = flag.substr(i);
        std::replace(name.begin(), name.end(), '-', '_');
        if (flag.starts_with("--") && name == dest) match = true;
      }
      if (!match) continue;
      Option o;
      o.line = c.line;
      if (const lang::Argument* d = c.keyword("default")) o.default_key = value_key(d->value);
      if (const lang::Argument* a = c.keyword("action")) o.action = strip_quotes(std::string(a->value.text()));
      if (const lang::Argument* ch = c.keyword("choices")) {
        Node items = lang::unparenthesized(ch->value);
        if (is_any(items, {NodeKind::List, NodeKind::Tuple, NodeKind::Set}))
          for (Node item : items.named_children())
            if (reader_.literal_rank(item) > 0) o.choices.push_back(value_key(item));
      }
      return o;
    }
    return std::nullopt;
  }

  std::optional<Admission> argparse_truth(Node subj, bool falsy, bool truthy) {
    std::optional<Option> o = argparse_option(subj);
    if (!o) return std::nullopt;
    std::string d = o->default_key.value_or(o->action == "store_true" ? "False"
                                            : o->action == "store_false" ? "True"
                                                                         : "None");
    bool d_falsy = d == "None" || d == "False" || d == "0" || d == "\"\"";
    if ((falsy && !truthy && d_falsy) || o->action == "store_true" || o->action == "store_false")
      return Admission{"the command-line option's default (`" + collapse_whitespace(tree_.line_text(o->line)) +
                           "`, " + line_ref(o->line) + ")",
                       o->line};
    return std::nullopt;
  }

  // Equality and membership tests of one value.
  std::optional<Admission> admit_equal(const std::vector<Read>& g, const std::set<std::string>& settled) {
    std::set<std::string> covered = settled;
    for (const Read& r : g) {
      if (r.needs)  // the path needs one of the literals the code itself names
        return Admission{"`" + normalize_condition(r.subject.text()) + "` equal to " + join_values(r.values) +
                             ", a value the code names",
                         0};
      covered.insert(r.values.begin(), r.values.end());
    }
    Node subj = lang::unparenthesized(g.front().subject);
    while (is(subj, NodeKind::BoolOp) && subj.child_by_field("operator").text() == "or")
      subj = lang::unparenthesized(subj.child_by_field("left"));
    const std::string& key = g.front().key;
    int first_line = g.front().subject.start_line();
    for (const Read& r : g) first_line = std::min(first_line, r.subject.start_line());

    if (is(subj, NodeKind::Identifier) && !rebound_before(tree_, fn_, std::string(subj.text()), first_line)) {
      if (std::optional<lang::Param> p = param_named(tree_, fn_, std::string(subj.text()))) {
        std::string d = p->default_text.empty() ? "" : strip_value_suffix(collapse_whitespace(p->default_text));
        if (!d.empty() && (d.front() == '"' || d.front() == '\'')) d = "\"" + strip_quotes(d) + "\"";
        if (!d.empty() && !covered.count(d))
          return Admission{"the parameter's own default (`" + collapse_whitespace(p->node.text()) + "`)",
                           p->node.start_line()};
        const std::string& ann = p->annotation;
        if (!ann.empty() && admits_none(ann) && !covered.count("None"))
          return Admission{"None, which the annotation admits (`" + collapse_whitespace(p->node.text()) + "`)",
                           p->node.start_line()};
        if (!ann.empty() && (ann.find("Union") != std::string::npos || ann.find('|') != std::string::npos) &&
            admits_container(ann) && all_scalar(covered))
          return Admission{"a container, which the annotation admits (`" + collapse_whitespace(p->node.text()) +
                               "`) and no literal of the chain equals",
                           p->node.start_line()};
      }
    }
    if (std::optional<Option> o = argparse_option(subj)) {
      std::string d = o->default_key.value_or("None");
      if (!covered.count(d))
        return Admission{"the command-line option's default " + d + " (" + line_ref(o->line) + ")", o->line};
      for (const std::string& c : o->choices)
        if (!covered.count(c))
          return Admission{"the command-line choice " + c + " (" + line_ref(o->line) + ")", o->line};
    }
    // Literals a test earlier in this function leaves for (`if arch == "b": return`).
    std::set<std::string> left = covered;
    lang::walk(fn_.body, [&](Node n) {
      if (n.start_line() >= first_line) return false;
      if (lang::is_nested_function(n)) return false;
      if (!is_any(n, {NodeKind::If, NodeKind::Elif})) return true;
      Node cond = n.child_by_field("condition");
      if (cond && lang::last_statement_exits(n.child_by_field("consequence"))) {
        Read r = reader_.read(cond, true);
        if (r.form == Form::Equal && r.key == key && r.needs) left.insert(r.values.begin(), r.values.end());
      }
      return true;
    });
    // Literals the file compares the same value with, those it tests for equality first.
    std::vector<std::pair<std::string, int>> equal, other;
    lang::walk(tree_.root(), [&](Node n) {
      if (!is(n, NodeKind::Comparison)) return true;
      Read r = reader_.comparison(n, true);
      if (r.form != Form::Equal || r.key != key) return true;
      for (const std::string& v : r.values) {
        if (left.count(v)) continue;
        auto& into = r.needs ? equal : other;
        bool seen = false;
        for (const auto& e : equal) seen = seen || e.first == v;
        for (const auto& e : other) seen = seen || e.first == v;
        if (!seen) into.push_back({v, n.start_line()});
      }
      return true;
    });
    equal.insert(equal.end(), other.begin(), other.end());
    if (equal.empty()) return std::nullopt;
    std::string shown;
    for (size_t i = 0; i < equal.size() && i < 3; ++i)
      shown += (i ? ", " : "") + equal[i].first + " (" + line_ref(equal[i].second) + ")";
    if (equal.size() > 3) shown += ", ...";
    return Admission{"a value this file tests `" + normalize_condition(subj.text()) + "` for elsewhere and the chain leaves out: " +
                         shown,
                     equal.front().second};
  }

  static bool admits_container(const std::string& ann) {
    for (const char* t : {"list", "List", "tuple", "Tuple", "dict", "Dict", "Sequence", "Iterable"})
      if (ann.find(t) != std::string::npos) return true;
    return false;
  }

  static bool all_scalar(const std::set<std::string>& values) {
    for (const std::string& v : values) {
      if (v.empty()) return false;
      if (v.front() == '"') continue;
      if (std::isdigit(static_cast<unsigned char>(v.front())) || v.front() == '-') continue;
      return false;
    }
    return !values.empty();
  }

  const lang::SyntaxTree& tree_;
  const lang::Function& fn_;
  Reader reader_;
};

}  // namespace

PathAdmission admitted_path(const lang::SyntaxTree& tree, const lang::Function& fn,
                            const std::vector<PathStep>& steps) {
  return Admitter(tree, fn).run(steps);
}

namespace {

// The names the file's imports bind (`torch`, `np` for `import numpy as np`, `version`).
bool imported_binding(const lang::SyntaxTree& tree, std::string_view name) {
  for (const lang::Import& imp : tree.imports())
    for (const lang::ImportedName& n : lang::imported_names(imp)) {
      std::string bound = !n.alias.empty() ? n.alias : n.name.substr(0, n.name.find('.'));
      if (bound == name) return true;
    }
  return false;
}

std::string root_identifier(Node n) {
  n = lang::unparenthesized(n);
  while (n && is(n, NodeKind::Attribute)) n = n.child_by_field("object");
  return n && is(n, NodeKind::Identifier) ? std::string(n.text()) : std::string();
}

// A dependency's version, parsed: `Version(torch.__version__)`, `sys.version_info`,
// `version.parse(triton.__version__)`, `torch_version_tuple()`. Text that only mentions a
// version but has no call and no `version_info` is the string itself (compared as text).
bool parsed_version(Node n) {
  std::string t = collapse_whitespace(n.text());
  if (t.find("version_info") != std::string::npos) return true;
  return mentions_version(n) && has_call(n);
}

bool version_literal(Node n) {
  n = lang::unparenthesized(n);
  if (is(n, NodeKind::Call) || is(n, NodeKind::Tuple)) return true;  // Version("2.5"), (3, 10)
  return false;
}

}  // namespace

std::optional<std::string> older_dependency_step(const lang::SyntaxTree& tree, lang::Node cond, bool value) {
  Node n = lang::unparenthesized(cond);
  while (n && is(n, NodeKind::Not)) {
    value = !value;
    n = lang::unparenthesized(n.child_by_field("argument"));
  }
  if (!n) return std::nullopt;
  if (is(n, NodeKind::BoolOp)) {
    std::string op(n.child_by_field("operator").text());
    // `a and b` true (or `a or b` false) makes each part hold that way.
    if ((op == "and") == value) {
      for (Node part : {n.child_by_field("left"), n.child_by_field("right")})
        if (auto r = older_dependency_step(tree, part, value)) return r;
    }
    return std::nullopt;
  }
  if (is(n, NodeKind::Call)) {
    lang::Call c = lang::describe_call(n);
    if (c.callee != "hasattr" || c.args.size() != 2 || value) return std::nullopt;
    Node obj = lang::unparenthesized(c.args[0].value), attr = lang::unparenthesized(c.args[1].value);
    std::string root = root_identifier(obj);
    if (root.empty() || root == "self" || root == "cls" || !lang::is_string_literal(attr) ||
        !imported_binding(tree, root))
      return std::nullopt;
    // `torch.ops.<ns>` is the registry of built ops: a missing name there is an op this build did
    // not compile or register, not an older release of the library.
    std::string path = "." + collapse_whitespace(obj.text()) + ".";
    if (path.find(".ops.") != std::string::npos) return std::nullopt;
    return "`" + normalize_condition(n.text()) + "` is false (a `" + root +
           "` without that feature: an older release)";
  }
  if (!is(n, NodeKind::Comparison)) return std::nullopt;
  auto named = n.named_children();
  if (named.size() != 2) return std::nullopt;
  std::string op = normalize_condition(
      n.text().substr(named[0].end_byte() - n.start_byte(), named[1].start_byte() - named[0].end_byte()));
  bool lower_when_true;
  if (op == "<" || op == "<=") lower_when_true = true;
  else if (op == ">" || op == ">=") lower_when_true = false;
  else return std::nullopt;
  Node subj = named[0], lit = named[1];
  if (!parsed_version(subj) || !version_literal(lit)) {
    std::swap(subj, lit);
    lower_when_true = !lower_when_true;
    if (!parsed_version(subj) || !version_literal(lit)) return std::nullopt;
  }
  if (lower_when_true != value) return std::nullopt;
  return "`" + normalize_condition(n.text()) + "` is " + (value ? "true" : "false") +
         " (only a release older than " + std::string(lang::unparenthesized(lit).text()) + ")";
}

std::optional<std::string> older_dependency_arm(const lang::SyntaxTree& tree, lang::Node stmt) {
  Node child = stmt;
  for (Node p = stmt.parent(); p; child = p, p = p.parent()) {
    std::string_view k = p.kind();
    if (k == "function_definition" || k == "class_definition" || k == "module" || k == "lambda") return std::nullopt;
    if ((k == "if_statement" || k == "elif_clause") && child == p.child_by_field("consequence")) {
      if (auto r = older_dependency_step(tree, p.child_by_field("condition"), true)) return r;
    } else if (k == "else_clause" && p.parent() && p.parent().kind() == "if_statement") {
      Node chain = p.parent();
      if (auto r = older_dependency_step(tree, chain.child_by_field("condition"), false)) return r;
      for (Node alt : chain.named_children())
        if (alt.kind() == "elif_clause")
          if (auto r = older_dependency_step(tree, alt.child_by_field("condition"), false)) return r;
    }
  }
  return std::nullopt;
}

}  // namespace rp
