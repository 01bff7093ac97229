#include "config/review_config.h"

#include <algorithm>
#include <sstream>

#include <fmt/format.h>
#include <toml++/toml.h>

#include "core/budget.h"
#include "core/path_pattern.h"
#include "core/paths.h"
#include "rules/registry.h"

namespace rp {

const std::vector<ConfigKey>& config_keys() {
  static const std::vector<ConfigKey> keys = {
      {"profile", "string",
       "Which built-in profile reviews this repository: `atom`, `aiter` or `generic`. Default: detected from the "
       "layout (`atom/` or `aiter/` holding Python). `--profile` on the command line wins.",
       R"(profile = "aiter")"},
      {"rules.disable", "array of rule names",
       "Rules that never run here (adds to `--disable`). A rule's former name names the rules split from it "
       "(`api-propagation` also names `public-op-break`, `param-discarded` and `getattr-key-unset`), here and "
       "in every other rule list, severity table and suppression comment.",
       R"(rules.disable = ["new-dependency"])"},
      {"rules.enable", "array of rule names",
       "Rules to run even though the profile or a measurement switched them off (`review-pr rules` shows where each is off and why; README: \"Rules switched off by measurement\").",
       R"(rules.enable = ["cudagraph-capture"])"},
      {"rules.only", "array of rule names", "Run only these rules. `--rule` on the command line replaces it.",
       R"(rules.only = ["unbound-local", "cudagraph-capture", "temporary-script"])"},
      {"rules.severity", "table: rule name → `red`, `warn` or `note`",
       "Severity override per rule (a rule's own entry wins over its former name's). A raised `red` still needs "
       "a concrete trigger, or the verdict stage shows it as a warning.",
       R"(rules.severity = { "perf-claim-without-numbers" = "note" })"},
      {"rules.timeout", "number (seconds)",
       "How long each rule may spend on one file before it stops; the report then names the rule and the file it "
       "did not finish (not a finding). Default 5; 0 = unlimited. `--rule-timeout` on the command line wins.",
       R"(rules.timeout = 5)"},
      {"paths.include", "array of gitignore patterns",
       "Report findings only on files these match. The patterns are `.gitignore`'s: `*` and `?` stay within a path "
       "component, `**/` is any number of directories, a name without `/` matches at any depth, a leading `/` "
       "anchors at the root, a trailing `/` matches directories (everything below), and `!pattern` re-includes "
       "(the last match wins). Findings about the PR description are always kept.",
       R"(paths.include = ["aiter/**", "csrc/**"])"},
      {"paths.exclude", "array of gitignore patterns",
       "Never report findings on files these match (wins over include). Files `.gitattributes` marks "
       "`linguist-generated` are skipped as well.",
       R"(paths.exclude = ["/3rdparty/", "*_generated.py", "!keep_generated.py"])"},
      {"backbone", "array of tables: `path` (string; a prefix when it ends in `/`), `tier` (1–3), `why` (string)",
       "Extra backbone files (Step 4 risk tiers), checked before the profile's own table.",
       "[[backbone]]\npath = \"aiter/jit/core.py\"\ntier = 1\nwhy = \"every JIT build goes through it\""},
      {"triggers.params", "array of strings",
       "Extra parameter names that select a special kernel path (checklist B1), added to the profile's.",
       R"(triggers.params = ["sliding_window", "sinks"])"},
      {"production_shapes", "table: dimension name → positive integer",
       "The production scale this repository runs at, by dimension; what an int32-overflow finding names as its "
       "concrete trigger.",
       "[production_shapes]\nmax_num_seqs = 512\nnum_blocks = 262144"},
  };
  return keys;
}

namespace {

class Parser {
 public:
  explicit Parser(std::string source) : source_(std::move(source)) {}

  Status error(const toml::node& at, std::string_view key, const std::string& what) const {
    return Status::Error(fmt::format("{}:{}: {}: {}", source_, at.source().begin.line, key, what));
  }
  Status error_at(const toml::key& at, std::string_view key, const std::string& what) const {
    return Status::Error(fmt::format("{}:{}: {}: {}", source_, at.source().begin.line, key, what));
  }

  Status strings(const toml::node& node, std::string_view key, std::vector<std::string>& out) const {
    const toml::array* arr = node.as_array();
    if (!arr) return error(node, key, "must be an array of strings");
    for (const toml::node& item : *arr) {
      auto s = item.value<std::string>();
      if (!item.is_string() || !s || s->empty()) return error(item, key, "must be an array of non-empty strings");
      out.push_back(*s);
    }
    return Status::Ok();
  }

  Status rule_names(const toml::node& node, std::string_view key, std::vector<std::string>& out) const {
    size_t first = out.size();
    if (Status s = strings(node, key, out); !s.ok()) return s;
    for (size_t i = first; i < out.size(); ++i)
      if (!known_rule(out[i])) return error(node, key, "unknown rule '" + out[i] + "' (see `review-pr rules`)");
    return Status::Ok();
  }

  static bool known_rule(std::string_view name) { return rule_info_of(name) != nullptr; }

  // Reads each key of a section's table with `read`; the first error stops it.
  template <typename Read>
  Status each_key(const toml::table& t, std::string_view section, Read read) const {
    for (auto&& [k, v] : t) {
      std::string key = std::string(section) + "." + std::string(k.str());
      if (Status s = read(k, v, key); !s.ok()) return s;
    }
    return Status::Ok();
  }

  Status rules(const toml::table& t, ReviewConfig& c) const {
    return each_key(t, "rules", [&](const toml::key& k, const toml::node& v, const std::string& key) {
      if (k.str() == "disable") return rule_names(v, key, c.disable);
      if (k.str() == "enable") return rule_names(v, key, c.enable);
      if (k.str() == "only") return rule_names(v, key, c.only);
      if (k.str() == "severity") return severities(v, key, c);
      if (k.str() == "timeout") return timeout(v, key, c);
      return error_at(k, key, "unknown key (known: disable, enable, only, severity, timeout)");
    });
  }

  Status timeout(const toml::node& v, const std::string& key, ReviewConfig& c) const {
    auto seconds = v.value<double>();
    if (!(v.is_integer() || v.is_floating_point()) || !seconds || !(*seconds >= 0 && *seconds <= 86400))
      return error(v, key, "must be a number of seconds from 0 (unlimited) to 86400");
    c.rule_timeout = *seconds;
    return Status::Ok();
  }

  Status severities(const toml::node& node, const std::string& key, ReviewConfig& c) const {
    const toml::table* t = node.as_table();
    if (!t) return error(node, key, "must be a table of rule = \"red\" | \"warn\" | \"note\"");
    for (auto&& [k, v] : *t) {
      std::string name(k.str());
      if (!known_rule(name)) return error_at(k, key, "unknown rule '" + name + "' (see `review-pr rules`)");
      auto word = v.value<std::string>();
      auto sev = v.is_string() && word ? parse_severity(*word) : std::nullopt;
      if (!sev) return error(v, key + "." + name, "must be \"red\", \"warn\" or \"note\"");
      c.severity[name] = *sev;
    }
    return Status::Ok();
  }

  Status paths(const toml::table& t, ReviewConfig& c) const {
    return each_key(t, "paths", [&](const toml::key& k, const toml::node& v, const std::string& key) {
      if (k.str() == "include") return strings(v, key, c.include);
      if (k.str() == "exclude") return strings(v, key, c.exclude);
      return error_at(k, key, "unknown key (known: include, exclude)");
    });
  }

  Status backbone(const toml::node& node, ReviewConfig& c) const {
    const toml::array* arr = node.as_array();
    if (!arr) return error(node, "backbone", "must be an array of tables ([[backbone]] with path, tier, why)");
    for (const toml::node& item : *arr) {
      const toml::table* t = item.as_table();
      if (!t) return error(item, "backbone", "each entry must be a table with path, tier, why");
      BackboneFile b;
      bool has_path = false, has_tier = false;
      for (auto&& [k, v] : *t) {
        std::string key = "backbone." + std::string(k.str());
        if (k.str() == "path") {
          auto p = v.value<std::string>();
          std::string_view prefix = p ? std::string_view(*p) : std::string_view();
          if (prefix.ends_with('/')) prefix.remove_suffix(1);
          if (!v.is_string() || !p || !is_safe_repo_path(prefix))
            return error(v, key, "must be a repository-relative path");
          b.path = *p;
          has_path = true;
        } else if (k.str() == "tier") {
          auto n = v.value<int64_t>();
          if (!v.is_integer() || !n || *n < 1 || *n > 3) return error(v, key, "must be 1, 2 or 3");
          b.tier = static_cast<int>(*n);
          has_tier = true;
        } else if (k.str() == "why") {
          auto w = v.value<std::string>();
          if (!v.is_string() || !w) return error(v, key, "must be a string");
          b.why = *w;
        } else {
          return error_at(k, key, "unknown key (known: path, tier, why)");
        }
      }
      if (!has_path || !has_tier) return error(item, "backbone", "each entry needs path and tier");
      c.backbone.push_back(std::move(b));
    }
    return Status::Ok();
  }

  Status triggers(const toml::table& t, ReviewConfig& c) const {
    return each_key(t, "triggers", [&](const toml::key& k, const toml::node& v, const std::string& key) {
      return k.str() == "params" ? strings(v, key, c.trigger_params) : error_at(k, key, "unknown key (known: params)");
    });
  }

  Status shapes(const toml::table& t, ReviewConfig& c) const {
    return each_key(t, "production_shapes", [&](const toml::key& k, const toml::node& v, const std::string& key) {
      auto n = v.value<int64_t>();
      if (!v.is_integer() || !n || *n <= 0) return error(v, key, "must be a positive integer");
      c.production_shapes[std::string(k.str())] = *n;
      return Status::Ok();
    });
  }

  Status top(const toml::table& root, ReviewConfig& c) const {
    for (auto&& [k, v] : root) {
      std::string key(k.str());
      auto table_of = [&](auto member) -> Status {
        const toml::table* t = v.as_table();
        if (!t) return error(v, key, "must be a table ([" + key + "])");
        return (this->*member)(*t, c);
      };
      Status s;
      if (key == "profile") {
        auto p = v.value<std::string>();
        if (!v.is_string() || !p || !find_profile(*p)) return error(v, key, "must be \"atom\", \"aiter\" or \"generic\"");
        c.profile = *p;
      } else if (key == "rules") {
        s = table_of(&Parser::rules);
      } else if (key == "paths") {
        s = table_of(&Parser::paths);
      } else if (key == "backbone") {
        s = backbone(v, c);
      } else if (key == "triggers") {
        s = table_of(&Parser::triggers);
      } else if (key == "production_shapes") {
        s = table_of(&Parser::shapes);
      } else {
        s = error_at(k, key, "unknown key (known: profile, rules, paths, backbone, triggers, production_shapes)");
      }
      if (!s.ok()) return s;
    }
    return Status::Ok();
  }

 private:
  std::string source_;
};

std::string one_line(std::string_view s) {
  std::string out;
  for (char c : s) out += (c == '\n' || c == '\r') ? ' ' : c;
  while (!out.empty() && out.back() == ' ') out.pop_back();
  return out;
}

toml::array toml_strings(const std::vector<std::string>& v) {
  toml::array out;
  for (const std::string& s : v) out.push_back(s);
  return out;
}

}  // namespace

Result<ReviewConfig> parse_config(std::string_view text, const std::string& source) {
  ReviewConfig c;
  c.source = source;
  toml::table root;
  try {
    root = toml::parse(text, source);
  } catch (const toml::parse_error& e) {
    return Status::Error(fmt::format("{}:{}: {}", source, e.source().begin.line, one_line(e.description())));
  }
  Parser parser(source);
  if (Status s = parser.top(root, c); !s.ok()) return s;
  return c;
}

std::string config_example() {
  // Dotted keys first, then the sections that are tables of their own.
  std::string dotted, tables;
  for (const ConfigKey& k : config_keys()) {
    if (k.example.starts_with("[")) tables += fmt::format("\n{}\n", k.example);
    else dotted += std::string(k.example) + "\n";
  }
  return dotted + tables;
}

std::string config_reference_markdown() {
  std::string out =
      "`.review-pr.toml` at the repository root is read from the base revision of the review (parsed, never "
      "executed), so a PR cannot turn its own checks off; `--config-from head` reads the head's when the base has "
      "none, and `--config FILE` names a file. A review of GitHub's diff without a clone (`--github` alone, the "
      "action's default) reads both revisions' files through the contents API, with the same rule. A PR that "
      "changes the file gets a note on the card listing what its "
      "version would turn off. Unknown keys and bad values stop the review with one line, "
      "`FILE:LINE: KEY: what is wrong`, and exit code 2. `review-pr config --print` shows the effective "
      "configuration.\n\n";
  out += "| key | type | meaning |\n|---|---|---|\n";
  // A '|' inside a cell would end it: the table is generated, so escape rather than trust.
  auto cell = [](std::string_view text) {
    std::string out;
    for (char c : text) out += c == '|' ? std::string("\\|") : std::string(1, c);
    return out;
  };
  for (const ConfigKey& k : config_keys()) out += fmt::format("| `{}` | {} | {} |\n", k.key, cell(k.type), cell(k.doc));
  out += "\nEvery key at once:\n\n```toml\n" + config_example() + "```\n";
  return out;
}

// Written with toml++'s own writer (every escape TOML needs, keys quoted when they must be),
// so what --print shows parses back to the same values.
std::string render_effective_config(const ReviewConfig& c, const Profile& profile) {
  toml::table severity;
  for (const auto& [rule, sev] : c.severity) severity.insert(rule, std::string(severity_name(sev)));
  toml::table shapes;
  for (const auto& [name, value] : profile.production_shapes) shapes.insert(name, static_cast<int64_t>(value));
  toml::array backbone;
  for (const BackboneFile& b : profile.backbone)
    backbone.push_back(toml::table{{"path", b.path}, {"tier", b.tier}, {"why", b.why}});
  toml::table root{
      {"profile", profile.name},
      {"rules", toml::table{{"disable", toml_strings(c.disable)},
                            {"enable", toml_strings(c.enable)},
                            {"only", toml_strings(c.only)},
                            {"severity", std::move(severity)},
                            {"timeout", c.rule_timeout.value_or(budget::kDefault.count() / 1000.0)}}},
      {"paths", toml::table{{"include", toml_strings(c.include)}, {"exclude", toml_strings(c.exclude)}}},
      {"triggers", toml::table{{"params", toml_strings(profile.trigger_params)}}},
      {"production_shapes", std::move(shapes)},
  };
  if (!backbone.empty()) root.insert("backbone", std::move(backbone));
  std::ostringstream out;
  // A comment line cannot hold a line break: the source is a path, but keep it one line.
  out << "# effective review-pr configuration\n# source: "
      << one_line(c.source.empty() ? std::string("none (built-in defaults)") : c.source) << "\n"
      << root << "\n";
  return out.str();
}

std::vector<std::string> generated_patterns(std::string_view text) {
  std::vector<std::string> out;
  while (!text.empty()) {
    size_t nl = text.find('\n');
    std::string_view line = text.substr(0, nl);
    text.remove_prefix(nl == std::string_view::npos ? text.size() : nl + 1);
    std::vector<std::string_view> words;
    for (size_t i = 0; i < line.size();) {
      while (i < line.size() && (line[i] == ' ' || line[i] == '\t' || line[i] == '\r')) ++i;
      size_t start = i;
      while (i < line.size() && line[i] != ' ' && line[i] != '\t' && line[i] != '\r') ++i;
      if (i > start) words.push_back(line.substr(start, i - start));
    }
    if (words.size() < 2 || words[0].starts_with('#') || words[0].starts_with('!')) continue;
    for (size_t w = 1; w < words.size(); ++w) {
      std::string_view a = words[w];
      if (a == "linguist-generated" || a == "linguist-generated=true") out.push_back(std::string(words[0]));
      else if (a == "-linguist-generated" || a == "!linguist-generated" || a == "linguist-generated=false")
        out.push_back(fmt::format("!{}", words[0]));
    }
  }
  return out;
}

bool path_selected(const ReviewConfig& c, std::string_view path) {
  if (!c.include.empty() && !path_patterns_match(c.include, path)) return false;
  return !path_patterns_match(c.exclude, path) && !path_patterns_match(c.generated, path);
}

Profile configured_profile(const Profile& base, const ReviewConfig& c) {
  Profile p = base;
  p.backbone.insert(p.backbone.begin(), c.backbone.begin(), c.backbone.end());
  for (const std::string& name : c.trigger_params)
    if (std::find(p.trigger_params.begin(), p.trigger_params.end(), name) == p.trigger_params.end())
      p.trigger_params.push_back(name);
  for (const auto& [name, value] : c.production_shapes) p.production_shapes[name] = value;
  return p;
}

RuleSelection configured_rules(const ReviewConfig& c, const RuleSelection& cli) {
  RuleSelection s;
  s.only = cli.only.empty() ? c.only : cli.only;
  s.disable = c.disable;
  s.disable.insert(s.disable.end(), cli.disable.begin(), cli.disable.end());
  s.enable = c.enable;
  s.enable.insert(s.enable.end(), cli.enable.begin(), cli.enable.end());
  return s;
}

std::optional<Severity> severity_override(const ReviewConfig& c, std::string_view rule) {
  if (auto sev = c.severity.find(std::string(rule)); sev != c.severity.end()) return sev->second;
  for (const auto& [written, sev] : c.severity)
    if (names_rule(written, rule)) return sev;
  return std::nullopt;
}

std::vector<Finding> apply_config(const ReviewConfig& c, std::vector<Finding> raw) {
  std::vector<Finding> out;
  for (Finding& f : raw) {
    if (f.location && !path_selected(c, f.location->file)) continue;
    if (auto sev = severity_override(c, f.rule)) f.severity = *sev;
    out.push_back(std::move(f));
  }
  return out;
}

}  // namespace rp
