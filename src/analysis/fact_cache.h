// Facts the semantic layer derives once per review and several rules ask (the API diff of the
// changed Python modules, say): each kind is computed by the first rule that asks and shared
// by the rest. Keyed by the fact's type, so two rules asking for the same fact get the same
// object; computed under std::call_once, so rules run on several threads compute it once.
#pragma once

#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <typeindex>
#include <unordered_map>
#include <utility>

namespace rp {

class FactCache {
 public:
  // The fact of type T for this review: `compute()` (returning a T) on the first call, the same
  // object afterwards. A fact's computation may ask the cache for another kind of fact.
  template <class T, class Compute>
  const T& get(Compute&& compute) {
    Slot& slot = slot_of(std::type_index(typeid(T)));
    std::call_once(slot.once, [&] { slot.value = std::make_shared<T>(compute()); });
    return *static_cast<const T*>(slot.value.get());
  }

  // The fact of type T about one changed file (the API diff of one module, say): computed on the
  // first ask, kept until forget(path). A fact of a file may point into the file's parse trees:
  // the file-major runner forgets a file's facts when it drops the file's trees.
  template <class T, class Compute>
  const T& get_for(const std::string& path, Compute&& compute) {
    Slot& slot = file_slot_of(std::type_index(typeid(T)), path);
    std::call_once(slot.once, [&] { slot.value = std::make_shared<T>(compute()); });
    return *static_cast<const T*>(slot.value.get());
  }
  // Drops every fact about `path`; a reference handed out for it before is dangling after.
  void forget(const std::string& path) {
    std::lock_guard<std::mutex> lock(mu_);
    std::erase_if(file_slots_, [&](const auto& entry) { return entry.first.second == path; });
  }
  // Drops every fact about any file.
  void forget_files() {
    std::lock_guard<std::mutex> lock(mu_);
    file_slots_.clear();
  }

 private:
  struct Slot {
    std::once_flag once;
    std::shared_ptr<void> value;
  };
  Slot& slot_of(std::type_index key) {
    std::lock_guard<std::mutex> lock(mu_);
    std::unique_ptr<Slot>& s = slots_[key];
    if (!s) s = std::make_unique<Slot>();
    return *s;
  }

  Slot& file_slot_of(std::type_index key, const std::string& path) {
    std::lock_guard<std::mutex> lock(mu_);
    std::unique_ptr<Slot>& s = file_slots_[{key, path}];
    if (!s) s = std::make_unique<Slot>();
    return *s;
  }

  std::mutex mu_;
  std::unordered_map<std::type_index, std::unique_ptr<Slot>> slots_;
  std::map<std::pair<std::type_index, std::string>, std::unique_ptr<Slot>> file_slots_;
};

}  // namespace rp
