#include <catch2/catch.hpp>

#include <sstream>

#include "ConfigTestSupport.h"
#include "warpsim/config/Config.h"

using namespace warpsim;

namespace {

std::string dumped(const Config& config) {
  std::ostringstream os;
  config.dump(os);
  return os.str();
}

// Every option reads the same typed value from both configs.
void requireSameValues(const Config& a, const Config& b) {
  for (const auto& [name, spec] : a.schema().options()) {
    INFO(name);
    switch (spec.kind) {
      case OptionKind::Bool:
        CHECK(a.getBool(name) == b.getBool(name));
        break;
      case OptionKind::Int:
        CHECK(a.getInt(name) == b.getInt(name));
        break;
      case OptionKind::UInt:
        CHECK(a.getUInt(name) == b.getUInt(name));
        break;
      case OptionKind::Double:
        CHECK(a.getDouble(name) == b.getDouble(name));
        break;
      case OptionKind::Size:
        CHECK(a.getSize(name) == b.getSize(name));
        break;
      case OptionKind::Freq:
        CHECK(a.getFreqMHz(name) == b.getFreqMHz(name));
        break;
      case OptionKind::Enum:
      case OptionKind::String:
        CHECK(a.getString(name) == b.getString(name));
        break;
    }
  }
}

}  // namespace

TEST_CASE("dump groups options by section, sorted, with sources of set values") {
  ConfigSchema schema;
  schema.addString("tag", "", "")
      .addUInt("l1d.ways", 4, "", 1, 64)
      .addSize("l1d.size", "16KiB", "")
      .addEnum("sched.policy", "gto", {"lrr", "gto"}, "");
  Config config(schema);
  config.set("l1d.ways", "8", "fermi.ini:12");
  config.setAssignment("tag=a # b");
  CHECK(dumped(config) ==
        "# warpsim configuration; '# from' names where a value was set\n"
        "tag = \"a # b\"  # from --set\n"
        "\n"
        "[l1d]\n"
        "size = 16KiB\n"
        "ways = 8  # from fermi.ini:12\n"
        "\n"
        "[sched]\n"
        "policy = gto\n");
}

TEST_CASE("dump of defaults loads back to the same values") {
  const ConfigSchema schema = test::testSchema();
  const Config original(schema);
  Config reloaded(schema);
  reloaded.loadIniText(dumped(original), "dump.ini");
  requireSameValues(original, reloaded);
}

TEST_CASE("dump of set values loads back to the same values") {
  const ConfigSchema schema = test::testSchema();
  Config original(schema);
  original.loadIniText("[l1d]\nsize = 2MiB\nwrite_policy = write_through\n", "a.ini");
  original.setAssignment("core.clock=1.4GHz");
  original.setAssignment("core.skew=-8");
  original.setAssignment("noc.scale=0.75");
  original.setAssignment("sim.verbose=yes");
  original.setAssignment("sim.max_cycles=18446744073709551615");
  original.set("tag", "  lead; and # \"quoted\" \\ trail\t", "--set");
  original.set("workload.name", "line1\nline2", "--set");

  Config reloaded(schema);
  reloaded.loadIniText(dumped(original), "dump.ini");
  requireSameValues(original, reloaded);
  CHECK(reloaded.getString("tag") == "  lead; and # \"quoted\" \\ trail\t");
}

TEST_CASE("a dumped file loads with loadIniFile") {
  const ConfigSchema schema = test::testSchema();
  Config original(schema);
  original.setAssignment("l1d.ways=2");
  const test::ScratchFile file("dump.ini", dumped(original));
  Config reloaded(schema);
  reloaded.loadIniFile(file.path());
  CHECK(reloaded.getUInt("l1d.ways") == 2);
  requireSameValues(original, reloaded);
}
