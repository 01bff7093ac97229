#include "analysis/idiom_facts.h"

#include <re2/re2.h>

#include <cctype>
#include <map>
#include <mutex>
#include <set>

#include "analysis/logging_facts.h"
#include "core/paths.h"
#include "core/strings.h"

namespace rp {

namespace {

// Lines of the base tree that compare an arch literal in a condition. Text, not syntax: the
// count only has to say "a handful" or "hundreds", and parsing 5,000 files per review would
// cost seconds.
int arch_condition_lines(std::string_view text, bool python) {
  static const RE2 literal(R"(["']gfx[0-9]{2,4}[a-z0-9]?["'])");
  static const RE2 compare(R"((?:==|!=|\bin\b|startswith|\bnot in\b))");
  static const RE2 py_branch(R"(^\s*(?:if|elif|while)\b|\bif\b.*\belse\b|\breturn\b.*\bif\b)");
  static const RE2 cc_branch(R"(^\s*(?:\}\s*)?(?:else\s+)?(?:if|while)\s*\(|\?)");
  int n = 0;
  for_each_line(text, [&](std::string_view line) {
    if (line.find("gfx") == std::string_view::npos) return;
    std::string_view t = trim(line);
    if (t.starts_with("#") || t.starts_with("//")) return;
    if (RE2::PartialMatch(line, literal) && RE2::PartialMatch(line, compare) &&
        RE2::PartialMatch(line, python ? py_branch : cc_branch))
      ++n;
  });
  return n;
}

bool tuning_or_tool_path(std::string_view path) {
  static const RE2 re(R"((?i)(?:^|[/_.-])(?:tune|tuner|tuners|tuning|bench|benchmarks?)(?:[/_.-]|$))");
  return RE2::PartialMatch(path, re);
}

void count_logging(std::string_view text, BaseIdioms& out) {
  static const RE2 fstring(std::string(logger_call_pattern()) + R"(\s*[rR]?[fF][rR]?["'])");
  static const RE2 percent(std::string(logger_call_pattern()) + R"(\s*["'][^"'\n]*%[sdfrx][^"'\n]*["']\s*,)");
  for_each_line(text, [&](std::string_view line) {
    if (line.find("log") == std::string_view::npos && line.find("LOG") == std::string_view::npos) return;
    if (RE2::PartialMatch(line, fstring)) ++out.logging_fstring_calls;
    else if (RE2::PartialMatch(line, percent)) ++out.logging_percent_calls;
  });
}

void count_registry(const TreeReader& base, const ReviewContext& ctx, BaseIdioms& out) {
  if (ctx.profile.env_registry.empty()) return;
  static const RE2 entry(R"((?m)^\s*["']([A-Z][A-Z0-9_]+)["']\s*:)");
  std::set<std::string> names;
  for (const std::string& reg : ctx.profile.env_registry) {
    std::optional<std::string> text = base.read(reg);
    if (!text) continue;
    re2::StringPiece input(*text);
    std::string name;
    while (RE2::FindAndConsume(&input, entry, &name)) names.insert(name);
  }
  if (names.empty()) return;
  std::string docs = project_documentation(base);
  out.registered_env_vars = static_cast<int>(names.size());
  for (const std::string& n : names) out.registered_undocumented += !mentions_word(docs, n);
}

int verdict_print_lines(std::string_view text) {
  static const RE2 report(
      R"((?:^|[^\w.])(?:print|log|logger\.\w+|logging\.\w+)\(.*(?i:\bpass(?:ed)?\b|\bfail(?:ed|ure)?\b|mismatch))");
  int n = 0;
  for_each_line(text, [&](std::string_view line) {
    if (line.find('(') == std::string_view::npos) return;
    if (RE2::PartialMatch(line, report)) ++n;
  });
  return n;
}

BaseIdioms scan(const ReviewContext& ctx) {
  BaseIdioms out;
  const TreeReader* base = ctx.workspace.base_tree();
  if (!base) return out;
  out.known = true;
  for (const std::string& path : base->list_files()) {
    bool python = is_python(path);
    if (!python && !is_cpp_family(path)) continue;
    if (is_doc_path(path) || path.starts_with(".github/")) continue;
    std::optional<std::string> text = base->read(path);
    if (!text) continue;
    if (is_test_path(path)) {
      if (!python || (text->find("print") == std::string::npos && text->find("log") == std::string::npos)) continue;
      int n = verdict_print_lines(*text);
      out.test_verdict_prints += n;
      out.test_verdict_files += n > 0;
      continue;
    }
    if (text->find("gfx") != std::string::npos && !tuning_or_tool_path(path)) {
      int n = arch_condition_lines(*text, python);
      out.arch_literal_conditions += n;
      out.arch_literal_files += n > 0;
    }
    if (python && text->find("log") != std::string::npos) count_logging(*text, out);
  }
  count_registry(*base, ctx, out);
  return out;
}

}  // namespace

const BaseIdioms& base_idioms(const ReviewContext& ctx) {
  // One entry per base revision, never evicted (a few integers each), so a reference handed
  // to one batch worker stays valid while another worker counts another revision. A review
  // without a base revision (fixtures, directories) is counted afresh on its own thread.
  static std::mutex mu;
  static std::map<std::string, BaseIdioms> by_rev;
  static thread_local BaseIdioms fresh;
  if (ctx.pr.base_rev.empty()) {
    fresh = scan(ctx);
    return fresh;
  }
  std::lock_guard<std::mutex> lock(mu);
  auto it = by_rev.find(ctx.pr.base_rev);
  if (it == by_rev.end()) it = by_rev.emplace(ctx.pr.base_rev, scan(ctx)).first;
  return it->second;
}

bool widespread(int count, int files) { return count >= 40 && files >= 8; }

std::string project_documentation(const TreeReader& tree) {
  std::string all;
  for (const std::string& p : tree.list_files()) {
    bool readme = base_name(p) == "README.md";
    bool doc = p.starts_with("docs/") && (p.ends_with(".md") || p.ends_with(".rst"));
    bool recipe = p.starts_with("recipes/") && p.ends_with(".md");
    if (!readme && !doc && !recipe) continue;
    if (auto text = tree.read(p)) {
      if (recipe && !readme) {
        // The lines of a recipe that explain what they name.
        bool fenced = false;
        std::string_view t_all = *text;
        for_each_line(t_all, [&](std::string_view line) {
          std::string_view t = trim(line);
          if (t.starts_with("```") || t.starts_with("~~~")) {
            fenced = !fenced;
            return;
          }
          bool keep = !fenced && !t.empty();
          if (fenced && !t.starts_with("#")) {
            size_t hash = t.find(" #");
            keep = hash != std::string_view::npos && trim(t.substr(hash + 2)).size() >= 12;
          }
          if (keep) {
            all += line;
            all += '\n';
          }
        });
      } else {
        all += *text;
      }
      all += '\n';
    }
  }
  return all;
}

bool mentions_word(std::string_view text, std::string_view name) {
  if (name.empty()) return false;
  auto word = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
  for (size_t at = text.find(name); at != std::string_view::npos; at = text.find(name, at + 1)) {
    bool left = at == 0 || !word(text[at - 1]);
    bool right = at + name.size() >= text.size() || !word(text[at + name.size()]);
    if (left && right) return true;
  }
  return false;
}

}  // namespace rp
