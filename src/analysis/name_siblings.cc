#include "analysis/name_siblings.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <map>
#include <memory>

#include "core/strings.h"
#include "lang/node_kind.h"

namespace rp {

std::vector<std::string> name_words(std::string_view id) {
  std::vector<std::string> out;
  std::string cur;
  auto flush = [&] {
    if (!cur.empty()) out.push_back(std::move(cur));
    cur.clear();
  };
  for (size_t i = 0; i < id.size(); ++i) {
    char c = id[i];
    if (c == '_' || !(std::isalnum(static_cast<unsigned char>(c)))) {
      flush();
      continue;
    }
    bool upper = std::isupper(static_cast<unsigned char>(c));
    if (upper && !cur.empty()) {
      char prev = id[i - 1];
      bool prev_upper = std::isupper(static_cast<unsigned char>(prev));
      bool next_lower = i + 1 < id.size() && std::islower(static_cast<unsigned char>(id[i + 1]));
      // `maxSeq` splits before S; `HTTPServer` splits before the S of Server; `BLOCK` stays whole.
      if (!prev_upper || next_lower) flush();
    }
    cur.push_back(static_cast<char>(std::tolower(static_cast<unsigned char>(c))));
  }
  flush();
  return out;
}

std::optional<WordSwap> one_word_apart(std::string_view a, std::string_view b) {
  std::vector<std::string> wa = name_words(a), wb = name_words(b);
  if (wa.size() != wb.size() || wa.empty()) return std::nullopt;
  std::optional<WordSwap> swap;
  for (size_t i = 0; i < wa.size(); ++i) {
    if (wa[i] == wb[i]) continue;
    if (swap) return std::nullopt;
    swap = WordSwap{i, wa[i], wb[i]};
  }
  return swap;
}

bool word_stands_for(std::string_view label_word, std::string_view word) {
  if (label_word.empty() || word.empty()) return false;
  if (label_word == word) return true;
  // A prefix abbreviates only a word of letters: `k` for `key`, not `1` for `128`.
  auto letters = [](std::string_view s) {
    return std::all_of(s.begin(), s.end(), [](char c) { return std::isalpha(static_cast<unsigned char>(c)); });
  };
  if (!letters(label_word) || !letters(word)) return false;
  return label_word.size() < word.size() ? word.starts_with(label_word) : label_word.starts_with(word);
}

namespace {

using lang::Node;
using lang::NodeKind;

std::string join(const std::vector<std::string>& parts, char sep) {
  std::string out;
  for (size_t i = 0; i < parts.size(); ++i) {
    if (i) out.push_back(sep);
    out += parts[i];
  }
  return out;
}

std::string canon_name(std::string_view id) { return join(name_words(id), '_'); }

// The text of an expression without blanks: two copies of one expression compare equal
// however they were wrapped.
std::string squeeze(std::string_view s) {
  std::string out;
  for (char c : s)
    if (!std::isspace(static_cast<unsigned char>(c))) out.push_back(c);
  return out;
}

bool ident_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// An expression as tokens: identifiers as their words joined by '_', other characters one by
// one, blanks dropped. `a.numKeyHeads` and `a.num_key_heads` are the same expression.
std::vector<std::string> expression_tokens(std::string_view s) {
  std::vector<std::string> out;
  for (size_t i = 0; i < s.size();) {
    if (ident_char(s[i])) {
      size_t j = i;
      while (j < s.size() && ident_char(s[j])) ++j;
      out.push_back(canon_name(s.substr(i, j - i)));
      i = j;
    } else {
      if (!std::isspace(static_cast<unsigned char>(s[i]))) out.emplace_back(1, s[i]);
      ++i;
    }
  }
  return out;
}

// The tokens with every identifier word `from` written `to`.
std::vector<std::string> with_word(std::vector<std::string> tokens, std::string_view from, std::string_view to) {
  for (std::string& t : tokens) {
    if (t.empty() || !ident_char(t.front())) continue;
    std::vector<std::string> words = split(t, '_');
    for (std::string& w : words)
      if (w == from) w = std::string(to);
    t = join(words, '_');
  }
  return tokens;
}

bool dotted_only(std::string_view s) {
  if (s.empty()) return false;
  return std::all_of(s.begin(), s.end(), [](char c) { return ident_char(c) || c == '.'; });
}

// A dotted name an expression reads: `hf_config.linear_key_head_dim`, `query_lens_cpu`, `q.stride`.
struct Chain {
  Node node;
  std::vector<std::string> parts;
};

std::vector<Chain> chains_in(const lang::SyntaxTree& tree, Node expr) {
  std::vector<Chain> out;
  lang::walk(expr, [&](Node n) {
    if (lang::is(n, NodeKind::Attribute) && dotted_only(n.text())) {
      out.push_back(Chain{n, split(n.text(), '.')});
      return false;
    }
    if (lang::is(n, NodeKind::Identifier) && tree.is_variable_read(n)) out.push_back(Chain{n, {std::string(n.text())}});
    return true;
  });
  return out;
}

// Every word of every identifier in `expr`.
std::set<std::string> words_in(Node expr) {
  std::set<std::string> out;
  for (const std::string& t : expression_tokens(expr.text()))
    if (!t.empty() && ident_char(t.front()))
      for (std::string& w : name_words(t)) out.insert(std::move(w));
  return out;
}

// The values a slot can take: both arms of `a if c else b`, parentheses removed.
std::vector<Node> code_children(Node n);
void alternatives(Node v, std::vector<Node>& out);

// Whether an arm of one value is the same expression as an arm of the other.
bool same_arm(Node a, Node b) {
  std::vector<Node> arms_a, arms_b;
  alternatives(a, arms_a);
  alternatives(b, arms_b);
  for (Node x : arms_a)
    for (Node y : arms_b)
      if (squeeze(x.text()) == squeeze(y.text())) return true;
  return false;
}

std::vector<Node> code_children(Node n) {
  std::vector<Node> kids = n.named_children();
  std::erase_if(kids, [](Node x) { return lang::is(x, NodeKind::Comment); });
  return kids;
}

void alternatives(Node v, std::vector<Node>& out) {
  while (v && lang::is(v, NodeKind::Parenthesized) && code_children(v).size() == 1) v = code_children(v).front();
  if (!v) return;
  if (lang::is(v, NodeKind::Conditional)) {
    std::vector<Node> kids = code_children(v);
    if (kids.size() == 3) {
      alternatives(kids[0], out);
      alternatives(kids[2], out);
      return;
    }
  }
  out.push_back(v);
}

struct Bound {
  std::string text;
  int line = 0;
};

// The names a slot can reach, keyed by their words joined with '_' (dotted: each part so, joined
// with '.'): the module's bindings, each function's own, and every dotted name the file reads
// or writes.
class ScopeNames {
 public:
  explicit ScopeNames(const lang::SyntaxTree& tree) : tree_(tree) {
    lang::walk(tree.root(), [&](Node n) {
      if (lang::is_any(n, {NodeKind::FunctionDef, NodeKind::ClassDef})) {
        if (Node name = n.child_by_field("name")) add(module_, name.text(), name.start_line());
        return false;
      }
      if (lang::is(n, NodeKind::Identifier) && tree.is_binding(n)) add(module_, n.text(), n.start_line());
      return true;
    });
    lang::walk(tree.root(), [&](Node n) {
      if (lang::is(n, NodeKind::Identifier))
        for (std::string& w : name_words(n.text())) vocabulary_.insert(std::move(w));
      if (lang::is(n, NodeKind::Attribute) && dotted_only(n.text())) {
        std::vector<std::string> parts = split(n.text(), '.');
        std::string key;
        for (size_t i = 0; i < parts.size(); ++i) {
          if (i) key.push_back('.');
          key += canon_name(parts[i]);
        }
        dotted_.emplace(key, Bound{std::string(n.text()), n.start_line()});
      }
      return true;
    });
  }

  const std::set<std::string>& vocabulary() const { return vocabulary_; }

  // The plain name spelled by `words`, bound in reach of `line`: a module name, a parameter
  // of an enclosing function, or a local of one bound on an earlier line.
  std::optional<Bound> plain(const std::string& key, int line) const {
    for (const std::map<std::string, Bound>* names : locals(line)) {
      auto it = names->find(key);
      if (it != names->end() && it->second.line < line) return it->second;
    }
    auto it = module_.find(key);
    if (it != module_.end()) return it->second;
    return std::nullopt;
  }

  // A bound plain name whose words are a run of `words` of at least two, holding word `k`:
  // `seq_lens` for seq_lens_cpu. The longest wins; none when two of that length tie.
  std::optional<Bound> plain_within(const std::vector<std::string>& words, size_t k, int line) const {
    std::optional<Bound> best;
    size_t best_len = 0;
    bool tie = false;
    auto consider = [&](const std::string& key, const Bound& b) {
      std::vector<std::string> kw = name_words(key);
      if (kw.size() < 2 || kw.size() >= words.size()) return;
      for (size_t s = 0; s + kw.size() <= words.size(); ++s) {
        if (k < s || k >= s + kw.size()) continue;
        if (!std::equal(kw.begin(), kw.end(), words.begin() + static_cast<long>(s))) continue;
        if (kw.size() > best_len) {
          best = b, best_len = kw.size(), tie = false;
        } else if (kw.size() == best_len && best && best->text != b.text) {
          tie = true;
        }
      }
    };
    for (const std::map<std::string, Bound>* names : locals(line))
      for (const auto& [key, b] : *names)
        if (b.line < line) consider(key, b);
    for (const auto& [key, b] : module_) consider(key, b);
    if (tie) return std::nullopt;
    return best;
  }

  std::optional<Bound> dotted(const std::string& key) const {
    auto it = dotted_.find(key);
    if (it == dotted_.end()) return std::nullopt;
    return it->second;
  }

 private:
  static void add(std::map<std::string, Bound>& names, std::string_view name, int line) {
    std::string key = canon_name(name);
    auto it = names.find(key);
    if (it == names.end() || line < it->second.line) names[key] = Bound{std::string(name), line};
  }

  // The bindings of each function that encloses `line`, innermost first (memoized per line:
  // finding the enclosing functions scans them all).
  const std::vector<const std::map<std::string, Bound>*>& locals(int line) const {
    auto memo = locals_by_line_.find(line);
    if (memo != locals_by_line_.end()) return memo->second;
    std::vector<const lang::Function*> fns;
    for (const lang::Function& f : tree_.functions())
      if (f.start_line <= line && line <= f.end_line && f.body) fns.push_back(&f);
    std::sort(fns.begin(), fns.end(), [](const lang::Function* a, const lang::Function* b) {
      return a->start_line > b->start_line;
    });
    std::vector<const std::map<std::string, Bound>*> out;
    for (const lang::Function* f : fns) {
      auto it = function_names_.find(f->node.start_byte());
      if (it == function_names_.end()) {
        std::map<std::string, Bound> names;
        for (const lang::Param& p : f->params)
          if (p.name != "self" && p.name != "cls") add(names, p.name, f->start_line);
        // A nested function's or class's parameters and locals are its own, not this one's:
        // only its name is bound here.
        lang::walk(f->body, [&](Node n) {
          if (lang::is_any(n, {NodeKind::FunctionDef, NodeKind::ClassDef})) {
            if (Node name = n.child_by_field("name")) add(names, name.text(), name.start_line());
            return false;
          }
          if (lang::is(n, NodeKind::Identifier) && tree_.is_binding(n)) add(names, n.text(), n.start_line());
          return true;
        });
        it = function_names_.emplace(f->node.start_byte(), std::move(names)).first;
      }
      out.push_back(&it->second);
    }
    return locals_by_line_.emplace(line, std::move(out)).first->second;
  }

  const lang::SyntaxTree& tree_;
  std::map<std::string, Bound> module_;
  std::map<std::string, Bound> dotted_;
  std::set<std::string> vocabulary_;
  mutable std::map<uint32_t, std::map<std::string, Bound>> function_names_;
  mutable std::map<int, std::vector<const std::map<std::string, Bound>*>> locals_by_line_;
};

// A slot with a name that says what it holds.
struct Slot {
  std::string label;   // as shown: "max_seq_len", "head_v_dim", "self.k_scale"
  std::string name;    // the part whose words count: "max_seq_len", "head_v_dim", "k_scale"
  Node value;
};

bool touches(Node n, const std::set<int>& lines) {
  if (lines.empty()) return true;
  auto it = lines.lower_bound(n.start_line());
  return it != lines.end() && *it <= n.end_line();
}

class SlipFinder {
 public:
  SlipFinder(const lang::SyntaxTree& tree, const std::set<int>& lines) : tree_(tree), lines_(lines) {}

  std::vector<SiblingSlip> take() {
    std::sort(out_.begin(), out_.end(), [](const SiblingSlip& a, const SiblingSlip& b) {
      return std::tie(a.line, a.read) < std::tie(b.line, b.read);
    });
    out_.erase(std::unique(out_.begin(), out_.end(),
                           [](const SiblingSlip& a, const SiblingSlip& b) { return a.line == b.line && a.read == b.read; }),
               out_.end());
    return std::move(out_);
  }

  // Pairs of named slots of one call, dict or block. A swap that two pairs make alike (every
  // `_k` slot given its `_q` twin's value: `cu_seqlens_k=cu_q, max_seqlen_k=max_q`) is a
  // decision about the whole group, not a line copied and left unrenamed.
  void slot_pairs(const std::vector<std::pair<Slot, Slot>>& pairs, std::string_view because_kind) {
    std::map<std::pair<std::string, std::string>, int> copies;
    auto key = [](const WordSwap& w) { return std::minmax(w.from, w.to); };
    for (const auto& [a, b] : pairs) {
      std::optional<WordSwap> swap = one_word_apart(a.name, b.name);
      if (swap && same_arm(a.value, b.value)) ++copies[key(*swap)];
    }
    // How many slots of the group take each value: a value three slots take (a common size,
    // `empty(n)` for two index arrays and a third) is shared, not copied by mistake.
    std::map<std::string, std::set<uint32_t>> takers;
    for (const auto& [a, b] : pairs)
      for (const Slot* x : {&a, &b}) {
        std::vector<Node> arms;
        alternatives(x->value, arms);
        for (Node arm : arms) takers[squeeze(arm.text())].insert(x->value.start_byte());
      }
    for (const auto& [a, b] : pairs) {
      std::optional<WordSwap> swap = one_word_apart(a.name, b.name);
      if (swap && copies[key(*swap)] < 2) named_pair(a, b, because_kind, takers);
    }
  }

  // Two named slots whose names are one word apart and whose values (an arm of each) are the
  // same expression: the one whose name's word the expression does not read slipped.
  void named_pair(const Slot& a, const Slot& b, std::string_view because_kind,
                  const std::map<std::string, std::set<uint32_t>>& takers) {
    std::optional<WordSwap> swap = one_word_apart(a.name, b.name);
    // Names of one word share nothing that makes them a family (`a`/`b`, `x`/`y`).
    if (!swap || name_words(a.name).size() < 2) return;
    std::vector<Node> arms_a, arms_b;
    alternatives(a.value, arms_a);
    alternatives(b.value, arms_b);
    for (Node xa : arms_a)
      for (Node xb : arms_b) {
        std::string text = squeeze(xa.text());
        if (text != squeeze(xb.text())) continue;
        if (auto it = takers.find(text); it != takers.end() && it->second.size() > 2) continue;
        std::string because = fmt::format("{} `{}` and `{}` differ only in `{}`/`{}`, and both get this value",
                                          because_kind, a.label, b.label, swap->from, swap->to);
        slipped(b, xb, a, xa, swap->from, swap->to, because);
        slipped(a, xa, b, xb, swap->to, swap->from, because);
      }
  }

  // A run of positional values with no names: two equal neighbours, where another pair of
  // neighbours in the run goes from one sibling word to the other.
  void positional_run(const std::vector<Node>& values, std::string_view where, std::string_view whose) {
    // Fewer than four values hold no pattern besides the pair; more than eight are a table of
    // data (a schedule, a list of type names), not the slots of one signature.
    if (values.size() < 4 || values.size() > 8) return;
    std::vector<std::vector<std::string>> tokens;
    for (Node v : values) tokens.push_back(expression_tokens(v.text()));
    // A value written three times is a fill, not a pair of slots copied once.
    for (const std::vector<std::string>& t : tokens)
      if (std::count(tokens.begin(), tokens.end(), t) >= 3) return;
    for (size_t i = 0; i + 1 < values.size(); ++i) {
      if (tokens[i] != tokens[i + 1]) continue;
      if (!touches(values[i], lines_) && !touches(values[i + 1], lines_)) continue;
      for (const Chain& c : chains_in(tree_, values[i + 1]))
        for (size_t part = 0; part < c.parts.size(); ++part) {
          std::vector<std::string> words = name_words(c.parts[part]);
          // A one-word name renamed is any other name: the run says nothing about it.
          if (words.size() < 2) continue;
          for (size_t k = 0; k < words.size(); ++k)
            for (const std::string& other : scope().vocabulary()) {
              if (other == words[k] || word_stands_for(other, words[k])) continue;
              // With no names on the slots, a one-letter word (`K_M0` / `V_M0` rows of a
              // schedule table) is too weak a family.
              if (words[k].size() < 2 || other.size() < 2) continue;
              for (size_t m = 0; m + 1 < values.size(); ++m) {
                // The pattern is the pair of neighbours right before or right after the equal pair
                // (`num_k, num_v, dim_k, dim_k`); a list of type names farther away says nothing.
                if (m + 2 != i && m != i + 2) continue;
                bool forward = with_word(tokens[m], words[k], other) == tokens[m + 1] && tokens[m] != tokens[m + 1];
                bool backward = with_word(tokens[m], other, words[k]) == tokens[m + 1] && tokens[m] != tokens[m + 1];
                if (!forward && !backward) continue;
                // forward: the run goes word → other, so the second of the equal pair wants `other`.
                size_t slip = forward ? i + 1 : i, model = forward ? i : i + 1;
                std::optional<Bound> sib = sibling(c, part, k, other);
                if (!sib) continue;
                Chain in_slip = c;
                if (slip != i + 1) {
                  std::vector<Chain> cs = chains_in(tree_, values[slip]);
                  auto it = std::find_if(cs.begin(), cs.end(), [&](const Chain& x) { return x.parts == c.parts; });
                  if (it == cs.end()) continue;
                  in_slip = *it;
                }
                if (!lines_.empty() && !lines_.count(in_slip.node.start_line())) continue;
                if (explained_above(in_slip.node.start_line())) continue;
                SiblingSlip s;
                s.line = in_slip.node.start_line();
                s.slot = fmt::format("{} {} of {}", where, slip + 1, whose);
                s.model = fmt::format("{} {}", where, model + 1);
                s.named = false;
                s.model_line = values[model].start_line();
                s.value = std::string(values[slip].text());
                s.read = join(std::vector<std::string>(c.parts.begin(), c.parts.begin() + static_cast<long>(part) + 1), '.');
                s.sibling = sib->text;
                s.sibling_line = sib->line;
                s.wrong_word = words[k];
                s.right_word = other;
                s.because = fmt::format("the neighbouring values `{}`, `{}` (line {}) go from `{}` to `{}`",
                                        squeeze(values[m].text()), squeeze(values[m + 1].text()),
                                        values[m].start_line(), forward ? words[k] : other, forward ? other : words[k]);
                out_.push_back(std::move(s));
                goto next_pair;
              }
            }
        }
    next_pair:;
    }
  }

 private:
  // The bound sibling of chain `c` with word `k` of part `part` written `word`: the chain up to
  // that part, renamed. A plain name may also match a bound name that is a run of its words
  // (`seq_lens` for seq_lens_cpu).
  std::optional<Bound> sibling(const Chain& c, size_t part, size_t k, const std::string& word) const {
    std::vector<std::string> words = name_words(c.parts[part]);
    words[k] = word;
    int line = c.node.start_line();
    if (part == 0) {
      if (std::optional<Bound> b = scope().plain(join(words, '_'), line)) return b;
      if (words.size() >= 3) return scope().plain_within(words, k, line);
      return std::nullopt;
    }
    std::string key;
    for (size_t i = 0; i < part; ++i) key += canon_name(c.parts[i]) + ".";
    key += join(words, '_');
    return scope().dotted(key);
  }

  // `slot` got `arm`, the same expression as `model`'s `model_arm`; report it when the
  // expression reads a sibling standing for `model_word` (and nothing standing for
  // `slot_word`), and the sibling standing for `slot_word` is bound.
  void slipped(const Slot& slot, Node arm, const Slot& model, Node model_arm, const std::string& model_word,
               const std::string& slot_word, const std::string& because) {
    std::set<std::string> words_here = words_in(arm);
    for (const std::string& w : words_here)
      if (word_stands_for(slot_word, w) && !word_stands_for(model_word, w)) return;
    for (const Chain& c : chains_in(tree_, arm)) {
      if (!lines_.empty() && !lines_.count(c.node.start_line())) continue;
      for (size_t part = 0; part < c.parts.size(); ++part) {
        std::vector<std::string> words = name_words(c.parts[part]);
        // `q`, `k.dtype`: a one-word name renamed is any other name (the device or dtype of
        // one tensor serves its sibling too).
        if (words.size() < 2) continue;
        for (size_t k = 0; k < words.size(); ++k) {
          if (!word_stands_for(model_word, words[k]) || word_stands_for(slot_word, words[k])) continue;
          // `kv` holds both `k` and `v`: a shared value, not the other sibling.
          if (words[k].find(slot_word) != std::string::npos) continue;
          for (const std::string& other : scope().vocabulary()) {
            if (other == words[k] || !word_stands_for(slot_word, other) || word_stands_for(model_word, other)) continue;
            // An abbreviation on one side only is no family: `arg_c` read for the `arg_bias`
            // slot beside `arg_b` (a, b, c operands) is not `b` for `bias`. Either both the
            // read and the sibling spell the slots' words, or both abbreviate them (k/v for
            // key/value).
            if ((other == slot_word) != (words[k] == model_word)) continue;
            std::optional<Bound> sib = sibling(c, part, k, other);
            if (!sib) continue;
            // `x = num if max is None else max`: the slot chooses between the siblings.
            if (reads_chain(slot.value, sib->text)) return;
            if (explained_above(c.node.start_line()) || explained_above(slot.value.start_line())) return;
            if (named_in_comment_above(slot.value.start_line(), {slot.name, c.parts[part]})) return;
            SiblingSlip s;
            s.line = c.node.start_line();
            s.slot = slot.label;
            s.model = model.label;
            s.model_line = model_arm.start_line();
            s.value = std::string(arm.text());
            s.read = join(std::vector<std::string>(c.parts.begin(), c.parts.begin() + static_cast<long>(part) + 1), '.');
            s.sibling = sib->text;
            s.sibling_line = sib->line;
            s.wrong_word = words[k];
            s.right_word = other;
            s.because = because;
            out_.push_back(std::move(s));
            return;
          }
        }
      }
    }
  }

  bool reads_chain(Node value, std::string_view text) const {
    for (const Chain& c : chains_in(tree_, value))
      if (join(c.parts, '.') == text || c.node.text().starts_with(std::string(text) + ".")) return true;
    return false;
  }

  // A comment line right above says why the value is what it is (`# one run: the ring is
  // contiguous here`).
  bool explained_above(int line) const {
    return line > 1 && tree_.line_is_comment(line - 1) && !squeeze(tree_.line_text(line - 1)).empty();
  }

  // Whether the comment block above the statement holding `line` names the slot or the value
  // (`# topk_indices_ptr is unused here: pass kv_indices as a placeholder`).
  bool named_in_comment_above(int line, std::initializer_list<std::string_view> names) const {
    Node st = tree_.statement_at(line);
    int top = st ? st.start_line() : line;
    for (int l = top - 1; l >= 1 && tree_.line_is_comment(l) && !squeeze(tree_.line_text(l)).empty(); --l)
      for (std::string_view n : names)
        if (tree_.line_text(l).find(n) != std::string_view::npos) return true;
    return false;
  }

  // Built on the first pair of equal values: most files have none.
  const ScopeNames& scope() const {
    if (!scope_) scope_ = std::make_unique<ScopeNames>(tree_);
    return *scope_;
  }

  const lang::SyntaxTree& tree_;
  const std::set<int>& lines_;
  mutable std::unique_ptr<ScopeNames> scope_;
  std::vector<SiblingSlip> out_;
};

// The parameter names a call's positional arguments fill, when the callee is defined once in
// this file (a method called through an object skips `self`/`cls`); empty when unknown.
std::vector<std::string> positional_params(const lang::SyntaxTree& tree, const lang::Call& call) {
  const lang::Function* def = nullptr;
  for (const lang::Function& f : tree.functions()) {
    if (f.name != call.callee_name) continue;
    if (def) return {};
    def = &f;
  }
  if (!def) return {};
  std::vector<std::string> out;
  for (size_t i = 0; i < def->params.size(); ++i) {
    const lang::Param& p = def->params[i];
    if (i == 0 && call.receiver && (p.name == "self" || p.name == "cls")) continue;
    if (lang::param_kind(p) != lang::ParamKind::Plain) break;
    out.push_back(p.name);
  }
  return out;
}

// The one plain or attribute target of an assignment statement and its value.
std::optional<Slot> assignment_slot(Node statement) {
  Node e = lang::lone_expression(statement);
  if (!e || !lang::is(e, NodeKind::Assignment)) return std::nullopt;
  Node left = e.child_by_field("left"), right = e.child_by_field("right");
  if (!left || !right || !dotted_only(left.text())) return std::nullopt;
  std::string label(left.text());
  std::string name = split(label, '.').back();
  return Slot{label, name, right};
}

std::string owner(std::string_view label) {
  size_t dot = label.rfind('.');
  return dot == std::string_view::npos ? std::string() : std::string(label.substr(0, dot));
}

}  // namespace

std::vector<SiblingSlip> sibling_slips(const lang::SyntaxTree& tree, const std::set<int>& lines) {
  if (!tree.is_python() || tree.parse_stopped()) return {};
  SlipFinder finder(tree, lines);

  for (const lang::Call& call : tree.calls()) {
    if (!touches(call.node, lines) || call.args.size() < 2) continue;
    std::vector<std::string> params = positional_params(tree, call);
    std::vector<Slot> named;
    std::vector<Node> positional;
    bool splat = false;
    for (const lang::Argument& a : call.args) {
      if (!a.value) continue;
      if (!a.keyword.empty()) {
        named.push_back(Slot{a.keyword, a.keyword, a.value});
        continue;
      }
      if (lang::is_any(a.value, {NodeKind::ListSplat, NodeKind::DictSplat}) || a.value.text().starts_with("*")) splat = true;
      if (!splat && positional.size() < params.size())
        named.push_back(Slot{params[positional.size()], params[positional.size()], a.value});
      positional.push_back(a.value);
    }
    if (named.size() > 64) continue;
    std::vector<std::pair<Slot, Slot>> by_keyword, by_param;
    for (size_t i = 0; i < named.size(); ++i)
      for (size_t j = i + 1; j < named.size(); ++j) {
        bool keywords = call.keyword(named[i].name) && call.keyword(named[j].name);
        (keywords ? by_keyword : by_param).emplace_back(named[i], named[j]);
      }
    finder.slot_pairs(by_keyword, "the keywords");
    finder.slot_pairs(by_param, "the parameters");
    if (params.empty() && !splat) finder.positional_run(positional, "argument", fmt::format("`{}`", call.callee));
  }

  lang::walk(tree.root(), [&](Node n) {
    if (!touches(n, lines)) return false;
    if (lang::is_any(n, {NodeKind::Tuple, NodeKind::List, NodeKind::ExpressionList})) {
      std::vector<Node> items = code_children(n);
      // A row of a table (a list inside a list) is data, not the slots of one signature.
      Node up = n.parent();
      if (up && lang::is_any(up, {NodeKind::List, NodeKind::Tuple})) return true;
      finder.positional_run(items, "element", lang::is(n, NodeKind::List) ? "the list" : "the tuple");
    } else if (lang::is(n, NodeKind::Dict)) {
      std::vector<Slot> named;
      for (Node p : n.named_children()) {
        if (!lang::is(p, NodeKind::Pair)) continue;
        Node k = p.child_by_field("key"), v = p.child_by_field("value");
        if (!k || !v || !lang::is(k, NodeKind::String)) continue;
        std::string_view t = k.text();
        if (t.size() < 3) continue;
        std::string key(t.substr(1, t.size() - 2));
        if (!dotted_only(key) || key.find('.') != std::string::npos) continue;
        named.push_back(Slot{key, key, v});
      }
      std::vector<std::pair<Slot, Slot>> pairs;
      for (size_t i = 0; i < named.size() && named.size() <= 64; ++i)
        for (size_t j = i + 1; j < named.size(); ++j) pairs.emplace_back(named[i], named[j]);
      finder.slot_pairs(pairs, "the keys");
    } else if (lang::is(n, NodeKind::Block) || lang::is(n, NodeKind::Module)) {
      // Assignments a few statements apart in one block.
      std::vector<Node> stmts = lang::statements(n);
      std::vector<std::pair<Slot, Slot>> pairs;
      for (size_t j = 0; j < stmts.size(); ++j) {
        std::optional<Slot> b = assignment_slot(stmts[j]);
        if (!b) continue;
        for (size_t i = j >= 3 ? j - 3 : 0; i < j; ++i) {
          std::optional<Slot> a = assignment_slot(stmts[i]);
          if (!a || owner(a->label) != owner(b->label)) continue;
          pairs.emplace_back(*a, *b);
        }
      }
      finder.slot_pairs(pairs, "the targets");
    }
    return true;
  });
  return finder.take();
}

std::vector<SiblingCorrection> sibling_corrections(const FileChange& file) {
  std::vector<SiblingCorrection> out;
  for (const Hunk& h : file.hunks) {
    // A run of removed lines followed by a run of added lines of the same length: each removed
    // line was rewritten as the added line at the same place in its run.
    for (size_t i = 0; i < h.lines.size();) {
      size_t r = i;
      while (r < h.lines.size() && h.lines[r].kind == DiffLine::Kind::Removed) ++r;
      size_t a = r;
      while (a < h.lines.size() && h.lines[a].kind == DiffLine::Kind::Added) ++a;
      if (r > i && a - r == r - i) {
        for (size_t k = 0; k < r - i; ++k) {
          const DiffLine& old_line = h.lines[i + k];
          const DiffLine& new_line = h.lines[r + k];
          std::vector<std::string> ot = expression_tokens(old_line.text), nt = expression_tokens(new_line.text);
          if (ot.size() != nt.size()) continue;
          std::optional<size_t> at;
          bool one = true;
          for (size_t t = 0; t < ot.size() && one; ++t)
            if (ot[t] != nt[t]) {
              if (at) one = false;
              at = t;
            }
          if (!one || !at || !ident_char(ot[*at].front()) || !ident_char(nt[*at].front())) continue;
          if (!one_word_apart(ot[*at], nt[*at])) continue;
          out.push_back(SiblingCorrection{ot[*at], nt[*at], new_line.new_line});
        }
      }
      i = a > i ? a : i + 1;
    }
  }
  return out;
}

const SiblingCorrection* corrected_elsewhere(const SiblingSlip& slip, const std::vector<SiblingCorrection>& fixes) {
  std::string read = canon_name(split(slip.read, '.').back());
  std::string sibling = canon_name(split(slip.sibling, '.').back());
  for (const SiblingCorrection& c : fixes)
    if (canon_name(c.from) == read && canon_name(c.to) == sibling) return &c;
  return nullptr;
}

}  // namespace rp
