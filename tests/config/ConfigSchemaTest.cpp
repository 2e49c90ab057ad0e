#include <catch2/catch.hpp>

#include <sstream>

#include "ConfigTestSupport.h"

using namespace warpsim;
using Names = std::vector<std::string>;

TEST_CASE("nearest names the closest options, nearest first") {
  const ConfigSchema schema = test::testSchema();
  CHECK(schema.nearest("l1d.szie") == Names{"l1d.size", "l1d.sets", "l1d.ways"});
  CHECK(schema.nearest("l1d.szie", 1) == Names{"l1d.size"});
}

TEST_CASE("nearest breaks distance ties by name") {
  ConfigSchema schema;
  schema.addUInt("b.x", 0, "").addUInt("a.x", 0, "").addUInt("c.yy", 0, "");
  CHECK(schema.nearest("d.x") == Names{"a.x", "b.x", "c.yy"});
}

TEST_CASE("nearest ignores case") {
  ConfigSchema schema;
  schema.addUInt("dram.tRCD", 12, "").addUInt("dram.tRC", 40, "");
  CHECK(schema.nearest("dram.trcd") == Names{"dram.tRCD", "dram.tRC"});
}

TEST_CASE("nearest leaves out names with nothing in common") {
  ConfigSchema schema;
  schema.addUInt("abc", 0, "");
  CHECK(schema.nearest("xyz").empty());
}

TEST_CASE("find returns null for undeclared options") {
  const ConfigSchema schema = test::testSchema();
  CHECK(schema.find("l1d.size") != nullptr);
  CHECK(schema.find("l1d") == nullptr);
}

TEST_CASE("declaring an option twice is a programming error") {
  ConfigSchema schema;
  schema.addUInt("l1d.ways", 4, "");
  CHECK_THROWS_AS(schema.addBool("l1d.ways", true, ""), std::logic_error);
}

TEST_CASE("an invalid default or name is a programming error") {
  ConfigSchema schema;
  CHECK_THROWS_WITH(schema.addSize("l1d.size", "32Kb", ""),
                    Catch::StartsWith("ConfigSchema: default of 'l1d.size' ('32Kb') is invalid"));
  CHECK_THROWS_AS(schema.addUInt("l1d.ways", 0, "", 1, 64), std::logic_error);
  CHECK_THROWS_AS(schema.addEnum("sched.policy", "x", {"lrr", "gto"}, ""), std::logic_error);
  CHECK_THROWS_AS(schema.addBool("l1d..x", true, ""), std::logic_error);
  CHECK_THROWS_AS(schema.addBool("l1d size", true, ""), std::logic_error);
  CHECK(schema.options().empty());
}

TEST_CASE("printHelp lists every option by section with kind, default and range") {
  ConfigSchema schema;
  schema.addString("tag", "", "free text")
      .addSize("l1d.size", "16KiB", "L1D capacity", 1024, 16 << 20)
      .addUInt("l1d.ways", 4, "L1D associativity", 1, 64)
      .addEnum("sched.policy", "gto", {"lrr", "gto"}, "warp scheduling policy");
  std::ostringstream os;
  schema.printHelp(os);
  CHECK(os.str() ==
        "  tag (string, default '')\n"
        "      free text\n"
        "      allowed: any text\n"
        "\n"
        "[l1d]\n"
        "  l1d.size (size, default 16KiB)\n"
        "      L1D capacity\n"
        "      allowed: a byte count with optional unit B, KiB, MiB, GiB (e.g. 32KiB), between "
        "1KiB and 16MiB\n"
        "  l1d.ways (uint, default 4)\n"
        "      L1D associativity\n"
        "      allowed: a non-negative integer between 1 and 64\n"
        "\n"
        "[sched]\n"
        "  sched.policy (enum, default gto)\n"
        "      warp scheduling policy\n"
        "      allowed: one of: lrr, gto\n");
}
