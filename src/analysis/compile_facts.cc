#include "analysis/compile_facts.h"

#include <re2/re2.h>

#include "analysis/fact_cache.h"
#include "analysis/facts.h"
#include "analysis/reach.h"
#include "core/paths.h"
#include "core/strings.h"
#include "index/knowledge.h"
#include "lang/node_kind.h"

namespace rp {

namespace {

lang::Node definition_of(const lang::Function& fn) {
  if (fn.node.kind() == "decorated_definition") return fn.node.child_by_field("definition");
  return fn.node;
}

// The decorator nodes of a decorated Python definition, in order.
std::vector<lang::Node> decorator_nodes(const lang::Function& fn) {
  std::vector<lang::Node> out;
  if (fn.node.kind() != "decorated_definition") return out;
  for (lang::Node c : fn.node.named_children())
    if (c.kind() == "decorator") out.push_back(c);
  return out;
}

std::string last_component(std::string_view callee) {
  size_t dot = callee.rfind('.');
  return std::string(dot == std::string_view::npos ? callee : callee.substr(dot + 1));
}

const lang::Function* function_named(const std::vector<lang::Function>& fns, std::string_view name) {
  for (const lang::Function& f : fns)
    if (f.name == name) return &f;
  return nullptr;
}

// `@op.register_fake`, `op.register_fake(fn)`, `torch.library.register_fake("ns::op")`,
// `impl_abstract` / `register_abstract` forms, anywhere in the file.
bool fake_registered_for(const lang::SyntaxTree& tree, const std::string& name, const std::string& op_string) {
  const std::string& src = tree.source();
  for (std::string_view hook : {".register_fake", ".register_abstract", ".impl_abstract"})
    if (src.find(name + std::string(hook)) != std::string::npos) return true;
  std::string short_op = op_string;
  if (size_t c = short_op.rfind("::"); c != std::string::npos) short_op = short_op.substr(c + 2);
  for (int line = 1; line <= tree.line_count(); ++line) {
    std::string_view t = tree.line_text(line);
    bool hook = t.find("register_fake") != std::string_view::npos || t.find("impl_abstract") != std::string_view::npos;
    if (!hook) continue;
    if ((!short_op.empty() && t.find(short_op) != std::string_view::npos) || t.find(name) != std::string_view::npos)
      return true;
  }
  return false;
}

std::string string_value(lang::Node n) {
  std::string t(trim(n.text()));
  if (t.size() >= 2 && (t.front() == '"' || t.front() == '\'')) return t.substr(1, t.size() - 2);
  return t;
}

}  // namespace

std::string return_annotation(const lang::Function& fn) {
  lang::Node def = definition_of(fn);
  if (!def) return "";
  lang::Node rt = def.child_by_field("return_type");
  return rt ? std::string(rt.text()) : std::string();
}

std::vector<CompileOpRegistration> compile_op_registrations(const lang::SyntaxTree& tree) {
  std::vector<CompileOpRegistration> out;
  if (!tree.is_python()) return out;
  const std::vector<lang::Function>& fns = tree.functions();
  for (const lang::Function& fn : fns) {
    for (lang::Node dec : decorator_nodes(fn)) {
      std::vector<lang::Node> kids = dec.named_children();
      if (kids.empty()) continue;
      lang::Node expr = kids[0];
      std::string callee;
      lang::Call call;
      bool is_call = expr.kind() == "call";
      if (is_call) {
        call = lang::describe_call(expr);
        callee = call.callee;
      } else {
        callee = std::string(expr.text());
      }
      std::string last = last_component(callee);
      CompileOpRegistration r;
      if (last == "compile_ops") r.kind = CompileOpRegistration::Kind::CompileOps;
      else if (last == "torch_compile_guard") r.kind = CompileOpRegistration::Kind::CompileGuard;
      else if (last == "custom_op" && callee.find("register") == std::string::npos) r.kind = CompileOpRegistration::Kind::CustomOp;
      else continue;
      r.op = fn;
      r.anchor_line = dec.start_line();
      r.return_annotation = return_annotation(fn);
      r.stub_body = fn.body && lang::is_stub_body(fn.body, lang::Stub::Placeholder);
      if (is_call) {
        if (const lang::Argument* g = call.keyword("gen_fake")) {
          r.fake = std::string(trim(g->value.text()));
          r.fake_line = g->value.start_line();
        }
        if (r.kind == CompileOpRegistration::Kind::CustomOp) {
          std::string op_string = call.args.empty() ? "" : string_value(call.args[0].value);
          r.fake_registered_elsewhere = fake_registered_for(tree, fn.name, op_string);
        }
      }
      out.push_back(std::move(r));
      break;
    }
  }
  for (const lang::Call& c : tree.calls()) {
    if (c.callee_name != "direct_register_custom_op") continue;
    auto arg = [&](std::string_view kw, size_t pos) -> const lang::Argument* {
      if (const lang::Argument* a = c.keyword(kw)) return a;
      size_t positional = 0;
      for (const lang::Argument& a : c.args) {
        if (!a.keyword.empty()) continue;
        if (positional++ == pos) return &a;
      }
      return nullptr;
    };
    const lang::Argument* func = arg("op_func", 1);
    if (!func) continue;
    const lang::Function* fn = function_named(fns, trim(func->value.text()));
    if (!fn) continue;
    CompileOpRegistration r;
    r.kind = CompileOpRegistration::Kind::DirectRegister;
    r.op = *fn;
    r.anchor_line = c.line;
    r.return_annotation = return_annotation(*fn);
    r.stub_body = fn->body && lang::is_stub_body(fn->body, lang::Stub::Placeholder);
    if (const lang::Argument* f = arg("fake_impl", 3)) {
      std::string t(trim(f->value.text()));
      if (t != "None") {
        r.fake = t;
        r.fake_line = f->value.start_line();
      }
    }
    out.push_back(std::move(r));
  }
  return out;
}

std::optional<int> annotated_tensor_arity(std::string_view annotation) {
  std::string a;
  for (char ch : annotation)
    if (ch != ' ' && ch != '\n' && ch != '\t' && ch != '\'' && ch != '"') a += ch;
  static const RE2 tensor(R"((?:torch\.)?Tensor)");
  if (RE2::FullMatch(a, tensor)) return 1;
  static const RE2 tuple(R"((?:typing\.)?(?:[Tt]uple)\[(.*)\])");
  std::string inner;
  if (!RE2::FullMatch(a, tuple, &inner)) return std::nullopt;
  // A formatter's trailing comma (`tuple[\n Tensor,\n Tensor,\n]`) ends the list; it adds no
  // element.
  while (!inner.empty() && inner.back() == ',') inner.pop_back();
  if (inner.find("...") != std::string::npos || inner.empty()) return std::nullopt;
  int depth = 0, count = 1;
  for (char ch : inner) {
    if (ch == '[') ++depth;
    else if (ch == ']') --depth;
    else if (ch == ',' && depth == 0) ++count;
  }
  return count;
}

bool returns_tensor(std::string_view annotation) { return annotation.find("Tensor") != std::string_view::npos; }

std::optional<int> returned_arity(const lang::SyntaxTree& tree, const lang::Function& fn) {
  (void)tree;
  std::optional<int> arity;
  bool opaque = false;
  lang::walk(fn.body, [&](lang::Node n) {
    if (opaque) return false;
    if (n.kind() == "function_definition" || n.kind() == "lambda" || n.kind() == "class_definition") return false;
    if (n.kind() != "return_statement") return true;
    std::vector<lang::Node> kids = n.named_children();
    if (kids.empty()) {
      opaque = true;
      return false;
    }
    lang::Node v = kids[0];
    int here = 0;
    if (v.kind() == "expression_list" || v.kind() == "tuple") {
      for (lang::Node e : v.named_children())
        if (e.kind() != "comment") ++here;
    } else if (v.kind() == "call") {
      lang::Call c = lang::describe_call(v);
      static const RE2 tensor_factory(R"((?:torch\.)?(?:empty|empty_like|zeros|zeros_like|ones|ones_like|full|full_like|empty_strided|new_empty|new_zeros)|.*\.(?:new_empty|new_zeros|to|view|reshape|clone|contiguous))");
      if (!RE2::FullMatch(c.callee, tensor_factory)) {
        opaque = true;
        return false;
      }
      here = 1;
    } else {
      opaque = true;
      return false;
    }
    if (arity && *arity != here) opaque = true;
    arity = here;
    return false;
  });
  if (opaque) return std::nullopt;
  return arity;
}

std::optional<bool> decorator_makes_torch_op(const ReviewContext& ctx, const std::string& path, const std::string& name) {
  if (!ctx.repo) return std::nullopt;
  index::RepoIndex::Resolved def = ctx.repo->index().resolve_function(path, name);
  if (!def.function) return std::nullopt;
  std::optional<std::string> text = ctx.workspace.read_head(def.path);
  if (!text) return std::nullopt;
  std::string body;
  int line = 1;
  for (size_t at = 0; at < text->size() && line <= def.function->end_line; ++line) {
    size_t end = text->find('\n', at);
    if (end == std::string::npos) end = text->size();
    if (line >= def.function->line) body.append(*text, at, end - at + 1);
    at = end + 1;
  }
  static const RE2 registers(
      R"(torch\.library|\bcustom_op\b|direct_register_custom_op|\bLibrary\(|\btorch_compile_guard\b|\bgen_fake\b|)"
      R"(register_fake|impl_abstract)");
  return RE2::PartialMatch(body, registers);
}

bool op_left_unwrapped(const ReviewContext& ctx, const std::string& op) {
  if (!ctx.repo || op.empty()) return false;
  static const RE2 skip_test(R"(__name__\s+in\s+([A-Za-z_]\w*))");
  int files = 0;
  for (const auto& [path, file] : ctx.repo->index().files_naming(index::RepoIndex::Role::Def, "torch_compile_guard")) {
    if (++files > 3) break;
    std::optional<std::string> text = ctx.workspace.read_head(path);
    if (!text) continue;
    re2::StringPiece in(*text);
    std::string list;
    while (RE2::FindAndConsume(&in, skip_test, &list)) {
      // The module-level `LIST = [` ... `]` display, one entry a line; commented entries do not count.
      size_t at = text->find("\n" + list + " = [");
      if (at == std::string::npos) at = text->find("\n" + list + " = (");
      if (at == std::string::npos) continue;
      size_t end = text->find("\n]", at);
      if (end == std::string::npos) end = text->find("\n)", at);
      if (end == std::string::npos) continue;
      std::string_view block(text->data() + at, end - at);
      for (size_t b = 0; b < block.size();) {
        size_t e = block.find('\n', b);
        if (e == std::string_view::npos) e = block.size();
        std::string_view line = trim(block.substr(b, e - b));
        b = e + 1;
        if (line.empty() || line.front() == '#') continue;
        if (line.find("\"" + op + "\"") != std::string_view::npos || line.find("'" + op + "'") != std::string_view::npos)
          return true;
      }
    }
  }
  return false;
}

namespace {
// Whether the repository's production code calls torch.compile: one look at the index per
// review, shared by every finding that asks (ReviewContext::facts).
struct CompilesOwnCode {
  bool yes = false;
};

bool compiles_own_code(const ReviewContext& ctx) {
  return ctx.facts
      ->get<CompilesOwnCode>([&] {
        for (const index::CallSite& c : ctx.repo->index().callers("compile"))
          if (c.call->callee == "torch.compile" && code_reach(ctx, c.path).production) return CompilesOwnCode{true};
        return CompilesOwnCode{};
      })
      .yes;
}
}  // namespace

std::string compiled_caller(const ReviewContext& ctx, const std::string& op) {
  if (!ctx.repo || !compiles_own_code(ctx)) return {};
  const index::RepoIndex& idx = ctx.repo->index();
  for (const index::CallSite& c : idx.callers(op))
    if (code_reach(ctx, c.path).production) return c.path + ":" + std::to_string(c.call->line);
  return {};
}

void grade_by_compiled_caller(const ReviewContext& ctx, const std::string& op, Finding& f) {
  if (std::string caller = compiled_caller(ctx, op); !caller.empty()) {
    f.severity = Severity::Red;
    f.impact += " (this repository compiles its own code with torch.compile, and `" + caller + "` calls the op)";
    return;
  }
  if (f.severity == Severity::Red) f.severity = Severity::Warn;
  f.impact += " (a warning, not a blocker: nothing in this repository both calls the op and compiles with "
              "torch.compile; the failure waits for a user who compiles a caller)";
}

}  // namespace rp
