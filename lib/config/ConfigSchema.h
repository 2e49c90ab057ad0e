#pragma once
// One schema of options with dotted names that follow the module tree (`l1d.size`,
// `dram.tRCD`). Each block declares its own options, with defaults, ranges and help text, in a
// static `declare(ConfigSchema&)` beside its Params struct.
#include <cstdint>
#include <iosfwd>
#include <limits>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

namespace warpsim {

// A user error in a config file, a --set override or a command-line option.
class ConfigError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

enum class OptionKind { Bool, Int, UInt, Double, Size, Freq, Enum, String };

struct OptionSpec {
  std::string name;
  OptionKind kind = OptionKind::String;
  std::string defaultText;
  std::string help;
  double min = -std::numeric_limits<double>::infinity();  // numeric kinds, inclusive
  double max = std::numeric_limits<double>::infinity();
  std::vector<std::string> choices;  // Enum

  // What values are allowed, in words, for error messages and --help-config.
  std::string allowed() const;
  // The same, short, for a table cell: "1 .. 64", ">= 1", "a | b", "any".
  std::string allowedShort() const;
  // Checks `text` against the kind and range; returns "" if valid, else why not.
  std::string check(const std::string& text) const;
};

class ConfigSchema {
 public:
  ConfigSchema& addBool(const std::string& name, bool def, const std::string& help);
  ConfigSchema& addInt(const std::string& name, std::int64_t def, const std::string& help,
                       std::int64_t min = std::numeric_limits<std::int64_t>::min(),
                       std::int64_t max = std::numeric_limits<std::int64_t>::max());
  ConfigSchema& addUInt(const std::string& name, std::uint64_t def, const std::string& help,
                        std::uint64_t min = 0,
                        std::uint64_t max = std::numeric_limits<std::uint64_t>::max());
  ConfigSchema& addDouble(const std::string& name, double def, const std::string& help,
                          double min = -std::numeric_limits<double>::infinity(),
                          double max = std::numeric_limits<double>::infinity());
  // Sizes in bytes, written with optional units: 128, 128B, 32KiB, 1MiB, 2GiB (also KB/MB/GB,
  // taken as powers of two, as hardware sizes are).
  ConfigSchema& addSize(const std::string& name, const std::string& def, const std::string& help,
                        std::uint64_t min = 0,
                        std::uint64_t max = std::numeric_limits<std::uint64_t>::max());
  // Frequencies in MHz: 700, 700MHz, 1.4GHz. Every clock runs at SystemC's 1 ps resolution
  // with a period of a whole number of picoseconds, so a frequency option's range must lie
  // within kMinFreqMHz .. kMaxFreqMHz (a std::logic_error otherwise): at most 10 GHz, a period
  // of at least 100 ps, which rounding to whole picoseconds changes by at most 0.5 %; at least
  // 1 MHz, a period of at most 1 us, so that 2^64 ps still hold 1.8e13 cycles. Real GPU core,
  // interconnect, L2 and DRAM command clocks lie far inside (GPGPU-Sim's configs: 500 to
  // 3500 MHz).
  static constexpr double kMinFreqMHz = 1.0;
  static constexpr double kMaxFreqMHz = 10000.0;
  ConfigSchema& addFreq(const std::string& name, double defMHz, const std::string& help,
                        double minMHz = kMinFreqMHz, double maxMHz = kMaxFreqMHz);
  ConfigSchema& addEnum(const std::string& name, const std::string& def,
                        const std::vector<std::string>& choices, const std::string& help);
  ConfigSchema& addString(const std::string& name, const std::string& def, const std::string& help);

  // nullptr when `name` is not declared.
  const OptionSpec* find(const std::string& name) const;
  // Up to `n` declared names closest to `name` (edit distance, ignoring case), nearest first,
  // ties by name; names with nothing in common are left out.
  std::vector<std::string> nearest(const std::string& name, std::size_t n = 3) const;
  // Every option with its default and help text, grouped by section (--help-config).
  void printHelp(std::ostream& os) const;
  // The same as Markdown tables, one per section (doc/config-reference.md is made of them).
  void printMarkdown(std::ostream& os) const;
  const std::map<std::string, OptionSpec>& options() const { return options_; }

 private:
  ConfigSchema& add(OptionSpec spec);
  std::map<std::string, OptionSpec> options_;
};

// Parses "32KiB"-style sizes and "1.4GHz"-style frequencies; false when malformed.
bool parseSize(const std::string& text, std::uint64_t& bytes);
bool parseFreqMHz(const std::string& text, double& mhz);

}  // namespace warpsim
