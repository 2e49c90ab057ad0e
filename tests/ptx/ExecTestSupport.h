#pragma once
// The PTX executor tests' bench (tests/ptx/PtxExec*Test.cpp): a module loaded into a fresh
// memory, arrays allocated in it, launches built from argument values, and each CTA's recorded
// warp streams as the timing model sees them.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstring>
#include <fstream>
#include <iterator>
#include <memory>
#include <string>
#include <vector>

#include "warpsim/workload/ptx/PtxExecutor.h"
#include "warpsim/workload/ptx/PtxParser.h"

namespace warpsim::ptx::test {

inline std::string kernelPath(const std::string& name) {
  return std::string(WARPSIM_SOURCE_DIR) + "/tests/ptx/kernels/" + name;
}

// A module loaded into a fresh memory, with helpers to allocate arrays and build parameters.
struct Bench {
  GlobalMemory memory;
  PtxProgram program;
  std::uint64_t next = 0x2000'0000;

  explicit Bench(const std::string& file) : program(loadPtxFile(kernelPath(file)), memory) {}
  // A module given as text, named t.ptx in messages.
  Bench(const std::string& text, const char* /*inline*/)
      : program(parsePtx(text, "t.ptx"), memory) {}

  template <class T>
  std::uint64_t array(const std::vector<T>& init, std::size_t count = 0) {
    const std::uint64_t base = next;
    const std::size_t n = std::max(init.size(), count);
    memory.allocate(base, n * sizeof(T), "array");
    if (!init.empty())
      std::memcpy(memory.find(base, n * sizeof(T)), init.data(), init.size() * sizeof(T));
    next += (n * sizeof(T) + 255) / 256 * 256 + 256;
    return base;
  }
  template <class T>
  std::vector<T> read(std::uint64_t base, std::size_t n) {
    std::vector<T> v(n);
    std::memcpy(v.data(), memory.find(base, n * sizeof(T)), n * sizeof(T));
    return v;
  }
  PtxLaunch launch(const std::string& kernel, Dim3 grid, Dim3 block,
                   const std::vector<std::uint64_t>& args) {
    PtxLaunch l;
    l.kernel = program.functionIndex(kernel);
    l.grid = grid;
    l.block = block;
    const Function& f = program.module().functions[l.kernel];
    l.params.assign(f.paramBytes, 0);
    for (std::size_t i = 0; i < args.size(); ++i)
      std::memcpy(l.params.data() + f.params[i].offset, &args[i], f.params[i].size);
    return l;
  }
  // Each CTA's warps' streams, as the timing model sees them.
  struct Streams {
    std::vector<std::vector<WarpInst>> warps;
  };
  std::vector<Streams> run(const PtxLaunch& l) {
    std::vector<Streams> records;
    for (std::uint64_t c = 0; c < l.grid.count(); ++c) {
      Streams s;
      for (const RecordedWarp& w : executeCta(program, l, memory, c).warps)
        s.warps.push_back(w.expand());
      records.push_back(std::move(s));
    }
    return records;
  }
};

// Loads an nvcc fixture (tests/ptx/fixtures) instead of a hand-written kernel.
struct FixtureBench : Bench {
  explicit FixtureBench(const std::string& name) : Bench("../fixtures/" + name + ".ptx") {}
};

}  // namespace warpsim::ptx::test
