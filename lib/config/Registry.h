#pragma once
// Policies by name: one registry per kind of policy (warp schedulers, cache replacement, DRAM
// scheduling and prefetching, address predictors). Each entry is a name, a one-line
// description and a factory taking the kind's construction arguments. Names keep the order in
// which they were added: the built-ins first, then what a user adds (examples/). An entry may
// declare options of its own (addWithOptions): they join the config schema like every block's,
// and are read once per run (configure), not once per instance.
// It lives in lib/config rather than lib/core because an unknown name is a ConfigError and
// options are read from a Config.
#include <algorithm>
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "warpsim/config/Config.h"
#include "warpsim/config/ConfigSchema.h"
#include "warpsim/config/EditDistance.h"

namespace warpsim {

template <class Product, class... Args>
class Registry {
 public:
  using Factory = std::function<std::unique_ptr<Product>(Args...)>;
  using Declare = std::function<void(ConfigSchema&)>;

  // `option` names the option that selects an entry (for messages: "dram.scheduler"), `what`
  // the kind of policy ("DRAM scheduler").
  Registry(std::string option, std::string what)
      : option_(std::move(option)), what_(std::move(what)) {}

  // Registering a name twice is a programming error (std::logic_error).
  void add(const std::string& name, const std::string& description, Factory factory) {
    if (find(name)) throw std::logic_error(what_ + " '" + name + "' registered twice");
    entries_.push_back(Entry{name, description, std::move(factory), {}, {}});
  }

  // An entry with options of its own. `declare` adds them to a schema (names, defaults, ranges,
  // help; by convention under a section named after the entry), `load` reads them from a
  // Config into a value of its own type, and `make(value, args...)` builds an instance. Until
  // configure() is called, instances are built from the declared defaults.
  template <class Load, class Make>
  void addWithOptions(const std::string& name, const std::string& description, Declare declare,
                      Load load, Make make) {
    using Params = decltype(load(std::declval<const Config&>()));
    Bind bind = [load, make](const Config& config) -> Factory {
      return [params = Params(load(config)), make](Args... args) {
        return make(params, std::forward<Args>(args)...);
      };
    };
    ConfigSchema defaults;
    declare(defaults);
    add(name, description, bind(Config(defaults)));
    entries_.back().declare = std::move(declare);
    entries_.back().bind = std::move(bind);
  }

  // Adds every entry's own options to `schema` (GpuParams::declare calls it for each registry).
  void declareOptions(ConfigSchema& schema) const {
    for (const Entry& e : entries_)
      if (e.declare) e.declare(schema);
  }

  // Reads every entry's own options from `config`, once: later instances use those values.
  void configure(const Config& config) {
    for (Entry& e : entries_)
      if (e.bind) e.factory = e.bind(config);
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

  // "<option> = '<name>': unknown <what>; did you mean: b? known: a, b, c", suggesting the
  // nearest known name only when it is a near miss (a third of the letters or fewer differ).
  std::string unknown(const std::string& name) const {
    const std::vector<std::string> all = names();
    std::string known;
    for (const std::string& n : all) known += (known.empty() ? "" : ", ") + n;
    const std::vector<std::string> near = config::nearestNames(name, all, 1);
    const bool close = !near.empty() && config::editDistance(name, near[0]) <=
                                            std::max<std::size_t>(1, name.size() / 3);
    return option_ + " = '" + name + "': unknown " + what_ +
           (close ? "; did you mean: " + near[0] + "? " : "; ") + "known: " + known;
  }

 private:
  using Bind = std::function<Factory(const Config&)>;
  struct Entry {
    std::string name, description;
    Factory factory;
    Declare declare;  // empty: no options of its own
    Bind bind;        // empty: no options of its own
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
