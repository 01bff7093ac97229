// Reads a user-named input file with a size bound, with a one-line error that says what is
// wrong (missing, a directory, unreadable, too large).
#pragma once

#include <string>

#include "core/status.h"

namespace rp {

Result<std::string> read_input_file(const std::string& path, size_t max_bytes);

}  // namespace rp
