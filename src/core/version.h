// The program's version, shown by --version and written into SARIF and rdjson output.
#pragma once

#include <string_view>

namespace rp {

inline constexpr std::string_view kToolName = "review-pr";
inline constexpr std::string_view kToolVersion = "0.1.0";

}  // namespace rp
