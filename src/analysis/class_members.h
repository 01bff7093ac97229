// What attributes an instance of a Python class has, read from the class's own source: names
// bound in the class body (fields, dataclass fields `x: int`, methods, properties, nested
// classes, `__slots__` entries) and attributes its methods store on `self`. A class whose
// attributes cannot be listed from its source — it defines `__getattr__`/`__getattribute__`,
// calls `setattr`, writes `__dict__`, has a decorator other than dataclass-like ones, or a
// metaclass — is not knowable. Bases are returned for the caller to resolve (a third-party
// base makes the whole hierarchy unknowable).
#pragma once

#include <set>
#include <string>
#include <vector>

#include "lang/syntax.h"

namespace rp {

struct ClassMembers {
  bool found = false;      // a single module-level class of that name
  bool knowable = false;   // the names below are all its own attributes can be
  std::set<std::string, std::less<>> names;
  std::vector<std::string> bases;  // source text, `object` dropped
  int line = 0;
};

// The members of module-level class `name` in `tree`.
ClassMembers class_members(const lang::SyntaxTree& tree, std::string_view name);

// Whether any attribute named `attr` is assigned on any object in `tree` (`x.attr = ...`,
// `setattr(x, "attr", ...)`): code that adds the attribute from outside the class. With `own`
// (the class asked about and its subclasses), a store on `self`/`cls` inside the methods of
// another class does not count: it adds the attribute to that class's instances, not to these.
// `setattr(x, "name", v)` stores only `name`; `setattr(x, k, v)` in `for k, v in D.items()`
// only D's keys when every binding of D in the function is a dict display of string keys,
// `None`, or a call of a same-file function (`self.` method) that returns only such displays.
bool stores_attribute(const lang::SyntaxTree& tree, std::string_view attr,
                      const std::set<std::string, std::less<>>* own = nullptr);

// Whether every instance of a Python class has `attr` whatever the class declares: the
// attributes of `object` (`__class__`, `__eq__`, `__repr__`, `__init__`, ...) and those every
// class statement adds (`__dict__`, `__module__`, `__doc__`, `__weakref__`).
bool every_instance_has(std::string_view attr);

// The class a parameter annotation names: `Cls`, `mod.Cls`, `"Cls"`, `Optional[Cls]`,
// `Cls | None`; "" for anything else (unions of classes, generics, subscripts).
std::string annotated_class(std::string_view annotation);

}  // namespace rp
