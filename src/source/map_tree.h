// A TreeReader over files held in memory (path → text): a tree built by code rather than read
// from git or a directory, as tests and generated inputs need.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/tree_reader.h"

namespace rp {

class MapTree : public TreeReader {
 public:
  explicit MapTree(std::map<std::string, std::string> files) : files_(std::move(files)) {}
  std::optional<std::string> read(const std::string& p) const override {
    auto it = files_.find(p);
    return it == files_.end() ? std::nullopt : std::optional<std::string>(it->second);
  }
  bool exists(const std::string& p) const override { return files_.count(p) > 0; }
  std::vector<std::string> list_files() const override {
    std::vector<std::string> out;
    out.reserve(files_.size());
    for (const auto& [p, t] : files_) out.push_back(p);
    return out;
  }

 private:
  std::map<std::string, std::string> files_;
};

}  // namespace rp
