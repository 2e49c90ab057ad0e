#include "warpsim/config/ConfigSchema.h"

#include <cctype>
#include <ostream>
#include <utility>

#include "warpsim/config/EditDistance.h"
#include "warpsim/config/ValueText.h"

namespace warpsim {
namespace {

// Dotted names of letters, digits, '_' and '-', with no empty part: `l1d.size`, `dram.tRCD`.
bool isValidName(const std::string& name) {
  if (name.empty() || name.front() == '.' || name.back() == '.') return false;
  char previous = '\0';
  for (char c : name) {
    const bool word = std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-';
    if (!word && c != '.') return false;
    if (c == '.' && previous == '.') return false;
    previous = c;
  }
  return true;
}

OptionSpec makeSpec(const std::string& name, OptionKind kind, const std::string& def,
                    const std::string& help) {
  OptionSpec spec;
  spec.name = name;
  spec.kind = kind;
  spec.defaultText = def;
  spec.help = help;
  return spec;
}

OptionSpec makeSpec(const std::string& name, OptionKind kind, const std::string& def,
                    const std::string& help, double min, double max) {
  OptionSpec spec = makeSpec(name, kind, def, help);
  spec.min = min;
  spec.max = max;
  return spec;
}

}  // namespace

ConfigSchema& ConfigSchema::add(OptionSpec spec) {
  const std::string& name = spec.name;
  if (!isValidName(name)) {
    throw std::logic_error("ConfigSchema: invalid option name '" + name + "'");
  }
  if (options_.count(name) != 0) {
    throw std::logic_error("ConfigSchema: option '" + name + "' declared twice");
  }
  if (spec.min > spec.max) {
    throw std::logic_error("ConfigSchema: option '" + name + "' has min above max");
  }
  if (spec.kind == OptionKind::Enum && spec.choices.empty()) {
    throw std::logic_error("ConfigSchema: enum option '" + name + "' has no choices");
  }
  const std::string why = spec.check(spec.defaultText);
  if (!why.empty()) {
    throw std::logic_error("ConfigSchema: default of '" + name + "' ('" + spec.defaultText +
                           "') is invalid: " + why + "; allowed: " + spec.allowed());
  }
  options_.emplace(name, std::move(spec));
  return *this;
}

ConfigSchema& ConfigSchema::addBool(const std::string& name, bool def, const std::string& help) {
  return add(makeSpec(name, OptionKind::Bool, def ? "true" : "false", help));
}

ConfigSchema& ConfigSchema::addInt(const std::string& name, std::int64_t def,
                                   const std::string& help, std::int64_t min, std::int64_t max) {
  return add(makeSpec(name, OptionKind::Int, std::to_string(def), help, static_cast<double>(min),
                      static_cast<double>(max)));
}

ConfigSchema& ConfigSchema::addUInt(const std::string& name, std::uint64_t def,
                                    const std::string& help, std::uint64_t min, std::uint64_t max) {
  return add(makeSpec(name, OptionKind::UInt, std::to_string(def), help, static_cast<double>(min),
                      static_cast<double>(max)));
}

ConfigSchema& ConfigSchema::addDouble(const std::string& name, double def, const std::string& help,
                                      double min, double max) {
  return add(makeSpec(name, OptionKind::Double, config::formatDouble(def), help, min, max));
}

ConfigSchema& ConfigSchema::addSize(const std::string& name, const std::string& def,
                                    const std::string& help, std::uint64_t min, std::uint64_t max) {
  return add(makeSpec(name, OptionKind::Size, def, help, static_cast<double>(min),
                      static_cast<double>(max)));
}

ConfigSchema& ConfigSchema::addFreq(const std::string& name, double defMHz, const std::string& help,
                                    double minMHz, double maxMHz) {
  if (!(minMHz >= kMinFreqMHz && maxMHz <= kMaxFreqMHz))
    throw std::logic_error("ConfigSchema: frequency option '" + name + "' allows " +
                           config::formatDouble(minMHz) + " .. " + config::formatDouble(maxMHz) +
                           " MHz, outside the clocks' " + config::formatDouble(kMinFreqMHz) +
                           " .. " + config::formatDouble(kMaxFreqMHz) + " MHz");
  return add(makeSpec(name, OptionKind::Freq, config::formatDouble(defMHz), help, minMHz, maxMHz));
}

ConfigSchema& ConfigSchema::addEnum(const std::string& name, const std::string& def,
                                    const std::vector<std::string>& choices,
                                    const std::string& help) {
  OptionSpec spec = makeSpec(name, OptionKind::Enum, def, help);
  spec.choices = choices;
  return add(std::move(spec));
}

ConfigSchema& ConfigSchema::addString(const std::string& name, const std::string& def,
                                      const std::string& help) {
  return add(makeSpec(name, OptionKind::String, def, help));
}

const OptionSpec* ConfigSchema::find(const std::string& name) const {
  const auto it = options_.find(name);
  return it == options_.end() ? nullptr : &it->second;
}

std::vector<std::string> ConfigSchema::nearest(const std::string& name, std::size_t n) const {
  std::vector<std::string> names;
  names.reserve(options_.size());
  for (const auto& entry : options_) names.push_back(entry.first);
  return config::nearestNames(name, names, n);
}

void ConfigSchema::printHelp(std::ostream& os) const {
  std::map<std::string, std::vector<const OptionSpec*>> sections;
  for (const auto& entry : options_) {
    sections[config::splitName(entry.first).first].push_back(&entry.second);
  }
  bool first = true;
  for (const auto& [section, specs] : sections) {
    if (!first) os << '\n';
    first = false;
    if (!section.empty()) os << '[' << section << "]\n";
    for (const OptionSpec* spec : specs) {
      const std::string def = spec->defaultText.empty() ? "''" : spec->defaultText;
      os << "  " << spec->name << " (" << config::kindName(spec->kind) << ", default " << def
         << ")\n";
      if (!spec->help.empty()) os << "      " << spec->help << '\n';
      os << "      allowed: " << spec->allowed() << '\n';
    }
  }
}

void ConfigSchema::printMarkdown(std::ostream& os) const {
  std::map<std::string, std::vector<const OptionSpec*>> sections;
  for (const auto& entry : options_)
    sections[config::splitName(entry.first).first].push_back(&entry.second);
  for (const auto& [section, specs] : sections) {
    os << "### [" << section << "]\n\n"
       << "| option | kind | default | allowed | meaning |\n|---|---|---|---|---|\n";
    for (const OptionSpec* s : specs)
      os << "| `" << s->name << "` | " << config::kindName(s->kind) << " | `" << s->defaultText
         << "` | " << s->allowedShort() << " | " << s->help << " |\n";
    os << "\n";
  }
}

}  // namespace warpsim
