// A shared library built for another plugin ABI than the program's (as one built against an
// older warpsim would be), for the test that --plugin refuses it by name before calling it.
#include <warpsim/common/Plugin.h>

extern "C" int warpsim_plugin_abi() {
  return warpsim::kPluginAbi + 1;
}

extern "C" void warpsim_plugin_entry(warpsim::Registries&) {
  throw warpsim::ConfigError("wrong_abi: the entry must not be called");
}
