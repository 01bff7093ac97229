#include "core/paths.h"

#include <array>
#include <string>

namespace rp {

std::string_view base_name(std::string_view path) {
  size_t slash = path.rfind('/');
  return slash == std::string_view::npos ? path : path.substr(slash + 1);
}

std::string_view dir_name(std::string_view path) {
  size_t slash = path.rfind('/');
  return slash == std::string_view::npos ? std::string_view() : path.substr(0, slash);
}

std::string_view extension(std::string_view path) {
  std::string_view base = base_name(path);
  size_t dot = base.rfind('.');
  return dot == std::string_view::npos || dot == 0 ? std::string_view() : base.substr(dot);
}

Language language_of(std::string_view path) {
  std::string_view ext = extension(path);
  if (ext == ".py" || ext == ".pyi") return Language::Python;
  static constexpr std::array<std::string_view, 3> kCuda = {".cu", ".cuh", ".hip"};
  for (auto e : kCuda)
    if (ext == e) return Language::Cuda;
  static constexpr std::array<std::string_view, 10> kCpp = {".c", ".cc", ".cpp", ".cxx", ".h",
                                                             ".hh", ".hpp", ".hxx", ".inl", ".ipp"};
  for (auto e : kCpp)
    if (ext == e) return Language::Cpp;
  return Language::None;
}

bool is_python(std::string_view path) { return language_of(path) == Language::Python; }

bool is_cpp_family(std::string_view path) {
  Language l = language_of(path);
  return l == Language::Cpp || l == Language::Cuda;
}

bool has_dir_named(std::string_view path, std::string_view dir) {
  if (dir.empty()) return false;
  size_t start = 0;
  for (size_t slash = path.find('/'); slash != std::string_view::npos; slash = path.find('/', start)) {
    if (path.substr(start, slash - start) == dir) return true;
    start = slash + 1;
  }
  return false;
}

bool is_test_path(std::string_view path) {
  for (std::string_view dir : {"tests", "test", "op_tests", "testing", "unittests"})
    if (has_dir_named(path, dir)) return true;
  std::string_view base = base_name(path);
  if (base.starts_with("test_") || base == "conftest.py") return true;
  if (base.ends_with("_test.py") || base.ends_with("_tests.py")) return true;
  // Rust keeps unit tests in a `tests.rs` module beside the code (`mod tests;`) or `*_test.rs`.
  if (base == "tests.rs" || base.ends_with("_test.rs") || base.ends_with("_tests.rs")) return true;
  return false;
}

bool is_doc_path(std::string_view path) {
  if (has_dir_named(path, "docs") || has_dir_named(path, "doc")) return true;
  std::string_view ext = extension(path);
  return ext == ".md" || ext == ".rst";
}

bool is_safe_repo_path(std::string_view path) {
  if (path.empty() || path.size() > 4096) return false;
  if (path.front() == '/') return false;
  for (char c : path)
    if (c == '\0' || c == '\\') return false;
  size_t start = 0;
  while (start <= path.size()) {
    size_t end = path.find('/', start);
    if (end == std::string_view::npos) end = path.size();
    std::string_view part = path.substr(start, end - start);
    if (part.empty() || part == "." || part == "..") return false;
    start = end + 1;
  }
  return true;
}

}  // namespace rp
