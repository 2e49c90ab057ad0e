#pragma once
// Policies and workloads from a shared library named on the command line (`--plugin
// libmine.so`), so that a user need not build a program of their own (doc/user-guide.md
// section 11). The library defines its registration function with WARPSIM_PLUGIN:
//
//   WARPSIM_PLUGIN(registries) {
//     registries.sched.add("mine", "my policy", [](const warpsim::PolicyContext&) { ... });
//   }
//
// and is built against the same warpsim headers as the program that loads it, without linking
// warpsim's libraries (their symbols come from the program, which exports them). A library
// built for another version of Registries is refused (kPluginAbi).
#include <string>

#include "warpsim/gpu/Registries.h"

namespace warpsim {

// Changes whenever Registries or the registries' entry signatures change.
constexpr int kPluginAbi = 1;

// Loads each library in order and lets it add to `registries`. Libraries stay loaded until the
// process ends (their factories live in the registries). Throws ConfigError naming the library
// when it cannot be loaded, lacks the WARPSIM_PLUGIN entry points, was built for another
// kPluginAbi, or its registration throws.
void loadPlugins(const std::vector<std::string>& paths, Registries& registries);

}  // namespace warpsim

#define WARPSIM_PLUGIN(registries)                                        \
  extern "C" int warpsim_plugin_abi() {                                   \
    return ::warpsim::kPluginAbi;                                         \
  }                                                                       \
  static void warpsim_plugin_register(::warpsim::Registries& registries); \
  extern "C" void warpsim_plugin_entry(::warpsim::Registries& r) {        \
    warpsim_plugin_register(r);                                           \
  }                                                                       \
  static void warpsim_plugin_register(::warpsim::Registries& registries)
