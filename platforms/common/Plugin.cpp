#include "warpsim/common/Plugin.h"

#include <dlfcn.h>

#include <stdexcept>

#include "warpsim/config/ConfigSchema.h"

namespace warpsim {
namespace {

ConfigError pluginError(const std::string& path, const std::string& why) {
  return ConfigError("--plugin " + path + ": " + why);
}

void* symbol(void* library, const std::string& path, const char* name) {
  void* s = dlsym(library, name);
  if (!s)
    throw pluginError(path, std::string("no ") + name +
                                "(); define the registration with WARPSIM_PLUGIN "
                                "(warpsim/common/Plugin.h)");
  return s;
}

}  // namespace

void loadPlugins(const std::vector<std::string>& paths, Registries& registries) {
  for (const std::string& path : paths) {
    // Never closed: the registries hold factories whose code is in the library.
    void* library = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (!library) throw pluginError(path, dlerror());
    const auto abi = reinterpret_cast<int (*)()>(symbol(library, path, "warpsim_plugin_abi"));
    if (abi() != kPluginAbi)
      throw pluginError(path, "built for plugin ABI " + std::to_string(abi()) +
                                  "; this program has " + std::to_string(kPluginAbi) +
                                  ": rebuild it against this warpsim");
    const auto entry =
        reinterpret_cast<void (*)(Registries&)>(symbol(library, path, "warpsim_plugin_entry"));
    try {
      entry(registries);
    } catch (const std::exception& e) {
      throw pluginError(path, std::string("registration failed: ") + e.what());
    }
  }
}

}  // namespace warpsim
