#include "index/atomic_file.h"

#include <atomic>
#include <cstdio>
#include <filesystem>

#include <unistd.h>

namespace rp::index {

bool write_file_atomically(const std::string& file, std::string_view bytes) {
  std::error_code ec;
  std::filesystem::create_directories(std::filesystem::path(file).parent_path(), ec);
  static std::atomic<unsigned> serial{0};
  std::string tmp = file + ".tmp." + std::to_string(::getpid()) + "." + std::to_string(serial++);
  FILE* f = std::fopen(tmp.c_str(), "wb");
  if (!f) return false;
  bool ok = std::fwrite(bytes.data(), 1, bytes.size(), f) == bytes.size();
  ok = std::fclose(f) == 0 && ok;
  if (ok) std::filesystem::rename(tmp, file, ec);
  if (!ok || ec) std::filesystem::remove(tmp, ec);
  return ok && !ec;
}

}  // namespace rp::index
