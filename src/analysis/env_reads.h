// Where Python code reads an environment variable, recognised by what the code does rather
// than by one spelling: a getter call (`os.environ.get`, `os.getenv`, `environ.get`), an
// `os.environ[...]` read, an `"X" in os.environ` test, a call of a helper function of the same
// file that hands its parameter to one of those (`_env_flag("X", "1")`), a getter whose name
// argument is a module-level string constant, and an env registry entry (a dict entry
// `"X": lambda: ...` whose key the lambda reads or names).
#pragma once

#include <set>
#include <string>
#include <vector>

#include "lang/syntax.h"

namespace rp {

struct EnvReadSite {
  std::string name;
  int line = 0;
};

// Env reads whose name is a plain string (no f-string, no runtime name) in one file. Writes
// (`os.environ["X"] = ...`, `del os.environ["X"]`) are not reads.
std::vector<EnvReadSite> env_reads(const lang::SyntaxTree& tree);

}  // namespace rp
