#include "analysis/logging_facts.h"

#include <gtest/gtest.h>
#include <re2/re2.h>

#include <string>
#include <vector>

namespace rp {
namespace {

// The word tests replaced patterns; they must agree with them on every name, including
// dotted, empty, non-ASCII and near-miss ones.
const std::vector<std::string> kNames = {
    "",          "log",          "logger",       "logging",      "LOG",         "LOGGER",      "Logger",
    "_logger",   "aiter_logger", "my_log",       "_log",         "self_logger", "logger_",     "xlogger",
    "a.logger",  "my-log",       "my_logé",      "é_log",        "_log2",       "log_",        "print",
    "Print",     "debug",        "info",         "warning",      "warn",        "error",       "critical",
    "exception", "fatal",        "DEBUG",        "info ",        "logger.info", "log.warn",    "logging.debug",
    "mylog.error", "catalogue.info", "blog_x.critical", "logger.exception", "logger.fatal", "logger.info.x",
    ".info",     "log.",         "my-log.info",  "loggé.info",   "a.b.info",    "logging",     "LOG.error",
    "self.logger.info",         "_.warning",    "xlogy.warning", "LOGGER.warn",
};

TEST(LoggingFacts, LoggerReceiverAgreesWithItsPattern) {
  const RE2 re(R"((?:logger|logging|log|_logger|LOGGER|LOG|aiter_logger|\w*_logger|\w*_log))");
  for (const std::string& n : kNames) {
    std::string last = n.substr(n.rfind('.') == std::string::npos ? 0 : n.rfind('.') + 1);
    EXPECT_EQ(is_logger_receiver(n), RE2::FullMatch(last, re)) << n;
  }
  EXPECT_TRUE(is_logger_receiver("self.aiter_logger"));  // the last component is read
  EXPECT_FALSE(is_logger_receiver("self.catalog"));
}

TEST(LoggingFacts, ReportCalleeAgreesWithItsPattern) {
  const RE2 re(R"((?:print|(?:\w*log\w*|logger|logging)\.(?:info|debug|warning|warn|error|critical)|log|logger))");
  for (const std::string& n : kNames) EXPECT_EQ(is_report_callee(n), RE2::FullMatch(n, re)) << n;
}

TEST(LoggingFacts, LevelOfLoggerCalls) {
  auto tree = lang::SyntaxTree::parse(lang::Grammar::Python,
                                      "logger.info('a')\nlogger.exception('b')\nlogger.fatal('c')\nmy_log.warn('d')\n"
                                      "foo.debug('e')\nself.logger.error('f')\nlogging.DEBUG('g')\ninfo('h')\n");
  ASSERT_TRUE(tree);
  std::vector<std::string> levels;
  for (const lang::Call& c : tree->calls()) levels.push_back(logger_call_level(c));
  EXPECT_EQ(levels, (std::vector<std::string>{"info", "exception", "", "warning", "", "error", "", ""}));
}

}  // namespace
}  // namespace rp
