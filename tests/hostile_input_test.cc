// Hostile input, end to end: each case must end in a one-line error with exit code 2, or in
// a bounded, correct review — never a crash, a hang (every run has a kill deadline) or memory
// beyond the documented bound (README "Limits"). Cases the other suites already hold are not
// repeated here: `..` paths and truncated hunks (cli_test), deep JSON in the metadata reader
// (meta_json_test).
#include <random>
#include <string>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "cli_fixture.h"

using cli_fixture::Cli;
using cli_fixture::CliRun;
using cli_fixture::peak_child_rss_mb;

namespace {

#if defined(__SANITIZE_ADDRESS__)
constexpr double kMemoryBoundMb = 8192;  // ASan's shadow memory and quarantine
#else
constexpr double kMemoryBoundMb = 2048;
#endif

bool one_line_error(const CliRun& r) {
  return r.code == 2 && !r.err.empty() && r.err.find('\n') == r.err.size() - 1 && r.err.rfind("review-pr: ", 0) == 0;
}

std::string added_file_diff(const std::string& path, const std::string& body, size_t lines) {
  std::string d = "diff --git a/" + path + " b/" + path + "\nnew file mode 100644\n--- /dev/null\n+++ b/" + path +
                  "\n@@ -0,0 +1," + std::to_string(lines) + " @@\n";
  d += body;
  return d;
}

TEST_F(Cli, AbsolutePathInADiffIsRefused) {
  write("abs.diff", "diff --git a//etc/passwd b//etc/passwd\n--- a//etc/passwd\n+++ b//etc/passwd\n@@ -1 +1 @@\n-a\n+b\n");
  CliRun r = run("--diff " + (dir_ / "abs.diff").string());
  EXPECT_TRUE(one_line_error(r)) << r.code << " " << r.err;
}

TEST_F(Cli, HundredMegabytesOfAddedLinesIsReviewedWithinBounds) {
  // 2.6 M lines of plausible Python, 100 MB: the diff is read and every line rule runs; the
  // file is over the parse limit, so syntax checks skip it and the card says so.
  std::string body;
  const std::string line = "+    acc = acc + weights[i] * values[i]  # step\n";
  size_t count = (size_t(100) << 20) / line.size();
  body.reserve(count * line.size());
  for (size_t i = 0; i < count; ++i) body += line;
  write("big.diff", added_file_diff("aiter/ops/generated.py", body, count));
  body.clear();
  body.shrink_to_fit();
  CliRun r = run("--diff " + (dir_ / "big.diff").string() + " --format json", 600);
  ASSERT_EQ(r.code, 0) << r.err;
  auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["pr"]["lines_added"], count);
  ASSERT_EQ(j["unparsed_files"].size(), 1u);
  EXPECT_EQ(j["unparsed_files"][0], "aiter/ops/generated.py");
  EXPECT_LT(peak_child_rss_mb(), kMemoryBoundMb);
}

TEST_F(Cli, FiftyThousandFilePrIsReviewed) {
  std::string diff;
  for (int i = 0; i < 50000; ++i) {
    std::string path = "pkg/m" + std::to_string(i / 1000) + "/f" + std::to_string(i) + ".py";
    diff += added_file_diff(path, "+def f" + std::to_string(i) + "(x):\n+    return x\n", 2);
  }
  write("wide.diff", diff);
  CliRun r = run("--diff " + (dir_ / "wide.diff").string() + " --format json", 600);
  ASSERT_EQ(r.code, 0) << r.err;
  auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["pr"]["files_changed"], 50000);
  EXPECT_LT(peak_child_rss_mb(), kMemoryBoundMb);
}

TEST_F(Cli, BinaryBlobLabelledAsTextIsReviewedNotCrashedOn) {
  std::mt19937 rng(7);
  std::string body;
  size_t lines = 0;
  for (int l = 0; l < 2000; ++l, ++lines) {
    body += '+';
    for (int c = 0; c < 80; ++c) {
      char ch = static_cast<char>(rng() & 0xff);
      body += ch == '\n' ? '\0' : ch;  // NULs, 0xff, lone continuation bytes: everything but newlines
    }
    body += '\n';
  }
  write("blob.diff", added_file_diff("csrc/kernels/blob.cu", body, lines));
  for (const char* format : {"card", "json"}) {
    CliRun r = run("--diff " + (dir_ / "blob.diff").string() + " --format " + format);
    EXPECT_EQ(r.code, 0) << format << ": " << r.err;
    if (std::string(format) == "json") {
      EXPECT_TRUE(nlohmann::json::accept(r.out)) << "JSON output must stay valid UTF-8";
    }
  }
}

TEST_F(Cli, InvalidUtf8InThePrBodyIsReadAndTheJsonStaysValid) {
  // gh emits valid JSON, but a hand-built --meta may carry raw Latin-1 or truncated UTF-8.
  std::string meta = "{\"title\": \"Speed up \xe9t\xe9 kernel\", \"number\": 5, \"body\": \"2x faster \xff\xfe on MI300 \xc3\"}";
  write("meta.json", meta);
  write("one.diff", added_file_diff("aiter/a.py", "+x = 1\n", 1));
  CliRun r = run("--diff " + (dir_ / "one.diff").string() + " --meta " + (dir_ / "meta.json").string() + " --format json");
  if (r.code == 2) {
    EXPECT_TRUE(one_line_error(r)) << r.err;
  } else {
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_TRUE(nlohmann::json::accept(r.out));
  }
}

TEST_F(Cli, MetadataNestedTenThousandDeepIsOneLineError) {
  std::string meta = "{\"title\": \"t\", \"body\": \"b\", \"labels\": " + std::string(10000, '[') + std::string(10000, ']') + "}";
  write("deep.json", meta);
  write("one.diff", added_file_diff("aiter/a.py", "+x = 1\n", 1));
  CliRun r = run("--diff " + (dir_ / "one.diff").string() + " --meta " + (dir_ / "deep.json").string());
  EXPECT_TRUE(one_line_error(r)) << r.code << " " << r.err;
}

TEST_F(Cli, MarkdownBodyNestedTenThousandDeepIsBounded) {
  std::string quotes;
  for (int i = 0; i < 10000; ++i) quotes += "> ";
  std::string lists;
  for (int i = 0; i < 2000; ++i) lists += std::string(static_cast<size_t>(i) * 2, ' ') + "- item 3.5 ms\n";
  nlohmann::json meta = {{"title", "[Perf] faster"}, {"number", 1}, {"body", quotes + "1.8x faster\n\n" + lists}};
  write("meta.json", meta.dump());
  write("one.diff", added_file_diff("aiter/a.py", "+x = 1\n", 1));
  CliRun r = run("--diff " + (dir_ / "one.diff").string() + " --meta " + (dir_ / "meta.json").string(), 120);
  EXPECT_EQ(r.code, 0) << r.err;
}

TEST_F(Cli, TenMegabyteSingleLineIsBounded) {
  std::string body = "+x = \"" + std::string(size_t(10) << 20, 'a') + "\"\n";
  write("long.diff", added_file_diff("aiter/long.py", body, 1));
  CliRun r = run("--diff " + (dir_ / "long.diff").string(), 300);
  EXPECT_EQ(r.code, 0) << r.err;
}

}  // namespace
