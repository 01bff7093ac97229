// The card's one-sentence "what it does", built only from facts of the diff (what kind of
// files it adds, changes and deletes, where, in which languages, how many lines). It never
// guesses intent; the title carries that.
#pragma once

#include <string>

#include "core/change_set.h"

namespace rp {

std::string summarize(const ChangeSet& changes);

}  // namespace rp
