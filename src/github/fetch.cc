#include "github/fetch.h"

#include <git2.h>

#include <memory>

#include "github/client.h"
#include "source/git_source.h"
#include "source/libgit2_init.h"

namespace rp {

namespace {

struct Credentials {
  const std::string* token;
  std::string host;  // the only host the token is offered to
  int attempts = 0;
};

int credentials_cb(git_credential** out, const char* url, const char* /*user*/, unsigned int allowed, void* payload) {
  auto* c = static_cast<Credentials*>(payload);
  if (c->token->empty() || !(allowed & GIT_CREDENTIAL_USERPASS_PLAINTEXT)) return GIT_PASSTHROUGH;
  // A clone URL on another host (a fork hosted elsewhere, a redirect) gets no token.
  if (!url || web_host_of_api(url) != c->host) return GIT_PASSTHROUGH;
  if (c->attempts++ > 0) return GIT_EUSER;  // the token was refused once: do not loop
  return git_credential_userpass_plaintext_new(out, "x-access-token", c->token->c_str());
}

bool has_commit(git_repository* repo, const std::string& sha) {
  git_oid oid;
  if (git_oid_fromstr(&oid, sha.c_str()) != 0) return false;
  git_odb* odb = nullptr;
  if (git_repository_odb(&odb, repo) != 0) return false;
  bool found = git_odb_exists(odb, &oid) != 0;
  git_odb_free(odb);
  return found;
}

Status fetch(git_repository* repo, const GitHubPullRequest& pr, const std::string& token, const std::string& host) {
  if (pr.clone_url.empty()) return Status::Error("GitHub did not say where to fetch " + pr.repo + " from");
  git_remote* remote = nullptr;
  if (git_remote_create_anonymous(&remote, repo, pr.clone_url.c_str()) != 0)
    return Status::Error("cannot fetch PR #" + std::to_string(pr.number) + ": " + git_error_last()->message);
  std::unique_ptr<git_remote, decltype(&git_remote_free)> owned(remote, git_remote_free);
  std::string pull = "+refs/pull/" + std::to_string(pr.number) + "/head:refs/review-pr/pull/" + std::to_string(pr.number) + "/head";
  std::string base = "+refs/heads/" + pr.base_ref + ":refs/review-pr/base/" + pr.base_ref;
  char* specs[] = {pull.data(), base.data()};
  git_strarray refspecs{specs, pr.base_ref.empty() ? size_t(1) : size_t(2)};
  Credentials creds{&token, host};
  git_fetch_options options = GIT_FETCH_OPTIONS_INIT;
  options.callbacks.credentials = credentials_cb;
  options.callbacks.payload = &creds;
  options.download_tags = GIT_REMOTE_DOWNLOAD_TAGS_NONE;
  load_libgit2_tls_roots();  // the local-read init skipped them (source/libgit2_init.h)
  if (git_remote_fetch(remote, &refspecs, &options, nullptr) != 0) {
    const git_error* e = git_error_last();
    return Status::Error(scrub_token("cannot fetch PR #" + std::to_string(pr.number) + " into the clone: " +
                                   (e && e->message ? e->message : "unknown error"),
                               token));
  }
  return Status::Ok();
}

}  // namespace

Result<ReviewRange> fetch_pull_request(const std::string& clone_path, const GitHubPullRequest& pr,
                                       const std::string& token, const std::string& api_url) {
  git_libgit2_init();
  git_repository* raw = nullptr;
  if (git_repository_open_ext(&raw, clone_path.c_str(), GIT_REPOSITORY_OPEN_NO_SEARCH, nullptr) != 0) {
    git_libgit2_shutdown();
    return Status::Error("cannot open git repository " + clone_path);
  }
  std::unique_ptr<git_repository, decltype(&git_repository_free)> repo(raw, git_repository_free);
  Status fetched = Status::Ok();
  if (!has_commit(raw, pr.head_sha) || !has_commit(raw, pr.base_sha)) fetched = fetch(raw, pr, token, web_host_of_api(api_url));
  bool head_ok = has_commit(raw, pr.head_sha), base_ok = has_commit(raw, pr.base_sha);
  repo.reset();
  git_libgit2_shutdown();
  if (!fetched.ok()) return fetched;
  if (!head_ok) return Status::Error("PR #" + std::to_string(pr.number) + " head " + pr.head_sha.substr(0, 12) + " is not in " + clone_path + " after fetching");

  auto git = GitRepo::open(clone_path);
  if (!git.ok()) return git.status();
  // The base branch may have moved on since GitHub computed the PR's base sha; its fetched tip
  // still shares the merge-base with head.
  std::string base_rev = base_ok ? pr.base_sha : "refs/review-pr/base/" + pr.base_ref;
  auto base = (*git)->resolve(base_rev);
  if (!base.ok()) return Status::Error("PR #" + std::to_string(pr.number) + " base " + pr.base_sha.substr(0, 12) + " is not in " + clone_path);
  auto merge_base = (*git)->merge_base(*base, pr.head_sha);
  if (!merge_base.ok()) return merge_base.status();
  return ReviewRange{*merge_base, pr.head_sha};
}

}  // namespace rp
