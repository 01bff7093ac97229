#include "analysis/triton_facts.h"

#include <re2/re2.h>

#include <algorithm>
#include <cctype>

#include "analysis/dispatch_facts.h"
#include "analysis/facts.h"
#include "core/budget.h"
#include "core/strings.h"

namespace rp {

using lang::Node;

bool is_triton_kernel(const lang::Function& fn) {
  bool jit = false;
  for (const std::string& d : fn.decorators) {
    std::string_view t = d;
    if (t.starts_with("triton.jit") || t.starts_with("jit") || t.starts_with("gluon.jit") ||
        t.starts_with("triton.autotune") || t.starts_with("triton.heuristics") || t.starts_with("autotune"))
      jit = true;
  }
  if (!jit || !fn.body) return false;
  std::string_view body = fn.body.text();
  return body.find("tl.") != std::string_view::npos || body.find("gl.") != std::string_view::npos;
}

std::vector<lang::Function> triton_kernels(const lang::SyntaxTree& tree) {
  std::vector<lang::Function> out;
  if (!tree.is_python()) return out;
  for (const lang::Function& fn : tree.functions())
    if (is_triton_kernel(fn)) out.push_back(fn);
  return out;
}

std::set<std::string> constexpr_params(const lang::Function& kernel) {
  std::set<std::string> out;
  for (const lang::Param& p : kernel.params)
    if (p.annotation.find("constexpr") != std::string::npos) out.insert(p.name);
  return out;
}

std::vector<std::string> identifiers_in(std::string_view text) {
  std::vector<std::string> out;
  size_t i = 0;
  while (i < text.size()) {
    char c = text[i];
    if (c == '"' || c == '\'') {  // skip string literals
      size_t j = text.find(c, i + 1);
      i = j == std::string_view::npos ? text.size() : j + 1;
      continue;
    }
    if (std::isalpha(static_cast<unsigned char>(c)) || c == '_') {
      size_t j = i;
      while (j < text.size() && (std::isalnum(static_cast<unsigned char>(text[j])) || text[j] == '_')) ++j;
      bool attribute = i > 0 && text[i - 1] == '.';
      if (!attribute) out.emplace_back(text.substr(i, j - i));
      i = j;
      continue;
    }
    if (std::isdigit(static_cast<unsigned char>(c))) {
      while (i < text.size() && (std::isalnum(static_cast<unsigned char>(text[i])) || text[i] == '.')) ++i;
      continue;
    }
    ++i;
  }
  return out;
}

namespace {

// Block sizes of the aranges written in a text: `tl.arange(0, BLOCK_N)` -> BLOCK_N.
std::set<std::string> arange_blocks(std::string_view text) {
  static const RE2 re(R"((?:tl|gl)\.arange\s*\(\s*[^,()]*,\s*([^,()]+?)\s*[,)])");
  std::set<std::string> out;
  re2::StringPiece in(text.data(), text.size());
  std::string block;
  while (RE2::FindAndConsume(&in, re, &block)) out.insert(std::string(trim(block)));
  return out;
}

bool clamps(std::string_view text) {
  static const RE2 re(R"(%|tl\.minimum|tl\.maximum|tl\.where|tl\.clamp|gl\.minimum|gl\.where)");
  return RE2::PartialMatch(text, re);
}

// `arange(B)` for each block size B an arange written in the text spans.
std::set<std::string> arange_terms(std::string_view text) {
  std::set<std::string> out;
  for (const std::string& b : arange_blocks(text)) out.insert("arange(" + b + ")");
  return out;
}

// Adds what each identifier the text reads maps to.
void add_mapped(std::set<std::string>& out, std::string_view text,
                const std::map<std::string, std::set<std::string>>& by_name) {
  for (const std::string& id : identifiers_in(text)) {
    auto it = by_name.find(id);
    if (it != by_name.end()) out.insert(it->second.begin(), it->second.end());
  }
}

}  // namespace

std::set<std::string> expression_blocks(std::string_view text, const VectorNames& v) {
  std::set<std::string> out = arange_blocks(text);
  add_mapped(out, text, v.blocks);
  return out;
}

std::set<std::string> expression_roots(std::string_view text, const VectorNames& v) {
  std::set<std::string> out = arange_terms(text);
  add_mapped(out, text, v.roots);
  return out;
}

std::set<std::string> direct_vectors(std::string_view text, const VectorNames& v) {
  std::set<std::string> out = arange_terms(text);
  for (const std::string& id : identifiers_in(text))
    if (v.blocks.count(id)) out.insert(id);
  return out;
}

bool expression_clamped(std::string_view text, const VectorNames& v) {
  if (clamps(text)) return true;
  for (const std::string& id : identifiers_in(text))
    if (v.clamped.count(id)) return true;
  return false;
}

VectorNames vector_names(const lang::SyntaxTree& tree, const lang::Function& kernel) {
  VectorNames v;
  std::vector<lang::Assignment> assigns = tree.assignments(kernel.body);
  for (const lang::Assignment& a : assigns)
    if (a.value && a.targets.size() == 1) v.values[a.targets[0]] += std::string(a.value.text()) + "\n";
  // Iterate to a fixpoint: a name can be derived from a name assigned further down in a loop.
  for (int round = 0; round < 6; ++round) {
    bool changed = false;
    for (const lang::Assignment& a : assigns) {
      if (!a.value) continue;
      std::string_view val = a.value.text();
      std::set<std::string> blocks = expression_blocks(val, v);
      bool clamp = expression_clamped(val, v);
      std::set<std::string> roots;
      for (const std::string& id : identifiers_in(val))
        if (auto it = v.roots.find(id); it != v.roots.end()) roots.insert(it->second.begin(), it->second.end());
      for (const std::string& t : a.targets) {
        if (!blocks.empty()) {
          auto& dst = v.roots[t];
          dst.insert(t);
          size_t before = dst.size();
          dst.insert(roots.begin(), roots.end());
          changed = changed || dst.size() != before;
        }
        if (!blocks.empty()) {
          auto& dst = v.blocks[t];
          size_t before = dst.size();
          dst.insert(blocks.begin(), blocks.end());
          changed = changed || dst.size() != before;
        }
        if (clamp && !blocks.empty() && v.clamped.insert(t).second) changed = true;
      }
    }
    if (!changed) break;
  }
  return v;
}

std::vector<MemoryAccess> memory_accesses(const lang::SyntaxTree& tree, Node scope) {
  std::vector<MemoryAccess> out;
  for (lang::Call& c : tree.calls(scope)) {
    bool load = c.callee == "tl.load" || c.callee == "gl.load";
    bool store = c.callee == "tl.store" || c.callee == "gl.store";
    if (!load && !store) continue;
    MemoryAccess m;
    m.store = store;
    size_t positional = 0;
    for (const lang::Argument& a : c.args) {
      if (a.keyword.empty()) {
        ++positional;
        if (positional == 1) m.pointer = a.value;
        if (load && positional == 2) m.mask = a.value;
        if (load && positional == 3) m.other = a.value;
        if (store && positional == 3) m.mask = a.value;
      } else if (a.keyword == "pointer") {
        m.pointer = a.value;
      } else if (a.keyword == "mask") {
        m.mask = a.value;
      } else if (a.keyword == "other") {
        m.other = a.value;
      } else if (a.keyword == "boundary_check") {
        m.boundary_check = true;
      }
    }
    if (m.mask && m.mask.text() == "None") m.mask = Node();
    m.call = std::move(c);
    out.push_back(std::move(m));
  }
  return out;
}

std::string pointer_base(std::string_view pointer, const lang::Function& kernel, const VectorNames& v) {
  std::vector<std::string> texts{std::string(pointer)};
  for (size_t i = 0; i < texts.size() && i < 4; ++i) {
    std::vector<std::string> ids = identifiers_in(texts[i]);
    for (const std::string& id : ids)
      for (const lang::Param& p : kernel.params)
        if (p.name == id) return id;
    for (const std::string& id : ids)
      if (auto it = v.values.find(id); it != v.values.end()) texts.push_back(it->second);
  }
  return "";
}

std::map<std::string, RaggedBlock> ragged_blocks(const lang::SyntaxTree& tree, const lang::Function& kernel,
                                                 const VectorNames& v) {
  const std::map<std::string, std::string>& values = v.values;
  // `<vector expr> < DIM` (or <=): the block of the vector is compared against DIM, an upper
  // extent. A lower bound (`offs >= ROPE_START`) selects the part of a tile at or past a point,
  // it says nothing about where the tensor ends; it is matched only so the scan moves past it.
  static const RE2 cmp(R"(([\w.\[\]:, ]+?)\s*(<=|<|>=|>)\s*([\w.]+))");
  std::map<std::string, RaggedBlock> out;
  // Compile-time extents: tl.constexpr parameters and locals annotated tl.constexpr
  // (`HEAD_DIM: tl.constexpr = CHUNKS * GROUP`).
  std::set<std::string> constants = constexpr_params(kernel);
  for (const lang::Assignment& a : tree.assignments(kernel.body))
    if (lang::Node type = a.node.child_by_field("type"); type && type.text().find("constexpr") != std::string_view::npos)
      constants.insert(a.targets.begin(), a.targets.end());
  for (const MemoryAccess& m : memory_accesses(tree, kernel.body)) {
    if (!m.mask || !m.pointer) continue;
    // The mask text and the values of the names it reads (two levels deep).
    std::vector<std::string> masks{std::string(m.mask.text())};
    for (size_t i = 0; i < masks.size() && i < 16; ++i)
      for (const std::string& id : identifiers_in(masks[i]))
        if (auto it = values.find(id); it != values.end()) masks.push_back(it->second);
    std::string base = pointer_base(m.pointer.text(), kernel, v);
    for (const std::string& text : masks) {
      re2::StringPiece in(text);
      std::string lhs, op, rhs;
      while (RE2::FindAndConsume(&in, cmp, &lhs, &op, &rhs)) {
        // A literal or constexpr extent is fixed at compile time: the mask only trims a tile.
        if (rhs.empty() || std::isdigit(static_cast<unsigned char>(rhs.front())) || constants.count(rhs)) continue;
        if (op[0] == '>') continue;
        for (const std::string& root : direct_vectors(lhs, v)) {
          RaggedBlock& r = out[root];
          if (r.dim.empty()) {
            r.dim = rhs;
            std::string blk;
            if (root.starts_with("arange(")) {
              blk = root.substr(7, root.size() - 8);
            } else if (auto it = v.blocks.find(root); it != v.blocks.end() && !it->second.empty()) {
              blk = *it->second.begin();
            }
            r.block = blk.empty() ? std::string("the block") : blk;
          }
          if (!base.empty()) r.bases.insert(base);
        }
      }
    }
  }
  return out;
}

namespace {
bool reaches_vector_rec(const std::vector<lang::Assignment>& assigns, std::string_view text, int line,
                        const std::string& target, int depth) {
  if (target.starts_with("arange(") && text.find("arange") != std::string_view::npos) return true;
  for (const std::string& id : identifiers_in(text)) {
    if (id == target) return true;
    if (depth >= 8) continue;
    const lang::Assignment* last = nullptr;
    for (const lang::Assignment& a : assigns)
      if (a.line < line && a.value && std::find(a.targets.begin(), a.targets.end(), id) != a.targets.end() &&
          (!last || a.line > last->line))
        last = &a;
    if (last && reaches_vector_rec(assigns, last->value.text(), last->line, target, depth + 1)) return true;
  }
  return false;
}
}  // namespace

bool reaches_vector(const lang::SyntaxTree& tree, const lang::Function& kernel, std::string_view text, int line,
                    const std::string& target) {
  return reaches_vector_rec(tree.assignments(kernel.body), text, line, target, 0);
}

bool is_kernel_launch(const lang::Call& call) {
  Node fn = call.node.child_by_field("function");
  return fn && fn.kind() == "subscript";
}

bool launch_knobs_from_config(std::string_view source) {
  static const RE2 re(
      R"((?:config|cfg|conf)\w*\s*(?:\[\s*["']|\.get\(\s*["'])(?:num_warps|num_stages|waves_per_eu|matrix_instr_nonkdim|kpack)|\]\s*\([^)]*\*\*\s*\w*(?:config|cfg|conf)|get_\w*config\s*\()");
  return RE2::PartialMatch(source, re);
}

bool is_launch_knob(std::string_view kw) {
  return kw == "num_warps" || kw == "num_stages" || kw == "num_ctas" || kw == "waves_per_eu" ||
         kw == "matrix_instr_nonkdim" || kw == "kpack";
}

void for_each_touched_kernel(const ReviewContext& ctx,
                             const std::function<void(const FileChange&, const lang::SyntaxTree&, const lang::Function&,
                                                      const std::set<int>&)>& visit) {
  for_each_touched_kernel(ctx, ctx.pr.changes.files, visit);
}

void for_each_touched_kernel(const ReviewContext& ctx, std::span<const FileChange> files,
                             const std::function<void(const FileChange&, const lang::SyntaxTree&, const lang::Function&,
                                                      const std::set<int>&)>& visit) {
  for (const ChangedSource& cs : changed_code_sources(files, ctx.workspace, false)) {
    budget::begin_file(cs.file->path());
    for (const lang::Function& k : triton_kernels(*cs.tree)) {
      if (budget::exhausted()) return;
      if (touches_added(cs.added, k.start_line, k.end_line)) visit(*cs.file, *cs.tree, k, cs.added);
    }
  }
}

}  // namespace rp
