// The card's one-sentence "what it does", built only from facts of the diff (what kind of
// files it adds, changes and deletes, where, in which languages, how many lines). It never
// guesses intent; the title carries that.
#pragma once

#include <string>

#include "analysis/classify.h"
#include "core/change_set.h"

namespace rp {

std::string summarize(const ChangeSet& changes);
// The same sentence led by the PR's kinds and scope from its classification: "Perf and
// dispatch change touching mla (gfx950; fp8; decode): modifies 3 files in ...". Every word
// comes from a computed fact; with no kinds and no scope it is summarize().
std::string summarize_pr(const ChangeSet& changes, const PrClassification& c);

}  // namespace rp
