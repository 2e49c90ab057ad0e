#include <catch2/catch.hpp>

#include "ConfigTestSupport.h"
#include "warpsim/config/Config.h"

using namespace warpsim;

TEST_CASE("an INI section prefixes the keys that follow") {
  const ConfigSchema schema = test::testSchema();
  Config config(schema);
  config.loadIniText("[l1d]\nsize = 32KiB\nways=8\n[sched]\npolicy = lrr\n", "fermi.ini");
  CHECK(config.getSize("l1d.size") == 32768);
  CHECK(config.getUInt("l1d.ways") == 8);
  CHECK(config.getString("sched.policy") == "lrr");
}

TEST_CASE("INI keys before any section are taken as written") {
  const ConfigSchema schema = test::testSchema();
  Config config(schema);
  config.loadIniText("tag = run1\nl1d.ways = 2\n[l1d]\nsets = 64\n", "a.ini");
  CHECK(config.getString("tag") == "run1");
  CHECK(config.getUInt("l1d.ways") == 2);
  CHECK(config.getUInt("l1d.sets") == 64);
}

TEST_CASE("INI sources carry file and line") {
  const ConfigSchema schema = test::testSchema();
  Config config(schema);
  config.loadIniText("# Fermi\n\n[l1d]\nsize = 32KiB\n", "fermi.ini");
  CHECK(config.source("l1d.size") == "fermi.ini:4");
}

TEST_CASE("INI comments: whole lines and trailing after whitespace") {
  const ConfigSchema schema = test::testSchema();
  Config config(schema);
  config.loadIniText(
      "# hash comment\n"
      "; semicolon comment\n"
      "   # indented comment\n"
      "[l1d]   ; section comment\n"
      "ways = 8 # trailing\n"
      "sets = 64\t; trailing after tab\n"
      "[stats]\n"
      "prefix = a#b;c\n",
      "c.ini");
  CHECK(config.getUInt("l1d.ways") == 8);
  CHECK(config.getUInt("l1d.sets") == 64);
  CHECK(config.getString("stats.prefix") == "a#b;c");
}

TEST_CASE("INI quoted values keep comment characters and blanks") {
  const ConfigSchema schema = test::testSchema();
  Config config(schema);
  config.loadIniText("tag = \" a # b; \\\"q\\\" \"  # comment\n", "q.ini");
  CHECK(config.getString("tag") == " a # b; \"q\" ");
}

TEST_CASE("INI accepts CRLF line endings and an empty value") {
  const ConfigSchema schema = test::testSchema();
  Config config(schema);
  config.loadIniText("[l1d]\r\nways = 16\r\n[stats]\r\nprefix =\r\n", "dos.ini");
  CHECK(config.getUInt("l1d.ways") == 16);
  CHECK(config.getString("stats.prefix") == "");
}

TEST_CASE("an INI line without '=' is an error with file and line") {
  const ConfigSchema schema = test::testSchema();
  Config config(schema);
  CHECK_THROWS_WITH(config.loadIniText("[l1d]\n\nsize 32KiB\n", "bad.ini"),
                    "bad.ini:3: malformed line 'size 32KiB': expected 'key = value' or "
                    "'[section]'");
}

TEST_CASE("an unterminated INI section header is an error with file and line") {
  const ConfigSchema schema = test::testSchema();
  Config config(schema);
  CHECK_THROWS_WITH(config.loadIniText("tag = 1\n[l1d\n", "bad.ini"),
                    "bad.ini:2: unterminated section header '[l1d'");
  CHECK_THROWS_WITH(config.loadIniText("[]\n", "bad.ini"), "bad.ini:1: empty section name '[]'");
  CHECK_THROWS_WITH(config.loadIniText("[l1d] x\n", "bad.ini"),
                    "bad.ini:1: unexpected text 'x' after section header");
}

TEST_CASE("a bad INI value names file, line, option and what is allowed") {
  const ConfigSchema schema = test::testSchema();
  Config config(schema);
  CHECK_THROWS_WITH(config.loadIniText("[l1d]\nsize = 32Kb  # typo\n", "fermi.ini"),
                    "fermi.ini:2: l1d.size = '32Kb': not a size; allowed: a byte count with "
                    "optional unit B, KiB, MiB, GiB (e.g. 32KiB), between 1KiB and 16MiB");
}

TEST_CASE("an unknown INI key names file, line and the full key") {
  const ConfigSchema schema = test::testSchema();
  Config config(schema);
  CHECK_THROWS_WITH(config.loadIniText("[l1d]\nszie = 1KiB\n", "fermi.ini"),
                    "fermi.ini:2: unknown option 'l1d.szie'; did you mean: l1d.size, l1d.sets, "
                    "l1d.ways?");
}

TEST_CASE("a failed INI load changes nothing") {
  const ConfigSchema schema = test::testSchema();
  Config config(schema);
  CHECK_THROWS_AS(config.loadIniText("[l1d]\nways = 8\nsets = many\n", "bad.ini"), ConfigError);
  CHECK(config.getUInt("l1d.ways") == 4);
  CHECK_FALSE(config.isSet("l1d.ways"));
}

TEST_CASE("loadIniFile reads a file and names it in sources") {
  const ConfigSchema schema = test::testSchema();
  const test::ScratchFile file("load.ini", "[core]\nclock = 1.4GHz\n");
  Config config(schema);
  config.loadIniFile(file.path());
  CHECK(config.getFreqMHz("core.clock") == Approx(1400.0));
  CHECK(config.source("core.clock") == file.path() + ":2");
}

TEST_CASE("loadIniFile names a missing file") {
  const ConfigSchema schema = test::testSchema();
  Config config(schema);
  CHECK_THROWS_WITH(config.loadIniFile("/nonexistent/fermi.ini"),
                    "cannot open config file '/nonexistent/fermi.ini'");
}
