// Names that say which of a family of sibling values they hold, and slips against them.
#include "analysis/name_siblings.h"

#include <gtest/gtest.h>

namespace rp {
namespace {

using Words = std::vector<std::string>;

TEST(NameSiblings, WordsOfSnakeAndCamelCase) {
  EXPECT_EQ(name_words("linear_key_head_dim"), (Words{"linear", "key", "head", "dim"}));
  EXPECT_EQ(name_words("maxSeqLen"), (Words{"max", "seq", "len"}));
  EXPECT_EQ(name_words("BLOCK_SIZE_M"), (Words{"block", "size", "m"}));
  EXPECT_EQ(name_words("HTTPServer"), (Words{"http", "server"}));
  EXPECT_EQ(name_words("_w1_scale_"), (Words{"w1", "scale"}));
  EXPECT_TRUE(name_words("__").empty());
}

TEST(NameSiblings, OneWordApartAtTheSamePlace) {
  std::optional<WordSwap> s = one_word_apart("max_query_len", "maxSeqLen");
  ASSERT_TRUE(s);
  EXPECT_EQ(s->index, 1u);
  EXPECT_EQ(s->from, "query");
  EXPECT_EQ(s->to, "seq");
  EXPECT_TRUE(one_word_apart("stride_qm", "stride_km"));
  EXPECT_FALSE(one_word_apart("num_heads", "num_kv_heads"));   // another length
  EXPECT_FALSE(one_word_apart("q_start_loc", "k_end_loc"));    // two words differ
  EXPECT_FALSE(one_word_apart("x_scale", "x_scale"));          // the same name
}

TEST(NameSiblings, AWordStandsForItsAbbreviation) {
  EXPECT_TRUE(word_stands_for("k", "key"));
  EXPECT_TRUE(word_stands_for("value", "v"));
  EXPECT_TRUE(word_stands_for("seq", "seq"));
  EXPECT_FALSE(word_stands_for("k", "value"));
  EXPECT_FALSE(word_stands_for("1", "128"));  // digits abbreviate nothing
  EXPECT_FALSE(word_stands_for("", "key"));
}

std::vector<std::string> found(const std::string& src, const std::set<int>& lines = {}) {
  auto tree = lang::SyntaxTree::parse(lang::Grammar::Python, src);
  std::vector<std::string> out;
  for (const SiblingSlip& s : sibling_slips(*tree, lines))
    out.push_back(s.slot + "@" + std::to_string(s.line) + " reads " + s.read + " not " + s.sibling + "@" +
                  std::to_string(s.sibling_line) + " like " + s.model + "@" + std::to_string(s.model_line));
  return out;
}

// An assignment copied from the line above keeps its source, while the source its own name
// asks for is bound: the source may be a run of the renamed words (`kv_lens`).
TEST(NameSiblings, CopiedAssignmentReadsTheOtherSibling) {
  EXPECT_EQ(found(R"(def plan(batch):
    kv_lens = batch.kv_lens
    new_lens_host = batch.new_lens.cpu()
    max_new_len = new_lens_host.max()
    max_kv_len = new_lens_host.max()
    return max_new_len, max_kv_len
)"),
            (std::vector<std::string>{"max_kv_len@5 reads new_lens_host not kv_lens@2 like max_new_len@4"}));
}

// The callee's parameters name the slots; the same attribute fills both, and the file reads
// the sibling attribute elsewhere.
TEST(NameSiblings, ParametersOfACalleeInTheFileNameTheSlots) {
  std::string src = R"(class Cache:
    def size(self, heads, dim_a, dim_b):
        return heads * (dim_a + dim_b)

    def build(self, spec):
        other = spec.right_dim
        return self.size(spec.heads, spec.left_dim, spec.left_dim)
)";
  // `a`/`b` stand for nothing in left/right: no slip without another clue.
  EXPECT_TRUE(found(src).empty());
  std::string named = R"(class Cache:
    def size(self, heads, dim_l, dim_r):
        return heads * (dim_l + dim_r)

    def build(self, spec):
        other = spec.right_dim
        return self.size(spec.heads, spec.left_dim, spec.left_dim)
)";
  EXPECT_EQ(found(named), (std::vector<std::string>{
                              "dim_r@7 reads spec.left_dim not spec.right_dim@6 like dim_l@7"}));
}

// Keyword arguments, each arm of a conditional value compared with the other's.
TEST(NameSiblings, KeywordArmsOfConditionals) {
  std::string src = R"(def meta(m, fast, rows_host, cols):
    return Meta(
        max_row=m.max_row if fast else rows_host.max(),
        max_col=m.max_col if fast else rows_host.max(),
    )
)";
  // `cols` is bound (a parameter), but it is one word, not a run of two of `col_host`.
  EXPECT_TRUE(found(src).empty());
  std::string bound = R"(def meta(m, fast, rows_host, cols_host):
    return Meta(
        max_row=m.max_row if fast else rows_host.max(),
        max_col=m.max_col if fast else rows_host.max(),
    )
)";
  EXPECT_EQ(found(bound), (std::vector<std::string>{
                              "max_col@4 reads rows_host not cols_host@1 like max_row@3"}));
  // Only the lines asked about.
  EXPECT_TRUE(found(bound, {3}).empty());
  EXPECT_EQ(found(bound, {4}).size(), 1u);
}

// A positional run with no names: its other neighbours go from one sibling word to the other.
TEST(NameSiblings, PositionalRunSaysWhichSiblingComesNext) {
  std::string src = R"(def shape(c):
    return (c.num_src_rows, c.num_dst_rows, c.src_width, c.src_width)
)";
  EXPECT_TRUE(found(src).empty());  // nothing reads `c.dst_width`
  std::string bound = R"(def shape(c):
    w = c.dst_width
    return (c.num_src_rows, c.num_dst_rows, c.src_width, c.src_width)
)";
  EXPECT_EQ(found(bound), (std::vector<std::string>{
                              "element 4 of the tuple@3 reads c.src_width not c.dst_width@2 like element 3@3"}));
}

// Equal neighbours are fine when nothing names the other sibling, or the expression already
// reads the slot's own word, or the names differ in more than one word.
TEST(NameSiblings, SilentWithoutABoundSiblingOrWithTheRightWord) {
  EXPECT_TRUE(found(R"(def f(a):
    max_new_len = a.new_lens.max()
    max_kv_len = a.new_lens.max()
    return max_new_len, max_kv_len
)").empty());
  EXPECT_TRUE(found(R"(def f(a, kv_lens):
    max_new_len = (a.new_lens + kv_lens).max()
    max_kv_len = (a.new_lens + kv_lens).max()
    return max_new_len, max_kv_len
)").empty());
  EXPECT_TRUE(found(R"(def f(a, kv_lens):
    new_len = a.new_lens.max()
    max_kv_total = a.new_lens.max()
    return new_len, max_kv_total
)").empty());
  EXPECT_TRUE(found(R"(def f(a, dst):
    return g(a.src, a.src, a.src, a.src)
)").empty());
}

// A removed line rewritten as an added line that renames one identifier to its sibling is a
// correction; other rewrites are not.
TEST(NameSiblings, CorrectionsAreOneIdentifierRenamedToItsSibling) {
  FileChange f;
  Hunk h;
  auto line = [](DiffLine::Kind k, int n, std::string text) {
    DiffLine d;
    d.kind = k;
    d.new_line = k == DiffLine::Kind::Removed ? 0 : n;
    d.text = std::move(text);
    return d;
  };
  h.lines = {line(DiffLine::Kind::Context, 10, "    shape("),
             line(DiffLine::Kind::Removed, 0, "        cfg.key_dim,"),
             line(DiffLine::Kind::Removed, 0, "        cfg.rows,"),
             line(DiffLine::Kind::Added, 11, "        cfg.value_dim,"),
             line(DiffLine::Kind::Added, 12, "        cfg.rows + 1,"),
             line(DiffLine::Kind::Removed, 0, "    x = old_name"),
             line(DiffLine::Kind::Added, 13, "    x = new_thing")};
  f.hunks.push_back(h);
  std::vector<SiblingCorrection> fixes = sibling_corrections(f);
  ASSERT_EQ(fixes.size(), 1u);
  EXPECT_EQ(fixes[0].from, "key_dim");
  EXPECT_EQ(fixes[0].to, "value_dim");
  EXPECT_EQ(fixes[0].line, 11);

  SiblingSlip slip;
  slip.read = "other.keyDim";
  slip.sibling = "other.value_dim";
  EXPECT_EQ(corrected_elsewhere(slip, fixes), &fixes[0]);
  slip.sibling = "other.val_dim";
  EXPECT_EQ(corrected_elsewhere(slip, fixes), nullptr);
}

}  // namespace
}  // namespace rp
