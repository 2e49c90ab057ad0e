// What the libFuzzer harnesses of tests/fuzz found in lib/config (tests/fuzz/README.md), each
// kept as the input that showed it.
#include <catch2/catch.hpp>

#include <sstream>
#include <vector>

#include "ConfigTestSupport.h"
#include "warpsim/config/CommandLine.h"
#include "warpsim/config/Config.h"
#include "warpsim/config/IniParser.h"

using namespace warpsim;

TEST_CASE("fuzz finding: a value that starts or ends with a vertical tab or form feed is quoted") {
  // fuzz-ini: `name = "\v..."` read back as "..." from the dump, since parseIni trims \v and \f
  // around a bare value and iniQuote left them bare.
  for (const std::string value : {"\vstream", "stream\f", "\f", "a\vb"}) {
    std::string back = "(none)";
    config::parseIni("tag = " + config::iniQuote(value), "q.ini",
                     [&back](const std::string&, const std::string& v, int) { back = v; });
    CHECK(back == value);
  }
  const ConfigSchema schema = test::testSchema();
  Config config(schema);
  config.loadIniText("tag = \"\x0b\x0bstream\x0c\"\n", "fuzz.ini");
  std::ostringstream dump;
  config.dump(dump);
  Config again(schema);
  again.loadIniText(dump.str(), "dump.ini");
  CHECK(again.getString("tag") == "\v\vstream\f");
}

TEST_CASE(
    "fuzz finding: an unknown option a megabyte long is reported at once without suggestions") {
  // fuzz-command-line: the did-you-mean distance costs the key's length times each option's;
  // a megabyte-long key took seconds per option list and got meaningless suggestions.
  const std::string key(1 << 20, 'x');
  const ConfigSchema schema = test::testSchema();
  Config config(schema);
  CHECK_THROWS_WITH(config.loadIniText(key + " = 1\n", "big.ini"),
                    "big.ini:1: unknown option '" + key + "'; --help-config lists the options");
  CHECK_THROWS_WITH(config.setAssignment(key + "=1"),
                    "--set: unknown option '" + key + "'; --help-config lists the options");
  const std::string option = "--" + key;
  const std::vector<const char*> argv{"sim", option.c_str()};
  CHECK_THROWS_AS(parseCommandLine(2, argv.data()), ConfigError);
  CHECK_THROWS_WITH(parseCommandLine(2, argv.data()),
                    "command line: unknown option '" + option + "'; --help lists the options");
  // A short misspelling still gets its suggestion.
  CHECK_THROWS_WITH(config.setAssignment("l1d.wyas=2"), Catch::Contains("did you mean: l1d.ways"));
}
