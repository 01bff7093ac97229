// new-dependency: a package the project did not depend on before — a new line in a
// requirements file / setup.py / pyproject.toml, or a new third-party import in code.
#include <re2/re2.h>

#include <algorithm>
#include <array>
#include <map>
#include <string_view>

#include "analysis/facts.h"
#include "analysis/host_integration.h"
#include "core/paths.h"
#include "index/knowledge.h"
#include "lang/import_guard.h"
#include "rules/rule_base.h"

namespace rp {
namespace {

constexpr RuleInfo kInfo{
    .name = "new-dependency",
    .category = Category::Housekeeping,
    .severity = Severity::Note,
    .needs = Needs::Diff,
    .summary = "The PR adds a package to requirements/setup.py/pyproject.toml, or imports a new third-party package.",
    .docs = R"(What it catches: (1) a package name on an added line of a requirements file
(`requirements*.txt`, `requirements/*.txt`), of `install_requires` in setup.py, or of the
`dependencies` array of pyproject.toml, when the name is not on a removed manifest line of the
PR (a version bump or a move), not in the base tree's manifests, and not imported by an added
line of the PR's own non-test Python (then the line is the declaration that import needs); (2) an added `import pkg` / `from pkg import ...` in non-test Python where `pkg` is
not the standard library (Python 3.10+ module list embedded), not first-party (a directory or
module of that name exists in the head tree; relative imports are first-party), not imported on
an unchanged line of the same file nor by any Python file of the base tree, not made importable
by a `sys.path` change earlier in the same function or module, and not named in the
head tree's requirements files, setup.py, setup.cfg, pyproject.toml or Dockerfiles.
Known-provided packages: torch, triton, numpy and (in ATOM) aiter are the platform every
supported install already has — never flagged. ROCm system packages that are not on PyPI
(amdsmi, rccl, rsmi/pyrsmi, mori, flydsl, and every `roc*`/`hip*` module: rocm*, rocprof*,
roctracer, rocpd, hip, hipblaslt) are flagged only when the import has neither a try/except ImportError guard nor a
comment on or right above it explaining the ROCm-only dependency (a Dockerfile that installs
them does not count as declaring them; a requirements/pyproject entry does).
Imports need the repository (first-party modules and the project's other imports are read from
the head and base trees); with only a diff, manifest lines are still checked.
Why it matters: a package that is imported but not declared breaks a clean install with
ModuleNotFoundError; a new declared package widens the install surface and can conflict with
the pinned ROCm torch/triton stack.
Does not fire on: version bumps or reordering of an existing requirement; a package added to
an optional extra (`[project.optional-dependencies]`, setup.py `extras_require`: only an install
that asks for the extra pulls it); a package the PR declares for its own new import; a manifest line for
a package the base tree's Dockerfiles already install (`pip install ...`): the dependency was
there, the PR only declares it; packages already
imported elsewhere in the project; imports guarded by try/except ImportError (an optional
dependency) or after a statement of the same block that stops unless the package is there
(`assert has_tilekit()`, `if not tilekit_available(): raise`), or under `if TYPE_CHECKING:`; requirements files under docs/ (documentation build
only); test files; stdlib and first-party modules; an adapter importing its host framework
(a file under a folder named for the package, compared without case or `_-.`: `plugin/rtpllm/`
importing `rtp_llm`), which only runs inside that host, or an import under a branch whose test names
the package (`if is_sglang(): from sglang... import`; not in that test's `else`); a module of the
project that only host code loads (every importer imports it under such a test, in a folder named
for the host, inside a function that imports the host itself, or in a module that imports it at
module level: an attention backend the host's registration hook imports) and a function only
such code calls (`elif on_host(): args_from_host(cfg)`, also through a helper only it calls); top-level modules starting with `_` (private
extension modules such as `_mlir` that ship inside another distribution).)"};

// sys.stdlib_module_names of CPython 3.11 plus 3.12-3.14 additions, sorted bytewise.
constexpr std::array kStdlib = {
    "__future__", "_abc", "_aix_support", "_ast", "_asyncio", "_bisect", "_blake2", "_bootsubprocess",
    "_bz2", "_codecs", "_codecs_cn", "_codecs_hk", "_codecs_iso2022", "_codecs_jp", "_codecs_kr",
    "_codecs_tw", "_collections", "_collections_abc", "_colorize", "_compat_pickle", "_compression",
    "_contextvars", "_crypt", "_csv", "_ctypes", "_curses", "_curses_panel", "_datetime", "_dbm", "_decimal",
    "_elementtree", "_frozen_importlib", "_frozen_importlib_external", "_functools", "_gdbm", "_hashlib",
    "_heapq", "_imp", "_interpchannels", "_interpqueues", "_interpreters", "_io", "_json", "_locale",
    "_lsprof", "_lzma", "_markupbase", "_md5", "_msi", "_multibytecodec", "_multiprocessing", "_opcode",
    "_operator", "_osx_support", "_overlapped", "_pickle", "_posixshmem", "_posixsubprocess", "_py_abc",
    "_pydatetime", "_pydecimal", "_pyio", "_pylong", "_pyrepl", "_queue", "_random", "_scproxy", "_sha1",
    "_sha256", "_sha3", "_sha512", "_signal", "_sitebuiltins", "_socket", "_sqlite3", "_sre", "_ssl",
    "_stat", "_statistics", "_string", "_strptime", "_struct", "_symtable", "_thread", "_threading_local",
    "_tkinter", "_tokenize", "_tracemalloc", "_typing", "_uuid", "_warnings", "_weakref", "_weakrefset",
    "_winapi", "_zoneinfo", "abc", "aifc", "annotationlib", "antigravity", "argparse", "array", "ast",
    "asynchat", "asyncio", "asyncore", "atexit", "audioop", "base64", "bdb", "binascii", "bisect",
    "builtins", "bz2", "cProfile", "calendar", "cgi", "cgitb", "chunk", "cmath", "cmd", "code", "codecs",
    "codeop", "collections", "colorsys", "compileall", "compression", "concurrent", "configparser",
    "contextlib", "contextvars", "copy", "copyreg", "crypt", "csv", "ctypes", "curses", "dataclasses",
    "datetime", "dbm", "decimal", "difflib", "dis", "distutils", "doctest", "email", "encodings",
    "ensurepip", "enum", "errno", "faulthandler", "fcntl", "filecmp", "fileinput", "fnmatch", "fractions",
    "ftplib", "functools", "gc", "genericpath", "getopt", "getpass", "gettext", "glob", "graphlib", "grp",
    "gzip", "hashlib", "heapq", "hmac", "html", "http", "idlelib", "imaplib", "imghdr", "imp", "importlib",
    "inspect", "io", "ipaddress", "itertools", "json", "keyword", "lib2to3", "linecache", "locale",
    "logging", "lzma", "mailbox", "mailcap", "marshal", "math", "mimetypes", "mmap", "modulefinder",
    "msilib", "msvcrt", "multiprocessing", "netrc", "nis", "nntplib", "nt", "ntpath", "nturl2path",
    "numbers", "opcode", "operator", "optparse", "os", "ossaudiodev", "pathlib", "pdb", "pickle",
    "pickletools", "pipes", "pkgutil", "platform", "plistlib", "poplib", "posix", "posixpath", "pprint",
    "profile", "pstats", "pty", "pwd", "py_compile", "pyclbr", "pydoc", "pydoc_data", "pyexpat", "queue",
    "quopri", "random", "re", "readline", "reprlib", "resource", "rlcompleter", "runpy", "sched", "secrets",
    "select", "selectors", "shelve", "shlex", "shutil", "signal", "site", "smtpd", "smtplib", "sndhdr",
    "socket", "socketserver", "spwd", "sqlite3", "sre_compile", "sre_constants", "sre_parse", "ssl", "stat",
    "statistics", "string", "stringprep", "struct", "subprocess", "sunau", "symtable", "sys", "sysconfig",
    "syslog", "tabnanny", "tarfile", "telnetlib", "tempfile", "termios", "textwrap", "this", "threading",
    "time", "timeit", "tkinter", "token", "tokenize", "tomllib", "trace", "traceback", "tracemalloc", "tty",
    "turtle", "turtledemo", "types", "typing", "unicodedata", "unittest", "urllib", "uu", "uuid", "venv",
    "warnings", "wave", "weakref", "webbrowser", "winreg", "winsound", "wsgiref", "xdrlib", "xml", "xmlrpc",
    "zipapp", "zipfile", "zipimport", "zlib", "zoneinfo",
};

bool is_stdlib(std::string_view top) { return std::binary_search(kStdlib.begin(), kStdlib.end(), top); }

// Packages every supported install of these projects already has.
bool platform_provided(std::string_view top, const Profile& profile) {
  if (top == "torch" || top == "triton" || top == "numpy") return true;
  return std::find(profile.provided_packages.begin(), profile.provided_packages.end(), top) !=
         profile.provided_packages.end();
}

// ROCm and AMD system packages that are not installable from PyPI.
bool rocm_system(std::string_view top) {
  for (std::string_view n : {"amdsmi", "rccl", "rsmi", "pyrsmi", "mori", "flydsl", "pyhip"})
    if (top == n) return true;
  return top.starts_with("roc") || top.starts_with("hip");  // rocm*, rocprof*, roctracer, rocpd; hip, hipblaslt
}

// PyPI name: lower case, runs of '-', '_' and '.' as one '-'.
std::string normalize(std::string_view name) {
  std::string out;
  for (char c : name) {
    char l = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (l == '_' || l == '.' || l == '-') {
      if (!out.empty() && out.back() != '-') out.push_back('-');
    } else {
      out.push_back(l);
    }
  }
  while (!out.empty() && out.back() == '-') out.pop_back();
  return out;
}

// Import names whose distribution is published under another name.
std::vector<std::string_view> distributions_of(std::string_view top) {
  static const std::map<std::string_view, std::vector<std::string_view>> alias = {
      {"yaml", {"pyyaml"}},          {"cv2", {"opencv-python", "opencv-python-headless"}},
      {"PIL", {"pillow"}},           {"sklearn", {"scikit-learn"}},
      {"skimage", {"scikit-image"}}, {"google", {"protobuf"}},
      {"zmq", {"pyzmq"}},            {"dateutil", {"python-dateutil"}},
      {"attr", {"attrs"}},           {"bs4", {"beautifulsoup4"}},
      {"jwt", {"pyjwt"}},            {"dotenv", {"python-dotenv"}},
      {"git", {"gitpython"}},        {"grpc", {"grpcio"}},
      {"pkg_resources", {"setuptools"}}, {"websocket", {"websocket-client"}},
      {"fitz", {"pymupdf"}},         {"Crypto", {"pycryptodome"}},
  };
  auto it = alias.find(top);
  return it == alias.end() ? std::vector<std::string_view>{} : it->second;
}

// The distribution name of a requirement spec ("torch>=2.1; python_version>'3.8'" → "torch");
// "" for options, includes, URLs and paths.
std::string spec_name(std::string_view spec) {
  std::string_view t = trim(spec);
  if (t.empty() || t.front() == '-' || t.front() == '#' || t.front() == '.' || t.front() == '/') return {};
  static const RE2 url(R"(^[A-Za-z0-9+.-]+://)");
  if (RE2::PartialMatch(t, url)) return {};
  static const RE2 name_re(R"(^([A-Za-z0-9][A-Za-z0-9._-]*))");
  std::string name;
  if (!RE2::PartialMatch(t, name_re, &name)) return {};
  return normalize(name);
}

// Every word of a manifest, normalized: over-inclusive on purpose (a name that appears in a
// manifest in any role is taken as declared).
void add_tokens(std::string_view text, std::set<std::string>& out) {
  static const RE2 word(R"(([A-Za-z0-9][A-Za-z0-9._-]*))");
  re2::StringPiece input(text.data(), text.size());
  std::string w;
  while (RE2::FindAndConsume(&input, word, &w)) out.insert(normalize(w));
}

bool is_requirements_file(std::string_view path) {
  if (path.starts_with("docs/") || path.find("/docs/") != std::string_view::npos) return false;
  std::string_view base = base_name(path);
  if (base.starts_with("requirements") && base.ends_with(".txt")) return true;
  return base.ends_with(".txt") && (std::string("/") + std::string(path)).find("/requirements/") != std::string::npos;
}

bool is_python_manifest(std::string_view path) {
  std::string_view base = base_name(path);
  return is_requirements_file(path) || base == "setup.py" || base == "setup.cfg" || base == "pyproject.toml";
}

bool is_dockerfile(std::string_view path) {
  std::string_view base = base_name(path);
  return base.starts_with("Dockerfile") || base.ends_with(".dockerfile");
}

struct Declared {
  std::set<std::string> python;  // requirements files, setup.py/cfg, pyproject.toml
  std::set<std::string> images;  // Dockerfiles: what the project's images install
};

Declared declared_in_tree(const TreeReader& tree) {
  Declared out;
  for (const std::string& p : tree.list_files()) {
    bool python = is_python_manifest(p);
    if (!python && !is_dockerfile(p)) continue;
    if (auto text = tree.read(p)) add_tokens(*text, python ? out.python : out.images);
  }
  return out;
}

// Packages the tree's Dockerfiles install with pip/uv/conda: the words of every install
// command (backslash continuations joined), normalized.
std::set<std::string> image_installs(const TreeReader& tree) {
  static const RE2 install(R"((?i)\b(?:pip3?|uv\s+pip|python3?\s+-m\s+pip|conda|mamba)\s+install\b)");
  std::set<std::string> out;
  for (const std::string& p : tree.list_files()) {
    if (!is_dockerfile(p)) continue;
    std::optional<std::string> text = tree.read(p);
    if (!text) continue;
    std::string logical;
    auto flush = [&] {
      re2::StringPiece in(logical);
      if (RE2::PartialMatch(in, install)) add_tokens(logical, out);
      logical.clear();
    };
    for (size_t pos = 0; pos < text->size();) {
      size_t nl = text->find('\n', pos);
      std::string_view line = std::string_view(*text).substr(pos, nl == std::string::npos ? std::string::npos : nl - pos);
      pos = nl == std::string::npos ? text->size() : nl + 1;
      std::string_view t = trim(line);
      bool more = t.ends_with("\\");
      logical += std::string(more ? t.substr(0, t.size() - 1) : t) + " ";
      if (!more) flush();
    }
    flush();
  }
  return out;
}

struct Dep {
  std::string name;     // normalized distribution name, or the import's top-level package
  std::string path;
  int line = 0;
  std::string text;
  bool from_import = false;
  bool rocm = false;
};

// ---------------------------------------------------------------- manifests

// One requirement string of a manifest, and whether it sits in an optional extra
// (`[project.optional-dependencies]`, `extras_require`): only `pip install pkg[extra]` pulls it.
struct Spec {
  std::string text;
  bool optional = false;
};

// Dependency strings of pyproject.toml by line: the `dependencies` array of [project] and
// every array of [project.optional-dependencies].
std::map<int, std::vector<Spec>> pyproject_specs(std::string_view text) {
  static const RE2 section_re(R"(^\s*\[\s*([^\]]+?)\s*\]\s*$)");
  static const RE2 key_re(R"(^\s*([A-Za-z0-9_."-]+)\s*=\s*\[)");
  static const RE2 quoted(R"(["']([^"']*)["'])");
  std::map<int, std::vector<Spec>> out;
  std::string section;
  bool in_array = false, optional = false;
  int n = 0;
  size_t pos = 0;
  while (pos <= text.size()) {
    size_t nl = text.find('\n', pos);
    std::string_view line = text.substr(pos, nl == std::string_view::npos ? std::string_view::npos : nl - pos);
    pos = nl == std::string_view::npos ? text.size() + 1 : nl + 1;
    ++n;
    std::string_view code = code_part(line, true);
    std::string name;
    if (!in_array && RE2::FullMatch(code, section_re, &name)) {
      section = name;
      continue;
    }
    std::string key;
    std::string_view rest = code;
    if (!in_array && RE2::PartialMatch(code, key_re, &key)) {
      bool deps = (section == "project" && key == "dependencies") || section == "project.optional-dependencies";
      if (!deps) continue;
      in_array = true;
      optional = section == "project.optional-dependencies";
      rest = code.substr(code.find('[') + 1);
    }
    if (!in_array) continue;
    re2::StringPiece input(rest.data(), rest.size());
    std::string spec;
    while (RE2::FindAndConsume(&input, quoted, &spec)) out[n].push_back(Spec{spec, optional});
    if (rest.find(']') != std::string_view::npos) in_array = false;
  }
  return out;
}

// Requirement strings of setup(install_requires=..., extras_require=...) by line.
std::map<int, std::vector<Spec>> setup_py_specs(const lang::SyntaxTree& tree) {
  std::map<int, std::vector<Spec>> out;
  std::map<std::string, lang::Node> module_values;
  for (const lang::Assignment& a : tree.assignments())
    if (a.targets.size() == 1 && tree.runs_at_import(a.node)) module_values[a.targets.front()] = a.value;
  for (const lang::Call& c : tree.calls()) {
    if (c.callee_name != "setup") continue;
    for (const lang::Argument& arg : c.args) {
      if (arg.keyword != "install_requires" && arg.keyword != "extras_require") continue;
      lang::Node v = arg.value;
      if (v && is(v, NodeKind::Identifier) && module_values.count(std::string(v.text())))
        v = module_values[std::string(v.text())];
      if (!v || (!is(v, NodeKind::List) && !is(v, NodeKind::Dict) && !is(v, NodeKind::Tuple))) continue;
      for (const lang::Literal& l : tree.string_literals(v)) {
        // Keys of extras_require name extras, not packages.
        lang::Node parent = l.node.parent();
        if (parent && is(parent, NodeKind::Pair) && parent.child_by_field("key") == l.node) continue;
        out[l.line].push_back(Spec{l.value, arg.keyword == "extras_require"});
      }
    }
  }
  return out;
}

// ---------------------------------------------------------------- the rule

// What the rule gathers file by file: the modules the added lines import (for the manifests),
// and the added imports that may need a declaration.
struct NewDependencyPr {
  std::set<std::string> imported;
  std::vector<Dep> candidates;
  std::set<std::string> first_party;
  bool listed_first_party = false;
};

class NewDependency : public FileRuleWithState<kInfo, NewDependencyPr> {
 public:
  NewDependencyPr prepare(const ReviewContext&) const override { return {}; }
  void check_file(const ReviewContext& ctx, NewDependencyPr& pr, const FileChange& file,
                  std::vector<Finding>&) const override {
    imported_by_added_lines(ctx, one_file(file), pr.imported);
    import_candidates(ctx, one_file(file), pr);
  }
  void totals(const ReviewContext& ctx, NewDependencyPr& pr, std::vector<Finding>& out) const override {
    std::vector<Dep> deps = manifest_additions(ctx, pr.imported);
    std::vector<Dep> imports = import_additions(ctx, std::move(pr.candidates));
    deps.insert(deps.end(), imports.begin(), imports.end());
    std::set<std::string> reported;
    for (const Dep& d : deps)
      if (reported.insert(d.name).second) out.push_back(report(ctx, d));
  }

 private:
  static std::vector<Dep> manifest_additions(const ReviewContext& ctx, const std::set<std::string>& imported) {
    std::vector<Dep> added;
    std::set<std::string> removed;
    static const RE2 quoted(R"(["']([^"']*)["'])");
    for (const FileChange& f : ctx.pr.changes.files) {
      if (f.binary || f.new_path.empty()) continue;
      std::string_view base = base_name(f.new_path);
      bool req = is_requirements_file(f.new_path);
      bool setup = base == "setup.py" && !is_test_path(f.new_path);
      bool pyproject = base == "pyproject.toml";
      if (!req && !setup && !pyproject) continue;
      for (const Hunk& h : f.hunks)
        for (const DiffLine& l : h.lines) {
          if (l.kind != DiffLine::Kind::Removed) continue;
          if (req) removed.insert(spec_name(code_part(l.text, true)));
          re2::StringPiece input(l.text);
          std::string s;
          while (RE2::FindAndConsume(&input, quoted, &s)) removed.insert(spec_name(s));
        }
      std::set<int> lines = added_line_numbers(f);
      std::map<int, std::vector<Spec>> specs;
      if (req) {
        for (const Hunk& h : f.hunks)
          for (const DiffLine& l : h.lines)
            if (l.kind == DiffLine::Kind::Added) specs[l.new_line].push_back(Spec{std::string(code_part(l.text, true))});
      } else if (setup) {
        if (const lang::SyntaxTree* tree = ctx.workspace.new_tree(f.new_path)) specs = setup_py_specs(*tree);
      } else if (const std::string* text = ctx.workspace.new_text(f.new_path)) {
        specs = pyproject_specs(*text);
      }
      for (const auto& [line, list] : specs) {
        if (!lines.count(line)) continue;
        for (const Spec& s : list) {
          // An extra is opt-in: the base install does not change, and whoever asks for the extra
          // asks for the package.
          if (s.optional) continue;
          std::string name = spec_name(s.text);
          if (!name.empty()) added.push_back(Dep{name, f.new_path, line, s.text, false, false});
        }
      }
    }
    // Nothing added (most PRs touch no manifest): no need to read every manifest of the base.
    if (added.empty()) return {};
    // Declared before, or already installed by the project's images: declaring a package the
    // images install writes down a dependency the project already had.
    std::set<std::string> before;
    if (const TreeReader* base = ctx.workspace.base_tree()) {
      before = declared_in_tree(*base).python;
      before.merge(image_installs(*base));
    }
    // A package the PR's own code starts to import: the manifest line is the declaration that
    // import needs (what the rule asks an undeclared import to add), and the import answers
    // whether it is needed at runtime.
    std::vector<Dep> out;
    for (Dep& d : added)
      if (!removed.count(d.name) && !before.count(d.name) && !imported.count(d.name)) out.push_back(std::move(d));
    return out;
  }

  // Distribution names (normalized, with the known import-name aliases) of the packages that
  // added lines of the PR's non-test Python files import.
  static void imported_by_added_lines(const ReviewContext& ctx, std::span<const FileChange> files,
                                      std::set<std::string>& out) {
    for_each_changed_module(ctx, files, [&](const FileChange&, const lang::SyntaxTree& tree, const std::set<int>& added) {
      for (const lang::Import& i : tree.imports()) {
        if (!added.count(i.line)) continue;
        std::string top = i.top_level();
        if (top.empty()) continue;
        out.insert(normalize(top));
        for (std::string_view dist : distributions_of(top)) out.insert(std::string(dist));
      }
    });
  }

  // Each changed non-test Python module of the PR (setup.py is a manifest, not a module) with
  // its head tree and the numbers of its added lines.
  template <class F>
  static void for_each_changed_module(const ReviewContext& ctx, std::span<const FileChange> files, F&& visit) {
    for (const FileChange& f : files) {
      if (f.binary || f.new_path.empty() || !is_python(f.new_path) || is_test_path(f.new_path)) continue;
      if (base_name(f.new_path) == "setup.py") continue;
      const lang::SyntaxTree* tree = ctx.workspace.new_tree(f.new_path);
      if (tree) visit(f, *tree, added_line_numbers(f));
    }
  }

  static void import_candidates(const ReviewContext& ctx, std::span<const FileChange> files, NewDependencyPr& pr) {
    const TreeReader* head = ctx.workspace.head_tree();
    const TreeReader* base = ctx.workspace.base_tree();
    if (!head || !base) return;
    std::vector<Dep>& candidates = pr.candidates;
    std::set<std::string>& first_party = pr.first_party;
    bool& listed_first_party = pr.listed_first_party;
    TreeOf tree_of = [&ctx](const std::string& p) { return ctx.workspace.new_tree(p); };
    for_each_changed_module(ctx, files, [&](const FileChange& f, const lang::SyntaxTree& t, const std::set<int>& added) {
      const lang::SyntaxTree* tree = &t;
      const std::vector<lang::Import>& imports = tree->imports();
      std::set<std::string> already;
      for (const lang::Import& i : imports)
        if (!added.count(i.line)) already.insert(i.top_level());
      for (const lang::Import& i : imports) {
        std::string top = i.top_level();
        // `_mlir`, `_C`: private extension modules shipped inside some other distribution.
        if (top.empty() || top.front() == '_' || !added.count(i.line) || already.count(top) || is_stdlib(top))
          continue;
        if (platform_provided(top, ctx.profile) || under_type_checking(i.node)) continue;
        bool rocm = rocm_system(top);
        bool guarded = guarded_by_import_error(*tree, i.node);
        if (guarded || (rocm && explained(*tree, i.line)) || after_syspath_change(*tree, i)) continue;
        if (!listed_first_party) {
          first_party = module_names(*head);
          listed_first_party = true;
        }
        if (first_party.count(top) || in_host_folder(f.new_path, top) || under_host_test(i.node, top)) continue;
        // A module of the project that only the host's integration code loads (every importer
        // imports it under a test naming the host, or inside a function that imports the host),
        // or a function of it that only such code calls.
        if (ctx.repo && (loaded_only_inside_host(ctx.repo->index(), tree_of, f.new_path, top) ||
                         called_only_inside_host(ctx.repo->index(), tree_of, f.new_path, *tree, i.node, top)))
          continue;
        candidates.push_back(Dep{top, f.new_path, i.line, std::string(tree->line_text(i.line)), true, rocm});
      }
    });
  }

  static std::vector<Dep> import_additions(const ReviewContext& ctx, std::vector<Dep> candidates) {
    const TreeReader* head = ctx.workspace.head_tree();
    const TreeReader* base = ctx.workspace.base_tree();
    if (!head || !base) return {};
    if (candidates.empty()) return {};
    std::set<std::string> names;
    for (const Dep& d : candidates) names.insert(d.name);
    std::string alternation;
    for (const std::string& n : names) {
      if (!alternation.empty()) alternation += '|';
      alternation += RE2::QuoteMeta(n);
    }
    RE2 re("(?m)^[ \\t]*(?:from|import)[ \\t]+(" + alternation + ")\\b");
    std::set<std::string> imported_before = python_tree_captures(*base, re);
    Declared declared = declared_in_tree(*head);
    std::vector<Dep> out;
    for (Dep& d : candidates) {
      if (imported_before.count(d.name) || declared_in(declared.python, d.name)) continue;
      // An image that installs a ROCm package does not make an unguarded import safe elsewhere.
      if (!d.rocm && declared_in(declared.images, d.name)) continue;
      out.push_back(std::move(d));
    }
    return out;
  }

  static bool declared_in(const std::set<std::string>& tokens, const std::string& top) {
    if (tokens.count(normalize(top))) return true;
    for (std::string_view dist : distributions_of(top))
      if (tokens.count(std::string(dist))) return true;
    return false;
  }

  // A module the same code first makes importable by changing sys.path is loaded from a
  // directory, not installed from an index.
  static bool after_syspath_change(const lang::SyntaxTree& tree, const lang::Import& i) {
    lang::Node scope = i.node.ancestor({"function_definition"});
    for (const lang::Call& c : tree.calls(scope))
      if (c.line < i.line && c.callee.starts_with("sys.path.")) return true;
    return false;
  }

  // A comment on the import line or on the line right above it.
  static bool explained(const lang::SyntaxTree& tree, int line) {
    std::string_view here = tree.line_text(line);
    if (code_part(here, true).size() != here.size()) return true;
    return is_comment_only(tree.line_text(line - 1), true);
  }

  // Names a first-party import can have: every directory and every Python module or
  // extension file name in the head tree (scripts put their own directories on sys.path).
  static std::set<std::string> module_names(const TreeReader& head) {
    std::set<std::string> out;
    for (const std::string& p : head.list_files()) {
      std::string_view rest = p;
      for (size_t slash = rest.find('/'); slash != std::string_view::npos; slash = rest.find('/')) {
        out.insert(std::string(rest.substr(0, slash)));
        rest.remove_prefix(slash + 1);
      }
      if (rest.ends_with(".py")) out.insert(std::string(rest.substr(0, rest.size() - 3)));
      if (rest.ends_with(".so") || rest.ends_with(".pyd")) out.insert(std::string(rest.substr(0, rest.find('.'))));
    }
    return out;
  }

  Finding report(const ReviewContext& ctx, const Dep& d) const {
    Finding x = finding();
    x.location = Location{d.path, d.line};
    x.evidence.push_back(evidence(d.path, d.line, d.text));
    if (!d.from_import) {
      x.problem = "New dependency `" + d.name + "` added to " + d.path;
      x.impact = "Every install now pulls `" + d.name + "` and its own dependencies; a package missing from the "
                 "index ROCm images use, or one that pins a conflicting torch/triton, breaks installation";
      x.action = "Reviewer should ask whether `" + d.name + "` is needed at runtime (not only for a script), and "
                 "that it is pinned to a version tested on ROCm";
      return x;
    }
    if (d.rocm) {
      x.problem = "ROCm system package `" + d.name + "` imported in " + d.path +
                  " without a try/except ImportError guard or a comment";
      x.impact = "`" + d.name + "` is not on PyPI and is absent outside ROCm installs: importing this code "
                 "there fails with ModuleNotFoundError instead of degrading";
      x.action = "Author must wrap the import in try/except ImportError with a fallback, and add a comment that "
                 "it is a ROCm-provided dependency";
      return x;
    }
    x.problem = "New third-party import `" + d.name + "` in " + d.path +
                " is not declared in requirements, setup.py or pyproject.toml";
    x.impact = "A clean install from the package metadata does not bring `" + d.name +
               "`: this code fails with ModuleNotFoundError where it was never installed by hand";
    x.action = "Author must add `" + d.name + "` to the project's dependencies, or guard the import with "
               "try/except ImportError if it is optional";
    return x;
  }
};

REGISTER_RULE(NewDependency);

}  // namespace
}  // namespace rp
