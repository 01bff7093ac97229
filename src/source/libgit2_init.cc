#include "source/libgit2_init.h"

#include <dlfcn.h>
#include <git2.h>

#include <atomic>
#include <mutex>
#include <string>

struct mbedtls_x509_crt;

namespace {

// While true, the CA bundle parse that git_libgit2_init() asks mbedTLS for is recorded and
// skipped (see mbedtls_x509_crt_parse_file below).
std::atomic<bool> g_skip_ca_parse{false};
std::mutex g_skipped_mutex;
std::string g_skipped_ca_file;  // guarded by g_skipped_mutex

}  // namespace

// libgit2 (mbedTLS backend) loads its default CA file in git_libgit2_init() through this
// function of libmbedx509; no libgit2 option skips it. Either way below, libgit2's call reaches
// this file's definition: during init_libgit2() it only records the file name; at any other
// time it forwards to mbedTLS.
namespace {
int parse_or_record_ca_file(mbedtls_x509_crt* chain, const char* path, int (*real)(mbedtls_x509_crt*, const char*)) {
  if (g_skip_ca_parse.load()) {
    std::lock_guard<std::mutex> lock(g_skipped_mutex);
    g_skipped_ca_file = path ? path : "";
    return 0;
  }
  if (!real) return -0x2900;  // MBEDTLS_ERR_X509_FILE_IO_ERROR: no trust roots, HTTPS fails closed
  return real(chain, path);
}
}  // namespace

#ifdef RP_LIBGIT2_STATIC
// libgit2 and mbedTLS linked from static archives (CMakeLists.txt, RP_STATIC_DEPS): every program
// that links this file is linked with --wrap=mbedtls_x509_crt_parse_file, which sends libgit2's
// call here and names mbedTLS's own definition __real_.
extern "C" int __real_mbedtls_x509_crt_parse_file(mbedtls_x509_crt* chain, const char* path);
extern "C" int __wrap_mbedtls_x509_crt_parse_file(mbedtls_x509_crt* chain, const char* path) {
  return parse_or_record_ca_file(chain, path, &__real_mbedtls_x509_crt_parse_file);
}
#else
// Shared libraries: the review-pr executable exports this definition (CMakeLists.txt:
// --export-dynamic-symbol), so libgit2's call resolves here. Programs that do not export it
// (tests, a libgit2 built with OpenSSL) never call it and keep libgit2's own behaviour.
extern "C" int mbedtls_x509_crt_parse_file(mbedtls_x509_crt* chain, const char* path) {
  using ParseFile = int (*)(mbedtls_x509_crt*, const char*);
  static const ParseFile real = reinterpret_cast<ParseFile>(dlsym(RTLD_NEXT, "mbedtls_x509_crt_parse_file"));
  return parse_or_record_ca_file(chain, path, real);
}
#endif

namespace rp {

void init_libgit2() {
  static std::once_flag once;
  std::call_once(once, [] {
    g_skip_ca_parse.store(true);
    git_libgit2_init();
    g_skip_ca_parse.store(false);
    // libgit2 re-hashes every object it reads to check it against its id (SHA-1, collision-
    // detecting). git itself does not on reads (`git diff`, `git cat-file`; fsck does): a review
    // reads each changed blob, the trees of both commits and the index's blobs, and the check
    // was a tenth of a small review's instructions. Object ids still address the reads.
    git_libgit2_opts(GIT_OPT_ENABLE_STRICT_HASH_VERIFICATION, 0);
  });
}

void load_libgit2_tls_roots() {
  static std::once_flag once;
  std::call_once(once, [] {
    std::string file;
    {
      std::lock_guard<std::mutex> lock(g_skipped_mutex);
      file = g_skipped_ca_file;
    }
    if (!file.empty()) git_libgit2_opts(GIT_OPT_SET_SSL_CERT_LOCATIONS, file.c_str(), nullptr);
  });
}

}  // namespace rp
