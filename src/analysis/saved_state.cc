#include "analysis/saved_state.h"

#include <map>
#include <optional>
#include <set>

#include "core/strings.h"
#include "lang/node_kind.h"

namespace rp {
namespace {

using lang::Node;
using K = lang::NodeKind;

std::string strip_spaces(std::string_view s) {
  std::string out;
  for (char c : s)
    if (!is_ascii_space(c) && c != '\\') out += c;
  return out;
}

void walk_own(Node body, const std::function<void(Node)>& visit) {
  lang::walk(body, [&](Node n) {
    if (!(n == body) && lang::is_nested_function(n)) return false;
    visit(n);
    return true;
  });
}

// The state an expression reads or names: its key (how saves, changes and
// restores of one state are matched) and its root identifier; nullopt when it
// is not state.
struct StateRef {
  std::string key;
  std::string root;  // "os" for environment variables; "" for getter/setter pairs
};

// `a.b` / `a.b.c`: an attribute chain of plain names.
std::optional<StateRef> attribute_chain(Node n) {
  n = lang::unparenthesized(n);
  if (!lang::is(n, K::Attribute)) return std::nullopt;
  Node cur = n;
  while (lang::is(cur, K::Attribute)) cur = cur.child_by_field("object");
  if (!lang::is(cur, K::Identifier)) return std::nullopt;
  return StateRef{strip_spaces(n.text()), std::string(cur.text())};
}

std::string env_key(Node k) { return "os.environ[" + strip_spaces(k.text()) + "]"; }

// `os.environ[K]` as a target or a read.
std::optional<StateRef> environ_item(Node n) {
  n = lang::unparenthesized(n);
  if (!lang::is(n, K::Subscript)) return std::nullopt;
  Node v = n.child_by_field("value");
  Node k = n.child_by_field("subscript");
  if (!v || !k || strip_spaces(v.text()) != "os.environ") return std::nullopt;
  return StateRef{env_key(k), "os"};
}

// A read that saves state: an attribute chain, an environment read, or a getter
// call.
std::optional<StateRef> state_read(Node n) {
  n = lang::unparenthesized(n);
  if (auto a = attribute_chain(n)) return a;
  if (auto e = environ_item(n)) return e;
  if (!lang::is(n, K::Call)) return std::nullopt;
  lang::Call c = lang::describe_call(n);
  if ((c.callee == "os.environ.get" || c.callee == "os.getenv") && !c.args.empty() && c.args[0].keyword.empty())
    return StateRef{env_key(c.args[0].value), "os"};
  if (!c.args.empty()) return std::nullopt;
  std::string_view name = c.callee_name;
  std::string prefix = c.callee.substr(0, c.callee.size() - name.size());
  if (name.starts_with("get_")) return StateRef{prefix + std::string(name.substr(4)), ""};
  if (name.starts_with("is_")) return StateRef{prefix + std::string(name.substr(3)), ""};
  return std::nullopt;
}

// One change of a state: its value node (null for a removal of an environment
// variable).
struct Change {
  std::string key;
  std::string root;
  Node statement;  // the assignment / call / del
  Node value;      // null: removed
  bool removal = false;
};

std::optional<Change> state_change(Node n) {
  if (lang::is(n, K::Assignment)) {
    Node left = n.child_by_field("left");
    Node right = n.child_by_field("right");
    if (!left || !right) return std::nullopt;
    std::optional<StateRef> s = attribute_chain(left);
    if (!s) s = environ_item(left);
    if (!s) return std::nullopt;
    return Change{s->key, s->root, n, right, false};
  }
  if (lang::is(n, K::Delete)) {
    for (Node t : n.named_children())
      if (auto e = environ_item(t)) return Change{e->key, e->root, n, Node{}, true};
    return std::nullopt;
  }
  if (lang::is(n, K::Call)) {
    lang::Call c = lang::describe_call(n);
    if (c.callee == "os.environ.pop" && !c.args.empty() && c.args[0].keyword.empty())
      return Change{env_key(c.args[0].value), "os", n, Node{}, true};
    std::string_view name = c.callee_name;
    if (name.starts_with("set_") && c.args.size() == 1 && c.args[0].keyword.empty()) {
      std::string prefix = c.callee.substr(0, c.callee.size() - name.size());
      return Change{prefix + std::string(name.substr(4)), "", n, c.args[0].value, false};
    }
  }
  return std::nullopt;
}

bool is_literal(Node v) {
  v = lang::unparenthesized(v);
  return lang::is_any(v, {K::Integer, K::Float, K::True, K::False, K::None}) || lang::is_string_literal(v) ||
         (lang::is(v, K::Unary) && v.named_children().size() == 1 &&
          lang::is_any(v.named_children()[0], {K::Integer, K::Float}));
}

bool inside(Node n, Node scope) { return scope.start_byte() <= n.start_byte() && n.end_byte() <= scope.end_byte(); }

// Whether `n` sits in a `finally` or an `except` clause below `stop`.
bool in_clause(Node n, Node stop, K kind) {
  for (Node a = n.parent(); a && !(a == stop); a = a.parent())
    if (lang::is(a, kind)) return true;
  return false;
}

// Whether a removal or an assignment puts `saved` back: its value is `saved`,
// or (a removal) it sits under a condition that tests `saved` (`if old is None:
// os.environ.pop(K)`).
bool restores(const Change& c, const std::string& saved, Node stop) {
  if (c.value) return lang::unparenthesized(c.value).text() == saved;
  for (Node a = c.statement.parent(); a && !(a == stop); a = a.parent()) {
    if (lang::is_any(a, {K::If, K::Elif, K::Conditional})) {
      Node cond = a.child_by_field("condition");
      bool found = false;
      if (cond)
        lang::walk(cond, [&](Node x) {
          if (lang::is(x, K::Identifier) && x.text() == saved) found = true;
          return !found;
        });
      if (found) return true;
    }
  }
  return false;
}

// The first call strictly between two statements (source order) in `body`, not
// inside either.
int call_between(Node body, Node from, Node to) {
  int line = 0;
  walk_own(body, [&](Node n) {
    if (line || !lang::is(n, K::Call)) return;
    if (n.start_byte() >= from.end_byte() && n.end_byte() <= to.start_byte()) line = n.start_line();
  });
  return line;
}

std::set<std::string> imported_names_of(const lang::SyntaxTree& tree) {
  std::set<std::string> out;
  for (const lang::Import& imp : tree.imports())
    for (const lang::ImportedName& n : lang::imported_names(imp))
      out.insert(n.alias.empty() ? n.name.substr(0, n.name.find('.')) : n.alias);
  return out;
}

}  // namespace

std::vector<StateRestoreDefect> saved_state_defects(const lang::SyntaxTree& tree) {
  std::vector<StateRestoreDefect> out;
  if (!tree.is_python() || tree.parse_stopped()) return out;
  std::set<std::string> imported = imported_names_of(tree);
  struct Seen {
    const lang::Function* fn;
    std::vector<Change> changes;
    std::set<std::string> saved;  // keys the function saves
  };
  std::vector<Seen> seen;
  for (const lang::Function& fn : tree.functions()) {
    if (!fn.body) continue;
    struct Save {
      std::string local;
      Node statement;
    };
    std::map<std::string, std::vector<Save>> saves;
    std::map<std::string, std::vector<Change>> changes;
    std::vector<std::string> order;  // keys in order of first appearance
    walk_own(fn.body, [&](Node n) {
      if (lang::is(n, K::Assignment)) {
        Node left = n.child_by_field("left");
        Node right = n.child_by_field("right");
        if (left && right && lang::is(left, K::Identifier))
          if (auto s = state_read(right)) {
            if (!saves.count(s->key) && !changes.count(s->key)) order.push_back(s->key);
            saves[s->key].push_back(Save{std::string(left.text()), n});
          }
      }
      if (auto c = state_change(n)) {
        if (!saves.count(c->key) && !changes.count(c->key)) order.push_back(c->key);
        changes[c->key].push_back(*c);
      }
    });
    Seen here{&fn, {}, {}};
    for (auto& [k, cs] : changes) here.changes.insert(here.changes.end(), cs.begin(), cs.end());
    for (auto& [k, sv] : saves) here.saved.insert(k);
    seen.push_back(std::move(here));
    for (const std::string& key : order) {
      auto ch = changes.find(key);
      if (ch == changes.end()) continue;
      const std::vector<Change>& cs = ch->second;
      auto sv = saves.find(key);
      if (sv != saves.end()) {
        const Save& s = sv->second.front();
        // The first change after the save that does not put the saved value
        // back.
        const Change* first = nullptr;
        for (const Change& c : cs)
          if (c.statement.start_byte() > s.statement.end_byte() && !restores(c, s.local, fn.node)) {
            first = &c;
            break;
          }
        if (!first) continue;
        bool read = false;
        for (Node id : tree.identifiers(s.local, fn.node))
          if (!inside(id, s.statement) && tree.is_variable_read(id)) read = true;
        std::vector<const Change*> restored;
        const Change* literal = nullptr;
        for (const Change& c : cs) {
          if (c.statement.start_byte() <= first->statement.end_byte()) continue;
          if (restores(c, s.local, fn.node))
            restored.push_back(&c);
          else if (c.removal || is_literal(c.value))
            literal = &c;
        }
        StateRestoreDefect d;
        d.state = key;
        if (!key.starts_with("os.environ[") &&
            lang::is(lang::unparenthesized(s.statement.child_by_field("right")), K::Call))
          d.state = strip_spaces(s.statement.child_by_field("right").text());  // the getter, as written
        d.saved = s.local;
        d.save_line = s.statement.start_line();
        d.change_line = first->statement.start_line();
        if (!read) {
          d.kind = StateRestoreDefect::Kind::NeverRestored;
          d.line = d.save_line;
          if (literal) {
            d.literal = literal->removal ? "removed" : std::string(lang::unparenthesized(literal->value).text());
            d.restore_line = literal->statement.start_line();
          }
          out.push_back(d);
          continue;
        }
        if (restored.empty()) {
          if (!literal) continue;
          d.kind = StateRestoreDefect::Kind::LiteralRestore;
          d.literal = literal->removal ? "removed" : std::string(lang::unparenthesized(literal->value).text());
          d.line = d.restore_line = literal->statement.start_line();
          out.push_back(d);
          continue;
        }
        bool on_error = false;
        for (const Change* r : restored)
          if (in_clause(r->statement, fn.node, K::Finally) || in_clause(r->statement, fn.node, K::Except))
            on_error = true;
        if (on_error) continue;
        const Change* r = restored.back();
        int raising = call_between(fn.body, first->statement, r->statement);
        if (!raising) continue;
        d.kind = StateRestoreDefect::Kind::RestoreNotOnError;
        d.line = d.restore_line = r->statement.start_line();
        d.raising_line = raising;
        out.push_back(d);
        continue;
      }
      // Nothing saved: state of an imported module or an environment variable,
      // set, used and set again to another literal in the same block.
      if (cs.size() < 2 || !(cs[0].root == "os" || imported.count(cs[0].root))) continue;
      const Change& a = cs[0];
      for (size_t i = 1; i < cs.size(); ++i) {
        const Change& b = cs[i];
        // Removing a variable set for the duration is the usual idiom (it was unset before):
        // only a literal is a guess at a value the state had.
        if (b.removal || !is_literal(b.value)) continue;
        if (!b.removal && a.value && lang::unparenthesized(a.value).text() == lang::unparenthesized(b.value).text())
          continue;
        if (a.removal) continue;
        Node pa = a.statement.parent(), pb = b.statement.parent();
        if (lang::is(pa, K::ExpressionStatement)) pa = pa.parent();
        if (lang::is(pb, K::ExpressionStatement)) pb = pb.parent();
        bool same_block = pa == pb || in_clause(b.statement, fn.node, K::Finally);
        if (!same_block) continue;
        int raising = call_between(fn.body, a.statement, b.statement);
        if (!raising) continue;
        StateRestoreDefect d;
        d.kind = StateRestoreDefect::Kind::LiteralRestore;
        d.state = key;
        d.literal = b.removal ? "removed" : std::string(lang::unparenthesized(b.value).text());
        d.change_line = a.statement.start_line();
        d.line = d.restore_line = b.statement.start_line();
        out.push_back(d);
        break;
      }
    }
  }
  // Across the functions of the file: a function that puts state back from a value handed to
  // it (`os.environ[K] = old` with `old` its parameter) and, beside that, resets a module's or
  // an environment variable's state to a literal that another function set to a different
  // literal without saving it. The helper restores what was saved and guesses the rest.
  for (const Seen& g : seen) {
    bool restores_from_param = false;
    for (const Change& c : g.changes) {
      Node v = c.value ? lang::unparenthesized(c.value) : Node{};
      if (!v || !lang::is(v, K::Identifier)) continue;
      for (const lang::Param& p : g.fn->params) restores_from_param |= p.name != "self" && p.name == v.text();
    }
    if (!restores_from_param) continue;
    for (const Change& c : g.changes) {
      if (c.removal || !is_literal(c.value) || !(c.root == "os" || imported.count(c.root))) continue;
      std::string lit(lang::unparenthesized(c.value).text());
      bool done = false;
      for (const Seen& f : seen) {
        if (done || f.fn == g.fn || f.saved.count(c.key)) continue;
        for (const Change& fc : f.changes) {
          if (fc.key != c.key || fc.removal || !is_literal(fc.value) || lang::unparenthesized(fc.value).text() == lit)
            continue;
          StateRestoreDefect d;
          d.kind = StateRestoreDefect::Kind::LiteralRestore;
          d.state = c.key;
          d.literal = lit;
          d.change_line = fc.statement.start_line();
          d.change_function = f.fn->name;
          d.line = d.restore_line = c.statement.start_line();
          out.push_back(d);
          done = true;
          break;
        }
      }
    }
  }
  std::stable_sort(out.begin(), out.end(),
                   [](const StateRestoreDefect& a, const StateRestoreDefect& b) { return a.line < b.line; });
  return out;
}

}  // namespace rp
