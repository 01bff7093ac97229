// The program's name and version, shown by --version and written into SARIF and rdjson
// output. The version is project(VERSION) in CMakeLists.txt; the revision is the source
// tree's git commit (`git describe --always --dirty`), both written by the build
// (cmake/version_info.cmake).
#pragma once

#include <string_view>

namespace rp {

inline constexpr std::string_view kToolName = "review-pr";
std::string_view tool_version();   // "0.1.0"
std::string_view tool_revision();  // "1a2b3c4d5e6f", "1a2b3c4d5e6f-dirty", or "unknown"

}  // namespace rp
