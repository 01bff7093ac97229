#include "rules/registry.h"

#include <gtest/gtest.h>

#include <map>

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
  // Switched off in one profile only: aiter does not document its env vars, ATOM does.
  const RuleInfo& env = *rule_info_of("undocumented-env-var");
  EXPECT_FALSE(rule_selected(env, *find_profile("aiter"), {}));
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

}  // namespace
}  // namespace rp
