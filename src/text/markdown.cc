#include "text/markdown.h"

#include "core/strings.h"

#include <md4c.h>
#include <re2/re2.h>

#include <cctype>
#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <string>

namespace rp::text {
namespace {

// Caps so a hostile body cannot make the lists themselves huge.
constexpr std::size_t kMaxItems = 20000;

using rp::trim;

void push_capped(std::vector<std::string>& v, std::string s) {
  if (v.size() < kMaxItems) v.push_back(std::move(s));
}

void append_utf8(std::string& out, uint32_t cp) {
  // Surrogates, out-of-range and NUL become U+FFFD, as HTML5 does.
  if (cp == 0 || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) cp = 0xFFFD;
  if (cp < 0x80) {
    out += char(cp);
  } else if (cp < 0x800) {
    out += char(0xC0 | (cp >> 6));
    out += char(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    out += char(0xE0 | (cp >> 12));
    out += char(0x80 | ((cp >> 6) & 0x3F));
    out += char(0x80 | (cp & 0x3F));
  } else {
    out += char(0xF0 | (cp >> 18));
    out += char(0x80 | ((cp >> 12) & 0x3F));
    out += char(0x80 | ((cp >> 6) & 0x3F));
    out += char(0x80 | (cp & 0x3F));
  }
}

// Decodes one entity ("&amp;", "&#x41;"); unknown named entities stay as written. Only the few
// named ones PR bodies actually use are known: the text feeds heuristics, not a renderer.
void append_entity(std::string& out, std::string_view e) {
  if (e.size() >= 4 && e[1] == '#') {
    bool hex = e[2] == 'x' || e[2] == 'X';
    std::string digits(e.substr(hex ? 3 : 2, e.size() - (hex ? 4 : 3)));
    if (digits.empty() || digits.size() > 8) {
      out += e;
      return;
    }
    append_utf8(out, uint32_t(std::strtoul(digits.c_str(), nullptr, hex ? 16 : 10)));
    return;
  }
  struct Named { std::string_view name, text; };
  static constexpr Named kNamed[] = {
      {"&amp;", "&"},      {"&lt;", "<"},       {"&gt;", ">"},         {"&quot;", "\""},
      {"&apos;", "'"},     {"&nbsp;", " "},     {"&times;", "\u00D7"}, {"&micro;", "\u00B5"},
      {"&rarr;", "\u2192"}, {"&ndash;", "\u2013"}, {"&mdash;", "\u2014"}, {"&plusmn;", "\u00B1"},
  };
  for (const auto& n : kNamed) {
    if (e == n.name) {
      out += n.text;
      return;
    }
  }
  out += e;
}

// Decodes entities inside raw HTML text (md4c does this for markdown text, not for HTML).
std::string decode_entities(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] != '&') {
      out += s[i];
      continue;
    }
    std::size_t j = i + 1;
    while (j < s.size() && j - i < 12 && (std::isalnum(static_cast<unsigned char>(s[j])) || s[j] == '#')) ++j;
    if (j < s.size() && s[j] == ';' && j > i + 1) {
      append_entity(out, s.substr(i, j - i + 1));
      i = j;
    } else {
      out += '&';
    }
  }
  return out;
}

bool ieq_prefix(std::string_view s, std::string_view lower_prefix) {
  if (s.size() < lower_prefix.size()) return false;
  for (std::size_t i = 0; i < lower_prefix.size(); ++i)
    if (std::tolower(static_cast<unsigned char>(s[i])) != lower_prefix[i]) return false;
  return true;
}

// Visible text of a raw HTML fragment whose comments were already removed: tags dropped,
// block-level tags become line breaks and cells become tabs so tables in HTML stay readable.
std::string html_visible_text(std::string_view s) {
  std::string out;
  for (std::size_t i = 0; i < s.size(); ++i) {
    char c = s[i];
    bool tag_start = c == '<' && i + 1 < s.size() &&
                     (std::isalpha(static_cast<unsigned char>(s[i + 1])) || s[i + 1] == '/' || s[i + 1] == '!' || s[i + 1] == '?');
    if (!tag_start) {
      out += c;
      continue;
    }
    std::size_t end = s.find('>', i);
    if (end == std::string_view::npos) break;  // an unterminated tag hides the rest, as in a browser
    std::string_view tag = s.substr(i + 1, end - i - 1);
    if (!tag.empty() && tag[0] == '/') tag.remove_prefix(1);
    if (ieq_prefix(tag, "td") || ieq_prefix(tag, "th")) {
      if (ieq_prefix(s.substr(i + 1), "/")) out += '\t';
    } else {
      static constexpr std::string_view kBlock[] = {"br", "p", "div", "tr", "li", "summary", "details", "h1", "h2",
                                                    "h3", "h4", "h5", "h6", "table", "ul", "ol", "pre", "hr"};
      for (auto b : kBlock) {
        if (ieq_prefix(tag, b) && (tag.size() == b.size() || !std::isalnum(static_cast<unsigned char>(tag[b.size()])))) {
          out += '\n';
          break;
        }
      }
    }
    i = end;
  }
  return decode_entities(out);
}

void extract_html_refs(std::string_view html, MarkdownDoc& doc) {
  static const RE2 kImg(R"re((?i)<img\b[^>]*?\bsrc\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>"']+)))re");
  static const RE2 kHref(R"re((?i)<a\b[^>]*?\bhref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>"']+)))re");
  auto scan = [&](const RE2& re, std::vector<std::string>& out) {
    re2::StringPiece in(html.data(), html.size());
    std::string a, b, c;
    while (out.size() < kMaxItems && RE2::FindAndConsume(&in, re, &a, &b, &c)) {
      std::string v = !a.empty() ? a : !b.empty() ? b : c;
      if (!v.empty()) out.push_back(decode_entities(v));
    }
  };
  scan(kImg, doc.images);
  scan(kHref, doc.links);
}

std::string attr(const MD_ATTRIBUTE& a) {
  if (a.text == nullptr) return {};
  return std::string(a.text, a.size);
}

// md4c callback state. Text is gathered into a buffer per leaf block and emitted as TextLines
// when the block ends, so every visible line lands in exactly one section in document order.
struct Walker {
  MarkdownDoc& doc;
  int section = 0;
  std::vector<bool> section_media;  // section has an image: content even without text

  std::string buf;                   // current paragraph / list item / quote text
  bool buf_has_raw_comment = false;  // md4c left a literal "<!--" in normal text
  std::string pending_html;          // consecutive inline raw-HTML chunks
  std::string html_block;            // current MD_BLOCK_HTML text
  bool in_html_block = false;

  bool in_heading = false;
  int heading_level = 0;
  std::string heading;

  bool in_code = false;
  CodeBlock code;

  int table = -1;
  bool in_thead = false;
  bool in_cell = false;
  std::string cell;
  std::vector<std::string> row;

  int list_depth = 0;   // nesting of UL/OL blocks: list-item text is marked in_list
  int image_depth = 0;  // alt text of images is not shown, so it is skipped
  int code_span_depth = 0;
  std::string code_span;

  explicit Walker(MarkdownDoc& d) : doc(d) {
    doc.sections.push_back(Section{});
    section_media.push_back(false);
  }

  std::string& target() {
    if (in_heading) return heading;
    if (in_cell) return cell;
    return buf;
  }

  void add_line(std::string text, LineKind kind, int tbl = -1, int r = -1, int cb = -1) {
    Section& s = doc.sections[section];
    if (kind != LineKind::Heading) {
      if (!s.text.empty()) s.text += '\n';
      s.text += text;
    }
    if (!doc.plain_text.empty()) doc.plain_text += '\n';
    doc.plain_text += text;
    doc.lines.push_back(TextLine{std::move(text), kind, section, tbl, r, cb, kind == LineKind::Text && list_depth > 0});
  }

  // Emits `text` line by line as prose, dropping blank lines.
  void add_text_lines(std::string_view text) {
    while (!text.empty()) {
      std::size_t nl = text.find('\n');
      std::string_view line = text.substr(0, nl);
      text = nl == std::string_view::npos ? std::string_view{} : text.substr(nl + 1);
      line = trim(line);
      if (!line.empty()) add_line(std::string(line), LineKind::Text);
    }
  }

  void flush_pending_html() {
    if (pending_html.empty()) return;
    std::string rest = strip_html_comments(pending_html, &doc.html_comments);
    extract_html_refs(rest, doc);
    if (rest.find("<img") != std::string::npos || rest.find("<IMG") != std::string::npos) section_media[section] = true;
    target() += html_visible_text(rest);
    pending_html.clear();
  }

  void flush_buf() {
    flush_pending_html();
    if (buf.empty()) return;
    if (buf_has_raw_comment) buf = strip_html_comments(buf, &doc.html_comments);
    add_text_lines(buf);
    buf.clear();
    buf_has_raw_comment = false;
  }

  int enter_block(MD_BLOCKTYPE type, void* detail) {
    flush_buf();
    switch (type) {
      case MD_BLOCK_H:
        in_heading = true;
        heading.clear();
        heading_level = static_cast<MD_BLOCK_H_DETAIL*>(detail)->level;
        break;
      case MD_BLOCK_CODE: {
        in_code = true;
        code = CodeBlock{};
        code.section = section;
        auto* d = static_cast<MD_BLOCK_CODE_DETAIL*>(detail);
        code.info = std::string(trim(attr(d->info)));
        break;
      }
      case MD_BLOCK_HTML:
        in_html_block = true;
        html_block.clear();
        break;
      case MD_BLOCK_TABLE:
        table = int(doc.tables.size());
        doc.tables.push_back(Table{});
        doc.tables.back().section = section;
        break;
      case MD_BLOCK_THEAD: in_thead = true; break;
      case MD_BLOCK_TR: row.clear(); break;
      case MD_BLOCK_UL:
      case MD_BLOCK_OL: ++list_depth; break;
      case MD_BLOCK_TH:
      case MD_BLOCK_TD:
        in_cell = true;
        cell.clear();
        break;
      default: break;
    }
    return 0;
  }

  int leave_block(MD_BLOCKTYPE type) {
    flush_pending_html();
    switch (type) {
      case MD_BLOCK_H: {
        in_heading = false;
        std::string h(trim(heading));
        if (doc.sections.size() < kMaxItems) {
          doc.sections.push_back(Section{h, heading_level, {}, false});
          section_media.push_back(false);
          section = int(doc.sections.size()) - 1;
        }
        add_line(std::move(h), LineKind::Heading);
        break;
      }
      case MD_BLOCK_CODE: {
        in_code = false;
        int idx = int(doc.code_blocks.size());
        std::string_view text = code.text;
        while (!text.empty()) {
          std::size_t nl = text.find('\n');
          std::string_view line = text.substr(0, nl);
          text = nl == std::string_view::npos ? std::string_view{} : text.substr(nl + 1);
          if (!trim(line).empty()) add_line(std::string(line), LineKind::Code, -1, -1, idx);
        }
        doc.code_blocks.push_back(std::move(code));
        code = CodeBlock{};
        break;
      }
      case MD_BLOCK_HTML: {
        in_html_block = false;
        std::string rest = strip_html_comments(html_block, &doc.html_comments);
        extract_html_refs(rest, doc);
        if (rest.find("<img") != std::string::npos || rest.find("<IMG") != std::string::npos) section_media[section] = true;
        add_text_lines(html_visible_text(rest));
        html_block.clear();
        break;
      }
      case MD_BLOCK_TH:
      case MD_BLOCK_TD: {
        in_cell = false;
        std::string c(trim(cell));
        for (char& ch : c)
          if (ch == '\t' || ch == '\n') ch = ' ';  // cells are tab-separated in Section::text
        row.push_back(std::move(c));
        break;
      }
      case MD_BLOCK_TR: {
        if (table < 0) break;
        Table& t = doc.tables[table];
        int r = -1;
        if (in_thead) {
          t.header = row;
        } else {
          r = int(t.rows.size());
          t.rows.push_back(row);
        }
        std::string joined;
        for (std::size_t i = 0; i < row.size(); ++i) {
          if (i) joined += '\t';
          joined += row[i];
        }
        add_line(std::move(joined), LineKind::TableRow, table, r);
        row.clear();
        break;
      }
      case MD_BLOCK_THEAD: in_thead = false; break;
      case MD_BLOCK_TABLE: table = -1; break;
      case MD_BLOCK_UL:
      case MD_BLOCK_OL:
        flush_buf();
        if (list_depth > 0) --list_depth;
        break;
      default: flush_buf(); break;
    }
    return 0;
  }

  int enter_span(MD_SPANTYPE type, void* detail) {
    flush_pending_html();
    switch (type) {
      case MD_SPAN_A:
        if (doc.links.size() < kMaxItems) doc.links.push_back(attr(static_cast<MD_SPAN_A_DETAIL*>(detail)->href));
        break;
      case MD_SPAN_IMG:
        if (doc.images.size() < kMaxItems) doc.images.push_back(attr(static_cast<MD_SPAN_IMG_DETAIL*>(detail)->src));
        section_media[section] = true;
        ++image_depth;
        break;
      case MD_SPAN_CODE:
        if (++code_span_depth == 1) code_span.clear();
        break;
      default: break;
    }
    return 0;
  }

  int leave_span(MD_SPANTYPE type) {
    flush_pending_html();
    if (type == MD_SPAN_IMG && image_depth > 0) --image_depth;
    if (type == MD_SPAN_CODE && code_span_depth > 0 && --code_span_depth == 0) push_capped(doc.inline_code, code_span);
    return 0;
  }

  int text(MD_TEXTTYPE type, std::string_view s) {
    if (in_code) {
      code.text += s;
      return 0;
    }
    if (in_html_block) {
      html_block += s;
      return 0;
    }
    if (type == MD_TEXT_HTML) {
      pending_html += s;
      return 0;
    }
    flush_pending_html();
    if (image_depth > 0) return 0;
    std::string& out = target();
    switch (type) {
      case MD_TEXT_NULLCHAR: append_utf8(out, 0xFFFD); break;
      case MD_TEXT_BR:
      case MD_TEXT_SOFTBR: out += in_cell || in_heading ? ' ' : '\n'; break;
      case MD_TEXT_ENTITY: append_entity(out, s); break;
      case MD_TEXT_CODE:
        out += s;
        if (code_span_depth > 0) code_span += s;
        break;
      default:
        // md4c leaves a comment as literal text when it does not parse as raw HTML ("a -- b"
        // inside); GitHub still hides it, so it is stripped when the block is flushed.
        if (s.find("<!--") != std::string_view::npos || (!out.empty() && out.back() == '<' && s.starts_with("!--")))
          buf_has_raw_comment = true;
        out += s;
        break;
    }
    return 0;
  }
};

Walker& W(void* u) { return *static_cast<Walker*>(u); }

// True for a GFM table delimiter row ("|--|:-:|"): only pipes, colons, dashes and blanks.
bool is_delimiter_row(std::string_view line) {
  bool pipe = false, dash = false;
  for (char c : line) {
    if (c == '|') pipe = true;
    else if (c == '-') dash = true;
    else if (c != ':' && c != ' ' && c != '\t' && c != '\r') return false;
  }
  return pipe && dash;
}

// Adjusts the input where md4c 0.4 and GitHub disagree, in one linear pass:
//  - md4c wants 3+ characters per delimiter cell ("|---|"); GitHub renders "|--|" and "|-|"
//    as tables too, and PR authors write them. Dash runs in such rows are widened to three.
//  - NUL bytes become U+FFFD up front (md4c re-delivers the byte after MD_TEXT_NULLCHAR).
// Fenced code is copied untouched.
std::string prepare_input(std::string_view body) {
  std::string out;
  out.reserve(body.size() + body.size() / 16);
  bool in_fence = false;
  while (!body.empty()) {
    std::size_t nl = body.find('\n');
    std::string_view line = body.substr(0, nl == std::string_view::npos ? body.size() : nl + 1);
    body.remove_prefix(line.size());
    std::string_view t = trim(line);
    std::size_t indent = line.find_first_not_of(' ');
    if (indent != std::string_view::npos && indent < 4 && (t.starts_with("```") || t.starts_with("~~~"))) in_fence = !in_fence;
    bool widen = !in_fence && is_delimiter_row(t);
    for (std::size_t i = 0; i < line.size(); ++i) {
      char c = line[i];
      if (c == '\0') {
        out += "\xEF\xBF\xBD";
        continue;
      }
      if (widen && c == '-' && (i == 0 || line[i - 1] != '-')) {
        std::size_t run = 0;
        while (i + run < line.size() && line[i + run] == '-') ++run;
        out.append(std::max<std::size_t>(run, 3), '-');
        i += run - 1;
        continue;
      }
      out += c;
    }
  }
  return out;
}

}  // namespace

std::string strip_html_comments(std::string_view s, std::vector<std::string>* comments) {
  std::string out;
  out.reserve(s.size());
  std::size_t i = 0;
  while (i < s.size()) {
    std::size_t open = s.find("<!--", i);
    if (open == std::string_view::npos) {
      out += s.substr(i);
      break;
    }
    out += s.substr(i, open - i);
    std::size_t body = open + 4;
    std::size_t close = s.find("-->", body);
    std::size_t body_end = close == std::string_view::npos ? s.size() : close;
    if (comments && comments->size() < kMaxItems) comments->emplace_back(s.substr(body, body_end - body));
    i = close == std::string_view::npos ? s.size() : close + 3;
  }
  return out;
}

bool is_placeholder_text(std::string_view text) {
  // A line that is nothing but a template filler. Kept narrow on purpose: "Add tests for X" is
  // real content, "Please describe the change" is not.
  // Compiled on the first non-empty line: an empty section (the preamble of a title-only
  // description) is decided without it.
  auto placeholder = []() -> const RE2& {
    static const RE2 re(
        R"re((?i)^(?:n/?a|n\.a\.?|not applicable|none|nil|null|tbd|tba|todo|wip|x{2,}|\?+|\.{2,}|…|-+|—|–|placeholder)re"
        R"re(|(?:please\s+)?(?:describe|explain|summari[sz]e|fill\s+in|briefly\s+\w+)\b.*)re"
        R"re(|please\s+(?:provide|list|add|include|write|give|specify|attach|share|outline|mention|link|enter|state)\b.*)re"
        R"re(|to\s+be\s+(?:added|filled|updated|determined|done)\b.*)$)re");
    return re;
  };
  while (!text.empty()) {
    std::size_t nl = text.find('\n');
    std::string_view line = text.substr(0, nl);
    text = nl == std::string_view::npos ? std::string_view{} : text.substr(nl + 1);
    // Wrapping like "[TBD]", "<N/A>", "**TODO**", "(optional)" does not make it content.
    while (!line.empty() && std::string_view(" \t\r*_[]()<>:.`\"'").find(line.front()) != std::string_view::npos)
      line.remove_prefix(1);
    while (!line.empty() && std::string_view(" \t\r*_[]()<>:.`\"'").find(line.back()) != std::string_view::npos)
      line.remove_suffix(1);
    if (line.empty()) continue;
    if (!RE2::FullMatch(re2::StringPiece(line.data(), line.size()), placeholder())) return false;
  }
  return true;
}

MarkdownDoc parse_markdown(std::string_view body) {
  MarkdownDoc doc;
  if (body.size() > kMaxMarkdownBytes) {
    std::size_t cut = kMaxMarkdownBytes;
    // Back off over UTF-8 continuation bytes so the cut never splits a character.
    for (int k = 0; k < 3 && cut > 0 && (static_cast<unsigned char>(body[cut]) & 0xC0) == 0x80; ++k) --cut;
    body = body.substr(0, cut);
    doc.truncated = true;
  }
  std::string input = prepare_input(body);
  Walker w(doc);
  MD_PARSER parser{};
  parser.abi_version = 0;
  parser.flags = MD_DIALECT_GITHUB;
  parser.enter_block = [](MD_BLOCKTYPE t, void* d, void* u) { return W(u).enter_block(t, d); };
  parser.leave_block = [](MD_BLOCKTYPE t, void*, void* u) { return W(u).leave_block(t); };
  parser.enter_span = [](MD_SPANTYPE t, void* d, void* u) { return W(u).enter_span(t, d); };
  parser.leave_span = [](MD_SPANTYPE t, void*, void* u) { return W(u).leave_span(t); };
  parser.text = [](MD_TEXTTYPE t, const MD_CHAR* s, MD_SIZE n, void* u) {
    return W(u).text(t, std::string_view(s, n));
  };
  // The result code is ignored on purpose: on failure md4c has already delivered what it parsed.
  md_parse(input.data(), MD_SIZE(input.size()), &parser, &w);
  w.flush_buf();

  for (std::size_t i = 0; i < doc.sections.size(); ++i) {
    Section& s = doc.sections[i];
    s.has_content = w.section_media[i] || !is_placeholder_text(s.text);
  }
  return doc;
}

}  // namespace rp::text
