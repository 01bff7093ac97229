#include "cli/command.h"

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>

namespace rp {

int fail(const std::string& message) {
  std::fprintf(stderr, "review-pr: %s\n", message.c_str());
  return kExitBadInput;
}

bool emit(const std::string& path, const std::string& data) {
  if (path.empty()) {
    std::cout << data;
    std::cout.flush();
    return static_cast<bool>(std::cout);
  }
  std::string tmp = path + ".tmp-review-pr";
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    if (!out) return false;
    out << data;
    if (!out.flush()) {
      out.close();
      std::error_code ignored;
      std::filesystem::remove(tmp, ignored);
      return false;
    }
  }
  std::error_code ec;
  std::filesystem::rename(tmp, path, ec);
  if (ec) std::filesystem::remove(tmp, ec);
  return !ec;
}

}  // namespace rp
