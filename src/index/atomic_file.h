// Cache files beside the index (the store, the kept import chain) are read by concurrent
// reviews of the same repository: each is written whole under a temporary name and renamed
// over the old one, so a reader sees the old file or the new one, never a part.
#pragma once

#include <string>
#include <string_view>

namespace rp::index {

// Best effort (creates the directory): false when the file could not be written, in which
// case the old file, if any, is left as it was.
bool write_file_atomically(const std::string& file, std::string_view bytes);

}  // namespace rp::index
