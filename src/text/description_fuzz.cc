// libFuzzer target: any bytes as a PR title and body through Markdown parsing and the
// description analysis (numbers, template sections, attribution).
#include <cstdint>
#include <string_view>

#include "text/description.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view all(reinterpret_cast<const char*>(data), size);
  size_t nl = all.find('\n');
  std::string_view title = nl == std::string_view::npos ? all : all.substr(0, nl);
  std::string_view body = nl == std::string_view::npos ? std::string_view() : all.substr(nl + 1);
  rp::text::DescriptionFacts facts = rp::text::analyse_description(title, body);
  (void)facts;
  return 0;
}
