#pragma once
// Small hand-written Accel-Sim traces for the reader's tests, written to a temporary folder.
#include <stdlib.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "warpsim/workload/KernelDesc.h"

namespace warpsim::testing {

class TempDir {
 public:
  TempDir() {
    char tmpl[] = "/tmp/warpsim-trace-XXXXXX";
    if (!mkdtemp(tmpl)) throw std::runtime_error("mkdtemp failed");
    path_ = tmpl;
  }
  ~TempDir() { std::filesystem::remove_all(path_); }
  const std::string& path() const { return path_; }
  std::string write(const std::string& name, const std::string& text) const {
    const std::string p = path_ + "/" + name;
    std::ofstream(p, std::ios::binary) << text;
    return p;
  }

 private:
  std::string path_;
};

// A header for a kernel of `grid` x `block` threads on sm_`binary`, tracer `version` (0: no
// version line).
inline std::string traceHeader(const std::string& grid, const std::string& block,
                               unsigned version = 5, unsigned binary = 80,
                               const std::string& extra = "") {
  std::string h = "-kernel name = fixture\n-kernel id = 1\n-grid dim = " + grid +
                  "\n-block dim = " + block +
                  "\n-shmem = 0\n-nregs = 16\n-binary version = " + std::to_string(binary) +
                  "\n-cuda stream id = 0\n-shmem base_addr = 0x00007f0000000000\n"
                  "-local mem base_addr = 0x00007f0002000000\n-nvbit version = 1.7\n";
  if (version) h += "-accelsim tracer version = " + std::to_string(version) + "\n";
  return h + extra + "\n#traces format = whatever the tracer says\n\n";
}

// One thread block: warps given as their instruction lines.
inline std::string traceBlock(const std::string& coords,
                              const std::vector<std::vector<std::string>>& warps) {
  std::string b = "#BEGIN_TB\n\nthread block = " + coords + "\n\n";
  for (std::size_t w = 0; w < warps.size(); ++w) {
    b += "warp = " + std::to_string(w) + "\ninsts = " + std::to_string(warps[w].size()) + "\n";
    for (const std::string& l : warps[w]) b += l + "\n";
    b += "\n";
  }
  return b + "#END_TB\n\n";
}

// Every instruction of every warp, in CTA and warp order.
inline std::vector<WarpInst> drain(const Workload& w) {
  std::vector<WarpInst> all;
  for (const KernelDesc& k : w.kernels)
    for (std::uint64_t c = 0; c < k.ctaCount(); ++c)
      for (std::uint32_t i = 0; i < k.warpsPerCta(); ++i) {
        auto s = k.makeWarp(CtaId{static_cast<std::uint32_t>(c)}, i);
        WarpInst in;
        while (s->next(in)) all.push_back(in);
      }
  return all;
}

}  // namespace warpsim::testing
