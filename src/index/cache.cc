// The encoding of one FileIndex in the on-disk store (index/store.h): its fields in order,
// varint lengths and numbers. A reader that runs past the end or meets an impossible value
// rejects the entry.
#include "index/cache.h"

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <functional>

namespace rp::index {

namespace {

class Writer {
 public:
  void u(uint64_t v) {
    while (v >= 0x80) {
      out_.push_back(static_cast<char>((v & 0x7f) | 0x80));
      v >>= 7;
    }
    out_.push_back(static_cast<char>(v));
  }
  void s(std::string_view v) {
    u(v.size());
    out_.append(v);
  }
  void strings(const std::vector<std::string>& v) {
    u(v.size());
    for (const auto& x : v) s(x);
  }
  void syms(const std::vector<CSymbol>& v) {
    u(v.size());
    for (const auto& x : v) {
      s(x.name);
      u(x.line);
    }
  }
  std::string& out() { return out_; }

 private:
  std::string out_;
};

class Reader {
 public:
  explicit Reader(std::string_view d) : d_(d) {}
  bool ok() const { return ok_; }
  bool done() const { return pos_ == d_.size(); }
  uint64_t u() {
    uint64_t v = 0;
    for (int shift = 0; shift < 64; shift += 7) {
      if (pos_ >= d_.size()) return fail();
      uint8_t b = static_cast<uint8_t>(d_[pos_++]);
      v |= uint64_t(b & 0x7f) << shift;
      if (!(b & 0x80)) return v;
    }
    return fail();
  }
  int i() {
    uint64_t v = u();
    if (v > (1u << 30)) return static_cast<int>(fail());
    return static_cast<int>(v);
  }
  std::string s() {
    uint64_t n = u();
    if (!ok_ || n > d_.size() - pos_) return fail(), std::string();
    std::string out(d_.substr(pos_, n));
    pos_ += n;
    return out;
  }
  // A count of items that each take at least one byte: bounded by what is left.
  size_t count() {
    uint64_t n = u();
    if (n > d_.size() - pos_) return fail(), 0;
    return n;
  }
  std::vector<std::string> strings() {
    std::vector<std::string> v(count());
    for (auto& x : v) x = s();
    return v;
  }
  std::vector<CSymbol> syms() {
    std::vector<CSymbol> v(count());
    for (auto& x : v) {
      x.name = s();
      x.line = i();
    }
    return v;
  }
  uint64_t fail() {
    ok_ = false;
    pos_ = d_.size();
    return 0;
  }

 private:
  std::string_view d_;
  size_t pos_ = 0;
  bool ok_ = true;
};

void write_file(Writer& w, const FileIndex& f) {
  w.u(f.lang);
  w.u(f.functions.size());
  for (const PyFunction& fn : f.functions) {
    w.s(fn.name);
    w.s(fn.class_name);
    w.u(fn.line);
    w.u(fn.end_line);
    w.u(fn.top_level);
    w.u(fn.params.size());
    for (const PyParam& p : fn.params) {
      w.s(p.name);
      w.u(p.has_default);
      w.u(p.kind);
    }
    w.strings(fn.decorators);
  }
  w.u(f.classes.size());
  for (const PyClass& c : f.classes) {
    w.s(c.name);
    w.u(c.line);
    w.u(c.top_level);
    w.strings(c.bases);
  }
  w.strings(f.module_names);
  w.strings(f.all);
  w.u(f.has_all);
  w.u(f.dynamic_globals);
  w.u(f.imports.size());
  for (const PyImport& im : f.imports) {
    w.s(im.module);
    w.u(im.level);
    w.u(im.line);
    w.u(im.names.size());
    for (const auto& n : im.names) {
      w.s(n.name);
      w.s(n.alias);
    }
    w.s(im.alias);
    w.u(im.at_import);
    w.u(im.guarded);
  }
  w.u(f.calls.size());
  for (const PyCall& c : f.calls) {
    w.s(c.callee);
    w.u(c.line);
    w.u(c.positional);
    w.u(c.star_args);
    w.strings(c.keywords);
    w.s(c.receiver_class);
  }
  w.u(f.getattrs.size());
  for (const PyGetattr& g : f.getattrs) {
    w.s(g.object);
    w.s(g.key);
    w.s(g.default_text);
    w.u(g.line);
  }
  w.strings(f.includes);
  w.syms(f.macros);
  w.syms(f.kernels);
  w.syms(f.c_functions);
  w.syms(f.structs);
  w.u(f.registrations.size());
  for (const CRegistration& r : f.registrations) {
    w.s(r.kind);
    w.s(r.name);
    w.u(r.line);
  }
}

bool flag(Reader& r) {
  uint64_t v = r.u();
  if (v > 1) r.fail();
  return v == 1;
}

void read_file(Reader& r, FileIndex& f) {
  uint64_t lang = r.u();
  if (lang > FileIndex::Cpp) r.fail();
  f.lang = static_cast<FileIndex::Lang>(lang);
  f.functions.resize(r.count());
  for (PyFunction& fn : f.functions) {
    fn.name = r.s();
    fn.class_name = r.s();
    fn.line = r.i();
    fn.end_line = r.i();
    fn.top_level = flag(r);
    fn.params.resize(r.count());
    for (PyParam& p : fn.params) {
      p.name = r.s();
      p.has_default = flag(r);
      uint64_t k = r.u();
      if (k > PyParam::DoubleStar) r.fail();
      p.kind = static_cast<PyParam::Kind>(k);
    }
    fn.decorators = r.strings();
  }
  f.classes.resize(r.count());
  for (PyClass& c : f.classes) {
    c.name = r.s();
    c.line = r.i();
    c.top_level = flag(r);
    c.bases = r.strings();
  }
  f.module_names = r.strings();
  f.all = r.strings();
  f.has_all = flag(r);
  f.dynamic_globals = flag(r);
  f.imports.resize(r.count());
  for (PyImport& im : f.imports) {
    im.module = r.s();
    im.level = r.i();
    im.line = r.i();
    im.names.resize(r.count());
    for (auto& n : im.names) {
      n.name = r.s();
      n.alias = r.s();
    }
    im.alias = r.s();
    im.at_import = flag(r);
    im.guarded = flag(r);
  }
  f.calls.resize(r.count());
  for (PyCall& c : f.calls) {
    c.callee = r.s();
    c.line = r.i();
    c.positional = r.i();
    c.star_args = flag(r);
    c.keywords = r.strings();
    c.receiver_class = r.s();
  }
  f.getattrs.resize(r.count());
  for (PyGetattr& g : f.getattrs) {
    g.object = r.s();
    g.key = r.s();
    g.default_text = r.s();
    g.line = r.i();
  }
  f.includes = r.strings();
  f.macros = r.syms();
  f.kernels = r.syms();
  f.c_functions = r.syms();
  f.structs = r.syms();
  f.registrations.resize(r.count());
  for (CRegistration& reg : f.registrations) {
    reg.kind = r.s();
    reg.name = r.s();
    reg.line = r.i();
  }
}

}  // namespace

std::string default_cache_dir() {
  if (const char* x = std::getenv("XDG_CACHE_HOME"); x && *x) return std::string(x) + "/review-pr";
  if (const char* h = std::getenv("HOME"); h && *h) return std::string(h) + "/.cache/review-pr";
  return {};
}

std::string cache_file_for(const std::string& cache_dir, const std::string& repo_id) {
  std::error_code ec;
  std::string canonical = std::filesystem::weakly_canonical(repo_id, ec).string();
  if (ec || canonical.empty()) canonical = repo_id;
  char name[64];
  std::snprintf(name, sizeof(name), "index-%016zx.rpx", std::hash<std::string>{}(canonical));
  return cache_dir + "/" + name;
}

std::string encode_file(const FileIndex& fi) {
  Writer w;
  write_file(w, fi);
  return std::move(w.out());
}

bool decode_file(std::string_view data, FileIndex& out) {
  out = FileIndex();
  Reader r(data);
  read_file(r, out);
  if (r.ok() && r.done()) return true;
  out = FileIndex();
  return false;
}

}  // namespace rp::index
