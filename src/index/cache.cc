// The encoding of one FileIndex in the on-disk store (index/store.h): its fields in order,
// varint lengths and numbers. A reader that runs past the end or meets an impossible value
// rejects the entry.
#include "index/cache.h"

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <concepts>
#include <functional>
#include <type_traits>

namespace rp::index {

namespace {

class Writer {
 public:
  template <class... T>
  void operator()(const T&... v) {
    (put(v), ...);
  }
  template <class E>
  void enumeration(E e, E /*max*/) {
    u(static_cast<uint64_t>(e));
  }
  std::string& out() { return out_; }

 private:
  void u(uint64_t v) {
    while (v >= 0x80) {
      out_.push_back(static_cast<char>((v & 0x7f) | 0x80));
      v >>= 7;
    }
    out_.push_back(static_cast<char>(v));
  }
  void put(int v) { u(static_cast<uint64_t>(v)); }
  void put(bool v) { u(v); }
  void put(const std::string& v) {
    u(v.size());
    out_.append(v);
  }
  template <class T>
  void put(const std::vector<T>& v) {
    u(v.size());
    for (const T& x : v) {
      if constexpr (std::is_same_v<T, std::string>) put(x);
      else fields(*this, x);
    }
  }
  std::string out_;
};

class Reader {
 public:
  explicit Reader(std::string_view d) : d_(d) {}
  bool ok() const { return ok_; }
  bool done() const { return pos_ == d_.size(); }
  template <class... T>
  void operator()(T&... v) {
    (get(v), ...);
  }
  // An enum stored as a number; one above `max` is an impossible value.
  template <class E>
  void enumeration(E& e, E max) {
    uint64_t v = u();
    if (v > static_cast<uint64_t>(max)) v = fail();
    e = static_cast<E>(v);
  }

 private:
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
  void get(int& v) {
    uint64_t x = u();
    if (x > (1u << 30)) x = fail();
    v = static_cast<int>(x);
  }
  void get(bool& v) {
    uint64_t x = u();
    if (x > 1) fail();
    v = x == 1;
  }
  void get(std::string& v) {
    uint64_t n = u();
    if (!ok_ || n > d_.size() - pos_) {
      v.clear();
      fail();
      return;
    }
    v.assign(d_.substr(pos_, n));
    pos_ += n;
  }
  // A count of items that each take at least one byte: bounded by what is left.
  template <class T>
  void get(std::vector<T>& v) {
    uint64_t n = u();
    if (n > d_.size() - pos_) n = fail();
    v.resize(n);
    for (T& x : v) {
      if constexpr (std::is_same_v<T, std::string>) get(x);
      else fields(*this, x);
    }
  }
  uint64_t fail() {
    ok_ = false;
    pos_ = d_.size();
    return 0;
  }

  std::string_view d_;
  size_t pos_ = 0;
  bool ok_ = true;
};

// Each struct's fields in store order, listed once for both directions: the Writer encodes
// them, the Reader decodes and validates them (cereal's one serialize function per type), so
// the two can never drift apart. A vector is its count, then its items.
template <class T, class U>
concept Is = std::same_as<std::remove_const_t<T>, U>;

template <class Ar, Is<PyParam> T>
void fields(Ar& a, T& p) {
  a(p.name, p.has_default);
  a.enumeration(p.kind, PyParam::DoubleStar);
}
template <class Ar, Is<PyFunction> T>
void fields(Ar& a, T& fn) {
  a(fn.name, fn.class_name, fn.line, fn.end_line, fn.top_level, fn.params, fn.decorators);
}
template <class Ar, Is<PyClass> T>
void fields(Ar& a, T& c) {
  a(c.name, c.line, c.top_level, c.bases);
}
template <class Ar, Is<PyImport::Name> T>
void fields(Ar& a, T& n) {
  a(n.name, n.alias);
}
template <class Ar, Is<PyImport> T>
void fields(Ar& a, T& im) {
  a(im.module, im.level, im.line, im.names, im.alias, im.at_import, im.guarded);
}
template <class Ar, Is<PyCall> T>
void fields(Ar& a, T& c) {
  a(c.callee, c.line, c.positional, c.star_args, c.keywords, c.receiver_class);
}
template <class Ar, Is<PyGetattr> T>
void fields(Ar& a, T& g) {
  a(g.object, g.key, g.default_text, g.line);
}
template <class Ar, Is<CSymbol> T>
void fields(Ar& a, T& s) {
  a(s.name, s.line);
}
template <class Ar, Is<CRegistration> T>
void fields(Ar& a, T& r) {
  a(r.kind, r.name, r.line);
}
template <class Ar, Is<FileIndex> T>
void fields(Ar& a, T& f) {
  a.enumeration(f.lang, FileIndex::Cpp);
  a(f.functions, f.classes, f.module_names, f.all, f.has_all, f.dynamic_globals, f.imports, f.calls, f.getattrs,
    f.includes, f.macros, f.kernels, f.c_functions, f.structs, f.registrations);
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
  fields(w, fi);
  return std::move(w.out());
}

bool decode_file(std::string_view data, FileIndex& out) {
  out = FileIndex();
  Reader r(data);
  fields(r, out);
  if (r.ok() && r.done()) return true;
  out = FileIndex();
  return false;
}

}  // namespace rp::index
