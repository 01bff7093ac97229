// `.review-pr.toml`: what a repository tells review-pr about itself. Read from the base
// tree of the review (parsed only, never executed; a PR cannot turn its own checks off) or
// from `--config FILE`.
// Every key is declared once in config_keys() — the parser rejects anything else and the
// README's configuration reference is rendered from the same table (`review-pr config
// --reference`), so the two cannot drift.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/finding.h"
#include "core/status.h"
#include "profile/profile.h"
#include "rules/registry.h"

namespace rp {

inline constexpr std::string_view kConfigFileName = ".review-pr.toml";
// The largest configuration (or .gitattributes) a review reads; a larger one is an error.
inline constexpr size_t kMaxConfigBytes = size_t(1) << 20;

struct ReviewConfig {
  std::string source;                   // where it came from ("" = no configuration)
  std::optional<std::string> profile;   // atom | aiter | generic
  std::vector<std::string> disable, enable, only;  // rule names
  std::map<std::string, Severity> severity;        // rule → severity override
  std::optional<double> rule_timeout;              // rules.timeout: seconds per rule per file
  std::vector<std::string> include, exclude;       // gitignore patterns
  // Paths `.gitattributes` of the base revision marks `linguist-generated` (patterns, `!`
  // for an unset), skipped like excluded paths.
  std::vector<std::string> generated;
  std::vector<BackboneFile> backbone;
  std::vector<std::string> trigger_params;
  std::map<std::string, long long> production_shapes;
};

// One documented key of the file.
struct ConfigKey {
  std::string_view key;      // dotted: "rules.disable"; "backbone" is an array of tables
  std::string_view type;     // "string", "array of strings", ...
  std::string_view doc;
  std::string_view example;  // a TOML snippet
};
const std::vector<ConfigKey>& config_keys();

// Parses and validates. Errors are one line: "<source>:<line>: <key>: <what is wrong>".
Result<ReviewConfig> parse_config(std::string_view text, const std::string& source);

// A file that sets every key, built from the keys' examples (parses: tested).
std::string config_example();
// Markdown reference of every key (the README's "Configuration reference" section body).
std::string config_reference_markdown();
// The effective configuration as TOML: the file's values merged with the command line,
// and the profile's resulting backbone and trigger parameters.
std::string render_effective_config(const ReviewConfig& config, const Profile& profile);

// The `linguist-generated` lines of a `.gitattributes` text as patterns for
// ReviewConfig::generated: set (`linguist-generated`, `=true`) → the pattern, unset
// (`-linguist-generated`, `=false`) → `!pattern`; the last matching line wins.
std::vector<std::string> generated_patterns(std::string_view gitattributes);

// True when a finding on `path` is kept: the include patterns match it (or there are none)
// and the exclude patterns do not. Patterns are gitignore's (core/path_pattern.h), `!`
// negations included.
bool path_selected(const ReviewConfig& config, std::string_view path);

// The built-in profile with the configuration's additions: backbone entries (taking
// precedence), trigger parameter names, production shapes.
Profile configured_profile(const Profile& base, const ReviewConfig& config);
// The rule selection: the command line's `--rule` replaces the file's `only`; disables add up.
RuleSelection configured_rules(const ReviewConfig& config, const RuleSelection& command_line);
// The severity the configuration sets for findings of `rule`: its own entry, else the entry of
// the family name it was split from (rules/registry.h names_rule); nullopt when none.
std::optional<Severity> severity_override(const ReviewConfig& config, std::string_view rule);
// Severity overrides and path filters applied to raw findings (before the verdict stage, so
// the red gate still holds for a raised severity).
std::vector<Finding> apply_config(const ReviewConfig& config, std::vector<Finding> raw);

}  // namespace rp
