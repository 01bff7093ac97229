#include "config/review_config.h"
#include "core/path_pattern.h"

#include <fstream>
#include <sstream>

#include <fmt/format.h>
#include <gtest/gtest.h>

namespace rp {
namespace {

TEST(Config, ParsesEveryKey) {
  auto c = parse_config(R"(
profile = "atom"
[rules]
disable = ["new-dependency"]
enable = ["cudagraph-capture"]
severity = { "temporary-script" = "note", "unbound-local" = "red" }
[paths]
include = ["atom/**"]
exclude = ["atom/vendor/"]
[triggers]
params = ["sinks"]
[production_shapes]
max_num_seqs = 512
[[backbone]]
path = "atom/x.py"
tier = 1
why = "hot"
)",
                        ".review-pr.toml");
  ASSERT_TRUE(c.ok()) << c.error();
  EXPECT_EQ(c->profile, "atom");
  EXPECT_EQ(c->disable, std::vector<std::string>{"new-dependency"});
  EXPECT_EQ(c->enable, std::vector<std::string>{"cudagraph-capture"});
  EXPECT_EQ(c->severity.at("temporary-script"), Severity::Note);
  EXPECT_EQ(c->severity.at("unbound-local"), Severity::Red);
  EXPECT_EQ(c->include, std::vector<std::string>{"atom/**"});
  EXPECT_EQ(c->production_shapes.at("max_num_seqs"), 512);
  ASSERT_EQ(c->backbone.size(), 1u);
  EXPECT_EQ(c->backbone[0].tier, 1);

  Profile p = configured_profile(*find_profile("atom"), *c);
  EXPECT_EQ(p.tier_of("atom/x.py"), 1);
  EXPECT_NE(std::find(p.trigger_params.begin(), p.trigger_params.end(), "sinks"), p.trigger_params.end());
  EXPECT_EQ(p.production_shapes.at("max_num_seqs"), 512);
}

TEST(Config, ErrorsNameFileLineAndKey) {
  struct Case {
    const char* text;
    const char* expected;
  } cases[] = {
      {"profile = \"atom\"\nprofle = \"x\"\n", ".review-pr.toml:2: profle: unknown key"},
      {"[rules]\ndisabel = []\n", ".review-pr.toml:2: rules.disabel: unknown key"},
      {"[rules]\n\ndisable = [\"no-such-rule\"]\n", ".review-pr.toml:3: rules.disable: unknown rule 'no-such-rule'"},
      {"[rules.severity]\n\"unbound-local\" = \"fatal\"\n", ".review-pr.toml:2: rules.severity.unbound-local: must be"},
      {"profile = \"mine\"\n", ".review-pr.toml:1: profile: must be"},
      {"profile = 3\n", ".review-pr.toml:1: profile: must be"},
      {"[paths]\ninclude = \"a/**\"\n", ".review-pr.toml:2: paths.include: must be an array"},
      {"[[backbone]]\npath = \"../etc\"\ntier = 1\n", ".review-pr.toml:2: backbone.path: must be a repository-relative path"},
      {"[[backbone]]\npath = \"a.py\"\ntier = 7\n", ".review-pr.toml:3: backbone.tier: must be 1, 2 or 3"},
      {"[[backbone]]\npath = \"a.py\"\n", ".review-pr.toml:1: backbone: each entry needs path and tier"},
      {"[production_shapes]\nnum_blocks = -1\n", ".review-pr.toml:2: production_shapes.num_blocks: must be a positive"},
      {"rules = [1]\n", ".review-pr.toml:1: rules: must be a table"},
      {"[rules\n", ".review-pr.toml:1: "},
  };
  for (const Case& c : cases) {
    auto parsed = parse_config(c.text, ".review-pr.toml");
    ASSERT_FALSE(parsed.ok()) << c.text;
    EXPECT_EQ(parsed.error().rfind(c.expected, 0), 0u) << c.text << " → " << parsed.error();
    EXPECT_EQ(parsed.error().find('\n'), std::string::npos) << parsed.error();
  }
}

// One dialect, gitignore's, for every path pattern (core/path_pattern.h).
TEST(PathPattern, GitignoreSemantics) {
  EXPECT_TRUE(path_pattern_match("aiter/**", "aiter/ops/x.py"));
  EXPECT_FALSE(path_pattern_match("aiter/**", "aiter"));
  EXPECT_FALSE(path_pattern_match("aiter/**", "src/aiter/x.py"));  // a '/' inside anchors at the root
  EXPECT_TRUE(path_pattern_match("**/*_gen.py", "a/b/c_gen.py"));
  EXPECT_TRUE(path_pattern_match("**/*_gen.py", "c_gen.py"));
  EXPECT_TRUE(path_pattern_match("a/**/b.py", "a/b.py"));
  EXPECT_TRUE(path_pattern_match("a/**/b.py", "a/x/y/b.py"));
  EXPECT_FALSE(path_pattern_match("a/**/b.py", "ab.py"));
  // `**` that is not a whole component is a `*`: it does not cross '/'.
  EXPECT_TRUE(path_pattern_match("csrc/ck_**", "csrc/ck_gemm/a.cu"));  // ... but a matched directory holds all below
  EXPECT_FALSE(path_pattern_match("x/**gfx942**", "x/gemm/gfx942.json"));
  EXPECT_TRUE(path_pattern_match("x/**/*gfx942*", "x/gemm/gfx942.json"));
  // A name without '/' matches at any depth; a leading '/' anchors it.
  EXPECT_TRUE(path_pattern_match("*.py", "a/b.py"));
  EXPECT_TRUE(path_pattern_match("setup.py", "pkg/setup.py"));
  EXPECT_TRUE(path_pattern_match("/setup.py", "setup.py"));
  EXPECT_FALSE(path_pattern_match("/setup.py", "pkg/setup.py"));
  EXPECT_FALSE(path_pattern_match("setup.py", "setup.pyc"));
  // A trailing '/' matches directories: everything below, at any depth unless anchored.
  EXPECT_TRUE(path_pattern_match("3rdparty/", "3rdparty/ck/x.hpp"));
  EXPECT_TRUE(path_pattern_match("3rdparty/", "src/3rdparty/x"));
  EXPECT_FALSE(path_pattern_match("/3rdparty/", "src/3rdparty/x"));
  EXPECT_FALSE(path_pattern_match("3rdparty/", "3rdparty"));  // a file of that name is not a directory
  EXPECT_TRUE(path_pattern_match("build", "build/x.o"));       // without '/', a directory or a file
  // `?`, classes and escapes stay within a component.
  EXPECT_TRUE(path_pattern_match("csrc/k?.cu", "csrc/k1.cu"));
  EXPECT_FALSE(path_pattern_match("csrc/k?.cu", "csrc/k12.cu"));
  EXPECT_FALSE(path_pattern_match("a?c", "a/c"));
  EXPECT_TRUE(path_pattern_match("k[0-9].cu", "k7.cu"));
  EXPECT_FALSE(path_pattern_match("k[!0-9].cu", "k7.cu"));
  EXPECT_TRUE(path_pattern_match("\\*.cu", "*.cu"));
  EXPECT_FALSE(path_pattern_match("\\*.cu", "a.cu"));
  // Negation: the last matching pattern wins.
  std::vector<std::string> list = {"gen/", "!gen/keep.py"};
  EXPECT_TRUE(path_patterns_match(list, "gen/a.py"));
  EXPECT_FALSE(path_patterns_match(list, "gen/keep.py"));
  EXPECT_FALSE(path_patterns_match(list, "src/a.py"));
  // Many stars on a long path stay fast (one pass per token, no backtracking).
  EXPECT_FALSE(path_pattern_match("*a*a*a*a*a*a*a*a*a*a*b", std::string(4000, 'a')));
  EXPECT_FALSE(path_pattern_match("**/**/**/**/**/**/b", std::string(2000, 'a') + "/" + std::string(2000, 'a')));
}

TEST(Config, LinguistGeneratedFilesAreSkipped) {
  auto generated = generated_patterns(
      "# generated kernels\n*.pb.py linguist-generated\ngen/** linguist-generated=true -diff\n"
      "gen/hand_written.py -linguist-generated\ndocs/** linguist-documentation\n");
  EXPECT_EQ(generated, (std::vector<std::string>{"*.pb.py", "gen/**", "!gen/hand_written.py"}));
  ReviewConfig c;
  c.generated = generated;
  EXPECT_FALSE(path_selected(c, "aiter/x.pb.py"));
  EXPECT_FALSE(path_selected(c, "gen/a/b.py"));
  EXPECT_TRUE(path_selected(c, "gen/hand_written.py"));
  EXPECT_TRUE(path_selected(c, "docs/a.md"));
}

// A severity set for a family name reaches the rules split from it; a rule's own entry wins.
TEST(Config, SeverityOfAFamilyNameReachesItsSplitRules) {
  auto c = parse_config("[rules]\nseverity = { \"api-propagation\" = \"warn\", \"getattr-key-unset\" = \"red\" }\n", "c");
  ASSERT_TRUE(c.ok()) << c.error();
  EXPECT_EQ(severity_override(*c, "api-propagation"), Severity::Warn);
  EXPECT_EQ(severity_override(*c, "param-discarded"), Severity::Warn);
  EXPECT_EQ(severity_override(*c, "getattr-key-unset"), Severity::Red);
  EXPECT_EQ(severity_override(*c, "unbound-local"), std::nullopt);
  Finding discard;
  discard.rule = "param-discarded";
  discard.severity = Severity::Red;
  auto out = apply_config(*c, {discard});
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out[0].severity, Severity::Warn);
}

TEST(Config, AppliesSeverityAndPathFilters) {
  auto c = parse_config("[rules]\nseverity = { \"temporary-script\" = \"note\" }\n[paths]\nexclude = [\"gen/\"]\n", "c");
  ASSERT_TRUE(c.ok()) << c.error();
  Finding kept, dropped, description;
  kept.rule = "temporary-script";
  kept.location = Location{"tmp_x.py", 0};
  dropped.rule = "unbound-local";
  dropped.location = Location{"gen/k.py", 4};
  description.rule = "perf-claim-without-numbers";
  auto out = apply_config(*c, {kept, dropped, description});
  ASSERT_EQ(out.size(), 2u);
  EXPECT_EQ(out[0].severity, Severity::Note);
  EXPECT_FALSE(out[1].location);
  RuleSelection cli;
  cli.only = {"unbound-local"};
  cli.disable = {"new-dependency"};
  auto sel = configured_rules(*c, cli);
  EXPECT_EQ(sel.only, cli.only);
  EXPECT_EQ(sel.disable, cli.disable);
}

TEST(Config, ReferenceExampleParsesAndReadmeHoldsTheReference) {
  auto example = parse_config(config_example(), "example");
  EXPECT_TRUE(example.ok()) << example.error();
  std::string reference = config_reference_markdown();
  for (const ConfigKey& k : config_keys()) EXPECT_NE(reference.find(fmt::format("`{}`", k.key)), std::string::npos);
  std::ifstream in(RP_SOURCE_DIR "/README.md");
  std::stringstream readme;
  readme << in.rdbuf();
  EXPECT_NE(readme.str().find(reference), std::string::npos)
      << "README.md's configuration reference is stale: paste `review-pr config --reference` into it";
}

TEST(Config, EffectiveConfigIsValidToml) {
  auto c = parse_config(config_example(), "example");
  ASSERT_TRUE(c.ok()) << c.error();
  std::string printed = render_effective_config(*c, configured_profile(*find_profile("aiter"), *c));
  auto reparsed = parse_config(printed, "printed");
  ASSERT_TRUE(reparsed.ok()) << reparsed.error() << "\n" << printed;
  EXPECT_EQ(reparsed->profile, "aiter");
  EXPECT_EQ(reparsed->severity, c->severity);
}

// The writer is toml++'s: control characters, tabs and non-ASCII text round-trip (a
// hand-written writer that escaped only quote, backslash and newline did not).
TEST(Config, EffectiveConfigRoundTripsEveryCharacter) {
  auto c = parse_config("[[backbone]]\npath = \"a b/\\u00fc.py\"\ntier = 1\nwhy = \"tab\\there\\u0001, \\\"quoted\\\" \\\\ \\r\"\n"
                        "[rules.severity]\n\"temporary-script\" = \"note\"\n",
                        "c");
  ASSERT_TRUE(c.ok()) << c.error();
  std::string printed = render_effective_config(*c, configured_profile(*find_profile("generic"), *c));
  auto reparsed = parse_config(printed, "printed");
  ASSERT_TRUE(reparsed.ok()) << reparsed.error() << "\n" << printed;
  ASSERT_FALSE(reparsed->backbone.empty()) << printed;
  EXPECT_EQ(reparsed->backbone[0].path, c->backbone[0].path);
  EXPECT_EQ(reparsed->backbone[0].why, "tab\there\x01, \"quoted\" \\ \r");
  EXPECT_EQ(reparsed->severity, c->severity);
}

}  // namespace
}  // namespace rp
