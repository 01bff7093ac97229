// Internal to lang/: the tree-sitter language object behind each Grammar.
#pragma once

#include <optional>
#include <string_view>

#include <tree_sitter/api.h>

#include "lang/syntax.h"

namespace rp::lang {

const TSLanguage* ts_language(Grammar g);
std::optional<Grammar> parse_grammar_name(std::string_view name);  // "python" | "cpp" | "cuda"

}  // namespace rp::lang
