#include "source/dir_source.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include <git2.h>

#include "core/paths.h"
#include "source/thread_reader.h"

namespace rp {

namespace fs = std::filesystem;

namespace {

class DirTree : public TreeReader, public ThreadReadable {
 public:
  explicit DirTree(std::string root) : root_(std::move(root)) {}

  std::optional<std::string> read(const std::string& path) const override {
    if (!is_safe_repo_path(path)) return std::nullopt;
    fs::path p = fs::path(root_) / path;
    std::error_code ec;
    if (!fs::is_regular_file(p, ec)) return std::nullopt;
    std::ifstream in(p, std::ios::binary);
    std::ostringstream ss;
    ss << in.rdbuf();
    return ss.str();
  }

  bool exists(const std::string& path) const override {
    std::error_code ec;
    return is_safe_repo_path(path) && fs::is_regular_file(fs::path(root_) / path, ec);
  }

  std::unique_ptr<TreeReader> open_for_thread() const override { return std::make_unique<DirTree>(root_); }

  std::vector<std::string> list_files() const override {
    std::vector<std::string> out;
    std::error_code ec;
    if (!fs::is_directory(root_, ec)) return out;
    for (auto it = fs::recursive_directory_iterator(root_, ec); !ec && it != fs::recursive_directory_iterator();
         it.increment(ec)) {
      if (it->is_regular_file(ec)) out.push_back(fs::relative(it->path(), root_, ec).generic_string());
    }
    std::sort(out.begin(), out.end());
    return out;
  }

 private:
  std::string root_;
};

struct PatchText {
  std::string text;
};

int append_line(const git_diff_delta*, const git_diff_hunk*, const git_diff_line* line, void* payload) {
  auto* out = static_cast<PatchText*>(payload);
  if (line->origin == GIT_DIFF_LINE_CONTEXT || line->origin == GIT_DIFF_LINE_ADDITION ||
      line->origin == GIT_DIFF_LINE_DELETION)
    out->text.push_back(line->origin);
  out->text.append(line->content, line->content_len);
  return 0;
}

}  // namespace

std::unique_ptr<TreeReader> make_dir_tree(const std::string& root) { return std::make_unique<DirTree>(root); }

Result<std::string> diff_trees(const TreeReader& before, const TreeReader& after) {
  git_libgit2_init();
  std::set<std::string> paths;
  for (const std::string& p : before.list_files()) paths.insert(p);
  for (const std::string& p : after.list_files()) paths.insert(p);
  PatchText out;
  for (const std::string& path : paths) {
    std::optional<std::string> a = before.read(path), b = after.read(path);
    if (a == b) continue;
    // A git-style header so the same parser reads fixtures and real diffs.
    out.text += "diff --git a/" + path + " b/" + path + "\n";
    if (!a) out.text += "new file mode 100644\n";
    if (!b) out.text += "deleted file mode 100644\n";
    git_diff_options opts = GIT_DIFF_OPTIONS_INIT;
    opts.context_lines = 3;
    git_patch* patch = nullptr;
    int rc = git_patch_from_buffers(&patch, a ? a->data() : nullptr, a ? a->size() : 0,
                                    a ? ("a/" + path).c_str() : nullptr, b ? b->data() : nullptr, b ? b->size() : 0,
                                    b ? ("b/" + path).c_str() : nullptr, &opts);
    if (rc != 0) return Status::Error("cannot diff " + path);
    out.text += std::string("--- ") + (a ? "a/" + path : "/dev/null") + "\n";
    out.text += std::string("+++ ") + (b ? "b/" + path : "/dev/null") + "\n";
    size_t hunks = git_patch_num_hunks(patch);
    for (size_t h = 0; h < hunks; ++h) {
      const git_diff_hunk* hunk = nullptr;
      size_t lines = 0;
      git_patch_get_hunk(&hunk, &lines, patch, h);
      out.text.append(hunk->header, hunk->header_len);
      for (size_t l = 0; l < lines; ++l) {
        const git_diff_line* line = nullptr;
        git_patch_get_line_in_hunk(&line, patch, h, l);
        append_line(nullptr, hunk, line, &out);
      }
    }
    git_patch_free(patch);
  }
  return out.text;
}

}  // namespace rp
