// Markdown view of a PR description (GitHub dialect, parsed with md4c): sections under their
// headings, tables, code blocks, links, images and the HTML comments that PR templates use as
// placeholders. Rules read this instead of raw text so that template instructions hidden in
// <!-- --> never count as something the author wrote.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace rp::text {

// Bodies above this many bytes are cut (at a UTF-8 boundary) before parsing.
inline constexpr std::size_t kMaxMarkdownBytes = 1 << 20;

struct Table {
  std::vector<std::string> header;             // cells of the header row
  std::vector<std::vector<std::string>> rows;  // body rows; a row may have fewer/more cells than header
  int section = 0;                             // index into MarkdownDoc::sections
};

struct CodeBlock {
  std::string info;  // fence info string as written ("bash", "python title=x.py"), "" if none
  std::string text;  // contents, '\n'-terminated lines
  int section = 0;
};

struct Section {
  std::string heading;  // plain text of the heading, trimmed; "" for the preamble
  int level = 0;        // 1..6; 0 for the preamble
  // Plain text of paragraphs, lists, quotes, tables (cells tab-separated, one row per line) and
  // code, in order, '\n'-separated. HTML comments and tags are removed.
  std::string text;
  // Anything besides whitespace, HTML comments and template placeholder text (an image counts).
  // Only this section's own blocks: subsections are separate Sections.
  bool has_content = false;
};

// Where a visible line came from; lets rules tell prose from tables and code.
enum class LineKind { Heading, Text, TableRow, Code };

// One visible line of the document, in order (an addition to the brief's API: description
// analysis needs per-line origin, e.g. "number inside a table whose header says gsm8k").
struct TextLine {
  std::string text;  // for TableRow: cells joined by '\t'
  LineKind kind = LineKind::Text;
  int section = 0;
  int table = -1;  // TableRow: index into MarkdownDoc::tables
  int row = -1;    // TableRow: -1 for the header row, else index into Table::rows
  int code = -1;   // Code: index into MarkdownDoc::code_blocks
  bool in_list = false;  // addition: Text line of a list item (bullet or numbered)
};

struct MarkdownDoc {
  std::vector<Section> sections;  // sections[0] is the preamble before the first heading (heading "")
  std::vector<Table> tables;
  std::vector<CodeBlock> code_blocks;
  std::vector<std::string> links;          // hrefs (markdown links, autolinks, <a href> in raw HTML)
  std::vector<std::string> images;         // srcs (also <img src=...> in raw HTML)
  std::vector<std::string> html_comments;  // bodies of <!-- ... -->, untrimmed
  std::string plain_text;                  // all visible text, HTML comments removed
  // Additions to the brief's API:
  std::vector<TextLine> lines;             // plain_text line by line with origin
  std::vector<std::string> inline_code;    // contents of `code spans`, in order
  bool truncated = false;                  // input exceeded kMaxMarkdownBytes
};

// Never fails: malformed input yields whatever md4c could make of it.
MarkdownDoc parse_markdown(std::string_view body);

// True when `text` says nothing an author wrote: only whitespace or template placeholder lines
// ("N/A", "TBD", "TODO", "xxx", "-", "Please describe ...", "[fill in]"). Shared with the
// description analysis so "has content" and "unfilled section" agree.
bool is_placeholder_text(std::string_view text);

// Removes <!-- ... --> (an unclosed one runs to the end) and appends each comment body to
// `comments` when it is non-null.
std::string strip_html_comments(std::string_view s, std::vector<std::string>* comments);

}  // namespace rp::text
