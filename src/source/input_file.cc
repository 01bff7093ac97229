#include "source/input_file.h"

#include <filesystem>
#include <fstream>

namespace rp {

Result<std::string> read_input_file(const std::string& path, size_t max_bytes) {
  namespace fs = std::filesystem;
  std::error_code ec;
  if (!fs::exists(path, ec)) return Status::Error("no such file: " + path);
  if (fs::is_directory(path, ec)) return Status::Error("is a directory, expected a file: " + path);
  std::ifstream in(path, std::ios::binary);
  if (!in) return Status::Error("cannot read " + path);
  std::string data;
  char buf[1 << 16];
  while (in.read(buf, sizeof(buf)) || in.gcount() > 0) {
    data.append(buf, static_cast<size_t>(in.gcount()));
    if (data.size() > max_bytes)
      return Status::Error(path + " is larger than " + std::to_string(max_bytes >> 20) + " MB");
  }
  return data;
}

}  // namespace rp
