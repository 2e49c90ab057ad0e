#include "warpsim/config/gpgpusim/Importer.h"

#include <algorithm>
#include <tuple>

#include "warpsim/config/ValueText.h"
#include "warpsim/config/gpgpusim/OptionTable.h"

namespace warpsim::gpgpusim {

void Importer::read(const std::vector<OptionEntry>& entries) {
  for (const OptionEntry& e : entries) {
    if (std::find(files_.begin(), files_.end(), e.file) == files_.end()) files_.push_back(e.file);
    const OptionRule* rule = findRule(e.option);
    if (rule != nullptr && rule->handling == Handling::Mapped) {
      latest_[e.option] = e;
      continue;
    }
    if (rule != nullptr && rule->quietValue != nullptr && e.hasValue && e.value == rule->quietValue)
      continue;  // the behaviour warpsim has anyway
    if (!warnedOptions_.insert(e.option).second) continue;
    if (rule == nullptr)
      say(e, "warning: " + e.where() +
                 ": unknown option (not a GPGPU-Sim or Accel-Sim option warpsim knows); ignored");
    else
      notModelled(e, rule->text);
  }
}

void Importer::map() {
  mapCore(*this);
  mapMemory(*this);
}

const OptionEntry* Importer::get(const std::string& option) const {
  const auto it = latest_.find(option);
  return it == latest_.end() ? nullptr : &it->second;
}

void Importer::set(const std::string& key, const std::string& text, const OptionEntry& from) {
  // Sizes read better with their unit in --dump-config: 98304 -> 96KiB.
  std::string value = text;
  const OptionSpec* spec = config_.schema().find(key);
  std::uint64_t bytes = 0;
  if (spec != nullptr && spec->kind == OptionKind::Size && config::parseUInt(text, bytes))
    value = config::formatSize(bytes);
  for (Assignment& a : planned_) {
    if (a.key == key) {
      a = Assignment{key, value, from};
      return;
    }
  }
  planned_.push_back(Assignment{key, value, from});
}

void Importer::notModelled(const OptionEntry& from, const std::string& why) {
  say(from, "warning: " + from.where() + (from.hasValue ? " " + from.value : "") +
                ": not modelled: " + why);
}

void Importer::note(const OptionEntry& from, const std::string& text) {
  say(from, "note: " + from.where() + ": " + text);
}

void Importer::say(const OptionEntry& about, const std::string& message) {
  if (!said_.insert(message).second) return;
  // Files not read as option files (BookSim's) sort after them.
  const auto rank = static_cast<std::size_t>(std::find(files_.begin(), files_.end(), about.file) -
                                             files_.begin());
  messages_.push_back(Message{rank, about.line, messages_.size(), message});
}

std::vector<std::string> Importer::messages() const {
  std::vector<Message> sorted = messages_;
  std::sort(sorted.begin(), sorted.end(), [](const Message& a, const Message& b) {
    return std::tie(a.file, a.line, a.seq) < std::tie(b.file, b.line, b.seq);
  });
  std::vector<std::string> out;
  for (const Message& m : sorted) out.push_back(m.text);
  return out;
}

const Assignment* Importer::planned(const std::string& key) const {
  for (const Assignment& a : planned_)
    if (a.key == key) return &a;
  return nullptr;
}

std::uint64_t Importer::uintOf(const std::string& key) const {
  const OptionSpec* spec = config_.schema().find(key);
  std::uint64_t v = 0;
  if (const Assignment* a = planned(key)) {
    if (spec != nullptr && spec->kind == OptionKind::Size)
      parseSize(a->value, v);
    else
      config::parseUInt(a->value, v);
    return v;
  }
  if (spec == nullptr) return 0;
  return spec->kind == OptionKind::Size ? config_.getSize(key) : config_.getUInt(key);
}

std::uint64_t Importer::maxOf(const std::string& key, std::uint64_t fallback) const {
  const OptionSpec* spec = config_.schema().find(key);
  return spec == nullptr ? fallback : static_cast<std::uint64_t>(spec->max);
}

double Importer::freqOf(const std::string& key) const {
  double mhz = 0;
  if (const Assignment* a = planned(key)) {
    parseFreqMHz(a->value, mhz);
    return mhz;
  }
  return config_.schema().find(key) != nullptr ? config_.getFreqMHz(key) : 0.0;
}

}  // namespace warpsim::gpgpusim
