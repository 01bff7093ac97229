// Names that say which of a family of sibling values they hold, and copy-paste slips against
// them. Two names are siblings when they differ in exactly one word (`linear_key_head_dim` /
// `linear_value_head_dim`, `max_query_len` / `max_seq_len`, `stride_qm` / `stride_km`); the
// family comes from the code itself, never from a word list. A slip is a slot whose name (a
// keyword, the callee's parameter, an assignment target, a dict key) says one sibling while its
// value reads the other — the same expression its twin slot got — although the right sibling
// is bound where the slot is (a local or parameter bound before it, a module name, an
// attribute `obj.name` the file reads or writes):
//   max_query_len = query_lens_cpu[i:].max()
//   max_seq_len = query_lens_cpu[i:].max()      # `seq_lens` is bound above
//   shape(cfg.key_dim, cfg.key_dim)             # def shape(head_k_dim, head_v_dim); cfg.value_dim is read
// Without names on the slots, a run of positional values says it (`a.num_key_heads,
// a.num_value_heads, a.key_dim, a.key_dim` while `a.value_dim` is read).
#pragma once

#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "core/change_set.h"
#include "lang/syntax.h"

namespace rp {

// The lower-case words of an identifier: snake_case and camelCase split, digits kept with the
// letters before them, leading/trailing underscores dropped. `maxSeqLen` → max, seq, len;
// `BLOCK_SIZE_M` → block, size, m; `w1_scale` → w1, scale.
std::vector<std::string> name_words(std::string_view identifier);

// Where two names differ when they differ in exactly one word, at the same position.
struct WordSwap {
  size_t index = 0;
  std::string from, to;  // the first name's word, the second's
};
std::optional<WordSwap> one_word_apart(std::string_view a, std::string_view b);

// Whether a slot's word names the same thing as a word of an expression: equal, or one is a
// prefix of the other (`k` / `key`, `seq` / `sequence`, `v` / `value`).
bool word_stands_for(std::string_view label_word, std::string_view word);

struct SiblingSlip {
  int line = 0;             // where the slipped slot reads the wrong sibling
  std::string slot;         // what the slot is called: "max_seq_len", "head_v_dim", "argument 4 of `f`"
  bool named = true;        // false: `slot` and `model` are positions, not names
  std::string model;        // the twin slot whose value was copied: "max_query_len"
  int model_line = 0;
  std::string value;        // the copied expression, as written in the slipped slot
  std::string read;         // the sibling it reads: "query_lens_cpu"
  std::string sibling;      // the bound sibling the slot's name asks for: "seq_lens"
  int sibling_line = 0;     // where that sibling is bound (or first read, for an attribute)
  std::string wrong_word;   // "query"
  std::string right_word;   // "seq"
  std::string because;      // what says which sibling the slot wants, one clause
};

// Every slip in the Python functions of `tree`, in source order, one per line and read. With
// `lines`, only slips on those lines (slots with no value on them are not examined).
std::vector<SiblingSlip> sibling_slips(const lang::SyntaxTree& tree, const std::set<int>& lines = {});

// A read the change itself renames to its sibling: a removed line and the added line that
// replaced it differ in one identifier, one word apart (`cfg.key_dim,` → `cfg.value_dim,`).
struct SiblingCorrection {
  std::string from, to;  // the identifiers as written: "linear_key_head_dim", "linear_value_head_dim"
  int line = 0;          // the added line
};
std::vector<SiblingCorrection> sibling_corrections(const FileChange& file);

// Whether `slip` reads what a correction renamed, and asks for what it renamed it to: the PR
// fixed the same slip elsewhere and left this copy.
const SiblingCorrection* corrected_elsewhere(const SiblingSlip& slip, const std::vector<SiblingCorrection>& fixes);

}  // namespace rp
