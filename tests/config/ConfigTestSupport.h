#pragma once
// A small schema shaped like a platform's, and scratch files for INI tests.
#include <unistd.h>
#include <filesystem>
#include <fstream>
#include <string>

#include "warpsim/config/ConfigSchema.h"

namespace warpsim::test {

inline ConfigSchema testSchema() {
  ConfigSchema s;
  s.addSize("l1d.size", "16KiB", "L1 data cache capacity per SM", 1024, 16 << 20)
      .addUInt("l1d.sets", 32, "L1D sets", 1, 4096)
      .addUInt("l1d.ways", 4, "L1D associativity", 1, 64)
      .addEnum("l1d.write_policy", "write_back", {"write_back", "write_through"}, "L1D writes")
      .addFreq("core.clock", 700, "core clock")
      .addInt("core.skew", 0, "cycle offset", -8, 8)
      .addDouble("noc.scale", 1.0, "flit scale", 0.5, 4)
      .addEnum("sched.policy", "gto", {"lrr", "gto", "two_level"}, "warp scheduling policy")
      .addString("workload.name", "", "workload to run")
      .addUInt("sim.max_cycles", 0, "stop after this many cycles; 0 = no limit")
      .addBool("sim.verbose", false, "print progress")
      .addString("stats.prefix", "gpu", "statistics name prefix")
      .addString("tag", "", "free text for the run");
  return s;
}

// A file in the temp directory, removed when the test ends. Names carry the process id, as
// ctest may run tests in parallel.
class ScratchFile {
 public:
  ScratchFile(const std::string& name, const std::string& text)
      : path_((std::filesystem::temp_directory_path() /
               ("warpsim-config-" + std::to_string(::getpid()) + "-" + name))
                  .string()) {
    std::ofstream(path_, std::ios::binary) << text;
  }
  ~ScratchFile() { std::filesystem::remove(path_); }
  ScratchFile(const ScratchFile&) = delete;
  ScratchFile& operator=(const ScratchFile&) = delete;
  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

}  // namespace warpsim::test
