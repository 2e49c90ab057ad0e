// A shared library without WARPSIM_PLUGIN, for the test that --plugin refuses it by name.
extern "C" int warpsim_example_not_a_plugin() {
  return 0;
}
