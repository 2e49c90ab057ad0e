// libFuzzer harness: the INI dialect of warpsim config files (lib/config/IniParser.h) and
// Config::loadIniText on a small schema with an option of every kind (FuzzSchema.h).
// Beyond "no crash": a value parseIni returns reads back unchanged through iniQuote, and a
// loaded Config's dump loads again to the same values (--dump-config's promise).
#include <cstdint>
#include <sstream>
#include <string>

#include "FuzzSchema.h"
#include "FuzzSupport.h"
#include "warpsim/config/Config.h"
#include "warpsim/config/IniParser.h"

using namespace warpsim;

namespace {

// The dump without its "  # from SOURCE" comments, which name where each value came from.
std::string values(const Config& config) {
  std::ostringstream os;
  config.dump(os);
  std::istringstream in(os.str());
  std::string out;
  for (std::string line; std::getline(in, line);) {
    const std::size_t from = line.rfind("  # from ");
    out += (from == std::string::npos ? line : line.substr(0, from)) + "\n";
  }
  return out;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string input = fuzz::text(data, size);

  try {
    config::parseIni(input, "fuzz.ini", [](const std::string&, const std::string& value, int) {
      std::string back;
      try {
        config::parseIni("k = " + config::iniQuote(value), "quoted",
                         [&back](const std::string&, const std::string& v, int) { back = v; });
      } catch (const ConfigError& e) {
        std::fprintf(stderr, "%s\n", e.what());
        WARPSIM_FUZZ_CHECK(false, "parseIni rejects iniQuote(value)");
      }
      WARPSIM_FUZZ_CHECK(back == value, "parseIni(iniQuote(value)) != value");
    });
  } catch (const ConfigError& e) {
    fuzz::rejected(e);
  }

  Config config(fuzz::smallSchema());
  try {
    config.loadIniText(input, "fuzz.ini");
  } catch (const ConfigError& e) {
    fuzz::rejected(e);
    return 0;
  }
  std::ostringstream dumped;
  config.dump(dumped);
  Config again(fuzz::smallSchema());
  try {
    again.loadIniText(dumped.str(), "dump");
  } catch (const ConfigError& e) {
    std::fprintf(stderr, "the dump does not load: %s\n", e.what());
    WARPSIM_FUZZ_CHECK(false, "Config::dump gives a file loadIniText rejects");
  }
  WARPSIM_FUZZ_CHECK(values(again) == values(config), "the dump loads to other values");
  return 0;
}
