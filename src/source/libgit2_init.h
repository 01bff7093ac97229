// libgit2's process-wide initialisation for local object reads, with the TLS trust roots
// loaded only when a network transfer needs them.
#pragma once

namespace rp {

// git_libgit2_init() once for the process (never shut down), without the CA bundle parse that
// libgit2's mbedTLS backend does in its init (Debian's libgit2 parses every certificate of
// /etc/ssl/certs/ca-certificates.crt: an eighth of a small review's instructions, for HTTPS
// that a local review never uses), and with strict hash verification off.
void init_libgit2();

// Call after git_libgit2_init() and before libgit2 talks HTTPS: loads the trust roots the init
// skipped (GIT_OPT_SET_SSL_CERT_LOCATIONS with the same file). Does nothing when none were
// skipped. Until it runs, libgit2's trust store is empty, so an HTTPS transfer fails its
// certificate check instead of trusting anything.
void load_libgit2_tls_roots();

}  // namespace rp
