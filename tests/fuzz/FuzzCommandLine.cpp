// libFuzzer harness: the platforms' command line (lib/config/CommandLine.h). The input is split
// into arguments at each NUL or newline byte (after the program name); a command line that
// parses is then applied to a Config on a small schema (FuzzSchema.h), without the files it
// names (--config, --gpgpusim-config and the others are read by their own harnesses).
#include <cstdint>
#include <string>
#include <vector>

#include "FuzzSchema.h"
#include "FuzzSupport.h"
#include "warpsim/config/CommandLine.h"
#include "warpsim/config/Config.h"

using namespace warpsim;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string input = fuzz::text(data, size);
  std::vector<std::string> words{"warpsim-fuzz"};
  std::size_t start = 0;
  for (std::size_t i = 0; i <= input.size(); ++i) {
    if (i == input.size() || input[i] == '\0' || input[i] == '\n') {
      if (i < input.size() || i > start) words.push_back(input.substr(start, i - start));
      start = i + 1;
    }
  }
  std::vector<const char*> argv;
  for (const std::string& w : words) argv.push_back(w.c_str());
  argv.push_back(nullptr);

  CommandLine commandLine;
  try {
    commandLine = parseCommandLine(static_cast<int>(words.size()), argv.data());
  } catch (const ConfigError& e) {
    fuzz::rejected(e);
    return 0;
  }
  commandLine.configFiles.clear();
  Config config(fuzz::smallSchema());
  try {
    applyCommandLine(config, commandLine);
  } catch (const ConfigError& e) {
    fuzz::rejected(e);
  }
  return 0;
}
