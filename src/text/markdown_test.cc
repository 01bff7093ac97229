#include "text/markdown.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

namespace rp::text {
namespace {

bool contains(const std::vector<std::string>& v, const std::string& s) {
  return std::find(v.begin(), v.end(), s) != v.end();
}

TEST(Markdown, SectionsAndLevels) {
  auto doc = parse_markdown(
      "Lead paragraph.\n\n# Title\n\nalpha\n\n## Why `this`\n\nbeta\n\n### Deeper\n\ngamma\n\nSetext name\n-----------\n\ndelta\n");
  // level, heading and text of each section, in order
  std::vector<std::string> outline;
  for (const auto& sec : doc.sections)
    outline.push_back(std::to_string(sec.level) + " " + sec.heading + ": " + sec.text);
  EXPECT_EQ(outline, (std::vector<std::string>{"0 : Lead paragraph.", "1 Title: alpha", "2 Why this: beta",
                                               "3 Deeper: gamma", "2 Setext name: delta"}));
}

TEST(Markdown, EmptyBodyHasOnlyPreamble) {
  auto doc = parse_markdown("");
  ASSERT_EQ(doc.sections.size(), 1u);
  EXPECT_FALSE(doc.sections[0].has_content);
  EXPECT_TRUE(doc.plain_text.empty());
  EXPECT_TRUE(doc.lines.empty());
}

TEST(Markdown, TableCells) {
  auto doc = parse_markdown(
      "intro\n\n## Numbers\n\n| Shape | Old **time** | New |\n|:--|--:|---|\n| `M=1` | 12.5 | 9.1 |\n| M=8 | 30 |  |\n");
  ASSERT_EQ(doc.tables.size(), 1u);
  const Table& t = doc.tables[0];
  EXPECT_EQ(t.section, 1);
  EXPECT_EQ(t.header, (std::vector<std::string>{"Shape", "Old time", "New"}));
  ASSERT_EQ(t.rows.size(), 2u);
  EXPECT_EQ(t.rows[0], (std::vector<std::string>{"M=1", "12.5", "9.1"}));
  EXPECT_EQ(t.rows[1][0], "M=8");
  EXPECT_EQ(t.rows[1][1], "30");
  EXPECT_EQ(doc.sections[1].text, "Shape\tOld time\tNew\nM=1\t12.5\t9.1\nM=8\t30\t");
  // Table rows keep their origin for per-cell analysis.
  auto row = std::find_if(doc.lines.begin(), doc.lines.end(), [](const TextLine& l) { return l.kind == LineKind::TableRow && l.row == 0; });
  ASSERT_NE(row, doc.lines.end());
  EXPECT_EQ(row->table, 0);
  EXPECT_EQ(row->section, 1);
}

TEST(Markdown, TableWithShortDelimiterRow) {
  // GitHub renders "|--|" and "|-|" delimiter rows; md4c alone would not.
  auto doc = parse_markdown("| a | b |\n|--|-:|\n| 1 | 2 |\n\n```\n|-|-|\n```\n");
  ASSERT_EQ(doc.tables.size(), 1u);
  EXPECT_EQ(doc.tables[0].rows[0], (std::vector<std::string>{"1", "2"}));
  ASSERT_EQ(doc.code_blocks.size(), 1u);
  EXPECT_EQ(doc.code_blocks[0].text, "|-|-|\n");  // code is left as written
}

TEST(Markdown, CodeBlockInfoString) {
  auto doc = parse_markdown(
      "## Repro\n\n```bash title=run.sh\npython bench.py --tp 8\necho done\n```\n\n~~~\nplain\n~~~\n\n    indented code\n");
  ASSERT_EQ(doc.code_blocks.size(), 3u);
  EXPECT_EQ(doc.code_blocks[0].info, "bash title=run.sh");
  EXPECT_EQ(doc.code_blocks[0].text, "python bench.py --tp 8\necho done\n");
  EXPECT_EQ(doc.code_blocks[0].section, 1);
  EXPECT_EQ(doc.code_blocks[1].info, "");
  EXPECT_EQ(doc.code_blocks[1].text, "plain\n");
  EXPECT_EQ(doc.code_blocks[2].text, "indented code\n");
  EXPECT_NE(doc.sections[1].text.find("python bench.py --tp 8"), std::string::npos);
  int code_lines = 0;
  for (const auto& l : doc.lines)
    if (l.kind == LineKind::Code) ++code_lines;
  EXPECT_EQ(code_lines, 4);
}

TEST(Markdown, HtmlCommentsExtractedAndHidden) {
  auto doc = parse_markdown(
      "Visible start <!-- inline note --> visible end\n\n"
      "<!-- block\nspanning lines -->\n\n"
      "- item <!--short-->\n\n"
      "Odd <!-- has -- dashes --> tail\n");
  ASSERT_EQ(doc.html_comments.size(), 4u);
  EXPECT_EQ(doc.html_comments[0], " inline note ");
  EXPECT_EQ(doc.html_comments[1], " block\nspanning lines ");
  EXPECT_EQ(doc.html_comments[2], "short");
  EXPECT_EQ(doc.html_comments[3], " has -- dashes ");
  EXPECT_EQ(doc.plain_text.find("note"), std::string::npos);
  EXPECT_EQ(doc.plain_text.find("spanning"), std::string::npos);
  EXPECT_EQ(doc.plain_text.find("dashes"), std::string::npos);
  EXPECT_NE(doc.plain_text.find("Visible start"), std::string::npos);
  EXPECT_NE(doc.plain_text.find("visible end"), std::string::npos);
  EXPECT_NE(doc.plain_text.find("tail"), std::string::npos);
}

TEST(Markdown, UnclosedCommentHidesTheRest) {
  auto doc = parse_markdown("## A\n\nshown\n\n<!-- never closed\n\n## B\n\nhidden text\n");
  EXPECT_EQ(doc.sections.size(), 2u);  // "## B" is inside the comment
  ASSERT_EQ(doc.html_comments.size(), 1u);
  EXPECT_EQ(doc.plain_text.find("hidden"), std::string::npos);
}

TEST(Markdown, LinksAndImages) {
  auto doc = parse_markdown(
      "See [the doc](https://example.org/doc \"t\") and <https://example.org/auto> and https://example.org/bare.\n\n"
      "![chart](https://img.example/chart.png)\n\n"
      "<img width=\"300\" alt=\"x\" src=\"https://img.example/shot.png\" />\n\n"
      "Inline <img src='https://img.example/inline.png'> and <a href=\"https://example.org/html\">html</a>\n");
  EXPECT_TRUE(contains(doc.links, "https://example.org/doc"));
  EXPECT_TRUE(contains(doc.links, "https://example.org/auto"));
  EXPECT_TRUE(contains(doc.links, "https://example.org/html"));
  EXPECT_EQ(doc.images, (std::vector<std::string>{"https://img.example/chart.png", "https://img.example/shot.png",
                                                  "https://img.example/inline.png"}));
  // Alt text is not visible text.
  EXPECT_EQ(doc.plain_text.find("chart"), std::string::npos);
}

TEST(Markdown, HasContentIgnoresCommentsAndPlaceholders) {
  auto doc = parse_markdown(
      "## Empty\n\n## Comment only\n\n<!-- explain here -->\n\n## NA\n\nN/A\n\n## TBD\n\n**TBD**\n\n"
      "## Instructions\n\nPlease describe how you tested.\n\n## Real\n\nRan the unit tests on two GPUs.\n\n"
      "## Picture\n\n<img src=\"https://img.example/a.png\">\n");
  ASSERT_EQ(doc.sections.size(), 8u);
  EXPECT_FALSE(doc.sections[1].has_content);
  EXPECT_FALSE(doc.sections[2].has_content);
  EXPECT_FALSE(doc.sections[3].has_content);
  EXPECT_FALSE(doc.sections[4].has_content);
  EXPECT_FALSE(doc.sections[5].has_content);
  EXPECT_TRUE(doc.sections[6].has_content);
  EXPECT_TRUE(doc.sections[7].has_content);  // an image is content
}

TEST(Markdown, PlaceholderTextHelper) {
  EXPECT_TRUE(is_placeholder_text(""));
  EXPECT_TRUE(is_placeholder_text("  \n\t"));
  EXPECT_TRUE(is_placeholder_text("n/a"));
  EXPECT_TRUE(is_placeholder_text("TODO\n[TBD]\nxxx"));
  EXPECT_TRUE(is_placeholder_text("Please provide the test command."));
  EXPECT_TRUE(is_placeholder_text("Explain why the change is needed"));
  EXPECT_FALSE(is_placeholder_text("Please merge after the dependency lands."));
  EXPECT_FALSE(is_placeholder_text("Add tests for the fp8 path"));
  EXPECT_FALSE(is_placeholder_text("N/A\nbut ran the benchmark"));
  EXPECT_FALSE(is_placeholder_text("None of the callers change"));
}

TEST(Markdown, ListsQuotesAndNesting) {
  auto doc = parse_markdown("- first\n- second\n  - nested\n\n1. one\n2. two\n\n> quoted line\n\n- [x] done task\n- [ ] open task\n");
  EXPECT_EQ(doc.sections[0].text, "first\nsecond\nnested\none\ntwo\nquoted line\ndone task\nopen task");
}

TEST(Markdown, EntitiesDecoded) {
  auto doc = parse_markdown("a &amp; b &#x41;&#66; 3&times;4 &unknown; <b>x&lt;y</b>\n\n<p>fish &amp; chips</p>\n");
  EXPECT_NE(doc.plain_text.find("a & b AB 3\u00D74 &unknown; x<y"), std::string::npos);
  EXPECT_NE(doc.plain_text.find("fish & chips"), std::string::npos);
}

TEST(Markdown, HtmlBlockVisibleText) {
  auto doc = parse_markdown("<details>\n<summary>Bench details</summary>\n\nbody text\n\n</details>\n");
  EXPECT_NE(doc.plain_text.find("Bench details"), std::string::npos);
  EXPECT_NE(doc.plain_text.find("body text"), std::string::npos);
  EXPECT_EQ(doc.plain_text.find("<summary>"), std::string::npos);
}

TEST(Markdown, InlineCodeCollected) {
  auto doc = parse_markdown("Run `pytest -q op_tests` then `make`.\n");
  EXPECT_EQ(doc.inline_code, (std::vector<std::string>{"pytest -q op_tests", "make"}));
}

TEST(Markdown, InvalidUtf8DoesNotCrash) {
  using namespace std::string_literals;
  std::string body = "## T\xff\xfe\n\n\xc3\x28 bad \xe2\x82 seq \xf0\x28\x8c\x28\n\n| \xff | b |\n|---|---|\n| \x80 | \0 |\n\0tail <!-- \xff -->"s;
  ASSERT_GT(body.find('\0'), 0u);
  auto doc = parse_markdown(body);
  EXPECT_EQ(doc.sections.size(), 2u);
  ASSERT_EQ(doc.tables.size(), 1u);
  ASSERT_EQ(doc.tables[0].rows.size(), 2u);  // the line after the table continues it, as on GitHub
  EXPECT_EQ(doc.tables[0].rows[0][1], "\uFFFD");  // NUL is replaced, never passed through
  EXPECT_EQ(doc.plain_text.find('\0'), std::string::npos);
  EXPECT_EQ(doc.html_comments.size(), 1u);
}

TEST(Markdown, HugeInputIsTruncatedAtCharBoundary) {
  // 2 MB of 3-byte characters: the cut must not leave half a character behind.
  std::string body;
  body.reserve(2u << 20);
  while (body.size() < (2u << 20)) body += "\u00B5\u2192 word\n";
  auto doc = parse_markdown(body);
  EXPECT_TRUE(doc.truncated);
  EXPECT_LE(doc.plain_text.size(), kMaxMarkdownBytes);
  ASSERT_FALSE(doc.plain_text.empty());
  unsigned char last = static_cast<unsigned char>(doc.plain_text.back());
  EXPECT_TRUE(last < 0x80) << "ends inside a multibyte character";
}

TEST(Markdown, PathologicalInputsTerminate) {
  for (std::string unit : {"[", "> ", "*a **", "<!--", "`", "| a ", "- ", "<a "}) {
    std::string body;
    while (body.size() < 300000) body += unit;
    auto doc = parse_markdown(body);
    EXPECT_GE(doc.sections.size(), 1u) << unit;
  }
}

}  // namespace
}  // namespace rp::text
