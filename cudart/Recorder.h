#pragma once
// WARPSIM_RECORD=DIR (doc/cuda.md): every launch of a CUDA program written as a launch record,
// DIR/launch-001, launch-002, ..., that any platform program replays with --launch-record and
// checks: the module's PTX, the device allocations before the launch, the module variables that
// differ from their initialisers, the texture objects, the grid, block, dynamic shared memory and
// argument bytes, and the allocations and module variables the kernel changed, as expected outputs.
#include <cstdint>
#include <string>
#include <vector>

#include "warpsim/workload/KernelDesc.h"
#include "warpsim/workload/ptx/PtxExecutor.h"
#include "warpsim/workload/ptx/PtxMemory.h"
#include "warpsim/workload/ptx/PtxProgram.h"
#include "warpsim/workload/ptx/PtxasLog.h"

namespace warpsim::cudart {

struct RecordedLaunch {
  std::string kernel;  // the .entry's name
  std::string ptx;     // the module's text
  Dim3 grid, block;
  std::uint32_t dynamicShared = 0;
  std::vector<std::vector<std::uint8_t>> args;  // one per .param, its bytes
  std::vector<ptx::TextureDesc> textures;       // the texture objects that exist
  ptx::PtxasFigures ptxas;                      // from WARPSIM_PTXAS_LOG; registers 0: none given
};

class Recorder {
 public:
  explicit Recorder(std::string dir) : dir_(std::move(dir)) {}

  // Before the launch: what memory holds (`heap`: the cudaMalloc allocations' bases).
  void before(const RecordedLaunch& launch, const ptx::GlobalMemory& memory,
              const std::vector<std::uint64_t>& heap, const ptx::PtxProgram& program);
  // After it finished: writes the folder. Throws std::runtime_error naming a file that cannot
  // be written.
  void after(const ptx::GlobalMemory& memory);

 private:
  struct Region {
    std::uint64_t base = 0;
    std::vector<std::uint8_t> bytes;
  };
  struct Variable {
    std::string name;
    std::uint64_t address = 0;
    std::vector<std::uint8_t> bytes;
    bool changed = false;  // differs from its initialiser before the launch
  };
  std::string dir_;
  unsigned count_ = 0;
  RecordedLaunch launch_;
  std::vector<Region> regions_;
  std::vector<Variable> variables_;
};

}  // namespace warpsim::cudart
