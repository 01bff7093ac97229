#include "analysis/kernel_facts.h"

#include <deque>
#include <set>

#include "analysis/facts.h"
#include "core/strings.h"
#include "index/knowledge.h"

namespace rp {

namespace {

bool is_header(const std::string& path) {
  for (std::string_view ext : {".h", ".hpp", ".cuh", ".hh", ".hxx", ".inl", ".ipp"})
    if (path.ends_with(ext)) return true;
  return false;
}

bool is_translation_unit(const std::string& path) {
  for (std::string_view ext : {".cu", ".cpp", ".cc", ".cxx", ".hip"})
    if (path.ends_with(ext)) return true;
  return false;
}

// The review's head-side tree of `path` when the PR changes it with added lines (the rules
// parse every such source anyway, atomic-on-empty first of all), else null. A tree whose parse
// ran out of its budget is not taken: the file is parsed afresh, as any other.
const lang::SyntaxTree* changed_head_tree(const ReviewContext& ctx, const std::string& path, size_t size) {
  if (size > Workspace::kMaxParseBytes) return nullptr;
  for (const FileChange& f : ctx.pr.changes.files) {
    if (f.new_path != path) continue;
    if (f.status == FileStatus::Deleted || f.binary || added_line_numbers(f).empty()) return nullptr;
    const lang::SyntaxTree* tree = ctx.workspace.new_tree(path);
    return tree && !tree->parse_stopped() ? tree : nullptr;
  }
  return nullptr;
}

std::optional<KernelFile> parse_head(const ReviewContext& ctx, const std::string& path, size_t max_bytes) {
  lang::Grammar g = lang::grammar_for_path(path);
  if (g != lang::Grammar::Cpp && g != lang::Grammar::Cuda) return std::nullopt;
  std::optional<std::string> text = ctx.workspace.read_head(path);
  if (!text || text->size() > max_bytes) return std::nullopt;
  // A header or unit the PR changes: one parse, not a second one here (on the large PR of
  // the benchmarks, 11 of the 24 files two op lookups read, 436 of 1,005 KB).
  if (const lang::SyntaxTree* shared = changed_head_tree(ctx, path, text->size()))
    return KernelFile{path, std::shared_ptr<const lang::SyntaxTree>(std::shared_ptr<const lang::SyntaxTree>(), shared)};
  auto tree = lang::SyntaxTree::parse(g, std::move(*text));
  if (!tree) return std::nullopt;
  return KernelFile{path, std::move(tree)};
}

std::string located(const KernelFile& f, int line) {
  return f.path + ":" + std::to_string(line) + ": " + std::string(trim(f.tree->line_text(line)));
}

}  // namespace

KernelSources::KernelSources(const ReviewContext& ctx, const std::string& path) {
  auto main = parse_head(ctx, path, size_t(8) << 20);
  if (!main) return;
  files_.push_back(std::move(*main));
  if (!ctx.repo) return;
  const index::RepoIndex& idx = ctx.repo->index();
  std::set<std::string> seen{path};
  std::deque<std::pair<std::string, int>> queue{{path, 0}};
  while (!queue.empty() && files_.size() <= kKernelMaxHeaders) {
    auto [from, depth] = queue.front();
    queue.pop_front();
    if (depth >= kKernelIncludeDepth) continue;
    for (const std::string& inc : idx.resolved_includes(from)) {
      if (!is_header(inc) || !seen.insert(inc).second) continue;
      auto header = parse_head(ctx, inc, kKernelMaxHeaderBytes);
      if (!header) continue;
      files_.push_back(std::move(*header));
      queue.emplace_back(inc, depth + 1);
      if (files_.size() > kKernelMaxHeaders) break;
    }
  }
}

std::vector<KernelDef> KernelSources::functions(const std::string& name) const {
  std::vector<KernelDef> out;
  for (const KernelFile& f : files_)
    for (const lang::Function& fn : f.tree->functions())
      if (fn.name == name && fn.body) out.push_back({&f, fn});
  return out;
}

std::string KernelSources::function_and_headers_text(const std::string& name) const {
  std::string out;
  for (size_t i = 0; i < files_.size(); ++i) {
    if (i > 0) {
      out += files_[i].tree->source();
      out += '\n';
      continue;
    }
    for (const lang::Function& fn : files_[0].tree->functions())
      if (fn.name == name && fn.body) out += std::string(fn.node.text()) + "\n";
  }
  return out;
}

std::optional<std::string> KernelSources::find(const std::string& name, const RE2& re) const {
  for (size_t i = 0; i < files_.size(); ++i) {
    const KernelFile& f = files_[i];
    int first = 1, last = 0;
    if (i == 0) {
      for (const lang::Function& fn : f.tree->functions())
        if (fn.name == name && fn.body) {
          first = fn.start_line, last = fn.end_line;
          break;
        }
    } else {
      last = f.tree->root().end_line();
    }
    for (int line = first; line <= last; ++line)
      if (RE2::PartialMatch(f.tree->line_text(line), re)) return located(f, line);
  }
  return std::nullopt;
}

std::string op_source_path(const index::RepoIndex& idx, const std::string& name) {
  if (name.empty()) return {};
  using Role = index::RepoIndex::Role;
  // An op: registered in C++, or a Python function of that name built by compile_ops.
  bool is_op = false;
  for (const auto& [path, fi] : idx.files_naming(Role::Registration, name))
    if (fi->lang == index::FileIndex::Cpp)
      for (const index::CRegistration& r : fi->registrations) is_op = is_op || r.name == name;
  for (const auto& [path, fi] : idx.files_naming(Role::Def, name))
    if (const index::PyFunction* f = fi->lang == index::FileIndex::Python ? fi->function(name) : nullptr)
      for (const std::string& d : f->decorators) is_op = is_op || d.starts_with("compile_ops");
  if (!is_op) return {};
  std::vector<std::string> units;
  for (const auto& [path, fi] : idx.files_naming(Role::CFunction, name)) {
    if (fi->lang != index::FileIndex::Cpp || !is_translation_unit(path)) continue;
    for (const index::CSymbol& s : fi->c_functions)
      if (s.name == name) {
        units.push_back(path);
        break;
      }
  }
  return units.size() == 1 ? units.front() : std::string();
}

}  // namespace rp
