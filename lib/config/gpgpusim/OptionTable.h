#pragma once
// What warpsim does with each GPGPU-Sim / Accel-Sim option: the mapping table as data. Mapped
// options are read by the importer (Import*.cpp), which sets the warpsim parameters `text`
// names; options warpsim does not model get one warning each with `text` as the reason, unless
// their value is `quietValue` (the behaviour warpsim has anyway, e.g. a feature switched off).
// doc/gpgpusim-configs.md explains every entry.
#include <string>
#include <vector>

namespace warpsim::gpgpusim {

enum class Handling { Mapped, NotModelled };

struct OptionRule {
  const char* name;  // "-gpgpu_n_clusters"; a trailing '*' matches any rest ("-power_*")
  Handling handling;
  const char* text;                  // Mapped: the warpsim parameters; NotModelled: why not
  const char* quietValue = nullptr;  // NotModelled: the value that needs no warning
};

const std::vector<OptionRule>& optionRules();
// The rule for `option` (exact names before prefixes); nullptr for an option warpsim does not
// know (not a GPGPU-Sim or Accel-Sim option, or one from a version it has not seen).
const OptionRule* findRule(const std::string& option);

}  // namespace warpsim::gpgpusim
