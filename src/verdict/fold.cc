#include "verdict/fold.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <map>
#include <set>

#include "core/paths.h"

namespace rp {

namespace {

// Evidence lines a folded finding keeps from the findings it absorbed: enough to show the
// pattern, not a wall of quotes.
constexpr size_t kMaxFoldedEvidence = 6;
// Locations the problem text lists before "...".
constexpr size_t kMaxListed = 8;

bool digit(char c) { return c >= '0' && c <= '9'; }

}  // namespace

std::string cause_of(const Finding& f) {
  std::string out = f.rule + '\x1f' + std::to_string(static_cast<int>(f.severity)) + '\x1f';
  const std::string& p = f.problem;
  for (size_t i = 0; i < p.size();) {
    char c = p[i];
    if (c == '`' || c == '\'' || c == '"') {
      size_t end = p.find(c, i + 1);
      // An apostrophe inside a word ("file's") opens no quote.
      bool word_before = i > 0 && (std::isalnum(static_cast<unsigned char>(p[i - 1])) != 0);
      if (end != std::string::npos && !(c == '\'' && word_before)) {
        out += "\x1e";
        i = end + 1;
        continue;
      }
    }
    // A parenthetical holds the details ("(line 12)", "(and 2 more reads)"), not the claim.
    if (c == '(') {
      int depth = 0;
      size_t j = i;
      for (; j < p.size(); ++j) {
        if (p[j] == '(') ++depth;
        if (p[j] == ')' && --depth == 0) break;
      }
      if (j < p.size()) {
        i = j + 1;
        continue;
      }
    }
    if (digit(c)) {
      out += '#';
      // "1,024" and "0.5" are one number; a full stop after a number is not.
      while (i < p.size() && (digit(p[i]) || ((p[i] == '.' || p[i] == ',') && i + 1 < p.size() && digit(p[i + 1]))))
        ++i;
      continue;
    }
    // Whitespace runs are one space: a blanked detail leaves no trace in the key.
    bool space = std::isspace(static_cast<unsigned char>(c)) != 0;
    if (!space || (!out.empty() && out.back() != ' ')) out += space ? ' ' : c;
    ++i;
  }
  while (!out.empty() && out.back() == ' ') out.pop_back();
  return out;
}

std::vector<Finding> fold_causes(std::vector<Finding> findings, const ScopeOf& scope_of,
                                 std::map<std::string, std::vector<std::pair<std::string, Location>>>* absorbed) {
  struct Group {
    size_t first;
    CauseScope scope;
    std::vector<size_t> others;
  };
  std::map<std::pair<std::string, std::string>, size_t> group_of;  // (cause, scope key) → group
  std::vector<Group> groups;
  std::vector<int> owner(findings.size(), -1);  // index of the group whose first member absorbs it
  for (size_t i = 0; i < findings.size(); ++i) {
    const Finding& f = findings[i];
    if (!f.location) continue;
    std::optional<CauseScope> scope = scope_of(*f.location);
    if (!scope) continue;
    auto key = std::make_pair(cause_of(f), scope->key);
    auto [it, fresh] = group_of.emplace(key, groups.size());
    if (fresh) {
      groups.push_back(Group{i, *scope, {}});
      continue;
    }
    groups[it->second].others.push_back(i);
    owner[i] = static_cast<int>(it->second);
  }
  for (Group& g : groups) {
    if (g.others.empty()) continue;
    Finding& head = findings[g.first];
    std::vector<std::string> places;
    for (size_t i : g.others) {
      Finding& o = findings[i];
      if (absorbed && !head.fingerprint.empty() && !o.fingerprint.empty())
        (*absorbed)[head.fingerprint].emplace_back(o.fingerprint, *o.location);
      head.related.push_back(*o.location);
      places.push_back(o.location->line > 0 ? (o.location->file == head.location->file
                                                   ? fmt::format("L{}", o.location->line)
                                                   : fmt::format("{}:{}", o.location->file, o.location->line))
                                            : o.location->file);
      for (std::string& e : o.evidence) {
        if (head.evidence.size() >= kMaxFoldedEvidence) break;
        if (std::find(head.evidence.begin(), head.evidence.end(), e) == head.evidence.end())
          head.evidence.push_back(std::move(e));
      }
    }
    std::string listed;
    for (size_t k = 0; k < places.size() && k < kMaxListed; ++k) listed += (k ? ", " : "") + places[k];
    if (places.size() > kMaxListed) listed += ", ...";
    head.problem += fmt::format("; and {} more {}: {}", places.size(), g.scope.what, listed);
  }
  std::vector<Finding> out;
  out.reserve(findings.size());
  for (size_t i = 0; i < findings.size(); ++i)
    if (owner[i] < 0) out.push_back(std::move(findings[i]));
  return out;
}

ScopeOf workspace_scopes(Workspace& workspace) {
  return [&workspace](const Location& at) -> std::optional<CauseScope> {
    if (at.file.empty()) return std::nullopt;
    if (at.line <= 0) {
      std::string dir(dir_name(at.file));
      return CauseScope{"dir:" + dir, dir.empty() ? "at the repository root" : "in this folder `" + dir + "/`"};
    }
    const lang::SyntaxTree* tree = workspace.new_tree(at.file);
    if (!tree) return CauseScope{at.file + "#<file>", "in this file"};
    if (auto fn = tree->enclosing_function(at.line))
      return CauseScope{fmt::format("{}#{}@{}", at.file, fn->qualified, fn->start_line),
                        "in this function `" + fn->name + "`"};
    return CauseScope{at.file + "#<module>", "at this file's top level"};
  };
}

}  // namespace rp
