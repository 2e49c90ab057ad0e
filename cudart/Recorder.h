#pragma once
// Launch records of a CUDA program's launches (doc/cuda.md), which any platform program replays
// with --launch-record and checks. Two modes:
//  - WARPSIM_RECORD=DIR: every launch on its own, DIR/launch-001, launch-002, ...: the module's
//    PTX, the device allocations before the launch, the module variables that differ from
//    their initialisers, the texture objects, the grid, block, dynamic shared memory and
//    argument bytes, and the allocations and module variables the kernel changed, as expected
//    outputs.
//  - WARPSIM_RECORD_PROGRAM=DIR: the whole program as one record in DIR: memory before the
//    first launch, every launch in order, and what differs at exit as expected outputs. The
//    host may read device memory between launches but not write it (a record has one memory
//    image); if it does, or launches kernels of two modules, nothing is written and stderr
//    says why.
#include <cstdint>
#include <map>
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
  Recorder(std::string dir, bool wholeProgram) : dir_(std::move(dir)), program_(wholeProgram) {}

  // Before a launch: what memory holds (`heap`: the cudaMalloc allocations' bases).
  void before(const RecordedLaunch& launch, const ptx::GlobalMemory& memory,
              const std::vector<std::uint64_t>& heap, const ptx::PtxProgram& program);
  // After a launch finished: writes its folder (one record per launch). Throws
  // std::runtime_error naming a file that cannot be written.
  void after(const ptx::GlobalMemory& memory);
  // The host changed device memory with `call` (whole-program mode: after the first launch,
  // the record cannot hold it).
  void hostWrote(const char* call);
  // Whole program: no record can be written, because of `why` (a launch failed).
  void abandon(const std::string& why) {
    if (broken_.empty()) broken_ = why;
  }
  // cudaFree of `base`: its last contents are the program's outputs there.
  void released(std::uint64_t base, const ptx::GlobalMemory& memory);
  // At exit: writes the whole-program record. Throws std::runtime_error like `after`.
  void finish(const ptx::GlobalMemory& memory);

 private:
  struct Region {
    std::uint64_t base = 0;
    std::vector<std::uint8_t> bytes;
    std::vector<std::uint8_t> last;  // whole program: contents when freed
    bool freed = false;
  };
  struct Variable {
    std::string name;
    std::uint64_t address = 0;
    std::vector<std::uint8_t> bytes;
    bool changed = false;  // differs from its initialiser before the launch
  };
  void snapshot(const ptx::GlobalMemory& memory, const std::vector<std::uint64_t>& heap,
                const ptx::PtxProgram& program);
  // Writes `dir` from the snapshot, `launches` and what memory holds now.
  void write(const std::string& dir, const std::vector<RecordedLaunch>& launches,
             const ptx::GlobalMemory& memory) const;

  std::string dir_;
  bool program_ = false;
  unsigned count_ = 0;
  std::vector<RecordedLaunch> launches_;  // one per launch: the current, or the program's
  std::vector<Region> regions_;
  std::vector<Variable> variables_;
  std::string broken_;  // whole program: why no record can be written
};

}  // namespace warpsim::cudart
