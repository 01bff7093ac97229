#!/usr/bin/env bash
# The packaging path, from an already built build directory (ctest runs it; no compile):
#   1. `cmake --install BUILD --prefix P`, then P/bin/review-pr --version prints the project
#      version and the revision, and the bash completion is installed;
#   2. a configure of the same sources with -DBUILD_TESTING=OFF that is forbidden to find
#      GoogleTest, GMock, benchmark or valijson (a user build needs only the runtime packages);
#   3. cpack's .deb: holds usr/bin/review-pr, Depends on the runtime libraries, and its
#      unpacked binary runs.
#   package_test.sh BUILD_DIR SOURCE_DIR VERSION
set -euo pipefail
build=$1 src=$2 version=$3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

# 1. install
cmake --install "$build" --prefix "$tmp/prefix" >/dev/null
out=$("$tmp/prefix/bin/review-pr" --version)
[[ $out =~ ^review-pr\ ${version//./\\.}\ \(([0-9a-f]{7,}(-dirty)?|unknown)\)$ ]] || fail "--version printed '$out'"
[ -f "$tmp/prefix/share/bash-completion/completions/review-pr" ] || fail "no bash completion installed"
grep -q "complete -o default -F _review_pr review-pr" "$tmp/prefix/share/bash-completion/completions/review-pr" ||
  fail "completion script lacks its complete line"
echo "install: $out"

# 2. a user configure: the test stack may not be looked for at all
cmake -S "$src" -B "$tmp/user" -G Ninja -DBUILD_TESTING=OFF \
  -DCMAKE_DISABLE_FIND_PACKAGE_GTest=ON -DCMAKE_DISABLE_FIND_PACKAGE_valijson=ON \
  -DCMAKE_DISABLE_FIND_PACKAGE_benchmark=ON >"$tmp/user.log" 2>&1 || { cat "$tmp/user.log" >&2; fail "BUILD_TESTING=OFF configure"; }
grep -q "review_pr_tests" "$tmp/user/build.ninja" && fail "BUILD_TESTING=OFF still builds the tests"
grep -q "build review-pr:" "$tmp/user/build.ninja" || grep -q "review-pr: " "$tmp/user/build.ninja" || fail "no review-pr target"
echo "configure: BUILD_TESTING=OFF without the test stack"

# 3. the .deb
(cd "$tmp" && cpack --config "$build/CPackConfig.cmake" -G DEB -B "$tmp/pkg" >"$tmp/cpack.log" 2>&1) ||
  { cat "$tmp/cpack.log" >&2; fail "cpack"; }
deb=$(ls "$tmp"/pkg/review-pr_"$version"_*.deb 2>/dev/null | head -1)
[ -n "$deb" ] || { ls -R "$tmp/pkg" >&2; fail "no review-pr_${version}_*.deb"; }
depends=$(dpkg-deb -f "$deb" Depends)
# libcurl is dlopen()ed (named in CPACK_DEBIAN_PACKAGE_DEPENDS); the others are needed when the
# binary links them as shared libraries (libgit2 and RE2 come from static archives when
# RP_STATIC_DEPS is on, CMakeLists.txt).
needed=$(objdump -p "$build/review-pr" | awk '/NEEDED/ {print $2}')
for lib in libgit2 libre2 libcurl libmd4c libfmt; do
  [[ $lib == libcurl || $needed == *"$lib."* ]] || continue
  [[ $depends == *"$lib"* ]] || fail "Depends lacks $lib: $depends"
done
dpkg-deb -c "$deb" >"$tmp/contents"
grep -q "./usr/bin/review-pr$" "$tmp/contents" || fail "the .deb has no usr/bin/review-pr"
dpkg-deb -x "$deb" "$tmp/unpacked"
"$tmp/unpacked/usr/bin/review-pr" --version | grep -q "^review-pr $version " || fail "the packaged binary does not run"
echo "deb: $(basename "$deb"), Depends: $depends"
