// The layers the build enforces (src/layers.txt): every `#include "X/..."` of src/, tests/ and
// bench/ names a layer its file may use. CMakeLists.txt links one library per layer from the
// same table, so the two cannot disagree.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace {

namespace fs = std::filesystem;

const fs::path kRoot = RP_SOURCE_DIR;

// layer -> the layers named on its line, in table order.
struct LayerTable {
  std::vector<std::string> order;
  std::map<std::string, std::vector<std::string>> deps;
  std::string error;
};

LayerTable read_table() {
  LayerTable t;
  std::ifstream in(kRoot / "src" / "layers.txt");
  if (!in) {
    t.error = "src/layers.txt not readable";
    return t;
  }
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    size_t colon = line.find(':');
    if (colon == std::string::npos) {
      t.error = "src/layers.txt: no ':' in '" + line + "'";
      return t;
    }
    std::string layer = line.substr(0, colon);
    std::istringstream words(line.substr(colon + 1));
    std::vector<std::string> deps;
    for (std::string w; words >> w;) deps.push_back(w);
    if (t.deps.count(layer)) t.error = "src/layers.txt: " + layer + " twice";
    t.order.push_back(layer);
    t.deps[layer] = deps;
  }
  return t;
}

// The layers `layer` may use: itself and the closure of its line.
std::set<std::string> closure(const LayerTable& t, const std::string& layer) {
  std::set<std::string> out{layer};
  std::vector<std::string> todo{layer};
  while (!todo.empty()) {
    std::string l = todo.back();
    todo.pop_back();
    auto it = t.deps.find(l);
    if (it == t.deps.end()) continue;
    for (const std::string& d : it->second)
      if (out.insert(d).second) todo.push_back(d);
  }
  return out;
}

struct Include {
  std::string file;  // relative to the repository root
  int line;
  std::string layer;  // first path component of the included file
};

// Every `#include "X/..."` (at the start of a line) whose target exists under src/.
std::vector<Include> includes_under(const fs::path& dir) {
  static const std::regex re(R"re(^\s*#\s*include\s+"([a-z_]+)/[^"]+")re");
  std::vector<Include> out;
  if (!fs::exists(dir)) return out;
  for (const auto& e : fs::recursive_directory_iterator(dir)) {
    if (!e.is_regular_file()) continue;
    std::string ext = e.path().extension().string();
    if (ext != ".cc" && ext != ".h") continue;
    std::ifstream in(e.path());
    std::string text, l;
    int n = 0;
    while (std::getline(in, l)) {
      ++n;
      std::smatch m;
      if (!std::regex_search(l, m, re)) continue;
      std::string target = l.substr(l.find('"') + 1);
      target = target.substr(0, target.find('"'));
      if (!fs::exists(kRoot / "src" / target)) continue;  // text inside a test's raw string
      out.push_back({fs::relative(e.path(), kRoot).generic_string(), n, m[1].str()});
    }
  }
  return out;
}

bool is_test_file(const std::string& path) {
  return path.starts_with("tests/") || path.starts_with("bench/") || path.ends_with("_test.cc") ||
         path.ends_with("_fuzz.cc");
}

TEST(Layering, TableCoversEverySrcFolderAndHasNoCycle) {
  LayerTable t = read_table();
  ASSERT_EQ(t.error, "");
  for (const auto& e : fs::directory_iterator(kRoot / "src")) {
    if (!e.is_directory()) continue;
    EXPECT_TRUE(t.deps.count(e.path().filename().string()))
        << "src/" << e.path().filename().string() << " is not in src/layers.txt: give it a line";
  }
  // Lowest first: every layer names only layers above its own line.
  for (size_t i = 0; i < t.order.size(); ++i)
    for (const std::string& d : t.deps[t.order[i]]) {
      auto pos = std::find(t.order.begin(), t.order.end(), d);
      EXPECT_TRUE(pos != t.order.end()) << t.order[i] << " names unknown layer " << d;
      EXPECT_LT(pos - t.order.begin(), static_cast<long>(i))
          << t.order[i] << " names " << d << ", which is not listed before it (a cycle or a wrong order)";
    }
}

TEST(Layering, NoIncludeOfAHigherLayer) {
  LayerTable t = read_table();
  ASSERT_EQ(t.error, "");
  std::set<std::string> pipeline = closure(t, "review");
  std::vector<std::string> bad;
  for (const char* dir : {"src", "tests", "bench"})
    for (const Include& inc : includes_under(kRoot / dir)) {
      if (!t.deps.count(inc.layer)) continue;
      std::string where = inc.file + ":" + std::to_string(inc.line) + ": includes " + inc.layer + "/";
      if (inc.layer == "cli" && !inc.file.starts_with("src/cli/")) {
        bad.push_back(where + " (only src/cli/ includes cli/; call review/)");
        continue;
      }
      std::set<std::string> allowed;
      if (inc.file.starts_with("src/")) {
        std::string layer = inc.file.substr(4, inc.file.find('/', 4) - 4);
        allowed = closure(t, layer);
      }
      if (is_test_file(inc.file)) allowed.insert(pipeline.begin(), pipeline.end());
      if (!inc.file.starts_with("src/") && inc.layer != "cli") allowed.insert(inc.layer);
      if (!allowed.count(inc.layer)) bad.push_back(where + " (not below its layer in src/layers.txt)");
    }
  std::string all;
  for (const std::string& b : bad) all += b + "\n";
  EXPECT_TRUE(bad.empty()) << all;
}

// The checker itself: an upward include is caught.
TEST(Layering, ClosureExcludesHigherLayers) {
  LayerTable t = read_table();
  ASSERT_EQ(t.error, "");
  EXPECT_FALSE(closure(t, "index").count("rules"));
  EXPECT_FALSE(closure(t, "config").count("verdict"));
  EXPECT_FALSE(closure(t, "batch").count("cli"));
  EXPECT_FALSE(closure(t, "eval").count("cli"));
  EXPECT_TRUE(closure(t, "rules").count("analysis"));
  EXPECT_TRUE(closure(t, "cli").count("core"));
}

}  // namespace
