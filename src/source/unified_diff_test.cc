#include "source/unified_diff.h"

#include <gtest/gtest.h>

#include <string>

namespace rp {
namespace {

using Kind = DiffLine::Kind;

ChangeSet parse_ok(std::string_view text) {
  Result<ChangeSet> r = parse_unified_diff(text);
  EXPECT_TRUE(r.ok()) << (r.ok() ? "" : r.error());
  return r.ok() ? std::move(r).value() : ChangeSet{};
}

std::string parse_error(std::string_view text, const DiffLimits& limits = {}) {
  Result<ChangeSet> r = parse_unified_diff(text, limits);
  EXPECT_FALSE(r.ok());
  return r.ok() ? std::string() : r.error();
}

bool has(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

TEST(UnifiedDiff, ModificationWithTwoHunksHasExactLineNumbers) {
  ChangeSet cs = parse_ok(
      "diff --git a/src/x.py b/src/x.py\n"
      "index 1111111..2222222 100644\n"
      "--- a/src/x.py\n"
      "+++ b/src/x.py\n"
      "@@ -1,3 +1,4 @@ def top():\n"
      " a\n"
      "-b\n"
      "+B\n"
      "+B2\n"
      " c\n"
      "@@ -10,2 +11,1 @@\n"
      " j\n"
      "-k\n");
  ASSERT_EQ(cs.files.size(), 1u);
  const FileChange& f = cs.files[0];
  EXPECT_EQ(f.old_path, "src/x.py");
  EXPECT_EQ(f.new_path, "src/x.py");
  EXPECT_EQ(f.status, FileStatus::Modified);
  EXPECT_EQ(f.old_mode, "100644");
  EXPECT_EQ(f.new_mode, "100644");
  ASSERT_EQ(f.hunks.size(), 2u);

  const Hunk& h1 = f.hunks[0];
  EXPECT_EQ(h1.old_start, 1);
  EXPECT_EQ(h1.old_count, 3);
  EXPECT_EQ(h1.new_start, 1);
  EXPECT_EQ(h1.new_count, 4);
  EXPECT_EQ(h1.section, "def top():");
  ASSERT_EQ(h1.lines.size(), 5u);
  EXPECT_EQ(h1.lines[0].kind, Kind::Context);
  EXPECT_EQ(h1.lines[0].old_line, 1);
  EXPECT_EQ(h1.lines[0].new_line, 1);
  EXPECT_EQ(h1.lines[0].text, "a");
  EXPECT_EQ(h1.lines[1].kind, Kind::Removed);
  EXPECT_EQ(h1.lines[1].old_line, 2);
  EXPECT_EQ(h1.lines[1].new_line, 0);
  EXPECT_EQ(h1.lines[1].text, "b");
  EXPECT_EQ(h1.lines[2].kind, Kind::Added);
  EXPECT_EQ(h1.lines[2].old_line, 0);
  EXPECT_EQ(h1.lines[2].new_line, 2);
  EXPECT_EQ(h1.lines[3].new_line, 3);
  EXPECT_EQ(h1.lines[3].text, "B2");
  EXPECT_EQ(h1.lines[4].kind, Kind::Context);
  EXPECT_EQ(h1.lines[4].old_line, 3);
  EXPECT_EQ(h1.lines[4].new_line, 4);

  const Hunk& h2 = f.hunks[1];
  EXPECT_EQ(h2.section, "");
  ASSERT_EQ(h2.lines.size(), 2u);
  EXPECT_EQ(h2.lines[0].old_line, 10);
  EXPECT_EQ(h2.lines[0].new_line, 11);
  EXPECT_EQ(h2.lines[1].kind, Kind::Removed);
  EXPECT_EQ(h2.lines[1].old_line, 11);
}

TEST(UnifiedDiff, NewFile) {
  ChangeSet cs = parse_ok(
      "diff --git a/new.cc b/new.cc\n"
      "new file mode 100755\n"
      "index 0000000..abcdef0\n"
      "--- /dev/null\n"
      "+++ b/new.cc\n"
      "@@ -0,0 +1,2 @@\n"
      "+int x;\n"
      "+int y;\n");
  ASSERT_EQ(cs.files.size(), 1u);
  const FileChange& f = cs.files[0];
  EXPECT_EQ(f.status, FileStatus::Added);
  EXPECT_EQ(f.old_path, "");
  EXPECT_EQ(f.new_path, "new.cc");
  EXPECT_EQ(f.path(), "new.cc");
  EXPECT_EQ(f.old_mode, "");
  EXPECT_EQ(f.new_mode, "100755");
  ASSERT_EQ(f.hunks.size(), 1u);
  EXPECT_EQ(f.hunks[0].lines[1].new_line, 2);
  EXPECT_EQ(f.hunks[0].lines[1].text, "int y;");
}

TEST(UnifiedDiff, EmptyNewFileHasNoHunks) {
  ChangeSet cs = parse_ok(
      "diff --git a/pkg/__init__.py b/pkg/__init__.py\n"
      "new file mode 100644\n"
      "index 0000000..e69de29\n"
      "diff --git a/b.txt b/b.txt\n"
      "deleted file mode 100644\n"
      "index e69de29..0000000\n");
  ASSERT_EQ(cs.files.size(), 2u);
  EXPECT_EQ(cs.files[0].status, FileStatus::Added);
  EXPECT_EQ(cs.files[0].new_path, "pkg/__init__.py");
  EXPECT_EQ(cs.files[0].old_path, "");
  EXPECT_TRUE(cs.files[0].hunks.empty());
  EXPECT_EQ(cs.files[1].status, FileStatus::Deleted);
  EXPECT_EQ(cs.files[1].old_path, "b.txt");
  EXPECT_EQ(cs.files[1].new_path, "");
}

TEST(UnifiedDiff, DeletedFile) {
  ChangeSet cs = parse_ok(
      "diff --git a/old.py b/old.py\n"
      "deleted file mode 100644\n"
      "index abcdef0..0000000\n"
      "--- a/old.py\n"
      "+++ /dev/null\n"
      "@@ -1,2 +0,0 @@\n"
      "-x = 1\n"
      "-y = 2\n");
  ASSERT_EQ(cs.files.size(), 1u);
  const FileChange& f = cs.files[0];
  EXPECT_EQ(f.status, FileStatus::Deleted);
  EXPECT_EQ(f.old_path, "old.py");
  EXPECT_EQ(f.new_path, "");
  EXPECT_EQ(f.path(), "old.py");
  EXPECT_EQ(f.old_mode, "100644");
  EXPECT_EQ(f.removed_count(), 2);
  EXPECT_EQ(f.hunks[0].lines[1].old_line, 2);
}

TEST(UnifiedDiff, PureRename) {
  ChangeSet cs = parse_ok(
      "diff --git a/dir one/a.py b/dir two/b.py\n"
      "similarity index 100%\n"
      "rename from dir one/a.py\n"
      "rename to dir two/b.py\n");
  ASSERT_EQ(cs.files.size(), 1u);
  const FileChange& f = cs.files[0];
  EXPECT_EQ(f.status, FileStatus::Renamed);
  EXPECT_EQ(f.old_path, "dir one/a.py");
  EXPECT_EQ(f.new_path, "dir two/b.py");
  EXPECT_EQ(f.similarity, 100);
  EXPECT_TRUE(f.hunks.empty());
}

TEST(UnifiedDiff, RenameWithContentChange) {
  ChangeSet cs = parse_ok(
      "diff --git a/a.py b/b.py\n"
      "similarity index 87%\n"
      "rename from a.py\n"
      "rename to b.py\n"
      "index 1111111..2222222 100644\n"
      "--- a/a.py\n"
      "+++ b/b.py\n"
      "@@ -4 +4 @@\n"
      "-old\n"
      "+new\n");
  ASSERT_EQ(cs.files.size(), 1u);
  const FileChange& f = cs.files[0];
  EXPECT_EQ(f.status, FileStatus::Renamed);
  EXPECT_EQ(f.old_path, "a.py");
  EXPECT_EQ(f.new_path, "b.py");
  EXPECT_EQ(f.similarity, 87);
  EXPECT_EQ(f.added_count(), 1);
  EXPECT_EQ(f.removed_count(), 1);
  EXPECT_EQ(f.hunks[0].lines[1].new_line, 4);
}

TEST(UnifiedDiff, Copy) {
  ChangeSet cs = parse_ok(
      "diff --git a/src/k.cu b/src/k2.cu\n"
      "similarity index 95%\n"
      "copy from src/k.cu\n"
      "copy to src/k2.cu\n"
      "index 1111111..2222222 100644\n"
      "--- a/src/k.cu\n"
      "+++ b/src/k2.cu\n"
      "@@ -1 +1,2 @@\n"
      " __global__ void k();\n"
      "+// copy\n");
  ASSERT_EQ(cs.files.size(), 1u);
  const FileChange& f = cs.files[0];
  EXPECT_EQ(f.status, FileStatus::Copied);
  EXPECT_EQ(f.old_path, "src/k.cu");
  EXPECT_EQ(f.new_path, "src/k2.cu");
  EXPECT_EQ(f.similarity, 95);
  EXPECT_EQ(f.added_count(), 1);
}

TEST(UnifiedDiff, BinaryFilesDiffer) {
  ChangeSet cs = parse_ok(
      "diff --git a/img/logo.png b/img/logo.png\n"
      "index 1111111..2222222 100644\n"
      "Binary files a/img/logo.png and b/img/logo.png differ\n"
      "diff --git a/t.txt b/t.txt\n"
      "--- a/t.txt\n"
      "+++ b/t.txt\n"
      "@@ -1 +1 @@\n"
      "-a\n"
      "+b\n");
  ASSERT_EQ(cs.files.size(), 2u);
  EXPECT_TRUE(cs.files[0].binary);
  EXPECT_EQ(cs.files[0].status, FileStatus::Modified);
  EXPECT_EQ(cs.files[0].path(), "img/logo.png");
  EXPECT_TRUE(cs.files[0].hunks.empty());
  EXPECT_FALSE(cs.files[1].binary);
  EXPECT_EQ(cs.files[1].added_count(), 1);
}

TEST(UnifiedDiff, GitBinaryPatchIsSkipped) {
  ChangeSet cs = parse_ok(
      "diff --git a/data.bin b/data.bin\n"
      "new file mode 100644\n"
      "index 0000000000000000000000000000000000000000..e2e0c3f2d8cbd0b2\n"
      "GIT binary patch\n"
      "literal 12\n"
      "TcmZ?wbhEHbRA5kGVqgFO2$TRQ\n"
      "\n"
      "literal 0\n"
      "HcmV?d00001\n"
      "\n"
      "diff --git a/z.py b/z.py\n"
      "--- a/z.py\n"
      "+++ b/z.py\n"
      "@@ -1 +1 @@\n"
      "-1\n"
      "+2\n");
  ASSERT_EQ(cs.files.size(), 2u);
  EXPECT_TRUE(cs.files[0].binary);
  EXPECT_EQ(cs.files[0].status, FileStatus::Added);
  EXPECT_EQ(cs.files[0].new_path, "data.bin");
  EXPECT_TRUE(cs.files[0].hunks.empty());
  EXPECT_EQ(cs.files[1].path(), "z.py");
  EXPECT_EQ(cs.files[1].hunks[0].lines[1].text, "2");
}

TEST(UnifiedDiff, ModeChangeOnly) {
  ChangeSet cs = parse_ok(
      "diff --git a/run me.sh b/run me.sh\n"
      "old mode 100644\n"
      "new mode 100755\n");
  ASSERT_EQ(cs.files.size(), 1u);
  const FileChange& f = cs.files[0];
  EXPECT_EQ(f.status, FileStatus::Modified);
  EXPECT_EQ(f.old_path, "run me.sh");
  EXPECT_EQ(f.new_path, "run me.sh");
  EXPECT_EQ(f.old_mode, "100644");
  EXPECT_EQ(f.new_mode, "100755");
  EXPECT_TRUE(f.hunks.empty());
}

TEST(UnifiedDiff, PathWithSpacesPrefersMinusPlusLines) {
  ChangeSet cs = parse_ok(
      "diff --git a/my dir/a b.py b/my dir/a b.py\n"
      "index 1111111..2222222 100644\n"
      "--- a/my dir/a b.py\t\n"
      "+++ b/my dir/a b.py\t\n"
      "@@ -1 +1 @@\n"
      "-a\n"
      "+b\n");
  ASSERT_EQ(cs.files.size(), 1u);
  EXPECT_EQ(cs.files[0].old_path, "my dir/a b.py");
  EXPECT_EQ(cs.files[0].new_path, "my dir/a b.py");
}

TEST(UnifiedDiff, NoNewlineMarkerIsNotALine) {
  ChangeSet cs = parse_ok(
      "diff --git a/f b/f\n"
      "--- a/f\n"
      "+++ b/f\n"
      "@@ -1,2 +1,2 @@\n"
      " keep\n"
      "-last\n"
      "\\ No newline at end of file\n"
      "+last\n"
      "\\ No newline at end of file\n"
      "diff --git a/g b/g\n"
      "--- a/g\n"
      "+++ b/g\n"
      "@@ -1 +1 @@\n"
      "-x\n"
      "+y\n");
  ASSERT_EQ(cs.files.size(), 2u);
  const Hunk& h = cs.files[0].hunks[0];
  ASSERT_EQ(h.lines.size(), 3u);
  EXPECT_EQ(h.lines[1].kind, Kind::Removed);
  EXPECT_EQ(h.lines[1].text, "last");
  EXPECT_EQ(h.lines[2].kind, Kind::Added);
  EXPECT_EQ(h.lines[2].new_line, 2);
  EXPECT_EQ(cs.files[1].path(), "g");
}

TEST(UnifiedDiff, CrlfLineEndsAreStripped) {
  ChangeSet cs = parse_ok(
      "diff --git a/w.txt b/w.txt\r\n"
      "index 1111111..2222222 100644\r\n"
      "--- a/w.txt\r\n"
      "+++ b/w.txt\r\n"
      "@@ -1,2 +1,2 @@ sect\r\n"
      " one\r\n"
      "-two\r\n"
      "+TWO\r\n");
  ASSERT_EQ(cs.files.size(), 1u);
  const FileChange& f = cs.files[0];
  EXPECT_EQ(f.path(), "w.txt");
  EXPECT_EQ(f.old_mode, "100644");
  EXPECT_EQ(f.hunks[0].section, "sect");
  EXPECT_EQ(f.hunks[0].lines[0].text, "one");
  EXPECT_EQ(f.hunks[0].lines[2].text, "TWO");
}

TEST(UnifiedDiff, EmptyLineInHunkIsContext) {
  ChangeSet cs = parse_ok(
      "--- a/e.py\n"
      "+++ b/e.py\n"
      "@@ -1,3 +1,3 @@\n"
      " a\n"
      "\n"
      "-c\n"
      "+C\n");
  const Hunk& h = cs.files.at(0).hunks.at(0);
  ASSERT_EQ(h.lines.size(), 4u);
  EXPECT_EQ(h.lines[1].kind, Kind::Context);
  EXPECT_EQ(h.lines[1].text, "");
  EXPECT_EQ(h.lines[1].old_line, 2);
  EXPECT_EQ(h.lines[1].new_line, 2);
  EXPECT_EQ(h.lines[3].new_line, 3);
}

TEST(UnifiedDiff, NonUtf8BytesArePreserved) {
  std::string text =
      "--- a/latin1.txt\n"
      "+++ b/latin1.txt\n"
      "@@ -1 +1 @@\n"
      "-caf\xe9\n"
      "+caf\xe9\xff\x80\n";
  ChangeSet cs = parse_ok(text);
  const Hunk& h = cs.files.at(0).hunks.at(0);
  EXPECT_EQ(h.lines[0].text, "caf\xe9");
  EXPECT_EQ(h.lines[1].text, std::string("caf\xe9\xff\x80"));
}

TEST(UnifiedDiff, EmptyAndWhitespaceOnlyTextIsEmptyChangeSet) {
  Result<ChangeSet> empty = parse_unified_diff("");
  ASSERT_TRUE(empty.ok());
  EXPECT_TRUE(empty->files.empty());
  Result<ChangeSet> blank = parse_unified_diff("  \n\n\t\r\n");
  ASSERT_TRUE(blank.ok());
  EXPECT_TRUE(blank->files.empty());
}

TEST(UnifiedDiff, QuotedPathsAreUnquoted) {
  ChangeSet cs = parse_ok(
      "diff --git \"a/caf\\303\\251.py\" \"b/caf\\303\\251.py\"\n"
      "new file mode 100644\n"
      "index 0000000..e69de29\n"
      "diff --git \"a/tab\\there.txt\" \"b/tab\\there.txt\"\n"
      "index 1111111..2222222 100644\n"
      "--- \"a/tab\\there.txt\"\n"
      "+++ \"b/tab\\there.txt\"\n"
      "@@ -1 +1 @@\n"
      "-q\\\"\n"
      "+r\n");
  ASSERT_EQ(cs.files.size(), 2u);
  EXPECT_EQ(cs.files[0].new_path, "caf\xc3\xa9.py");
  EXPECT_EQ(cs.files[1].old_path, "tab\there.txt");
  EXPECT_EQ(cs.files[1].new_path, "tab\there.txt");
  EXPECT_EQ(cs.files[1].hunks[0].lines[0].text, "q\\\"");
}

TEST(UnifiedDiff, QuotedRenameTarget) {
  ChangeSet cs = parse_ok(
      "diff --git a/plain.txt \"b/quo\\\"te.txt\"\n"
      "similarity index 100%\n"
      "rename from plain.txt\n"
      "rename to \"quo\\\"te.txt\"\n");
  ASSERT_EQ(cs.files.size(), 1u);
  EXPECT_EQ(cs.files[0].old_path, "plain.txt");
  EXPECT_EQ(cs.files[0].new_path, "quo\"te.txt");
}

TEST(UnifiedDiff, PlainUnifiedDiffWithoutGitHeader) {
  ChangeSet cs = parse_ok(
      "--- a/lib/u.c\t2024-01-01 00:00:00.000000000 +0000\n"
      "+++ b/lib/u.c\t2024-01-02 00:00:00.000000000 +0000\n"
      "@@ -5,2 +5,3 @@\n"
      " a\n"
      "+b\n"
      " c\n"
      "--- /dev/null\n"
      "+++ b/lib/new.c\n"
      "@@ -0,0 +1 @@\n"
      "+int n;\n"
      "--- noprefix.c\n"
      "+++ noprefix.c\n"
      "@@ -1 +1 @@\n"
      "-1\n"
      "+2\n");
  ASSERT_EQ(cs.files.size(), 3u);
  EXPECT_EQ(cs.files[0].old_path, "lib/u.c");
  EXPECT_EQ(cs.files[0].new_path, "lib/u.c");
  EXPECT_EQ(cs.files[0].status, FileStatus::Modified);
  EXPECT_EQ(cs.files[0].hunks[0].lines[1].new_line, 6);
  EXPECT_EQ(cs.files[1].status, FileStatus::Added);
  EXPECT_EQ(cs.files[1].old_path, "");
  EXPECT_EQ(cs.files[1].new_path, "lib/new.c");
  EXPECT_EQ(cs.files[2].path(), "noprefix.c");
}

TEST(UnifiedDiff, FormatPatchPreambleAndTrailerAreSkipped) {
  ChangeSet cs = parse_ok(
      "From 0123456789abcdef0123456789abcdef01234567 Mon Sep 17 00:00:00 2001\n"
      "From: A U Thor <a@example.com>\n"
      "Subject: [PATCH] Fix things\n"
      "\n"
      "Some prose that mentions --- dashes.\n"
      "---\n"
      " m.py | 2 +-\n"
      " 1 file changed, 1 insertion(+), 1 deletion(-)\n"
      "\n"
      "diff --git a/m.py b/m.py\n"
      "index 1111111..2222222 100644\n"
      "--- a/m.py\n"
      "+++ b/m.py\n"
      "@@ -1 +1 @@\n"
      "-a\n"
      "+b\n"
      "-- \n"
      "2.43.0\n"
      "\n");
  ASSERT_EQ(cs.files.size(), 1u);
  EXPECT_EQ(cs.files[0].path(), "m.py");
  EXPECT_EQ(cs.files[0].added_count(), 1);
  EXPECT_EQ(cs.files[0].removed_count(), 1);
}

TEST(UnifiedDiff, GitLogWithSeveralCommits) {
  ChangeSet cs = parse_ok(
      "commit 0123456789abcdef0123456789abcdef01234567\n"
      "Author: A <a@example.com>\n"
      "\n"
      "    second\n"
      "\n"
      "diff --git a/s.py b/s.py\n"
      "--- a/s.py\n"
      "+++ b/s.py\n"
      "@@ -1 +1 @@\n"
      "-a\n"
      "+b\n"
      "\n"
      "commit 89abcdef0123456789abcdef0123456789abcdef\n"
      "Author: A <a@example.com>\n"
      "\n"
      "    first: a message line that is not a diff\n"
      "\n"
      "diff --git a/f.py b/f.py\n"
      "new file mode 100644\n"
      "--- /dev/null\n"
      "+++ b/f.py\n"
      "@@ -0,0 +1 @@\n"
      "+x\n");
  ASSERT_EQ(cs.files.size(), 2u);
  EXPECT_EQ(cs.files[0].path(), "s.py");
  EXPECT_EQ(cs.files[1].path(), "f.py");
  EXPECT_EQ(cs.files[1].status, FileStatus::Added);
}

TEST(UnifiedDiff, BlankLineBetweenHunksKeepsHunkWithItsFile) {
  ChangeSet cs = parse_ok(
      "--- a/h.py\n"
      "+++ b/h.py\n"
      "@@ -1 +1 @@\n"
      "-a\n"
      "+b\n"
      "\n"
      "@@ -20 +20 @@\n"
      "-c\n"
      "+d\n");
  ASSERT_EQ(cs.files.size(), 1u);
  ASSERT_EQ(cs.files[0].hunks.size(), 2u);
  EXPECT_EQ(cs.files[0].hunks[1].lines[1].new_line, 20);
  EXPECT_EQ(cs.files[0].hunks[1].lines[1].text, "d");
}

TEST(UnifiedDiff, CountOmittedDefaultsToOne) {
  ChangeSet cs = parse_ok(
      "--- a/one\n"
      "+++ b/one\n"
      "@@ -7 +9 @@\n"
      "-x\n"
      "+y\n");
  const Hunk& h = cs.files.at(0).hunks.at(0);
  EXPECT_EQ(h.old_start, 7);
  EXPECT_EQ(h.old_count, 1);
  EXPECT_EQ(h.new_start, 9);
  EXPECT_EQ(h.new_count, 1);
  EXPECT_EQ(h.lines[0].old_line, 7);
  EXPECT_EQ(h.lines[1].new_line, 9);
}

TEST(UnifiedDiff, CountsAndFind) {
  ChangeSet cs = parse_ok(
      "diff --git a/p.py b/p.py\n"
      "--- a/p.py\n"
      "+++ b/p.py\n"
      "@@ -1,2 +1,3 @@\n"
      "+n1\n"
      "+n2\n"
      "-o1\n"
      " k\n"
      "diff --git a/gone.py b/gone.py\n"
      "deleted file mode 100644\n"
      "--- a/gone.py\n"
      "+++ /dev/null\n"
      "@@ -1,3 +0,0 @@\n"
      "-1\n"
      "-2\n"
      "-3\n");
  ASSERT_EQ(cs.files.size(), 2u);
  EXPECT_EQ(cs.files[0].added_count(), 2);
  EXPECT_EQ(cs.files[0].removed_count(), 1);
  EXPECT_EQ(cs.added_count(), 2);
  EXPECT_EQ(cs.removed_count(), 4);
  ASSERT_NE(cs.find("gone.py"), nullptr);
  EXPECT_EQ(cs.find("gone.py")->status, FileStatus::Deleted);
  EXPECT_EQ(cs.find("p.py"), &cs.files[0]);
  EXPECT_EQ(cs.find("missing.py"), nullptr);
}

TEST(UnifiedDiff, TruncatedHunkAtEndIsAnError) {
  std::string e = parse_error(
      "diff --git a/t b/t\n"
      "--- a/t\n"
      "+++ b/t\n"
      "@@ -1,2 +1,5 @@\n"
      " a\n"
      "+b\n"
      " c\n"
      "+d\n");
  EXPECT_EQ(e, "diff line 4: hunk claims 5 new lines but has 4");
}

TEST(UnifiedDiff, HunkCutShortByNextFileIsAnError) {
  std::string e = parse_error(
      "diff --git a/t b/t\n"
      "--- a/t\n"
      "+++ b/t\n"
      "@@ -1,3 +1,3 @@\n"
      " a\n"
      "diff --git a/u b/u\n");
  EXPECT_EQ(e, "diff line 4: hunk claims 3 old and 3 new lines but has 1 and 1");
}

TEST(UnifiedDiff, HunkWithMoreLinesThanClaimedIsAnError) {
  std::string e = parse_error(
      "--- a/t\n"
      "+++ b/t\n"
      "@@ -1 +1 @@\n"
      "-a\n"
      "+b\n"
      "+c\n");
  EXPECT_EQ(e, "diff line 6: line '+c' is outside any hunk (a hunk header claims too few lines?)");
  // Interleaved: a third added line arrives while a removed line is still owed.
  std::string inner = parse_error(
      "--- a/t\n"
      "+++ b/t\n"
      "@@ -1,2 +1,2 @@\n"
      "+a\n"
      "+b\n"
      "+c\n"
      "-d\n");
  EXPECT_EQ(inner, "diff line 3: hunk claims 2 new lines but has more");
}

TEST(UnifiedDiff, GarbageAfterHunkIsAnError) {
  std::string e = parse_error(
      "--- a/t\n"
      "+++ b/t\n"
      "@@ -1 +1 @@\n"
      "-a\n"
      "+b\n"
      "this is not part of a diff\n");
  EXPECT_TRUE(has(e, "diff line 6:")) << e;
  EXPECT_TRUE(has(e, "this is not part of a diff")) << e;
}

TEST(UnifiedDiff, NotADiffIsAnError) {
  std::string e = parse_error("\nHello,\nthis is a letter, not a patch.\n");
  EXPECT_EQ(e, "diff line 2: not a unified diff (no 'diff --git' or '---'/'+++' file header)");
  EXPECT_TRUE(has(parse_error("@@ -1 +1 @@\n-a\n+b\n"), "diff line 1: hunk header before any file header"));
}

TEST(UnifiedDiff, DotDotPathIsRejected) {
  std::string e = parse_error(
      "diff --git a/ok.py b/ok.py\n"
      "--- a/ok.py\n"
      "+++ b/ok.py\n"
      "@@ -1 +1 @@\n"
      "-a\n"
      "+b\n"
      "diff --git a/../../etc/passwd b/../../etc/passwd\n"
      "--- a/../../etc/passwd\n"
      "+++ b/../../etc/passwd\n"
      "@@ -1 +1 @@\n"
      "-a\n"
      "+b\n");
  EXPECT_EQ(e, "diff line 8: unsafe path '../../etc/passwd'");
}

TEST(UnifiedDiff, AbsolutePathIsRejected) {
  std::string e = parse_error(
      "--- /etc/hosts\n"
      "+++ /etc/hosts\n"
      "@@ -1 +1 @@\n"
      "-a\n"
      "+b\n");
  EXPECT_EQ(e, "diff line 1: unsafe path '/etc/hosts'");
  std::string rename = parse_error(
      "diff --git a/x b/y\n"
      "rename from x\n"
      "rename to sub/../../y\n");
  EXPECT_EQ(rename, "diff line 3: unsafe path 'sub/../../y'");
}

TEST(UnifiedDiff, AbsurdHunkNumbersAreErrors) {
  std::string big = parse_error(
      "--- a/t\n"
      "+++ b/t\n"
      "@@ -1,100000001 +1 @@\n");
  EXPECT_EQ(big, "diff line 3: hunk header number is out of range");
  std::string huge = parse_error(
      "--- a/t\n"
      "+++ b/t\n"
      "@@ -1 +99999999999999999999999999 @@\n");
  EXPECT_EQ(huge, "diff line 3: hunk header number is out of range");
  std::string negative = parse_error(
      "--- a/t\n"
      "+++ b/t\n"
      "@@ -1 +-3,2 @@\n");
  EXPECT_EQ(negative, "diff line 3: negative number in hunk header");
  std::string malformed = parse_error(
      "diff --git a/t b/t\n"
      "--- a/t\n"
      "+++ b/t\n"
      "@@ -x +1 @@\n");
  EXPECT_EQ(malformed, "diff line 4: malformed hunk header");
}

TEST(UnifiedDiff, LimitsAreEnforced) {
  std::string two_files =
      "diff --git a/a b/a\n"
      "old mode 100644\n"
      "new mode 100755\n"
      "diff --git a/b b/b\n"
      "old mode 100644\n"
      "new mode 100755\n";
  DiffLimits one_file;
  one_file.max_files = 1;
  EXPECT_EQ(parse_error(two_files, one_file), "diff line 4: more than 1 files in the diff");
  DiffLimits small;
  small.max_bytes = 10;
  EXPECT_TRUE(has(parse_error(two_files, small), "more than the limit of 10")) << parse_error(two_files, small);
  EXPECT_TRUE(parse_unified_diff(two_files).ok());
}

TEST(UnifiedDiff, MissingPlusLineIsAnError) {
  std::string e = parse_error(
      "diff --git a/t b/t\n"
      "index 1111111..2222222 100644\n"
      "--- a/t\n"
      "@@ -1 +1 @@\n");
  EXPECT_EQ(e, "diff line 3: '---' line is not followed by a '+++' line");
}

TEST(UnifiedDiff, CombinedDiffIsRejected) {
  std::string e = parse_error(
      "diff --cc m.py\n"
      "index 1,2..3\n"
      "--- a/m.py\n"
      "+++ b/m.py\n"
      "@@@ -1,1 -1,1 +1,1 @@@\n");
  EXPECT_EQ(e, "diff line 1: combined diffs (merge commits) are not supported");
}

TEST(UnifiedDiff, BadQuotedPathCannotBeNamed) {
  std::string e = parse_error(
      "diff --git \"a/bad\\q\" \"b/bad\\q\"\n"
      "new file mode 100644\n");
  EXPECT_EQ(e, "diff line 1: cannot tell the file names of this file header");
}

TEST(UnifiedDiff, LargeDiffIsLinear) {
  std::string text = "diff --git a/big.txt b/big.txt\nnew file mode 100644\n--- /dev/null\n+++ b/big.txt\n";
  const int n = 200000;
  text += "@@ -0,0 +1," + std::to_string(n) + " @@\n";
  for (int i = 0; i < n; ++i) text += "+line of text number " + std::to_string(i) + "\n";
  ChangeSet cs = parse_ok(text);
  ASSERT_EQ(cs.files.size(), 1u);
  EXPECT_EQ(cs.files[0].added_count(), n);
  EXPECT_EQ(cs.files[0].hunks[0].lines.back().new_line, n);
  EXPECT_EQ(cs.files[0].hunks[0].lines.back().text, "line of text number " + std::to_string(n - 1));
}

}  // namespace
}  // namespace rp
