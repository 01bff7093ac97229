#include "core/ci_status.h"

namespace rp {

std::string_view ci_blame_name(CiBlame blame) {
  switch (blame) {
    case CiBlame::Pr: return "pr";
    case CiBlame::InfraFlake: return "infra-flake";
    case CiBlame::AlsoOnMain: return "also-on-main";
    case CiBlame::ExpiredLogs: return "expired-logs";
  }
  return "pr";
}

}  // namespace rp
