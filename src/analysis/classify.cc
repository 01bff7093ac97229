#include "analysis/classify.h"

#include <algorithm>
#include <map>
#include <set>

#include <re2/re2.h>

#include "analysis/facts.h"
#include "analysis/perf_facts.h"
#include "core/paths.h"
#include "profile/checklist.h"
#include "text/description.h"

namespace rp {

namespace {

using re2::StringPiece;
StringPiece sp(std::string_view s) { return StringPiece(s.data(), s.size()); }

constexpr const char* kPrTypeOrder[] = {
    "infra-only",     "version-bump",     "tests-only",      "new-kernel",      "kernel-change",
    "dispatch-change", "perf",            "fp8-quant",       "api-signature",   "cudagraph",
    "plugin-interface", "config-tuning",  "bug-fix",         "async-stream",    "new-custom-op",
    "invariant-removed", "alignment",     "core-file",       "model-integration", "head-count-tp", "flydsl",
    "refactor-rename", "scattered-diff",  "comment-dominated"};

// Which rule groups each type makes mandatory (checklist Step 3, both profiles merged).
const std::map<std::string, std::vector<Category>>& mandatory_by_type() {
  static const std::map<std::string, std::vector<Category>> m = {
      {"tests-only", {Category::Perf, Category::Housekeeping}},
      {"new-kernel", {Category::SilentBypass, Category::Coverage, Category::Boundary, Category::Housekeeping}},
      {"kernel-change", {Category::Coverage, Category::Boundary}},
      {"dispatch-change", {Category::SilentBypass, Category::Coverage}},
      {"perf", {Category::Perf}},
      {"fp8-quant", {Category::Hardcoded, Category::Boundary}},
      {"api-signature", {Category::SilentBypass, Category::CrossRepo}},
      {"cudagraph", {Category::SilentBypass}},
      {"plugin-interface", {Category::CrossRepo}},
      {"config-tuning", {Category::Coverage, Category::Housekeeping}},
      {"bug-fix", {Category::Coverage}},
      {"async-stream", {Category::Streams}},
      {"new-custom-op", {Category::Boundary}},
      {"invariant-removed", {Category::Boundary}},
      {"alignment", {Category::SilentBypass, Category::Boundary}},
      {"core-file", {Category::Coverage}},
      {"model-integration", {Category::Coverage}},
      {"head-count-tp", {Category::Perf}},
      {"flydsl", {Category::Boundary}},
      {"refactor-rename", {Category::Housekeeping, Category::SilentBypass}},
  };
  return m;
}

bool is_ci_or_infra_path(std::string_view path) {
  for (std::string_view d : {".github", ".ci", "ci", ".gitlab", "docker", ".devcontainer"})
    if (has_dir_named(path, d)) return true;
  std::string_view base = base_name(path);
  if (base.starts_with("Dockerfile") || base.starts_with("requirements") || base == ".gitignore" ||
      base == ".pre-commit-config.yaml" || base == "pyproject.toml" || base == "setup.cfg" || base == "MANIFEST.in" ||
      base == "LICENSE" || base == ".gitmodules" || base == "CODEOWNERS")
    return true;
  return is_doc_path(path);
}

// A kernel source: CUDA/HIP files, C++ under csrc/hsa, Python under a kernels folder, or a
// Python file whose added lines define a Triton/Gluon kernel.
bool is_kernel_file(const FileChange& f) {
  static const RE2 kCppDir(R"re((?:^|/)(?:csrc|hsa|ck_tile|asm)/)re");
  static const RE2 kPyDir(R"re((?:^|/)(?:kernels|_kernels|_triton_kernels|_gluon_kernels)/)re");
  static const RE2 kJit(R"re(@(?:triton|gluon)\.jit|@\w*jit\b|@flyc\.)re");
  const std::string& path = f.path();
  std::string_view ext = extension(path);
  if (ext == ".cu" || ext == ".cuh" || ext == ".hip") return true;
  if (is_test_path(path)) return false;
  if (ext == ".cpp" || ext == ".h" || ext == ".hpp" || ext == ".cc") return RE2::PartialMatch(sp(path), kCppDir);
  if (ext != ".py") return false;
  if (RE2::PartialMatch(sp(path), kPyDir)) return true;
  for (const Hunk& h : f.hunks)
    for (const DiffLine& l : h.lines)
      if (l.kind == DiffLine::Kind::Added && RE2::PartialMatch(l.text, kJit)) return true;
  return false;
}

struct Classifier {
  const PullRequest& pr;
  const Profile& profile;
  PrClassification c;
  std::map<std::string, std::string> found;  // type id → why

  void add(const char* id, std::string why) {
    if (!found.count(id)) found[id] = std::move(why);
  }

  static void add_distinct(std::vector<std::string>& v, const std::string& s) {
    if (!s.empty() && v.size() < 20 && std::find(v.begin(), v.end(), s) == v.end()) v.push_back(s);
  }

  void scope_from(std::string_view text) {
    static const RE2 kArch(R"re((?i)\b(gfx\d{3,4}[a-z]?|MI[1-4]\d{2}[a-z]?)\b)re");
    static const RE2 kDtype(
        R"re((?i)\b(fp8|fnuz|e4m3\w*|e5m2\w*|float8\w*|bf16|bfloat16|fp16|float16|half|fp4|mxfp4|float4\w*|int8|i8|fp32|float32)\b)re");
    static const RE2 kPhase(R"re((?i)\b(decode|decoding|prefill|prefilling|extend)\b)re");
    static const RE2 kOp(
        R"re((?i)(?:^|[^a-z])(mla|mha|moe|gemm|attention|attn|rmsnorm|layernorm|norm|quant|rope|rotary|topk|top_k|allreduce|all_reduce|sampl(?:e|er|ing)|kv_?cache|paged)(?:[^a-z]|$))re");
    static const RE2 kModel(R"re((?i)\b(deepseek\w*|dsv\d|kimi|qwen\d*|llama\d*|gpt[-_]?oss|glm\d*|mixtral|gemma\d*|mistral|grok\d*))re");
    StringPiece in = sp(text);
    std::string m;
    while (RE2::FindAndConsume(&in, kArch, &m)) {
      std::string n = m;
      if (n[0] == 'g' || n[0] == 'G') std::transform(n.begin(), n.end(), n.begin(), ::tolower);
      else std::transform(n.begin(), n.end(), n.begin(), ::toupper);
      add_distinct(c.archs, n);
    }
    in = sp(text);
    while (RE2::FindAndConsume(&in, kDtype, &m)) add_distinct(c.dtypes, dtype_of(m));
    in = sp(text);
    while (RE2::FindAndConsume(&in, kPhase, &m)) {
      std::string l = lower(m);
      add_distinct(c.phases, l.starts_with("decod") ? "decode" : "prefill");
    }
    in = sp(text);
    while (RE2::FindAndConsume(&in, kOp, &m)) add_distinct(c.ops, op_of(m));
    in = sp(text);
    while (RE2::FindAndConsume(&in, kModel, &m)) add_distinct(c.model_families, model_of(m));
  }

  static std::string lower(std::string s) {
    std::transform(s.begin(), s.end(), s.begin(), ::tolower);
    return s;
  }
  static std::string dtype_of(const std::string& raw) {
    std::string l = lower(raw);
    if (l == "fp8" || l == "fnuz" || l.starts_with("e4m3") || l.starts_with("e5m2") || l.starts_with("float8")) return "fp8";
    if (l == "bf16" || l == "bfloat16") return "bf16";
    if (l == "fp16" || l == "float16" || l == "half") return "fp16";
    if (l == "fp4" || l == "mxfp4" || l.starts_with("float4")) return "fp4";
    if (l == "int8" || l == "i8") return "int8";
    return "fp32";
  }
  static std::string op_of(const std::string& raw) {
    std::string l = lower(raw);
    if (l == "attn") return "attention";
    if (l == "rmsnorm" || l == "layernorm") return "norm";
    if (l == "rotary") return "rope";
    if (l == "top_k") return "topk";
    if (l == "all_reduce") return "allreduce";
    if (l.starts_with("sampl")) return "sampling";
    if (l.starts_with("kv") || l == "paged") return "kv-cache";
    return l;
  }
  static std::string model_of(const std::string& raw) {
    std::string l = lower(raw);
    if (l.starts_with("deepseek") || l.starts_with("dsv")) return "DeepSeek";
    if (l.starts_with("kimi")) return "Kimi";
    if (l.starts_with("qwen")) return "Qwen";
    if (l.starts_with("llama")) return "Llama";
    if (l.starts_with("gpt")) return "GPT-OSS";
    if (l.starts_with("glm")) return "GLM";
    if (l.starts_with("mixtral")) return "Mixtral";
    if (l.starts_with("gemma")) return "Gemma";
    if (l.starts_with("mistral")) return "Mistral";
    return "Grok";
  }

  void paths() {
    const ChangeSet& ch = pr.changes;
    bool all_infra = !ch.files.empty(), all_tests = !ch.files.empty();
    std::set<std::string> top_dirs;
    for (const FileChange& f : ch.files) {
      const std::string& p = f.path();
      scope_from(p);
      bool test = is_test_path(p), infra = is_ci_or_infra_path(p);
      all_infra = all_infra && infra;
      all_tests = all_tests && test;
      if (test) add_distinct(c.test_targets, p);
      if (!test && !infra) c.runtime_surface = true;
      if (std::size_t slash = p.find('/'); slash != std::string::npos) top_dirs.insert(p.substr(0, slash));
      if (f.status == FileStatus::Added && is_kernel_file(f)) add("new-kernel", p + ": new kernel source");
      else if (f.status != FileStatus::Deleted && is_kernel_file(f)) add("kernel-change", p + ": kernel source changed");
      std::string_view ext = extension(p);
      std::string l = lower(p);
      if (!test && (ext == ".csv" || ext == ".yaml" || ext == ".yml" ||
                    (ext == ".json" && (l.find("tuned") != std::string::npos || l.find("config") != std::string::npos))) &&
          !infra)
        add("config-tuning", p + ": tuning/config file changed");
      if (l.find("plugin/") != std::string::npos || l.find("bridge") != std::string::npos ||
          l.find("_ext/") != std::string::npos || l.find("_ext.") != std::string::npos)
        add("plugin-interface", p + ": plugin/bridge path");
      if (l.find("flydsl") != std::string::npos) add("flydsl", p + ": FlyDSL path");
      if (!test && profile.tier_of(p) <= 2) add("core-file", p + ": backbone tier " + std::to_string(profile.tier_of(p)));
      for (const std::string& d : profile.model_dirs)
        if (p.starts_with(d)) add("model-integration", p + ": model definition");
      if (f.status == FileStatus::Renamed) add("refactor-rename", f.old_path + " → " + f.new_path);
    }
    if (all_infra) add("infra-only", "every changed path is docs, CI or packaging");
    else if (all_tests) add("tests-only", "every changed path is a test");
    if (top_dirs.size() >= 3) {
      std::string dirs;
      for (const std::string& d : top_dirs) dirs += (dirs.empty() ? "" : ", ") + d + "/";
      add("scattered-diff", std::to_string(top_dirs.size()) + " top-level directories: " + dirs);
    }
  }

  void lines() {
    static const RE2 kDispatch(
        R"re(^\s*(?:(?:el)?if\b|}?\s*else\s+if\s*\(|if\s*\(|if\s+constexpr).*(?i:\b(?:dtype|arch|gfx\w*|get_gfx\w*|layout|quant\w*|backend|fp8|fp4|bf16|fp16|is_\w*(?:fp8|gfx|rocm|hip|arch)\w*)\b))re");
    static const RE2 kFp8(R"re((?i)\b(?:fp8|fnuz|mxfp\d|int8|e4m3\w*|e5m2\w*|float8\w*)\b|\b(?:240\.0|448\.0)\b)re");
    static const RE2 kGraph(R"re((?i)cuda_?graph|hip_?graph|graph_capture|is_current_stream_capturing|torch\.cuda\.graph|capture_begin)re");
    static const RE2 kStream(
        R"re(torch\.cuda\.Stream|\bstream\s*=|wait_stream|record_stream|hipStream\w*|cudaStream\w*|\.get\(\s*\)|threading\.|asyncio\.|ThreadPoolExecutor)re");
    static const RE2 kCustomOp(R"re(@compile_ops|custom_op\s*\(|torch\.library\.|register_fake|impl_abstract)re");
    static const RE2 kHeads(R"re(\b(?:num_\w*heads\w*|tp_size|tensor_parallel\w*|get_tp\w*|num_kv_heads)\b)re");
    static const RE2 kVersion(R"re(^\s*(?:Subproject commit [0-9a-f]{7,40}|(?:__version__|version|VERSION)\s*[=:]\s*["']?v?\d[\w.+-]*["']?,?)\s*$)re");
    static const RE2 kDef(R"re(^\s*(?:async\s+)?def\s+(\w+)\s*\()re");
    // Deterministic bar 27: modulo-equality, ceil-div / align-up / pad-to arithmetic.
    static const RE2 kAlign(
        R"re(%\s*[\w.()\[\]]+\s*[!=]=\s*0\b|\b(?:ceil_div|cdiv|ceildiv|div_up|align_up|align_to|round_up|pad_to|pad_to_multiple\w*)\s*\()re");
    static const RE2 kInvariant(R"re(\bassert\b|AITER_CHECK|TORCH_CHECK|torch\.zeros\b|\.contiguous\(\))re");
    bool all_version = true;
    int added_total = 0;
    for (const FileChange& f : pr.changes.files) {
      if (f.binary) continue;
      bool python = language_of(f.path()) == Language::Python;
      bool code_file = language_of(f.path()) != Language::None;
      bool test = is_test_path(f.path());
      std::set<std::string> removed_defs;
      for (const DiffLine* l : lines_of(f, DiffLine::Kind::Removed)) {
        std::string name;
        if (python && RE2::PartialMatch(l->text, kDef, &name)) removed_defs.insert(name);
        if (code_file && !test && !is_comment_only(l->text, python) &&
            RE2::PartialMatch(sp(code_part(l->text, python)), kInvariant))
          add("invariant-removed", f.path() + ": removed `" + std::string(trim(l->text)).substr(0, 100) + "`");
      }
      std::set<const DiffLine*> in_docstring = python ? docstring_lines(f) : std::set<const DiffLine*>{};
      for (const DiffLine* l : lines_of(f, DiffLine::Kind::Added)) {
        std::string_view t = trim(l->text);
        if (t.empty()) continue;
        ++added_total;
        if (!RE2::FullMatch(sp(l->text), kVersion)) all_version = false;
        if (!code_file) continue;
        if (is_comment_only(l->text, python) || in_docstring.count(l)) {
          ++c.comment_lines;
          continue;
        }
        ++c.real_code_lines;
        std::string_view code = code_part(l->text, python);
        scope_from(code);
        std::string at = evidence(f.path(), l->new_line, l->text);
        if (!test && RE2::PartialMatch(sp(code), kDispatch)) add("dispatch-change", at);
        if (RE2::PartialMatch(sp(code), kFp8)) add("fp8-quant", at);
        if (RE2::PartialMatch(sp(code), kGraph)) add("cudagraph", at);
        if (!test && RE2::PartialMatch(sp(code), kStream)) add("async-stream", at);
        if (RE2::PartialMatch(sp(code), kCustomOp)) add("new-custom-op", at);
        if (RE2::PartialMatch(sp(code), kAlign)) add("alignment", at);
        if (!test && RE2::PartialMatch(sp(code), kHeads)) add("head-count-tp", at);
        std::string name;
        if (python && !test && RE2::PartialMatch(l->text, kDef, &name) && removed_defs.count(name))
          add("api-signature", at);
      }
    }
    if (added_total > 0 && all_version) add("version-bump", "every added line is a submodule or version pointer");
    if (c.real_code_lines + c.comment_lines >= 10 && c.comment_lines >= 3 * c.real_code_lines)
      add("comment-dominated", std::to_string(c.comment_lines) + " comment lines, " +
                                   std::to_string(c.real_code_lines) + " code lines");
  }

  // Lines of a Python diff inside (or opening/closing) a triple-quoted string, tracked per hunk
  // over context and added lines: a docstring that names fp8 or cudagraph is not code.
  static std::set<const DiffLine*> docstring_lines(const FileChange& f) {
    std::set<const DiffLine*> out;
    for (const Hunk& h : f.hunks) {
      bool open = false;
      for (const DiffLine& l : h.lines) {
        if (l.kind == DiffLine::Kind::Removed) continue;
        std::size_t quotes = 0;
        for (std::string_view q : {"\"\"\"", "'''"})
          for (std::size_t at = l.text.find(q); at != std::string::npos; at = l.text.find(q, at + 3)) ++quotes;
        if (open || quotes > 0) out.insert(&l);
        if (quotes % 2 == 1) open = !open;
      }
    }
    return out;
  }

  static std::vector<const DiffLine*> lines_of(const FileChange& f, DiffLine::Kind kind) {
    std::vector<const DiffLine*> out;
    for (const Hunk& h : f.hunks)
      for (const DiffLine& l : h.lines)
        if (l.kind == kind) out.push_back(&l);
    return out;
  }

  void words() {
    const PullRequestMeta& m = pr.meta;
    static const RE2 kFix(R"re((?i)\b(?:fix|fixes|fixed|bugfix|hotfix|bug|crash|revert|hang|deadlock|nan)\b)re");
    if (RE2::PartialMatch(sp(m.title), kFix)) add("bug-fix", "title: " + m.title);
    static const RE2 kAlignWords(R"re((?i)\b(?:align(?:ed|ment|s)?|misalign\w*|unaligned|pad(?:ded|ding)?|pad_to|ceil_div|cdiv|align_up|round_up)\b)re");
    if (RE2::PartialMatch(sp(m.title), kAlignWords)) add("alignment", "title: " + m.title);
    text::DescriptionFacts d = text::analyse_claims(m.title, m.has_description ? std::string_view(m.body) : "");
    c.perf_claim_words = d.perf_claim_words;
    c.explains_why = d.explains_why;
    if (d.claims_perf) add("perf", d.perf_claim);
    scope_from(m.title);
    // The body names the scope only when there is no code to read it from (a description-only
    // review): prose mentions of other ops and GPUs would blur what the diff touches.
    if (m.has_description && pr.changes.files.empty()) scope_from(m.body.substr(0, std::min<std::size_t>(m.body.size(), 20000)));
    c.perf_harness = benchmark_script_in_diff(pr.changes);
  }

  void finish() {
    // Infra-only and version-bump PRs have no rule groups; the other kinds say why they are there.
    if (found.count("infra-only") || found.count("version-bump")) {
      for (const char* other : kPrTypeOrder) {
        std::string_view o = other;
        if (o != "infra-only" && o != "version-bump" && o != "scattered-diff" && o != "refactor-rename") found.erase(other);
      }
    }
    for (const char* id : kPrTypeOrder)
      if (auto it = found.find(id); it != found.end()) c.types.push_back(PrType{id, it->second.substr(0, 200)});
    std::set<Category> cats;
    for (const PrType& t : c.types)
      if (auto it = mandatory_by_type().find(t.id); it != mandatory_by_type().end()) cats.insert(it->second.begin(), it->second.end());
    if (c.runtime_surface && !found.count("infra-only") && !found.count("version-bump")) {
      cats.insert(Category::AiDiagnostic);
      cats.insert(Category::Housekeeping);
    }
    for (Category k : cats) c.mandatory.push_back(std::string(category_name(k)));
  }
};

}  // namespace

bool PrClassification::has(std::string_view id) const {
  for (const PrType& t : types)
    if (t.id == id) return true;
  return false;
}

PrClassification classify(const PullRequest& pr, const Profile& profile) {
  Classifier k{pr, profile, {}, {}};
  k.paths();
  k.lines();
  k.words();
  k.finish();
  return std::move(k.c);
}

std::string pr_type_label(std::string_view id) {
  static const std::map<std::string, std::string, std::less<>> labels = {
      {"infra-only", "infra/docs only"}, {"version-bump", "version bump"}, {"tests-only", "tests only"},
      {"new-kernel", "new kernel"}, {"kernel-change", "kernel change"}, {"dispatch-change", "dispatch change"},
      {"perf", "perf"}, {"fp8-quant", "FP8/quant path"}, {"api-signature", "API signature change"},
      {"cudagraph", "cudagraph path"}, {"plugin-interface", "plugin interface"}, {"config-tuning", "config/tuning"},
      {"bug-fix", "bug fix"}, {"async-stream", "async/stream"}, {"new-custom-op", "new custom op"},
      {"invariant-removed", "invariant removed"}, {"alignment", "alignment/padding"}, {"core-file", "core file"},
      {"model-integration", "model integration"},
      {"head-count-tp", "head count/TP"}, {"flydsl", "FlyDSL"}, {"refactor-rename", "refactor/rename"},
      {"scattered-diff", "scattered diff"}, {"comment-dominated", "comment-dominated"}};
  auto it = labels.find(id);
  return it == labels.end() ? std::string(id) : it->second;
}

}  // namespace rp
