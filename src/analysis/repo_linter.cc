#include "analysis/repo_linter.h"

#include <fmt/format.h>
#include <toml++/toml.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <map>
#include <memory>
#include <mutex>
#include <tuple>
#include <optional>

#include "core/path_pattern.h"
#include "core/paths.h"
#include "core/strings.h"

namespace rp {

namespace {

// ruff's defaults when nothing selects (pycodestyle's E4/E7/E9 and all of pyflakes) and its
// built-in exclude list; flake8's defaults (pycodestyle, pyflakes, mccabe; its default ignore
// list; its default exclude list).
const std::vector<std::string> kRuffSelect = {"E4", "E7", "E9", "F"};
const std::vector<std::string> kRuffExclude = {
    ".bzr",       ".direnv",         ".eggs",      ".git",        ".git-rewrite",  ".hg",   ".ipynb_checkpoints",
    ".mypy_cache", ".nox",           ".pants.d",   ".pyenv",      ".pytest_cache", ".pytype", ".ruff_cache",
    ".svn",       ".tox",            ".venv",      ".vscode",     "__pypackages__", "_build", "buck-out",
    "build",      "dist",            "node_modules", "site-packages", "venv"};
const std::vector<std::string> kFlake8Select = {"E", "F", "W", "C90"};
const std::vector<std::string> kFlake8Ignore = {"E121", "E123", "E126", "E226", "E24", "E704", "W503", "W504"};
const std::vector<std::string> kFlake8Exclude = {".svn", "CVS", ".bzr", ".hg", ".git", "__pycache__", ".tox",
                                                 ".nox", ".eggs", "*.egg"};

// What a linter run says before its configuration file is read.
struct Invocation {
  std::string tool;
  std::string where;
  std::optional<std::vector<std::string>> select;  // --select replaces the configured set
  std::vector<std::string> extend_select, ignore, exclude, extend_exclude;
  std::string config;  // --config FILE
  std::vector<std::string> paths;
};

Invocation invocation(std::string tool, std::string where) {
  Invocation inv;
  inv.tool = std::move(tool);
  inv.where = std::move(where);
  return inv;
}

// "F401,E501" or "F401, E501" (and TOML/INI lists spread over lines): the codes.
void append_codes(std::string_view list, std::vector<std::string>& out) {
  std::string word;
  for (char c : list) {
    if (c == ',' || c == ' ' || c == '\t' || c == '\n' || c == '\r') {
      if (!word.empty()) out.push_back(std::move(word));
      word.clear();
    } else {
      word += c;
    }
  }
  if (!word.empty()) out.push_back(std::move(word));
}

// A path argument or configured path, root-relative without "./" or a trailing "/" ("" = root).
std::string root_relative(std::string_view p) {
  while (p.starts_with("./")) p.remove_prefix(2);
  while (p.ends_with('/') && p.size() > 1) p.remove_suffix(1);
  if (p == "." || p == "/") return "";
  return std::string(p);
}

// A ruff/flake8 path pattern in the gitignore dialect of core/path_pattern.h: one with a `/`
// is matched against the root-relative path (ruff's rule), one without against every name.
std::string as_path_pattern(std::string_view pattern) {
  while (pattern.starts_with("./")) pattern.remove_prefix(2);
  if (pattern.find('/') == std::string_view::npos) return std::string(pattern);
  while (pattern.ends_with('/')) pattern.remove_suffix(1);
  return pattern.starts_with('/') ? std::string(pattern) : "/" + std::string(pattern);
}

// The longest prefix of `prefixes` that `code` starts with (ALL: length 0); -1 = none.
int best_match(std::string_view code, const std::vector<std::string>& prefixes) {
  int best = -1;
  for (const std::string& p : prefixes) {
    if (p == "ALL") best = std::max(best, 0);
    else if (!p.empty() && code.starts_with(p)) best = std::max(best, static_cast<int>(p.size()));
  }
  return best;
}

// The words of one shell command line; quotes dropped (workflow commands, not a shell).
std::vector<std::string> shell_words(std::string_view line) {
  std::vector<std::string> out;
  std::string word;
  char quote = 0;
  for (char c : line) {
    if (quote) {
      if (c == quote) quote = 0;
      else word += c;
    } else if (c == '\'' || c == '"') {
      quote = c;
    } else if (c == ' ' || c == '\t') {
      if (!word.empty()) out.push_back(std::move(word));
      word.clear();
    } else {
      word += c;
    }
  }
  if (!word.empty()) out.push_back(std::move(word));
  return out;
}

bool takes_value(const std::string& tool, std::string_view opt) {
  static const std::vector<std::string_view> common = {
      "--select", "--extend-select", "--ignore", "--extend-ignore", "--exclude", "--extend-exclude",
      "--per-file-ignores", "--extend-per-file-ignores", "--config", "--format", "--output-format",
      "--output-file", "--max-line-length", "--max-complexity", "--target-version", "--line-length",
      "--fixable", "--unfixable", "--extend-fixable", "--cache-dir", "--stdin-filename", "--append-config"};
  (void)tool;
  for (std::string_view o : common)
    if (o == opt) return true;
  return false;
}

// The options and paths of one linter command, from the words after `ruff check` / `flake8`.
void read_arguments(const std::vector<std::string>& words, size_t from, Invocation& inv) {
  for (size_t i = from; i < words.size(); ++i) {
    std::string w = words[i];
    if (w == "|" || w == "&&" || w == "||" || w == ";" || w == ">" || w == "2>&1") break;
    if (w.starts_with("-")) {
      std::string opt = w, value;
      size_t eq = w.find('=');
      if (eq != std::string::npos) {
        opt = w.substr(0, eq);
        value = w.substr(eq + 1);
      } else if (takes_value(inv.tool, w) && i + 1 < words.size()) {
        value = words[++i];
      }
      if (opt == "--select") {
        inv.select.emplace();
        append_codes(value, *inv.select);
      } else if (opt == "--extend-select") {
        append_codes(value, inv.extend_select);
      } else if (opt == "--ignore" || opt == "--extend-ignore") {
        append_codes(value, inv.ignore);
      } else if (opt == "--exclude") {
        append_codes(value, inv.exclude);
      } else if (opt == "--extend-exclude") {
        append_codes(value, inv.extend_exclude);
      } else if (opt == "--config" && value.find('=') == std::string::npos) {
        inv.config = root_relative(value);
      }
      continue;
    }
    inv.paths.push_back(root_relative(w));
  }
}

// The linter commands of one `run:` script (continuation lines joined; `python -m ruff` too).
void commands_in_script(std::string_view script, const std::string& where, std::vector<Invocation>& out,
                        bool& runs_pre_commit) {
  std::string joined;
  for_each_line(script, [&](std::string_view line) {
    std::string_view t = trim(line);
    if (t.starts_with("#")) return;
    if (t.ends_with('\\')) {
      joined += std::string(t.substr(0, t.size() - 1)) + " ";
      return;
    }
    joined += std::string(t);
    std::vector<std::string> words = shell_words(joined);
    joined.clear();
    // A word that starts a command: first, after a separator, `python -m`, `uv run`/`pipx run`
    // (not a package name after `pip install`).
    auto starts_command = [&](size_t i) {
      if (i == 0) return true;
      std::string_view prev = words[i - 1];
      return prev == "|" || prev == "&&" || prev == "||" || prev == ";" || prev == "-m" || prev == "run" ||
             prev == "exec";
    };
    for (size_t i = 0; i < words.size(); ++i) {
      std::string_view w = words[i];
      if (!starts_command(i)) continue;
      if (w == "pre-commit" && i + 1 < words.size() && words[i + 1] == "run") runs_pre_commit = true;
      if (w == "ruff" && i + 1 < words.size() && words[i + 1] == "check") {
        Invocation inv = invocation("ruff", where);
        read_arguments(words, i + 2, inv);
        out.push_back(std::move(inv));
      } else if (w == "flake8") {
        Invocation inv = invocation("flake8", where);
        read_arguments(words, i + 1, inv);
        out.push_back(std::move(inv));
      }
    }
  });
}

std::optional<YAML::Node> load_yaml(const std::string& text) {
  try {
    return YAML::Load(text);
  } catch (const YAML::Exception&) {
    return std::nullopt;
  }
}

std::string scalar(const YAML::Node& n) {
  return n && n.IsScalar() ? n.Scalar() : std::string();
}

bool on_pull_request(const YAML::Node& doc) {
  if (!doc.IsMap()) return false;
  // YAML 1.1 reads a bare `on` as true; yaml-cpp keeps the key's text.
  const YAML::Node on = doc["on"] ? doc["on"] : doc["true"];
  auto pr_event = [](const std::string& e) { return e == "pull_request" || e == "pull_request_target"; };
  if (!on) return false;
  if (on.IsScalar()) return pr_event(on.Scalar());
  if (on.IsSequence()) {
    for (const YAML::Node& e : on)
      if (pr_event(scalar(e))) return true;
    return false;
  }
  if (on.IsMap())
    for (const auto& kv : on)
      if (pr_event(scalar(kv.first))) return true;
  return false;
}

// The linter steps of one workflow run on pull requests.
void workflow_linters(const std::string& path, const std::string& text, std::vector<Invocation>& out,
                      bool& runs_pre_commit) {
  std::optional<YAML::Node> doc = load_yaml(text);
  if (!doc || !on_pull_request(*doc)) return;
  const YAML::Node jobs = (*doc)["jobs"];
  if (!jobs || !jobs.IsMap()) return;
  for (const auto& job : jobs) {
    const YAML::Node steps = job.second.IsMap() ? job.second["steps"] : YAML::Node();
    if (!steps || !steps.IsSequence()) continue;
    for (const YAML::Node& step : steps) {
      if (!step.IsMap()) continue;
      commands_in_script(scalar(step["run"]), path, out, runs_pre_commit);
      std::string uses = scalar(step["uses"]);
      if (uses.starts_with("pre-commit/action@")) runs_pre_commit = true;
      if (uses.find("/ruff-action@") != std::string::npos) {
        // astral-sh/ruff-action, chartboost/ruff-action: `ruff <args> <src>`, args "check".
        const YAML::Node with = step["with"];
        std::string args = with && with.IsMap() ? scalar(with["args"]) : "";
        std::string src = with && with.IsMap() ? scalar(with["src"]) : "";
        if (args.empty()) args = "check";
        std::vector<std::string> words = shell_words(args + " " + src);
        if (words.empty() || words[0] != "check") continue;
        Invocation inv = invocation("ruff", path);
        read_arguments(words, 1, inv);
        out.push_back(std::move(inv));
      }
    }
  }
}

// The ruff/flake8 hooks of a pre-commit configuration. A hook limited by `files`/`exclude`
// regexes is left out (its coverage is not modelled).
void pre_commit_linters(const std::string& text, bool run_in_ci, std::vector<Invocation>& out) {
  std::optional<YAML::Node> doc = load_yaml(text);
  if (!doc || !doc->IsMap()) return;
  // pre-commit.ci runs the hooks on every pull request when the file configures it.
  if (!run_in_ci && !(*doc)["ci"]) return;
  const YAML::Node repos = (*doc)["repos"];
  if (!repos || !repos.IsSequence()) return;
  for (const YAML::Node& repo : repos) {
    const YAML::Node hooks = repo.IsMap() ? repo["hooks"] : YAML::Node();
    if (!hooks || !hooks.IsSequence()) continue;
    for (const YAML::Node& hook : hooks) {
      if (!hook.IsMap() || hook["files"] || hook["exclude"]) continue;
      std::string id = scalar(hook["id"]);
      if (id != "ruff" && id != "ruff-check" && id != "flake8") continue;
      Invocation inv = invocation(id == "flake8" ? "flake8" : "ruff", ".pre-commit-config.yaml");
      std::vector<std::string> words;
      const YAML::Node args = hook["args"];
      if (args && args.IsSequence())
        for (const YAML::Node& a : args)
          for (std::string& w : shell_words(scalar(a))) words.push_back(std::move(w));
      read_arguments(words, 0, inv);
      inv.paths.clear();  // pre-commit passes the changed files themselves
      out.push_back(std::move(inv));
    }
  }
}

// Options on the command line override the configuration file's (`--select` replaces,
// `--extend-select` adds; `--exclude` replaces, `--extend-exclude` adds).
void command_line_wins(const Invocation& inv, std::vector<std::string>& select, std::vector<std::string>& exclude) {
  if (inv.select) select = *inv.select;
  select.insert(select.end(), inv.extend_select.begin(), inv.extend_select.end());
  if (!inv.exclude.empty()) exclude = inv.exclude;
  exclude.insert(exclude.end(), inv.extend_exclude.begin(), inv.extend_exclude.end());
}

std::vector<std::string> toml_strings(const toml::node* node) {
  std::vector<std::string> out;
  if (!node) return out;
  if (const toml::array* arr = node->as_array()) {
    for (const toml::node& item : *arr)
      if (auto s = item.value<std::string>()) out.push_back(*s);
  } else if (auto s = node->value<std::string>()) {
    out.push_back(*s);
  }
  return out;
}

std::optional<toml::table> parse_toml(const std::string& text) {
  try {
    return toml::parse(text);
  } catch (const toml::parse_error&) {
    return std::nullopt;
  }
}

// ruff's settings table in one configuration file: the whole of ruff.toml, or pyproject's
// [tool.ruff]; nullptr when the file has none.
const toml::table* ruff_table(const toml::table& root, bool pyproject) {
  if (!pyproject) return &root;
  const toml::table* tool = root["tool"].as_table();
  return tool ? (*tool)["ruff"].as_table() : nullptr;
}

void apply_ruff_config(const TreeReader& tree, const Invocation& inv, RepoLinter& out) {
  std::vector<std::pair<std::string, bool>> candidates;
  if (!inv.config.empty()) candidates.push_back({inv.config, base_name(inv.config) == "pyproject.toml"});
  candidates.insert(candidates.end(), {{".ruff.toml", false}, {"ruff.toml", false}, {"pyproject.toml", true}});
  std::vector<std::string> select = kRuffSelect;
  std::vector<std::string> exclude = kRuffExclude;
  for (const auto& [file, pyproject] : candidates) {
    std::optional<std::string> text = tree.read(file);
    if (!text) continue;
    std::optional<toml::table> root = parse_toml(*text);
    if (!root) continue;
    const toml::table* ruff = ruff_table(*root, pyproject);
    if (!ruff) continue;
    const toml::table* lint = (*ruff)["lint"].as_table();
    // A key of [lint] wins over the same (older) key at the top of ruff's table.
    auto key = [&](std::string_view k) -> const toml::node* {
      if (lint)
        if (const toml::node* n = lint->get(k)) return n;
      return ruff->get(k);
    };
    if (const toml::node* n = key("select")) select = toml_strings(n);
    for (std::string& s : toml_strings(key("extend-select"))) select.push_back(std::move(s));
    for (std::string_view k : {"ignore", "extend-ignore"})
      for (std::string& s : toml_strings(key(k))) out.ignore.push_back(std::move(s));
    for (std::string_view k : {"per-file-ignores", "extend-per-file-ignores"})
      if (const toml::node* n = key(k))
        if (const toml::table* t = n->as_table())
          for (const auto& [pattern, codes] : *t)
            out.per_file_ignores.push_back({std::string(pattern.str()), toml_strings(&codes)});
    if (const toml::node* n = ruff->get("exclude")) exclude = toml_strings(n);
    for (std::string& s : toml_strings(ruff->get("extend-exclude"))) exclude.push_back(std::move(s));
    break;
  }
  command_line_wins(inv, select, exclude);
  out.select = std::move(select);
  out.exclude = std::move(exclude);
}

// The [flake8] section of an INI file: key → value, continuation lines joined.
std::optional<std::map<std::string, std::string>> flake8_section(std::string_view text) {
  std::optional<std::map<std::string, std::string>> out;
  bool in = false;
  std::string key;
  for_each_line(text, [&](std::string_view line) {
    std::string_view t = trim(line);
    if (t.starts_with("[")) {
      in = t == "[flake8]";
      if (in && !out) out.emplace();
      key.clear();
      return;
    }
    if (!in || t.empty() || t.starts_with("#") || t.starts_with(";")) return;
    bool continuation = !line.empty() && (line[0] == ' ' || line[0] == '\t');
    size_t eq = t.find_first_of("=:");
    if (continuation && !key.empty()) {
      (*out)[key] += "\n" + std::string(t);
    } else if (eq != std::string_view::npos) {
      key = std::string(trim(t.substr(0, eq)));
      std::replace(key.begin(), key.end(), '_', '-');
      (*out)[key] = std::string(trim(t.substr(eq + 1)));
    }
  });
  return out;
}

void apply_flake8_config(const TreeReader& tree, const Invocation& inv, RepoLinter& out) {
  std::vector<std::string> select = kFlake8Select, ignore = kFlake8Ignore, exclude = kFlake8Exclude;
  std::vector<std::string> files = {"setup.cfg", "tox.ini", ".flake8"};
  if (!inv.config.empty()) files.insert(files.begin(), inv.config);
  for (const std::string& file : files) {
    std::optional<std::string> text = tree.read(file);
    if (!text) continue;
    auto section = flake8_section(*text);
    if (!section) continue;
    auto get = [&](const char* k) -> const std::string* {
      auto it = section->find(k);
      return it == section->end() ? nullptr : &it->second;
    };
    if (const std::string* v = get("select")) { select.clear(); append_codes(*v, select); }
    if (const std::string* v = get("extend-select")) append_codes(*v, select);
    if (const std::string* v = get("ignore")) { ignore.clear(); append_codes(*v, ignore); }
    if (const std::string* v = get("extend-ignore")) append_codes(*v, ignore);
    if (const std::string* v = get("exclude")) { exclude.clear(); append_codes(*v, exclude); }
    if (const std::string* v = get("extend-exclude")) append_codes(*v, exclude);
    if (const std::string* v = get("per-file-ignores")) {
      std::vector<std::string> entries;
      append_codes(*v, entries);
      // "path:F401,E501" entries, the codes possibly written after the colon as separate words.
      for (const std::string& e : entries) {
        size_t colon = e.find(':');
        if (colon != std::string::npos) {
          out.per_file_ignores.push_back({e.substr(0, colon), {}});
          if (colon + 1 < e.size()) out.per_file_ignores.back().second.push_back(e.substr(colon + 1));
        } else if (!out.per_file_ignores.empty()) {
          out.per_file_ignores.back().second.push_back(e);
        }
      }
    }
    break;
  }
  command_line_wins(inv, select, exclude);
  out.select = std::move(select);
  out.ignore.insert(out.ignore.end(), ignore.begin(), ignore.end());
  out.exclude = std::move(exclude);
}

RepoLinter configured(const TreeReader& tree, const Invocation& inv) {
  RepoLinter out;
  out.tool = inv.tool;
  out.where = inv.where;
  out.ignore = inv.ignore;
  if (inv.tool == "ruff") apply_ruff_config(tree, inv, out);
  else apply_flake8_config(tree, inv, out);
  out.paths = inv.paths;
  if (out.paths.empty()) out.paths.push_back("");
  return out;
}

}  // namespace

bool linter_reports(const RepoLinter& linter, std::string_view path, std::string_view code) {
  bool in_paths = false;
  for (const std::string& p : linter.paths)
    in_paths = in_paths || p.empty() || path == p || (path.starts_with(p) && path.size() > p.size() && path[p.size()] == '/');
  if (!in_paths) return false;
  for (const std::string& pattern : linter.exclude)
    if (path_pattern_match(as_path_pattern(pattern), path)) return false;
  std::vector<std::string> ignore = linter.ignore;
  for (const auto& [pattern, codes] : linter.per_file_ignores)
    if (path_pattern_match(as_path_pattern(pattern), path)) ignore.insert(ignore.end(), codes.begin(), codes.end());
  int selected = best_match(code, linter.select);
  return selected >= 0 && selected > best_match(code, ignore);
}

RepoLinters read_repo_linters(const TreeReader& tree) {
  std::vector<Invocation> found;
  bool runs_pre_commit = false;
  for (const std::string& path : tree.list_files()) {
    if (!path.starts_with(".github/workflows/") || path.find('/', 18) != std::string::npos) continue;
    if (!path.ends_with(".yml") && !path.ends_with(".yaml")) continue;
    if (std::optional<std::string> text = tree.read(path)) workflow_linters(path, *text, found, runs_pre_commit);
  }
  for (const char* file : {".pre-commit-config.yaml", ".pre-commit-config.yml"})
    if (std::optional<std::string> text = tree.read(file)) pre_commit_linters(*text, runs_pre_commit, found);
  RepoLinters out;
  for (const Invocation& inv : found) out.linters.push_back(configured(tree, inv));
  return out;
}

const RepoLinters& repo_linters(const ReviewContext& ctx) {
  // As base_idioms: one entry per base revision, never evicted (a batch reviews many commits
  // of few bases); a review without a base revision (fixtures, directories) keeps its own in
  // the review's fact cache.
  static std::mutex mu;
  static std::map<std::string, RepoLinters> by_rev;
  const TreeReader* base = ctx.workspace.base_tree();
  if (ctx.pr.base_rev.empty())
    return ctx.facts->get<RepoLinters>([&] { return base ? read_repo_linters(*base) : RepoLinters{}; });
  std::lock_guard<std::mutex> lock(mu);
  auto it = by_rev.find(ctx.pr.base_rev);
  if (it == by_rev.end()) it = by_rev.emplace(ctx.pr.base_rev, base ? read_repo_linters(*base) : RepoLinters{}).first;
  return it->second;
}

const RepoLinter* linter_reporting(const ReviewContext& ctx, std::string_view path, std::string_view code) {
  for (const RepoLinter& l : repo_linters(ctx).linters)
    if (linter_reports(l, path, code)) return &l;
  return nullptr;
}

std::string linter_label(const RepoLinter& linter, std::string_view code) {
  return fmt::format("{} ({}, {})", linter.tool, code, linter.where);
}

namespace {
// The review's ledger of findings left to the linter: one per review (in its fact cache),
// appended to by rules that may run on several threads.
struct LinterLedger {
  std::shared_ptr<std::mutex> mu = std::make_shared<std::mutex>();
  std::shared_ptr<std::vector<LeftToLinter>> items = std::make_shared<std::vector<LeftToLinter>>();
};
const LinterLedger& ledger(const ReviewContext& ctx) {
  return ctx.facts->get<LinterLedger>([] { return LinterLedger{}; });
}
}  // namespace

void leave_to_linter(const ReviewContext& ctx, Finding finding, std::string reported_by) {
  const LinterLedger& l = ledger(ctx);
  std::lock_guard<std::mutex> lock(*l.mu);
  l.items->push_back({std::move(finding), std::move(reported_by)});
}

void report_unless_linter(const ReviewContext& ctx, std::string_view path, std::string_view code, Finding finding,
                          std::vector<Finding>& out) {
  if (const RepoLinter* linter = linter_reporting(ctx, path, code))
    leave_to_linter(ctx, std::move(finding), linter_label(*linter, code));
  else
    out.push_back(std::move(finding));
}

std::vector<LeftToLinter> left_to_linter(const ReviewContext& ctx) {
  const LinterLedger& l = ledger(ctx);
  std::vector<LeftToLinter> out;
  {
    std::lock_guard<std::mutex> lock(*l.mu);
    out = *l.items;
  }
  auto key = [](const LeftToLinter& x) {
    const std::optional<Location>& at = x.finding.location;
    return std::make_tuple(at ? at->file : std::string(), at ? at->line : 0, x.finding.rule, x.finding.problem);
  };
  std::stable_sort(out.begin(), out.end(), [&](const LeftToLinter& a, const LeftToLinter& b) { return key(a) < key(b); });
  return out;
}

}  // namespace rp
