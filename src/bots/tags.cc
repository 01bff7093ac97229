#include "bots/tags.h"

#include <algorithm>
#include <memory>

#include <nlohmann/json.hpp>
#include <re2/re2.h>

#include "core/path_pattern.h"

namespace rp::bots {

namespace {

constexpr size_t kMaxExamplePaths = 5;

bool any_glob(const std::vector<std::string>& globs, const std::string& path) {
  return std::any_of(globs.begin(), globs.end(), [&](const std::string& g) { return path_pattern_match(g, path); });
}

std::string lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return std::tolower(c); });
  return s;
}

bool has_label(const std::vector<std::string>& labels, const std::string& name) {
  std::string want = lower(name);
  return std::any_of(labels.begin(), labels.end(), [&](const std::string& l) { return lower(l) == want; });
}

void note_path(std::vector<std::string>& paths, int& count, const std::string& path) {
  ++count;
  if (paths.size() < kMaxExamplePaths) paths.push_back(path);
}

bool tag_matches(const ComponentTag& tag, const std::string& path) {
  return any_glob(tag.paths, path) && !any_glob(tag.except, path);
}

std::vector<TagEvidence> component_tags(const ChangeSet& changes, const Profile& profile) {
  std::vector<std::string> all, code;
  for (const FileChange& f : changes.files) {
    all.push_back(f.path());
    if (!any_glob(profile.doc_globs, f.path())) code.push_back(f.path());
  }
  std::vector<TagEvidence> out;
  for (const ComponentTag& tag : profile.component_tags) {
    TagEvidence ev{tag.tag, {}, 0, tag.backend};
    switch (tag.when) {
      case ComponentTag::When::AnyCode:
        for (const std::string& p : code)
          if (tag_matches(tag, p)) note_path(ev.paths, ev.count, p);
        break;
      case ComponentTag::When::AllCode:
        if (!code.empty() && std::all_of(code.begin(), code.end(), [&](const std::string& p) { return tag_matches(tag, p); }))
          for (const std::string& p : code) note_path(ev.paths, ev.count, p);
        break;
      case ComponentTag::When::AllFiles:
        if (!all.empty() && code.empty())
          for (const std::string& p : all) note_path(ev.paths, ev.count, p);
        break;
    }
    if (ev.count > 0) out.push_back(std::move(ev));
  }
  return out;
}

// True when a changed line of `f` matches `re` (added or removed).
bool changed_line_matches(const FileChange& f, const RE2& re) {
  for (const Hunk& h : f.hunks)
    for (const DiffLine& l : h.lines)
      if (l.kind != DiffLine::Kind::Context && RE2::PartialMatch(l.text, re)) return true;
  return false;
}

std::vector<CiLabelAdvice> ci_label_guide(const PullRequestMeta& meta, const ChangeSet& changes, const Profile& profile) {
  bool all_set = has_label(meta.labels, "ci:all");
  std::vector<CiLabelAdvice> out;
  for (const CiLabelRule& rule : profile.ci_labels) {
    std::unique_ptr<RE2> line_re;
    if (!rule.line_pattern.empty()) line_re = std::make_unique<RE2>(rule.line_pattern);
    CiLabelAdvice advice{rule.label, rule.tests, rule.why, {}, false, rule.automatic};
    int count = 0;
    for (const FileChange& f : changes.files) {
      const std::string& p = f.path();
      if (any_glob(profile.doc_globs, p) || !any_glob(rule.paths, p)) continue;
      if (line_re && !changed_line_matches(f, *line_re)) continue;
      note_path(advice.paths, count, p);
    }
    if (count == 0) continue;
    // ci:all runs every standard extended suite; the guide keeps ci:atom_full out of it.
    advice.already_set = has_label(meta.labels, rule.label) || (all_set && rule.label != "ci:atom_full");
    out.push_back(std::move(advice));
  }
  return out;
}

std::vector<std::string> words_lower(const std::string& token) {
  std::vector<std::string> out;
  std::string cur;
  for (char c : token) {
    if (std::isalnum(static_cast<unsigned char>(c))) cur += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    else if (!cur.empty()) out.push_back(std::move(cur)), cur.clear();
  }
  if (!cur.empty()) out.push_back(std::move(cur));
  return out;
}

std::string collapse_spaces(const std::string& s) {
  std::string out;
  for (char c : s) {
    bool space = c == ' ' || c == '\t';
    if (space && (out.empty() || out.back() == ' ')) continue;
    out += space ? ' ' : c;
  }
  while (!out.empty() && out.back() == ' ') out.pop_back();
  return out;
}

}  // namespace

std::string resync_title(const std::string& title, const std::vector<std::string>& tags, const Profile& profile,
                         std::vector<std::string>* dropped) {
  std::string kept;
  size_t i = 0;
  while (i < title.size()) {
    size_t open = title.find('[', i);
    size_t close = open == std::string::npos ? std::string::npos : title.find(']', open + 1);
    if (close == std::string::npos) {
      kept += title.substr(i);
      break;
    }
    std::string token = title.substr(open, close + 1 - open);
    std::vector<std::string> words = words_lower(token);
    bool component = std::any_of(words.begin(), words.end(), [&](const std::string& w) {
      return std::find(profile.component_words.begin(), profile.component_words.end(), w) != profile.component_words.end();
    });
    kept += title.substr(i, open - i);
    if (!component) kept += token;
    else if (dropped && std::find(tags.begin(), tags.end(), token.substr(1, token.size() - 2)) == tags.end())
      dropped->push_back(token);
    i = close + 1;
  }
  std::string prefix;
  for (const std::string& t : tags) prefix += "[" + t + "] ";
  return collapse_spaces(prefix + kept);
}

TagsReport compute_tags(const PullRequestMeta& meta, const ChangeSet& changes, const Profile& profile) {
  TagsReport r;
  r.title = meta.title;
  r.tags = component_tags(changes, profile);
  for (const TagEvidence& t : r.tags) {
    if (static_cast<int>(r.title_tags.size()) < profile.max_title_tags) r.title_tags.push_back(t.tag);
    if (t.backend) r.backends.push_back(t.tag);
  }
  r.title_locked = !profile.no_auto_title_label.empty() && has_label(meta.labels, profile.no_auto_title_label);
  // No title given (a bare diff): nothing to re-sync.
  r.suggested_title = r.title_locked || meta.title.empty()
                          ? meta.title
                          : resync_title(meta.title, r.title_tags, profile, &r.stale_title_tags);
  if (r.title_locked) r.stale_title_tags.clear();
  // Labels follow every computed tag (no title-length cap); a label named like a component
  // that the diff no longer calls for is stale.
  for (const TagEvidence& t : r.tags)
    if (!has_label(meta.labels, t.tag)) r.labels_to_add.push_back(t.tag);
  for (const std::string& label : meta.labels) {
    bool component = std::any_of(profile.component_tags.begin(), profile.component_tags.end(),
                                 [&](const ComponentTag& c) { return lower(c.tag) == lower(label); });
    bool computed = std::any_of(r.tags.begin(), r.tags.end(), [&](const TagEvidence& t) { return lower(t.tag) == lower(label); });
    if (component && !computed) r.labels_to_remove.push_back(label);
  }
  r.ci_labels = ci_label_guide(meta, changes, profile);
  return r;
}

namespace {
// The items, each between `open` and `close`, joined by `sep`.
// Appended piece by piece: `const char* + std::string&&` inserts at the front, which GCC 12
// at -O3 reports as a possibly overlapping memcpy (-Wrestrict), and it copies twice anyway.
std::string joined(const std::vector<std::string>& items, std::string_view sep, char open, char close) {
  std::string out;
  for (const std::string& s : items) {
    if (!out.empty()) out += sep;
    out += open;
    out += s;
    out += close;
  }
  return out;
}

std::string tag_list(const std::vector<std::string>& tags) { return joined(tags, " ", '[', ']'); }

std::string code_list(const std::vector<std::string>& items, size_t total) {
  std::string out = joined(items, ", ", '`', '`');
  if (total > items.size()) out += " and " + std::to_string(total - items.size()) + " more";
  return out;
}
}  // namespace

std::string render_tags_markdown(const TagsReport& r) {
  std::string out = "## PR title tags & labels\n\n";
  std::vector<std::string> all;
  for (const TagEvidence& t : r.tags) all.push_back(t.tag);
  out += "Component tags from the changed files: " + (all.empty() ? std::string("none") : tag_list(all)) + "\n\n";
  for (const TagEvidence& t : r.tags)
    out += "- [" + t.tag + "]: " + code_list(t.paths, static_cast<size_t>(t.count)) + "\n";
  if (!r.tags.empty()) out += "\n";
  if (r.title.empty()) {
    out += "Title: not given (pass the PR metadata with --meta to re-sync it).\n\n";
  } else if (r.title_locked) {
    out += "Title: left as is (the no-auto-title label is set).\n\n";
  } else if (r.suggested_title == r.title) {
    out += "Title: in sync.\n\n";
  } else {
    out += "Title: re-sync to\n\n    " + r.suggested_title + "\n\n";
    if (!r.stale_title_tags.empty()) {
      out += "Stale component tags dropped: ";
      for (size_t i = 0; i < r.stale_title_tags.size(); ++i) out += (i ? ", " : "") + std::string("`") + r.stale_title_tags[i] + "`";
      out += "\n\n";
    }
  }
  if (r.labels_to_add.empty() && r.labels_to_remove.empty()) {
    out += "Labels: in sync.\n\n";
  } else {
    out += "Labels:";
    if (!r.labels_to_add.empty()) out += " add " + code_list(r.labels_to_add, r.labels_to_add.size());
    if (!r.labels_to_remove.empty())
      out += std::string(r.labels_to_add.empty() ? "" : ";") + " remove " + code_list(r.labels_to_remove, r.labels_to_remove.size());
    out += "\n\n";
  }
  if (r.split_suggested()) {
    out += "### One backend per PR\n\nThis PR changes " + std::to_string(r.backends.size()) + " kernel backends (" +
           tag_list(r.backends) +
           "). A PR changes one kernel backend: split it, as stacked pull requests when one part cannot merge without "
           "the other.\n\n";
  }
  out += "### CI label guide\n\n";
  if (r.ci_labels.empty()) {
    out += "The changed files call for no opt-in CI label.\n";
    return out;
  }
  out += "| Label | Runs | Why | Changed files | Status |\n|---|---|---|---|---|\n";
  for (const CiLabelAdvice& c : r.ci_labels) {
    std::string status = c.already_set ? "set" : c.automatic ? "added by CI" : "suggested";
    out += "| `" + c.label + "` | " + c.tests + " | " + c.why + " | " + code_list(c.paths, c.paths.size()) + " | " + status + " |\n";
  }
  return out;
}

std::string render_tags_json(const TagsReport& r) {
  nlohmann::ordered_json j;
  j["tags"] = nlohmann::ordered_json::array();
  for (const TagEvidence& t : r.tags)
    j["tags"].push_back({{"tag", t.tag}, {"backend", t.backend}, {"files", t.count}, {"paths", t.paths}});
  j["title"] = r.title;
  j["suggested_title"] = r.suggested_title;
  j["title_in_sync"] = r.suggested_title == r.title;
  j["title_locked"] = r.title_locked;
  j["stale_title_tags"] = r.stale_title_tags;
  j["labels_to_add"] = r.labels_to_add;
  j["labels_to_remove"] = r.labels_to_remove;
  j["backends"] = r.backends;
  j["split_suggested"] = r.split_suggested();
  j["ci_labels"] = nlohmann::ordered_json::array();
  for (const CiLabelAdvice& c : r.ci_labels)
    j["ci_labels"].push_back({{"label", c.label},
                              {"tests", c.tests},
                              {"why", c.why},
                              {"paths", c.paths},
                              {"already_set", c.already_set},
                              {"automatic", c.automatic}});
  return j.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
}

}  // namespace rp::bots
