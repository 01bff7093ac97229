#include "analysis/facts.h"

#include <re2/re2.h>

#include <algorithm>
#include <optional>

#include "core/paths.h"
#include "core/strings.h"
#include "lang/node_kind.h"

namespace rp {

std::vector<AddedLine> added_lines(const ChangeSet& changes) {
  std::vector<AddedLine> out;
  for (const FileChange& f : changes.files) {
    if (f.binary || f.new_path.empty()) continue;
    for (const Hunk& h : f.hunks)
      for (const DiffLine& l : h.lines)
        if (l.kind == DiffLine::Kind::Added) out.push_back({&f, &l});
  }
  return out;
}

namespace {
// The numbers of one kind of diff line, on the side where that kind lives (new for added, old for removed).
std::set<int> line_numbers(const FileChange& file, DiffLine::Kind kind) {
  std::set<int> out;
  for (const Hunk& h : file.hunks)
    for (const DiffLine& l : h.lines)
      if (l.kind == kind) out.insert(out.end(), kind == DiffLine::Kind::Added ? l.new_line : l.old_line);  // ascending: O(1) each
  return out;
}
}  // namespace

std::set<int> added_line_numbers(const FileChange& file) { return line_numbers(file, DiffLine::Kind::Added); }

std::set<int> removed_line_numbers(const FileChange& file) { return line_numbers(file, DiffLine::Kind::Removed); }

bool touches_added(const std::set<int>& added, int first, int last) {
  auto it = added.lower_bound(first);
  return it != added.end() && *it <= last;
}

std::vector<std::string> names_read(const lang::SyntaxTree& tree, lang::Node n) {
  std::vector<std::string> out;
  lang::walk(n, [&](lang::Node c) {
    if (is(c, lang::NodeKind::Identifier) && tree.is_variable_read(c)) out.emplace_back(c.text());
    return true;
  });
  return out;
}

std::string evidence(std::string_view path, int line, std::string_view code) {
  std::string_view t = trim(code);
  std::string out = std::string(path) + ":" + std::to_string(line) + ": ";
  out += shortened(t, 160);
  return out;
}

std::string_view code_part(std::string_view line, bool python) {
  char quote = 0;
  for (size_t i = 0; i < line.size(); ++i) {
    char c = line[i];
    if (quote) {
      if (c == '\\') ++i;
      else if (c == quote) quote = 0;
      continue;
    }
    if (c == '"' || c == '\'') quote = c;
    else if (python && c == '#') return line.substr(0, i);
    else if (!python && c == '/' && i + 1 < line.size() && line[i + 1] == '/') return line.substr(0, i);
  }
  return line;
}

bool is_comment_only(std::string_view line, bool python) {
  std::string_view t = trim(line);
  if (t.empty()) return false;
  if (python) return t.front() == '#';
  return t.starts_with("//") || t.starts_with("/*") || t.starts_with("*");
}

std::string_view comment_part(std::string_view line, bool python) {
  std::string_view code = code_part(line, python);
  if (code.size() < line.size()) {
    std::string_view rest = line.substr(code.size());
    rest.remove_prefix(python ? 1 : 2);
    return trim(rest);
  }
  if (!python && is_comment_only(line, false)) return trim(line);
  return {};
}

std::vector<ChangeBlock> change_blocks(const FileChange& file) {
  std::vector<ChangeBlock> out;
  for (const Hunk& h : file.hunks) {
    int last_head = h.new_start > 0 ? h.new_start : 1;  // head-side line of the last context line seen
    ChangeBlock cur;
    auto flush = [&](int next_head) {
      if (cur.removed.empty() && cur.added.empty()) return;
      if (!cur.added.empty()) cur.head_line = cur.added.front()->new_line;
      else cur.head_line = next_head > 0 ? next_head : last_head;
      out.push_back(std::move(cur));
      cur = ChangeBlock{};
    };
    for (const DiffLine& l : h.lines) {
      if (l.kind == DiffLine::Kind::Context) {
        flush(l.new_line);
        last_head = l.new_line;
      } else if (l.kind == DiffLine::Kind::Removed) {
        if (!cur.added.empty()) flush(0);  // a removal after additions starts a new run
        cur.removed.push_back(&l);
      } else {
        cur.added.push_back(&l);
      }
    }
    flush(0);
  }
  return out;
}

std::set<std::string> python_tree_captures(const TreeReader& tree, const re2::RE2& pattern) {
  std::set<std::string> out;
  if (!pattern.ok() || pattern.NumberOfCapturingGroups() < 1) return out;
  for (const std::string& path : tree.list_files()) {
    if (!is_python(path)) continue;
    std::optional<std::string> text = tree.read(path);
    if (!text) continue;
    re2::StringPiece input(*text);
    std::string hit;
    const char* before = input.data();
    while (RE2::FindAndConsume(&input, pattern, &hit)) {
      out.insert(hit);
      if (input.data() == before) break;  // an empty match would never advance
      before = input.data();
    }
  }
  return out;
}

// --- cudagraph capture -------------------------------------------------------------------

bool is_graph_capture_item(std::string_view with_item) {
  static const RE2 capture(R"(^(?:torch\.)?(?:cuda|hip)\.(?:graphs\.)?graph\()");
  return RE2::PartialMatch(with_item, capture);
}

namespace {

void and_operands(lang::Node cond, std::vector<std::string>& out, int depth = 0) {
  lang::Node n = cond;
  while (n && n.kind() == "parenthesized_expression" && n.named_children().size() == 1) n = n.named_children().front();
  if (!n) return;
  if (depth < 64 && n.kind() == "boolean_operator" && n.child_by_field("operator").text() == "and") {
    and_operands(n.child_by_field("left"), out, depth + 1);
    and_operands(n.child_by_field("right"), out, depth + 1);
    return;
  }
  out.push_back(normalize_condition(n.text()));
}

// A test that holds only on eager steps: prefill, forced eager, not capturing.
bool eager_test(const std::string& t) {
  static const RE2 prefill(R"(\b(?:is_prefill|do_prefill|has_prefill|enforce_eager|dp_eager_mode)\b)");
  static const RE2 prefill_count(R"(\bnum_prefills\s*>\s*0\b)");
  static const RE2 capture(R"(\b(?:is_current_stream_capturing|in_hipgraph|use_cudagraph|is_decode)\b)");
  bool negated = t.starts_with("not ");
  if (negated) return RE2::PartialMatch(t, capture);
  return (RE2::PartialMatch(t, prefill) && t.find(" or ") == std::string::npos) || RE2::PartialMatch(t, prefill_count);
}

// A test that holds only on captured (decode / capturing) steps.
bool capture_test(const std::string& t) {
  static const RE2 capture(R"(^(?:[\w.]+\.)?(?:torch\.cuda\.is_current_stream_capturing\(\)|in_hipgraph|use_cudagraph|is_decode)$)");
  static const RE2 not_prefill(R"(^not (?:[\w.]+\.)?is_prefill$)");
  return RE2::FullMatch(t, capture) || RE2::FullMatch(t, not_prefill);
}

}  // namespace

bool is_eager_only_condition(lang::Node cond) {
  std::vector<std::string> tests;
  and_operands(cond, tests);
  for (const std::string& t : tests)
    if (eager_test(t)) return true;
  return false;
}

bool in_eager_only_branch(lang::Node n, lang::Node scope) {
  for (lang::Node p = n.parent(); p && !(p == scope); p = p.parent()) {
    if (p.kind() != "block") continue;
    lang::Node owner = p.parent();
    if (!owner) break;
    std::string_view k = owner.kind();
    if ((k == "if_statement" && owner.child_by_field("consequence") == p) || k == "elif_clause") {
      std::vector<std::string> tests;
      and_operands(owner.child_by_field("condition"), tests);
      for (const std::string& t : tests)
        if (eager_test(t)) return true;
    } else if (k == "else_clause") {
      lang::Node chain = owner.parent();
      if (!chain || chain.kind() != "if_statement") continue;
      bool has_elif = false;
      for (lang::Node c : chain.named_children()) has_elif = has_elif || c.kind() == "elif_clause";
      if (!has_elif && capture_test(normalize_condition(chain.child_by_field("condition").text()))) return true;
    }
  }
  return false;
}

std::vector<CapturedScope> captured_scopes(const lang::SyntaxTree& tree, std::string_view path,
                                           const Profile& profile) {
  std::vector<CapturedScope> found;
  if (!tree.is_python()) return found;
  const std::vector<lang::Function>& functions = tree.functions();
  auto function_at = [&](lang::Node n) -> std::string {
    std::optional<lang::Function> f = tree.enclosing_function(n.start_line());
    return f ? f->qualified : std::string();
  };

  std::vector<CapturedScope> contexts;
  for (const lang::WithBlock& w : tree.with_blocks()) {
    for (const std::string& item : w.items) {
      if (!is_graph_capture_item(item) || !w.body) continue;
      contexts.push_back({w.body, function_at(w.node), "inside `with " + item.substr(0, item.find('(')) + "(...)`"});
      break;
    }
  }
  found.insert(found.end(), contexts.begin(), contexts.end());

  static const RE2 decorator(R"((?i)(cuda_?graph|hip_?graph|graph_capture|make_graphed_callables))");
  for (const lang::Function& f : functions)
    for (const std::string& d : f.decorators)
      if (f.body && RE2::PartialMatch(d, decorator)) {
        found.push_back({f.body, f.qualified, "decorated `@" + d.substr(0, d.find('(')) + "`"});
        break;
      }

  bool orchestrates = std::find(profile.graph_capture_files.begin(), profile.graph_capture_files.end(), path) !=
                      profile.graph_capture_files.end();
  if (orchestrates) {
    // Same-file methods a capture body calls, transitively (a helper that runs the forward).
    std::vector<CapturedScope> work = contexts;
    std::set<std::string> seen;
    for (size_t i = 0; i < work.size() && i < 64; ++i) {
      std::optional<lang::ClassDef> cls = tree.enclosing_class(work[i].body.start_line());
      for (const lang::Call& c : tree.calls(work[i].body)) {
        if (!c.callee.starts_with("self.") || c.callee.find('.', 5) != std::string::npos) continue;
        for (const lang::Function& f : functions) {
          if (f.name != c.callee_name || !f.body || (cls && f.class_name != cls->name)) continue;
          if (!seen.insert(f.qualified).second) continue;
          CapturedScope s{f.body, f.qualified, "called as `" + c.callee + "(...)` from the capture context"};
          work.push_back(s);
          found.push_back(s);
        }
      }
    }
  }

  // Vision/audio towers run once per image in the eager prefill step, never under capture.
  static const RE2 encoder_class(R"((?i)(vision|visual|vit|image|audio|video|patch|merger|projector|posemb))");
  for (const std::string& dir : profile.model_dirs) {
    if (!path.starts_with(dir)) continue;
    for (const lang::Function& f : functions) {
      // forward, forward_impl, _forward_decode, routed_expert_forward; not on_forward_pass_end.
      static const RE2 forward_name(R"(^_*forward(_\w+)?$|_forward$)");
      if (f.class_name.empty() || !f.body || !RE2::FullMatch(f.name, forward_name)) continue;
      if (RE2::PartialMatch(f.class_name, encoder_class)) continue;
      if (f.name.find("prefill") != std::string::npos || f.name.find("fake") != std::string::npos ||
          f.name.find("eager") != std::string::npos)
        continue;
      found.push_back({f.body, f.qualified, "`" + f.qualified + "` runs under decode cudagraph capture", true});
    }
  }

  std::vector<CapturedScope> out;
  for (const CapturedScope& s : found) {
    bool nested = false;
    for (const CapturedScope& o : found) {
      if (&o == &s) continue;
      bool inside = o.body.start_byte() <= s.body.start_byte() && s.body.end_byte() <= o.body.end_byte();
      bool same = o.body == s.body;
      if ((inside && !same) || (same && &o < &s)) nested = true;
    }
    if (!nested) out.push_back(s);
  }
  return out;
}


}  // namespace rp
