#!/usr/bin/env bash
# Installs what the build needs on Debian 12: the libraries named in DESIGN.md from apt,
# and the tree-sitter runtime + grammar sources from the npm registry at the versions
# pinned in vendor/package-lock.json (sources only: the Node addon is never built).
#   ./setup.sh             everything test.sh uses: the runtime build, tests, fuzzers, packaging
#   ./setup.sh --runtime   only what `cmake -DBUILD_TESTING=OFF` and the review-pr binary need
#                          (the Dockerfile's build stage and the action's fallback build)
set -euo pipefail
cd "$(dirname "$0")"

# The compiler, build tools and the libraries review-pr links (their -dev packages); `file`
# is what cpack's dpkg-shlibdeps step looks binaries up with (the .deb's Depends).
RUNTIME_PACKAGES=(build-essential cmake ninja-build pkg-config git file ca-certificates
  libgit2-dev libre2-dev libmd4c-dev nlohmann-json3-dev libtomlplusplus-dev libyaml-cpp-dev
  libcli11-dev libfmt-dev libcurl4-openssl-dev)
# What only development and CI use: tests, benchmarks, the fuzz stage (clang + libFuzzer),
# and the compile cache.
TEST_PACKAGES=(ccache libgtest-dev libgmock-dev libbenchmark-dev libvalijson-dev
  clang libclang-rt-14-dev)

case "${1:-}" in
  --runtime) PACKAGES=("${RUNTIME_PACKAGES[@]}") ;;
  "") PACKAGES=("${RUNTIME_PACKAGES[@]}" "${TEST_PACKAGES[@]}") ;;
  *) echo "usage: ./setup.sh [--runtime]" >&2; exit 2 ;;
esac

missing=()
for p in "${PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
# Node.js may come from elsewhere (NodeSource bundles npm and conflicts with Debian's npm
# package): only ask apt when the commands are missing.
command -v node >/dev/null 2>&1 || missing+=(nodejs)
command -v npm >/dev/null 2>&1 || missing+=(npm)
if [ ${#missing[@]} -gt 0 ]; then
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

if [ ! -f vendor/node_modules/.review-pr-stamp ] || ! cmp -s vendor/package-lock.json vendor/node_modules/.review-pr-stamp; then
  (cd vendor && npm ci --ignore-scripts --legacy-peer-deps --no-audit --no-fund --loglevel=error)
  cp vendor/package-lock.json vendor/node_modules/.review-pr-stamp
fi
