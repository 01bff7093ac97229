// What a rule file builds on: the Rule contract with its info constant (RuleWithInfo), and the
// syntax vocabulary rules speak (lang/syntax.h, lang/node_kind.h) by its short names, so a rule
// asks `is(n, NodeKind::Call)` and never names a grammar's node type.
#pragma once

#include <memory>
#include <span>

#include "lang/node_kind.h"
#include "lang/syntax.h"
#include "rules/rule.h"

namespace rp {

using lang::Call;
using lang::Function;
using lang::Node;
using lang::NodeKind;
using lang::SyntaxTree;

// The usual base of a rule: its info is the constant `I` its file declares (kInfo).
template <const RuleInfo& I>
class RuleWithInfo : public Rule {
 public:
  const RuleInfo& info() const final { return I; }
};

// The same for a rule that judges one changed file at a time (rules/rule.h FileRule) and keeps
// nothing from file to file (totals may still say something of the PR after the last one).
template <const RuleInfo& I>
class FileRuleWithInfo : public FileRule {
 public:
  const RuleInfo& info() const final { return I; }
  std::unique_ptr<State> start(const ReviewContext&) const final { return nullptr; }
  void judge(const ReviewContext& ctx, State*, const FileChange& file, std::vector<Finding>& out) const final {
    check_file(ctx, file, out);
  }
  void finish(const ReviewContext& ctx, State*, std::vector<Finding>& out) const final { totals(ctx, out); }

 protected:
  virtual void check_file(const ReviewContext& ctx, const FileChange& file, std::vector<Finding>& out) const = 0;
  // After the last file: what the rule says of the PR as a whole.
  virtual void totals(const ReviewContext& ctx, std::vector<Finding>& out) const {
    (void)ctx;
    (void)out;
  }
};

// A file rule that prepares `S` once per PR (prepare), hands it to each file, and may report
// totals after the last one (totals). `S` must not hold a tree of one file for the next.
template <const RuleInfo& I, class S>
class FileRuleWithState : public FileRule {
 public:
  const RuleInfo& info() const final { return I; }
  std::unique_ptr<State> start(const ReviewContext& ctx) const final {
    return std::make_unique<Box>([&] { return prepare(ctx); });
  }
  void judge(const ReviewContext& ctx, State* state, const FileChange& file, std::vector<Finding>& out) const final {
    check_file(ctx, static_cast<Box*>(state)->value, file, out);
  }
  void finish(const ReviewContext& ctx, State* state, std::vector<Finding>& out) const final {
    totals(ctx, static_cast<Box*>(state)->value, out);
  }

 protected:
  virtual S prepare(const ReviewContext& ctx) const = 0;
  virtual void check_file(const ReviewContext& ctx, S& state, const FileChange& file, std::vector<Finding>& out) const = 0;
  virtual void totals(const ReviewContext& ctx, S& state, std::vector<Finding>& out) const {
    (void)ctx;
    (void)state;
    (void)out;
  }

 private:
  struct Box : State {
    template <class Make>
    explicit Box(Make&& make) : value(make()) {}
    S value;
  };
};

// The one file a FileRule judges, as a range: a rule written as a loop over the PR's files keeps
// its loop body as it was (`for (const FileChange& f : one_file(file))`, a `continue` skips it).
inline std::span<const FileChange> one_file(const FileChange& file) { return {&file, 1}; }

}  // namespace rp
