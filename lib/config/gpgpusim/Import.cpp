#include "warpsim/config/gpgpusim/Import.h"

#include <ostream>

#include "warpsim/config/CommandLine.h"
#include "warpsim/config/gpgpusim/Importer.h"

namespace warpsim {
namespace gpgpusim {

std::vector<std::string> importFiles(Config& config, const std::vector<std::string>& paths) {
  std::vector<OptionEntry> entries;
  for (const std::string& path : paths) {
    const std::vector<OptionEntry> file = readOptionFile(path);
    entries.insert(entries.end(), file.begin(), file.end());
  }
  return importEntries(config, entries);
}

std::vector<std::string> importEntries(Config& config, const std::vector<OptionEntry>& entries) {
  Importer imp(config);
  imp.read(entries);
  imp.map();
  std::vector<std::string> messages = imp.messages();
  // Check every value before setting any, so that an error leaves the config as it was.
  std::vector<const Assignment*> apply;
  for (const Assignment& a : imp.assignments()) {
    const OptionSpec* spec = config.schema().find(a.key);
    if (spec == nullptr) {
      messages.push_back("warning: " + a.from.where() + ": this warpsim has no option '" + a.key +
                         "'; not imported");
      continue;
    }
    const std::string why = spec->check(a.value);
    if (!why.empty()) {
      throw ConfigError(a.from.where() + " = '" + a.from.value + "' gives " + a.key + " = '" +
                        a.value + "': " + why + "; allowed: " + spec->allowed());
    }
    apply.push_back(&a);
  }
  for (const Assignment* a : apply) config.set(a->key, a->value, a->from.source());
  return messages;
}

}  // namespace gpgpusim

void applyGpgpusimImports(Config& config, const CommandLine& commandLine, std::ostream* messages,
                          const std::string& program) {
  std::vector<std::string> files = commandLine.gpgpusimConfigs;
  files.insert(files.end(), commandLine.accelsimTraceConfigs.begin(),
               commandLine.accelsimTraceConfigs.end());
  if (files.empty()) return;
  for (const std::string& m : gpgpusim::importFiles(config, files))
    if (messages != nullptr) *messages << program << ": " << m << '\n';
}

}  // namespace warpsim
