#include "rules/registry.h"

#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include "core/strings.h"

namespace rp {
namespace {

TEST(Registry, EveryRegisteredRuleThenTheSuppressionRule) {
  const auto& infos = rule_infos();
  ASSERT_EQ(infos.size(), all_rules().size() + 1);
  for (size_t i = 0; i < all_rules().size(); ++i) EXPECT_EQ(infos[i], &all_rules()[i]->info());
  EXPECT_EQ(infos.back(), &suppression_rule_info());
  EXPECT_EQ(rule_info_of("suppression-without-reason"), &suppression_rule_info());
  EXPECT_EQ(rule_info_of("hipblaslt-tuning-config"), &find_rule("hipblaslt-tuning-config")->info());
  EXPECT_EQ(rule_info_of("no-such-rule"), nullptr);
}

// One selection test for run_rules, the card's mandatory checks and the suppression notes:
// hipblaslt-tuning-config is off in the atom profile and on in aiter.
TEST(Registry, SelectionIsOneTest) {
  const RuleInfo& info = *rule_info_of("hipblaslt-tuning-config");
  const Profile& atom = *find_profile("atom");
  const Profile& aiter = *find_profile("aiter");
  EXPECT_FALSE(rule_selected(info, atom, {}));
  EXPECT_TRUE(rule_selected(info, aiter, {}));
  EXPECT_TRUE(rule_selected(info, *find_profile("generic"), {}));
  auto sel = [](std::vector<std::string> only, std::vector<std::string> disable, std::vector<std::string> enable) {
    return RuleSelection{std::move(only), std::move(disable), std::move(enable)};
  };
  EXPECT_TRUE(rule_selected(info, atom, sel({"hipblaslt-tuning-config"}, {}, {})));
  EXPECT_TRUE(rule_selected(info, atom, sel({}, {}, {"hipblaslt-tuning-config"})));
  EXPECT_FALSE(rule_selected(info, aiter, sel({"unbound-local"}, {}, {})));
  EXPECT_FALSE(rule_selected(info, aiter, sel({}, {"hipblaslt-tuning-config"}, {})));
  EXPECT_FALSE(rule_selected(info, atom, sel({"hipblaslt-tuning-config"}, {"hipblaslt-tuning-config"}, {})));
  EXPECT_TRUE(rule_selected(suppression_rule_info(), atom, {}));
  EXPECT_FALSE(rule_selected(suppression_rule_info(), atom, sel({"unbound-local"}, {}, {})));
}

// api-propagation's sub-checks got their own names; the old name still names each of them
// (selection, --rule, configuration), and no new name names the others.
TEST(Registry, AFamilyNameNamesTheRulesSplitFromIt) {
  const Profile& atom = *find_profile("atom");
  for (const char* split : {"public-op-break", "param-discarded", "getattr-key-unset"}) {
    const RuleInfo* info = rule_info_of(split);
    ASSERT_NE(info, nullptr) << split;
    EXPECT_EQ(info->family, "api-propagation");
    EXPECT_TRUE(names_rule("api-propagation", split));
    EXPECT_TRUE(names_rule(split, split));
    EXPECT_FALSE(names_rule(split, "api-propagation"));
    EXPECT_FALSE(rule_selected(*info, *find_profile("aiter"), RuleSelection{{}, {"api-propagation"}, {}}));
  }
  EXPECT_FALSE(names_rule("param-discarded", "getattr-key-unset"));
  EXPECT_FALSE(names_rule("unbound-local", "param-discarded"));
  const RuleInfo& discard = *rule_info_of("param-discarded");
  EXPECT_TRUE(rule_selected(discard, atom, RuleSelection{{"api-propagation"}, {}, {}}));
  EXPECT_FALSE(rule_selected(discard, atom, RuleSelection{{"param-discarded"}, {"api-propagation"}, {}}));
  EXPECT_FALSE(rule_selected(*rule_info_of("unbound-local"), atom, RuleSelection{{"api-propagation"}, {}, {}}));
}

// A rule measurement switched off runs in no profile by default, and still runs when named.
TEST(Registry, SwitchedOffRulesRunOnlyWhenNamed) {
  ASSERT_FALSE(switched_off().empty());
  for (const SwitchedOff& off : switched_off()) {
    const RuleInfo* info = rule_info_of(off.rule);
    ASSERT_NE(info, nullptr) << off.rule << " is not a rule name";
    EXPECT_FALSE(off.why.empty());
    for (const char* profile : {"atom", "aiter", "generic"}) {
      if (off.profile.empty() || off.profile == profile) {
        EXPECT_FALSE(rule_selected(*info, *find_profile(profile), {})) << off.rule << " in " << profile;
      }
    }
    EXPECT_TRUE(rule_selected(*info, *find_profile("generic"), RuleSelection{{}, {}, {std::string(off.rule)}}));
    EXPECT_TRUE(rule_selected(*info, *find_profile("aiter"), RuleSelection{{std::string(off.rule)}, {}, {}}));
  }
  EXPECT_EQ(switched_off_rule("unbound-local"), nullptr);
  ASSERT_NE(switched_off_rule("test-print"), nullptr);
  // Scoped by the rule itself in aiter (core API ops only), so it runs in both profiles.
  const RuleInfo& env = *rule_info_of("undocumented-env-var");
  EXPECT_TRUE(rule_selected(env, *find_profile("aiter"), {}));
  EXPECT_TRUE(rule_selected(env, *find_profile("atom"), {}));
}

// Each checklist table (profile/checklist.cc) lists every rule (the suppression rule too) exactly once and
// names no rule that does not exist: a new rule must say where it stands in both checklists,
// and a renamed rule cannot leave a stale row that silently gives it no code.
TEST(Registry, EveryRuleHasOneEntryInEachChecklist) {
  for (Checklist c : {Checklist::Atom, Checklist::Aiter}) {
    std::map<std::string_view, int> seen;
    for (const ChecklistEntry& e : checklist_entries(c)) {
      ++seen[e.rule];
      EXPECT_NE(rule_info_of(e.rule), nullptr) << e.rule << " is in a checklist table but is not a rule";
    }
    for (const RuleInfo* r : rule_infos()) EXPECT_EQ(seen[r->name], 1) << r->name;
  }
  EXPECT_TRUE(checklist_entries(Checklist::None).empty());
  EXPECT_EQ(checklist_code(Checklist::Atom, "cudagraph-capture"), "B3");
  EXPECT_EQ(checklist_code(Checklist::Aiter, "cudagraph-capture"), kOff);
  EXPECT_EQ(checklist_code(Checklist::Aiter, "no-such-rule"), std::nullopt);
  // The table decides what runs and which code a finding carries.
  const RuleInfo& capture = *rule_info_of("cudagraph-capture");
  EXPECT_TRUE(enabled_in(capture, *find_profile("atom")));
  EXPECT_FALSE(enabled_in(capture, *find_profile("aiter")));
  EXPECT_EQ(code_in(capture, *find_profile("atom")), "B3");
  EXPECT_EQ(code_in(capture, *find_profile("generic")), std::nullopt);
}

// README's "Checklist coverage" table is what a user reads to learn what runs: each row's two
// cells list exactly the rules the code gives that code in each checklist, marked *(off)* exactly
// when the rule is switched off in that profile. A rule switched off (or given a new code)
// without the table following fails here.
TEST(Registry, ReadmeChecklistTableMatchesTheTables) {
  std::ifstream in(RP_SOURCE_DIR "/README.md");
  ASSERT_TRUE(in) << "README.md not found";
  std::string line;
  while (std::getline(in, line) && line != "| code | ATOM rules | aiter rules |") {
  }
  ASSERT_FALSE(in.eof()) << "README.md has no checklist coverage table";
  std::getline(in, line);  // |---|---|---|
  using Cells = std::map<std::string, std::set<std::string>>;  // code -> "rule" / "rule (off)"
  Cells readme[2], code[2];
  while (std::getline(in, line) && line.rfind("| ", 0) == 0) {
    std::vector<std::string> cells;
    std::stringstream row(line.substr(1));
    for (std::string cell; std::getline(row, cell, '|');) cells.push_back(std::string(trim(cell)));
    ASSERT_GE(cells.size(), 3u) << line;
    for (int c = 0; c < 2; ++c) {
      std::set<std::string>& names = readme[c][cells[0]];
      if (cells[c + 1] == "—") continue;
      std::stringstream items(cells[c + 1]);
      for (std::string item; std::getline(items, item, ',');) {
        item = std::string(trim(item));
        bool off = item.size() > 8 && item.ends_with(" *(off)*");
        if (off) item.resize(item.size() - 8);
        ASSERT_TRUE(item.size() > 2 && item.front() == '`' && item.back() == '`') << line;
        names.insert(item.substr(1, item.size() - 2) + (off ? " (off)" : ""));
      }
    }
  }
  const std::pair<Checklist, std::string_view> lists[2] = {{Checklist::Atom, "atom"}, {Checklist::Aiter, "aiter"}};
  for (int c = 0; c < 2; ++c)
    for (const ChecklistEntry& e : checklist_entries(lists[c].first)) {
      if (e.code.empty() || e.code == kOff) continue;
      bool off = switched_off_rule(e.rule, lists[c].second) != nullptr;
      code[c][std::string(e.code)].insert(std::string(e.rule) + (off ? " (off)" : ""));
      code[1 - c][std::string(e.code)];  // a row has both cells ("—" where a checklist lacks the code)
    }
  for (int c = 0; c < 2; ++c) {
    std::set<std::string> codes;
    for (const Cells* cells : {&readme[c], &code[c]})
      for (const auto& [k, v] : *cells) codes.insert(k);
    for (const std::string& k : codes)
      EXPECT_EQ(readme[c][k], code[c][k]) << "README row " << k << ", " << (c == 0 ? "ATOM" : "aiter") << " column";
  }
}

}  // namespace
}  // namespace rp
