#pragma once
// The effective configuration: the schema's defaults overlaid, in order, by INI files and
// `--set key=value` overrides. Every value is checked against its option when it is set, so a
// bad value stops the run at the line that wrote it (doc/architecture.md).
#include <cstdint>
#include <iosfwd>
#include <map>
#include <string>

#include "warpsim/config/ConfigSchema.h"

namespace warpsim {

// The most a config file (INI, GPGPU-Sim, BookSim) may hold: far above any real one.
constexpr std::uint64_t kMaxConfigFileBytes = std::uint64_t{16} << 20;

// The text of a config file: a ConfigError "cannot open WHAT 'PATH'" when it cannot be read,
// or naming kMaxConfigFileBytes when it is larger (a device such as /dev/zero never ends).
std::string readConfigFile(const std::string& path, const std::string& what);

class Config {
 public:
  explicit Config(const ConfigSchema& schema);

  // INI: `[section]` headers prefix the keys that follow (`[l1d]` + `size = 32KiB` sets
  // `l1d.size`); `#` and `;` start comments; keys before any section are taken as written.
  // Errors name the file and line. Throws ConfigError.
  void loadIniFile(const std::string& path);
  void loadIniText(const std::string& text, const std::string& sourceName);
  // "key=value", as given to --set. Throws ConfigError.
  void setAssignment(const std::string& assignment, const std::string& sourceName = "--set");
  void set(const std::string& key, const std::string& value, const std::string& sourceName);

  // Typed reads. Asking for an option the schema does not declare, or with the wrong kind, is a
  // programming error (std::logic_error), not a user error.
  bool getBool(const std::string& key) const;
  std::int64_t getInt(const std::string& key) const;
  std::uint64_t getUInt(const std::string& key) const;
  double getDouble(const std::string& key) const;
  std::uint64_t getSize(const std::string& key) const;  // bytes
  double getFreqMHz(const std::string& key) const;
  const std::string& getString(const std::string& key) const;  // String and Enum options

  // Whether a file or --set assigned the value (even if it assigned the default text).
  bool isSet(const std::string& key) const;
  // Where the value came from: "default", "fermi.ini:12", "--set", "--workload".
  std::string source(const std::string& key) const;
  // `message`, a ConfigError's that begins with an option's name ("l1d.line_size = 100: must
  // be a power of two"), with where that option was set in front ("my.ini:3: l1d.line_size =
  // ..."); unchanged when it names no option or the option was set by default or on the command
  // line. The checks of a value that parses but is not allowed
  // run after loading, far from the file: this gives their errors the file and line.
  std::string located(const std::string& message) const;
  // Warnings from loading, one line each: a key set twice in one file ("warning: my.ini:7:
  // l1d.sets set again (first at line 3); the later value wins").
  const std::vector<std::string>& warnings() const { return warnings_; }

  // The effective configuration as an INI file that loadIniFile accepts; each value set away
  // from its default carries a comment naming where it came from.
  void dump(std::ostream& os) const;

  const ConfigSchema& schema() const { return schema_; }

 private:
  struct Value {
    std::string text;
    std::string source;  // "default", "fermi.ini:12", "--set"
  };
  const OptionSpec& spec(const std::string& key, OptionKind kind) const;
  // The effective text of a declared option (its default if this Config never saw it).
  const std::string& text(const OptionSpec& spec) const;
  const ConfigSchema& schema_;
  std::map<std::string, Value> values_;
  std::vector<std::string> warnings_;
};

}  // namespace warpsim
