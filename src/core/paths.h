// Facts about repository paths that every stage agrees on: which language a file is in,
// whether it is test code, and whether a diff path is safe to use.
#pragma once

#include <string_view>

namespace rp {

enum class Language { None, Python, Cpp, Cuda };

// By extension: .py → Python; .cu/.cuh/.hip → Cuda; .c/.cc/.cpp/.cxx/.h/.hh/.hpp/.hxx/.inl → Cpp
// (the grammar chosen per extension is in lang/; this is the source language).
Language language_of(std::string_view path);
bool is_python(std::string_view path);
bool is_cpp_family(std::string_view path);  // C, C++, CUDA, HIP sources and headers
// tests/, test/, op_tests/, */test_*.py, *_test.py, conftest.py
bool is_test_path(std::string_view path);
bool is_doc_path(std::string_view path);  // docs/, *.md, *.rst, *.txt under docs
// Whether a directory of the path (any component but the file name) is named `dir`:
// has_dir_named("a/tests/b.py", "tests") is true, has_dir_named("tests", "tests") is false.
bool has_dir_named(std::string_view path, std::string_view dir);
std::string_view base_name(std::string_view path);
std::string_view dir_name(std::string_view path);  // "" for top-level files
std::string_view extension(std::string_view path);  // ".py"; "" when none
// A diff path is safe when it is relative, has no "..", "." or empty components, no NUL
// or backslash, and is at most 4096 bytes.
bool is_safe_repo_path(std::string_view path);

}  // namespace rp
