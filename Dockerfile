# review-pr in a container: the final image holds the review-pr binary, its runtime
# libraries (installed by apt from the .deb's Depends) and git, nothing of the build.
#   docker build -t review-pr .
#   docker run --rm -v "$PWD:/repo" -w /repo review-pr --base origin/main --head HEAD
# Each stage runs the commands the README and tests/package_test.sh run: setup.sh --runtime,
# a BUILD_TESTING=OFF configure, the build, cpack's .deb; then the .deb is installed.
# A build from a tree without .git names its revision: --build-arg REVISION=<sha>.

FROM debian:12-slim AS build
ARG REVISION=""
WORKDIR /src
COPY . .
RUN ./setup.sh --runtime \
 && cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release -DBUILD_TESTING=OFF -DREVIEW_PR_REVISION="$REVISION" \
 && cmake --build build \
 && (cd build && cpack -G DEB) \
 && build/review-pr --version

FROM debian:12-slim
COPY --from=build /src/build/review-pr_*.deb /tmp/
RUN apt-get update \
 && apt-get install -y --no-install-recommends ca-certificates git /tmp/review-pr_*.deb \
 && rm -rf /var/lib/apt/lists/* /tmp/review-pr_*.deb \
 && review-pr --version
# A mounted repository belongs to another user than root: let libgit2 and git read it.
RUN git config --system --add safe.directory '*'
ENTRYPOINT ["review-pr"]
