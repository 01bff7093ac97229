// undocumented-env-var: the PR starts reading an environment variable that the project's
// env registry and documentation do not know about.
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <re2/re2.h>

#include <algorithm>
#include <map>

#include "analysis/env_reads.h"
#include "analysis/facts.h"
#include "analysis/idiom_facts.h"
#include "analysis/knob_use.h"
#include "core/paths.h"
#include "core/strings.h"
#include "rules/rule_base.h"

namespace rp {
namespace {

constexpr RuleInfo kInfo{
    .name = "undocumented-env-var",
    .category = Category::Housekeeping,
    .severity = Severity::Note,
    .needs = Needs::FullText,
    .summary = "An added line reads a new env var that is not registered and documented.",
    .docs = R"(What it catches: an added `os.environ.get("NAME")`, `os.getenv("NAME")`,
`environ.get("NAME")`, `os.environ["NAME"]` read or `"NAME" in os.environ` test in non-test
Python, where NAME carries one of the profile's env prefixes (ATOM_, AITER_; in the generic
profile any UPPER_SNAKE name outside the well-known platform ones: CUDA_*, HIP_*, ROCM_*, HSA_*,
NCCL_*, RCCL_*, TORCH_*, PYTORCH_*, HF_*, OMP_*, MASTER_ADDR, RANK, WORLD_SIZE, ...), the name
is new (no Python file of the base tree mentions it), and it is not documented. Reads are
recognised by what the code does: the getters and `os.environ` forms above, a getter whose name
is a module-level string constant, a call of a helper function of the same file that passes its
parameter to a getter (`_env_int("ATOM_X", 8)`), and an env registry entry (`"ATOM_X": lambda:
...` naming its key). Documented means: registered in the profile's env registry (ATOM:
`atom/utils/envs.py`; a read inside the registry is the registration itself) AND mentioned in a
README.md or a docs/**/*.md|.rst file of the head tree, or explained in a recipes/**/*.md
(prose, or a setting with a trailing comment that says what it does; a bare `export X=1` in a
launch script is not an explanation). Names added to the registry and docs by the same PR count as documented.
Where the registry is one of the repository's ways to document (the base tree leaves at least
20 of its registered names out of every README/docs page: a count, not a share), a registered
name whose entry carries its own comment there (30+ characters in the comment lines right above
the entry, not a section header) is documented the way the repository documents its knobs (one comment above a group of
one-line entries, with no blank line between them, documents each one-line entry of the group;
a multi-line entry needs its own); a
registered entry without one is still reported, and the card gives the base registry's count.
Without a registry (aiter), where the base's Python reads 20 or more quoted project knobs that no
README/docs page names, and they are at least half of its knobs, a new knob explained where it
is read (30+ characters of comment lines right above the read's statement, the whole if-chain
for a read in an `elif` test, or the enclosing
function's docstring naming it) follows the repository's practice and is not reported.
Where the maintainers reject new permanent knobs (aiter), only a read inside a function of one
of the profile's stable core API files (the downstream-consumed ops: fused_moe.py, mla.py,
ops/attention.py, ...) is reported: the op then consults hidden process state on every call,
so every downstream model's result depends on a switch nobody can find.
Severity: a note (measured under 70% true as a warning on aiter PR heads; see README Accuracy).
Needs the repository: whether a name is new, registered and documented is only known from the
base and head trees; with only a diff the rule is skipped rather than guessing.
Why it matters: an env var nobody documented is a hidden behaviour switch: users cannot find it,
support cannot reproduce a run configured by it, and it outlives the experiment it was for.
Does not fire on: env writes (`os.environ["X"] = ...`, `del os.environ["X"]`, `setdefault`);
names already read or mentioned anywhere in the base tree's Python; names built at runtime
(f-strings, variables); names without the profile's prefix; test files, `.github/` CI scripts; on aiter, knobs read
outside its core API files (developer knobs of kernel, tuner and experimental files) and knobs
read at import time rather than per call (a config-file path override at module level) and
knobs an accessor only returns (`return self.get_config_file("AITER_CONFIG_X", ...)`);
knobs that only switch what a run reports: every use of the value (followed through
conversions, comparisons and the names it is bound to in the same file, or through the
registry's attribute `envs.X`) decides only a logger call or print, in a branch condition whose
bodies only report or as a report call's argument (a debug log switch, a log interval).
Knobs whose guarded code computes values only for what it reports (a debug probe: locals built
for a print, a try around it, `if not FLAG: return` over a function that only logs, nothing
written outside it) are one note per PR, at the first such knob, naming the others.)"};

struct EnvRead {
  std::string name;
  std::string path;
  int line = 0;
};

// Env vars of the platform and of the libraries a project runs on; reading them adds no knob
// of the project's own (generic profile only; ATOM/aiter match by prefix).
bool platform_var(std::string_view name) {
  static const RE2 re(
      R"(^(?:CUDA|HIP|ROCM|ROCR|HSA|AMD|NCCL|RCCL|TORCH|PYTORCH|TORCHINDUCTOR|TRITON|HF|HUGGING|TRANSFORMERS|OMP|MKL|NUMBA|XDG|LD|PYTHON|CONDA|VIRTUAL|GITHUB|RUNNER|CI|SLURM|OPENAI|VLLM|SGLANG|MIOPEN|HIPBLASLT|GPU|TOKENIZERS)_|^(?:MASTER_ADDR|MASTER_PORT|RANK|LOCAL_RANK|WORLD_SIZE|LOCAL_WORLD_SIZE|HOME|PATH|USER|PWD|TMPDIR|TERM|SHELL|LANG|HOSTNAME|NODE_RANK|GROUP_RANK)$)");
  return RE2::PartialMatch(name, re);
}

// Env reads that start on an added line.
std::vector<EnvRead> added_reads(const lang::SyntaxTree& tree, const std::string& path, const std::set<int>& added) {
  std::vector<EnvRead> out;
  for (const EnvReadSite& r : env_reads(tree))
    if (added.count(r.line)) out.push_back({r.name, path, r.line});
  return out;
}

// The comment a registry writes above the entry of `name`: in a repository whose
// registry is its documentation, this is where the knob is explained.
std::string registry_comment(std::string_view registry, const std::string& name) {
  std::vector<std::string_view> lines;
  for (size_t pos = 0; pos < registry.size();) {
    size_t nl = registry.find('\n', pos);
    lines.push_back(registry.substr(pos, nl == std::string_view::npos ? std::string_view::npos : nl - pos));
    pos = nl == std::string_view::npos ? registry.size() : nl + 1;
  }
  std::string key = "\"" + name + "\"", key2 = "'" + name + "'";
  for (size_t i = 0; i < lines.size(); ++i) {
    std::string_view t = trim(lines[i]);
    if (!(t.starts_with(key) || t.starts_with(key2))) continue;
    std::string out;
    // Only a one-line entry joins a group; a multi-line entry stands alone under its own comment.
    bool one_line = t.ends_with(",");
    bool in_comment = false;
    for (size_t j = i; j-- > 0;) {
      std::string_view c = trim(lines[j]);
      // Entries written one per line right under one comment share it ("# these opt into the
      // Triton RMSNorm and the torch sampler" above two entries): walk over the entries of the
      // group above this one to reach it. A blank line or any other code ends the group.
      if (one_line && !in_comment && (c.starts_with("\"") || c.starts_with("'")) && c.ends_with(",") &&
          c.find(':') != std::string_view::npos)
        continue;
      if (!c.starts_with("#")) break;
      in_comment = true;
      c.remove_prefix(1);
      c = trim(c);
      // A section header ("# --- Kernel Fusion Toggles ---") names a group, not this knob.
      if (c.starts_with("---") || c.starts_with("===")) break;
      out = std::string(c) + " " + out;
    }
    return std::string(trim(out));
  }
  return "";
}

class UndocumentedEnvVar : public FileRuleWithState<kInfo, std::vector<EnvRead>> {
 public:
  std::vector<EnvRead> prepare(const ReviewContext&) const override { return {}; }
  void check_file(const ReviewContext& ctx, std::vector<EnvRead>& reads, const FileChange& file,
                  std::vector<Finding>&) const override {
    if (!ctx.workspace.head_tree()) return;
    for (const FileChange& f : one_file(file)) {
      if (f.binary || f.new_path.empty() || !is_python(f.new_path) || is_test_path(f.new_path)) continue;
      if (f.new_path.starts_with(".github/")) continue;
      const lang::SyntaxTree* tree = ctx.workspace.new_tree(f.new_path);
      if (!tree) continue;
      // Where the maintainers reject permanent knobs but keep most of their own undocumented
      // (aiter), the knob that matters is one a stable core op reads on every call: it changes
      // what every downstream model computes through hidden process state. Developer knobs of
      // kernel files and config-path overrides read once at import are the repository's practice.
      bool core_op = !ctx.profile.rejects_env_knobs || is_core_api_file(ctx.profile, f.new_path);
      if (!core_op) continue;
      for (EnvRead& r : added_reads(*tree, f.new_path, added_line_numbers(f)))
        if (project_var(ctx.profile, r.name) && (!ctx.profile.rejects_env_knobs || decided_per_call(*tree, r.line)))
          reads.push_back(std::move(r));
    }
  }
  void totals(const ReviewContext& ctx, std::vector<EnvRead>& reads, std::vector<Finding>& out) const override {
    const TreeReader* head = ctx.workspace.head_tree();
    const TreeReader* base = ctx.workspace.base_tree();
    if (!head) return;
    if (reads.empty()) return;

    // New to the repository: no Python file of the base tree mentions the name.
    std::set<std::string> names;
    for (const EnvRead& r : reads) names.insert(r.name);
    // One pass over the base's Python answers two questions: which new names it already
    // mentions, and (no registry) which quoted project knobs it reads, the read-site practice.
    std::set<std::string> known, base_knobs;
    if (base) {
      std::string alternation, prefixes;
      for (const std::string& n : names) alternation += (alternation.empty() ? "" : "|") + RE2::QuoteMeta(n);
      for (const std::string& p : ctx.profile.env_prefixes) prefixes += (prefixes.empty() ? "" : "|") + RE2::QuoteMeta(p);
      bool practice = ctx.profile.env_registry.empty() && !prefixes.empty();
      RE2 re("(\\b(?:" + alternation + ")\\b" + (practice ? "|[\"'](?:" + prefixes + ")[A-Z0-9_]+[\"']" : "") + ")");
      for (std::string hit : python_tree_captures(*base, re)) {
        bool quoted = hit.front() == '"' || hit.front() == '\'';
        if (quoted) hit = hit.substr(1, hit.size() - 2);
        if (names.count(hit)) known.insert(hit);
        if (quoted) base_knobs.insert(std::move(hit));
      }
    }

    std::string docs = project_documentation(*head);
    int base_undocumented = 0;
    for (const std::string& n : base_knobs) base_undocumented += !mentions_word(docs, n);
    // Without a registry, a repository whose own knobs mostly live undocumented explains them
    // where they are read (a comment above the read, the function's docstring); a new knob
    // explained the same way follows that practice.
    bool read_site_practice = base_undocumented >= kPracticeKnobs && 2 * base_undocumented >= static_cast<int>(base_knobs.size());
    std::map<std::string, std::string> registries;
    for (const std::string& reg : ctx.profile.env_registry)
      if (auto text = head->read(reg)) registries[reg] = std::move(*text);

    // Knobs whose guarded code only computes what it reports (a debug probe): one note per PR.
    std::vector<std::pair<std::string, Finding>> diagnostics;
    std::map<std::string, std::vector<const EnvRead*>> by_name;
    for (const EnvRead& r : reads)
      if (!known.count(r.name)) by_name[r.name].push_back(&r);
    for (const auto& [name, where] : by_name) {
      bool registered = ctx.profile.env_registry.empty();
      for (const EnvRead* r : where)
        if (registries.count(r->path)) registered = true;
      for (const auto& [reg, text] : registries)
        if (text.find("\"" + name + "\"") != std::string::npos || text.find("'" + name + "'") != std::string::npos)
          registered = true;
      bool documented = mentions_word(docs, name);
      if (registered && documented) continue;
      if (registered && read_site_practice && explained_where_read(ctx, name, where)) continue;
      if (only_reports(ctx, name, registries, true)) continue;
      Finding x = report(ctx, name, where, registered, documented);
      if (only_reports(ctx, name, registries, false)) {
        x.problem += "; it only switches a debug probe (the code it guards computes values only to print or log them)";
        x.impact = "No result depends on it, but nobody can find the probe to turn it on, and a probe nobody "
                   "can find is dead code that ships";
        x.action = "Author must document `" + name + "` (what the probe reports, how to turn it on), or remove the "
                   "probe before merge";
        diagnostics.push_back({name, std::move(x)});
        continue;
      }
      if (registered && registry_documents(ctx)) {
        // The repository documents its knobs in the registry: an entry that explains itself
        // there is documented the way the base documents most of its own.
        std::string comment;
        for (const auto& [reg, text] : registries)
          if (comment.empty()) comment = registry_comment(text, name);
        if (comment.size() >= kExplainedComment) continue;
        const BaseIdioms& idioms = base_idioms(ctx);
        x.problem += fmt::format("; the base registry keeps {} of its {} entries out of README/docs, but this one "
                                 "carries no comment there either",
                                 idioms.registered_undocumented, idioms.registered_env_vars);
      }
      out.push_back(std::move(x));
    }
    if (!diagnostics.empty()) {
      Finding x = std::move(diagnostics.front().second);
      if (diagnostics.size() > 1) {
        std::vector<std::string> rest;
        for (size_t i = 1; i < diagnostics.size(); ++i) rest.push_back("`" + diagnostics[i].first + "`");
        x.problem += fmt::format("; {} more new env var{} of this PR only switch{} a debug probe the same way: {}",
                                 rest.size(), rest.size() == 1 ? "" : "s", rest.size() == 1 ? "es" : "",
                                 fmt::join(rest, ", "));
        x.action = "Author must document these knobs (what each probe reports, how to turn it on), or remove the "
                   "probes before merge";
        for (size_t i = 1; i < diagnostics.size(); ++i)
          if (const std::optional<Location>& at = diagnostics[i].second.location) x.related.push_back(*at);
      }
      out.push_back(std::move(x));
    }
  }

 private:
  // A registry comment long enough to say what a knob does and when to use it.
  static constexpr size_t kExplainedComment = 30;
  // Knobs of the base kept out of README/docs that make that the repository's practice.
  static constexpr int kPracticeKnobs = 20;

  // Whether the base repository ships knobs documented only in the registry: 20 or more of its
  // registered names appear in no README or docs page. A count, not a share: ATOM documents
  // two thirds of its knobs in docs and still keeps 27 registered with only their comment, so
  // a commented registry entry is one of its two accepted ways, not a departure.
  static bool registry_documents(const ReviewContext& ctx) {
    return base_idioms(ctx).registered_undocumented >= kPracticeKnobs;
  }

  // Whether the knob only switches what a run reports: in every changed non-test file that uses
  // it (the registry entry aside), its value decides only log lines or prints. A name the base
  // never mentions lives only in files the PR changed, so those are all of its uses.
  static bool only_reports(const ReviewContext& ctx, const std::string& name,
                           const std::map<std::string, std::string>& registries, bool bare) {
    bool any = false;
    for (const FileChange& f : ctx.pr.changes.files) {
      if (f.binary || f.new_path.empty() || !is_python(f.new_path) || is_test_path(f.new_path)) continue;
      if (registries.count(f.new_path)) continue;
      // The text first: after the file-major run the trees are gone, and only files naming the
      // knob need one again.
      const std::string* text = ctx.workspace.new_text(f.new_path);
      if (!text || text->find(name) == std::string::npos) continue;
      const lang::SyntaxTree* tree = ctx.workspace.new_tree(f.new_path);
      if (!tree) continue;
      bool found = false;
      if (knob_only_reports(*tree, name, found, bare)) {
        any = true;
      } else if (found) {
        return false;
      }
    }
    return any;
  }

  // Whether one read of `name` explains the knob where it is read: 30+ characters in the
  // comment lines right above its statement, or a docstring of the enclosing function that
  // names it.
  static bool explained_where_read(const ReviewContext& ctx, const std::string& name,
                                   const std::vector<const EnvRead*>& where) {
    for (const EnvRead* r : where) {
      const lang::SyntaxTree* tree = ctx.workspace.new_tree(r->path);
      if (!tree) continue;
      lang::Node stmt = tree->statement_at(r->line);
      // A read in an `elif` test belongs to its if-chain: the comment above the chain explains it.
      while (stmt && (stmt.kind() == "elif_clause" || stmt.kind() == "else_clause") && stmt.parent())
        stmt = stmt.parent();
      int first = stmt ? stmt.start_line() : r->line;
      std::string comment;
      for (int j = first - 1; j > 0; --j) {
        std::string_view t = trim(tree->line_text(j));
        if (!t.starts_with("#")) break;
        comment += std::string(trim(t.substr(1))) + " ";
      }
      if (trim(comment).size() >= kExplainedComment) return true;
      if (auto fn = tree->enclosing_function(r->line); fn && fn->body) {
        std::vector<lang::Node> body = fn->body.named_children();
        if (!body.empty() && body.front().kind() == "expression_statement" &&
            body.front().text().find_first_of("\"'") == 0 && mentions_word(body.front().text(), name))
          return true;
      }
    }
    return false;
  }

  // Whether the read at `line` is a decision the op makes on each call: it sits inside a
  // function, and the function does not just hand the value back (an accessor such as a
  // config-file property `return self.get_config_file("AITER_CONFIG_X", ...)` is the
  // repository's settings plumbing, not a behaviour the op picks).
  static bool decided_per_call(const lang::SyntaxTree& tree, int line) {
    if (!tree.enclosing_function(line)) return false;
    lang::Node stmt = tree.statement_at(line);
    return !(stmt && stmt.kind() == "return_statement");
  }

  static bool is_core_api_file(const Profile& profile, const std::string& path) {
    return std::find(profile.core_api_files.begin(), profile.core_api_files.end(), path) != profile.core_api_files.end();
  }

  static bool project_var(const Profile& profile, const std::string& name) {
    for (const std::string& prefix : profile.env_prefixes)
      if (name.starts_with(prefix) && name.size() > prefix.size()) return true;
    if (!profile.env_prefixes.empty()) return false;
    static const RE2 upper_snake(R"(^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$)");
    return RE2::FullMatch(name, upper_snake) && !platform_var(name);
  }

  Finding report(const ReviewContext& ctx, const std::string& name, const std::vector<const EnvRead*>& where,
                 bool registered, bool documented) const {
    const EnvRead& first = *where.front();
    bool aiter = ctx.profile.rejects_env_knobs;
    Finding x = finding();
    x.location = Location{first.path, first.line};
    for (size_t i = 1; i < where.size(); ++i) x.related.push_back(Location{where[i]->path, where[i]->line});
    std::string registry = ctx.profile.env_registry.empty() ? "" : ctx.profile.env_registry.front();
    if (!registered && !documented)
      x.problem = "New env var `" + name + "` is read directly, without being registered in " + registry +
                  " or documented in README/docs";
    else if (!registered)
      x.problem = "New env var `" + name + "` is documented but read directly, without being registered in " + registry;
    else
      x.problem = "New env var `" + name + "` is not documented in any README.md or docs/ page";
    x.impact = aiter ? "It adds a permanent behaviour knob that users cannot discover; aiter generally rejects "
                       "new permanent env flags (prefer deriving the choice from dtype/arch/shape), and a run "
                       "configured by it cannot be reproduced from the documented settings"
                     : "It is a hidden behaviour switch: users cannot discover it, and a run configured by it "
                       "cannot be reproduced from the documented settings";
    if (aiter)
      x.action = "Author must derive the behaviour from dtype/arch/shape instead, or, if it is a temporary "
                 "rollback switch, document `" + name + "` (what it changes, default, when to remove it)";
    else if (!registered)
      x.action = "Author must register `" + name + "` in " + registry + " (read it through that module) and "
                 "document it in README or docs/";
    else
      x.action = "Author must document `" + name + "` in README or docs/: what it changes and its default";
    x.evidence.push_back(evidence(first.path, first.line, line_text(ctx, first)));
    return x;
  }

  static std::string line_text(const ReviewContext& ctx, const EnvRead& r) {
    const lang::SyntaxTree* tree = ctx.workspace.new_tree(r.path);
    return tree ? std::string(tree->line_text(r.line)) : std::string();
  }
};

REGISTER_RULE(UndocumentedEnvVar);

}  // namespace
}  // namespace rp
