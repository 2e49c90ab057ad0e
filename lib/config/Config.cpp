#include "warpsim/config/Config.h"

#include <ostream>
#include <utility>

#include "warpsim/config/FileText.h"
#include "warpsim/config/IniParser.h"
#include "warpsim/config/ValueText.h"

namespace warpsim {
namespace {

const char* const kDefaultSource = "default";

std::string prefix(const std::string& sourceName) {
  return sourceName.empty() ? "" : sourceName + ": ";
}

std::string unknownOptionMessage(const ConfigSchema& schema, const std::string& key,
                                 const std::string& sourceName) {
  std::string message = prefix(sourceName) + "unknown option '" + key + "'";
  const std::vector<std::string> names = schema.nearest(key, 3);
  if (names.empty()) return message + "; --help-config lists the options";
  message += "; did you mean: ";
  for (std::size_t i = 0; i < names.size(); ++i) message += (i == 0 ? "" : ", ") + names[i];
  return message + "?";
}

}  // namespace

Config::Config(const ConfigSchema& schema) : schema_(schema) {
  for (const auto& [name, spec] : schema_.options()) {
    values_.emplace(name, Value{spec.defaultText, kDefaultSource});
  }
}

void Config::loadIniFile(const std::string& path) {
  loadIniText(readConfigFile(path, "config file"), path);
}

std::string readConfigFile(const std::string& path, const std::string& what) {
  std::string text;
  const FileRead read = readFileText(path, kMaxConfigFileBytes, text);
  if (read != FileRead::Ok)
    throw ConfigError(fileReadProblem(read, what, path, kMaxConfigFileBytes));
  return text;
}

void Config::loadIniText(const std::string& text, const std::string& sourceName) {
  // Apply to a copy so that a bad line leaves this Config as it was.
  Config staged(*this);
  std::map<std::string, int> lineOf;  // where each key was first set in this text
  config::parseIni(
      text, sourceName, [&](const std::string& key, const std::string& value, int line) {
        staged.set(key, value, sourceName + ":" + std::to_string(line));
        const auto [first, isNew] = lineOf.emplace(key, line);
        if (!isNew)
          staged.warnings_.push_back("warning: " + sourceName + ":" + std::to_string(line) + ": " +
                                     key + " set again (first at line " +
                                     std::to_string(first->second) + "); the later value wins");
      });
  values_ = std::move(staged.values_);
  warnings_ = std::move(staged.warnings_);
}

void Config::setAssignment(const std::string& assignment, const std::string& sourceName) {
  const auto eq = assignment.find('=');
  if (eq == std::string::npos) {
    throw ConfigError(prefix(sourceName) + "expected key=value, got '" + assignment + "'");
  }
  const std::string key = config::trim(assignment.substr(0, eq));
  if (key.empty()) {
    throw ConfigError(prefix(sourceName) + "missing option name before '=' in '" + assignment +
                      "'");
  }
  set(key, config::trim(assignment.substr(eq + 1)), sourceName);
}

void Config::set(const std::string& key, const std::string& value, const std::string& sourceName) {
  const OptionSpec* spec = schema_.find(key);
  if (spec == nullptr) throw ConfigError(unknownOptionMessage(schema_, key, sourceName));
  const std::string why = spec->check(value);
  if (!why.empty()) {
    throw ConfigError(prefix(sourceName) + key + " = '" + value + "': " + why +
                      "; allowed: " + spec->allowed());
  }
  values_[key] = Value{value, sourceName};
}

const OptionSpec& Config::spec(const std::string& key, OptionKind kind) const {
  const OptionSpec* s = schema_.find(key);
  if (s == nullptr) throw std::logic_error("Config: option '" + key + "' is not declared");
  if (s->kind != kind) {
    throw std::logic_error("Config: option '" + key + "' is a " + config::kindName(s->kind) +
                           " option, read as " + config::kindName(kind));
  }
  return *s;
}

const std::string& Config::text(const OptionSpec& spec) const {
  const auto it = values_.find(spec.name);
  return it == values_.end() ? spec.defaultText : it->second.text;
}

bool Config::getBool(const std::string& key) const {
  bool v = false;
  config::parseBool(text(spec(key, OptionKind::Bool)), v);
  return v;
}

std::int64_t Config::getInt(const std::string& key) const {
  std::int64_t v = 0;
  config::parseInt(text(spec(key, OptionKind::Int)), v);
  return v;
}

std::uint64_t Config::getUInt(const std::string& key) const {
  std::uint64_t v = 0;
  config::parseUInt(text(spec(key, OptionKind::UInt)), v);
  return v;
}

double Config::getDouble(const std::string& key) const {
  double v = 0;
  config::parseDouble(text(spec(key, OptionKind::Double)), v);
  return v;
}

std::uint64_t Config::getSize(const std::string& key) const {
  std::uint64_t v = 0;
  parseSize(text(spec(key, OptionKind::Size)), v);
  return v;
}

double Config::getFreqMHz(const std::string& key) const {
  double v = 0;
  parseFreqMHz(text(spec(key, OptionKind::Freq)), v);
  return v;
}

const std::string& Config::getString(const std::string& key) const {
  const OptionSpec* s = schema_.find(key);
  const bool isEnum = s != nullptr && s->kind == OptionKind::Enum;
  return text(spec(key, isEnum ? OptionKind::Enum : OptionKind::String));
}

bool Config::isSet(const std::string& key) const {
  const auto it = values_.find(key);
  return it != values_.end() && it->second.source != kDefaultSource;
}

std::string Config::source(const std::string& key) const {
  if (schema_.find(key) == nullptr) {
    throw std::logic_error("Config: option '" + key + "' is not declared");
  }
  const auto it = values_.find(key);
  return it == values_.end() ? kDefaultSource : it->second.source;
}

std::string Config::located(const std::string& message) const {
  // The longest declared option the message begins with, followed by ' ', ':' or the end.
  std::string key;
  for (std::size_t end = message.find_first_of(" :"); end != std::string::npos;
       end = message.find_first_of(" :", end + 1)) {
    if (schema_.find(message.substr(0, end))) key = message.substr(0, end);
  }
  if (key.empty() && schema_.find(message)) key = message;
  if (key.empty()) return message;
  // Only a file's line is worth adding: the command line is in front of the user.
  const std::string where = source(key);
  const bool fileLine = where.find(':') != std::string::npos && where.rfind("--", 0) != 0;
  return fileLine ? where + ": " + message : message;
}

void Config::dump(std::ostream& os) const {
  std::map<std::string, std::vector<const OptionSpec*>> sections;
  for (const auto& entry : schema_.options()) {
    sections[config::splitName(entry.first).first].push_back(&entry.second);
  }
  os << "# warpsim configuration; '# from' names where a value was set\n";
  for (const auto& [section, specs] : sections) {
    if (!section.empty()) os << "\n[" << section << "]\n";
    for (const OptionSpec* spec : specs) {
      os << config::splitName(spec->name).second << " = " << config::iniQuote(text(*spec));
      if (isSet(spec->name)) os << "  # from " << values_.at(spec->name).source;
      os << '\n';
    }
  }
}

}  // namespace warpsim
