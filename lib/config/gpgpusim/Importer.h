#pragma once
// The importer's state, shared by its mapping groups (MapCore.cpp, MapMemory.cpp). Internal to
// lib/config/gpgpusim; Import.h is the public entry point.
#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "warpsim/config/Config.h"
#include "warpsim/config/gpgpusim/OptionFile.h"

namespace warpsim::gpgpusim {

// A warpsim value the import will set, and the GPGPU-Sim option it comes from.
struct Assignment {
  std::string key, value;
  OptionEntry from;
};

class Importer {
 public:
  explicit Importer(const Config& config) : config_(config) {}

  // Sorts each option: the last value of a mapped option is kept (later files and lines win, as
  // in GPGPU-Sim); unknown and not-modelled options are warned about, once per option.
  void read(const std::vector<OptionEntry>& entries);
  // Works out the warpsim values of the mapped options (mapCore, then mapMemory).
  void map();

  const std::vector<Assignment>& assignments() const { return planned_; }
  // The warnings and notes, in the order of the options they are about.
  std::vector<std::string> messages() const;

  // --- for the mapping groups ---
  // The last value of a mapped option; nullptr if no file gave it.
  const OptionEntry* get(const std::string& option) const;
  // Plans key = value, replacing an earlier plan for the key.
  void set(const std::string& key, const std::string& value, const OptionEntry& from);
  // "warning: FILE:LINE: -option: not modelled: WHY", once per distinct message.
  void notModelled(const OptionEntry& from, const std::string& why);
  // "note: FILE:LINE: -option: TEXT", once per distinct message.
  void note(const OptionEntry& from, const std::string& text);
  // The value `key` will have: planned by the import, else the config's (the platform .ini's).
  // Sizes in bytes, frequencies in MHz.
  std::uint64_t uintOf(const std::string& key) const;
  double freqOf(const std::string& key) const;
  // The largest value `key` allows (`fallback` when the program does not declare it).
  std::uint64_t maxOf(const std::string& key, std::uint64_t fallback) const;

 private:
  void say(const OptionEntry& about, const std::string& message);
  const Assignment* planned(const std::string& key) const;

  struct Message {
    std::size_t file;  // the file's rank in the order the files were read
    int line;
    std::size_t seq;
    std::string text;
  };

  const Config& config_;
  std::map<std::string, OptionEntry> latest_;
  std::set<std::string> warnedOptions_;
  std::set<std::string> said_;
  std::vector<Assignment> planned_;
  std::vector<std::string> files_;  // in the order read
  std::vector<Message> messages_;
};

void mapCore(Importer& imp);    // clocks, SMs, SM resources, scheduler, units, launch, limits
void mapMemory(Importer& imp);  // caches, partitions, L2, DRAM, address map, interconnect

}  // namespace warpsim::gpgpusim
