#pragma once
// Policies by name: one registry per kind of policy (warp schedulers, cache replacement, DRAM
// scheduling and prefetching, address predictors). Each entry is a name, a one-line
// description and a factory taking the kind's construction arguments. Names keep the order in
// which they were added: the built-ins first, then what a user adds (examples/).
// It lives in lib/config rather than lib/core because an unknown name is a ConfigError.
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "config/ConfigSchema.h"

namespace warpsim {

template <class Product, class... Args>
class Registry {
 public:
  using Factory = std::function<std::unique_ptr<Product>(Args...)>;

  // `option` names the option that selects an entry (for messages: "dram.scheduler"), `what`
  // the kind of policy ("DRAM scheduler").
  Registry(std::string option, std::string what)
      : option_(std::move(option)), what_(std::move(what)) {}

  // Registering a name twice is a programming error (std::logic_error).
  void add(const std::string& name, const std::string& description, Factory factory) {
    if (find(name)) throw std::logic_error(what_ + " '" + name + "' registered twice");
    entries_.push_back(Entry{name, description, std::move(factory)});
  }

  // Throws ConfigError naming the known entries when `name` is unknown.
  std::unique_ptr<Product> create(const std::string& name, Args... args) const {
    const Entry* e = find(name);
    if (!e) throw ConfigError(unknown(name));
    return e->factory(std::forward<Args>(args)...);
  }

  bool contains(const std::string& name) const { return find(name) != nullptr; }

  std::vector<std::string> names() const {
    std::vector<std::string> out;
    for (const Entry& e : entries_) out.push_back(e.name);
    return out;
  }

  // Throws std::out_of_range when `name` is unknown.
  const std::string& description(const std::string& name) const {
    const Entry* e = find(name);
    if (!e) throw std::out_of_range(unknown(name));
    return e->description;
  }

  // "<option> = '<name>': unknown <what>; known: a, b, c"
  std::string unknown(const std::string& name) const {
    std::string known;
    for (const Entry& e : entries_) known += (known.empty() ? "" : ", ") + e.name;
    return option_ + " = '" + name + "': unknown " + what_ + "; known: " + known;
  }

 private:
  struct Entry {
    std::string name, description;
    Factory factory;
  };
  const Entry* find(const std::string& name) const {
    for (const Entry& e : entries_)
      if (e.name == name) return &e;
    return nullptr;
  }

  std::string option_, what_;
  std::vector<Entry> entries_;
};

}  // namespace warpsim
