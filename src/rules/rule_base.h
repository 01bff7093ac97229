// What a rule file builds on: the Rule contract with its info constant (RuleWithInfo), and the
// syntax vocabulary rules speak (lang/syntax.h, lang/node_kind.h) by its short names, so a rule
// asks `is(n, NodeKind::Call)` and never names a grammar's node type.
#pragma once

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

}  // namespace rp
