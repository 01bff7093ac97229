// Grammar per file extension. Measured on aiter's csrc/ (see the foundation issue note):
// the cuda grammar (a superset of C++ with __global__, <<<...>>>, __shared__ and friends)
// leaves fewer files with ERROR nodes than the C++ grammar for every C-family extension,
// including plain .cpp/.h, because aiter's host code includes HIP/CUDA headers and macros
// throughout. So every C-family file is parsed with the cuda grammar; the C++ grammar stays
// linked for files where measurement shows it does better (none today).
#include "lang/grammar.h"

#include "core/paths.h"

extern "C" {
const TSLanguage* tree_sitter_python(void);
const TSLanguage* tree_sitter_cpp(void);
const TSLanguage* tree_sitter_cuda(void);
}

namespace rp::lang {

Grammar grammar_for_path(std::string_view path) {
  switch (language_of(path)) {
    case Language::Python: return Grammar::Python;
    case Language::Cpp:
    case Language::Cuda: return Grammar::Cuda;
    case Language::None: return Grammar::None;
  }
  return Grammar::None;
}

const TSLanguage* ts_language(Grammar g) {
  switch (g) {
    case Grammar::Python: return tree_sitter_python();
    case Grammar::Cpp: return tree_sitter_cpp();
    case Grammar::Cuda: return tree_sitter_cuda();
    case Grammar::None: return nullptr;
  }
  return nullptr;
}

std::optional<Grammar> parse_grammar_name(std::string_view name) {
  if (name == "python") return Grammar::Python;
  if (name == "cpp") return Grammar::Cpp;
  if (name == "cuda") return Grammar::Cuda;
  return std::nullopt;
}

}  // namespace rp::lang
