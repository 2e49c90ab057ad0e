// libFuzzer harness: the GPGPU-Sim / Accel-Sim config importer (lib/config/gpgpusim): the
// `-option value` reader, BookSim's `key = value;` reader and the import onto the platforms'
// full schema (runSchema with the built-in registries), whose options the importer maps.
// Input: the gpgpusim.config text, then optionally a line "%%%%" and the text of a BookSim file.
// Both are written to a scratch folder, as fuzz.config and icnt.booksim, beside inc.config (a
// fixed valid file), so that `-config inc.config`, `-config fuzz.config` (itself) and
// `-inter_config_file icnt.booksim` read real files.
#include <cstdint>
#include <string>
#include <vector>

#include "FuzzSupport.h"
#include "warpsim/common/RunWorkload.h"
#include "warpsim/config/Config.h"
#include "warpsim/config/gpgpusim/Import.h"
#include "warpsim/config/gpgpusim/OptionFile.h"
#include "warpsim/gpu/Registries.h"

using namespace warpsim;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const ConfigSchema schema = runSchema(Registries::builtins());
  static const fuzz::ScratchDir dir("gpgpusim");
  static const bool written = [] {  // the file no input changes
    dir.write("inc.config", "-gpgpu_n_clusters 4\n-gpgpu_n_cores_per_cluster 2\n");
    return true;
  }();
  (void)written;
  const std::vector<std::string> part = fuzz::parts(fuzz::text(data, size), 2);
  dir.write("fuzz.config", part[0]);
  dir.write("icnt.booksim", part[1]);

  try {
    gpgpusim::parseBooksimText(part[1], "fuzz.booksim");
  } catch (const ConfigError& e) {
    fuzz::rejected(e);
  }
  std::vector<gpgpusim::OptionEntry> entries;
  try {
    entries = gpgpusim::readOptionFile(dir.file("fuzz.config"));
  } catch (const ConfigError& e) {
    fuzz::rejected(e);
    return 0;
  }
  Config config(schema);
  try {
    gpgpusim::importEntries(config, entries);
  } catch (const ConfigError& e) {
    fuzz::rejected(e);
    // An error leaves the config as it was (Import.h).
    for (const auto& option : schema.options())
      WARPSIM_FUZZ_CHECK(!config.isSet(option.first), "a failed import changed the config");
  }
  return 0;
}
