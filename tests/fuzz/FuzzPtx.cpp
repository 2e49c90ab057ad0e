// libFuzzer harness: the PTX front end (lib/workload/ptx): ptx::parsePtx, then, for a module
// that parses, PtxProgram's check and layout (every instruction checked, control-flow graphs,
// module variables placed in a fresh global memory). The same text also goes to
// parsePtxasLog, the reader of `ptxas -v` output kept beside a launch record's PTX.
#include <cstdint>
#include <string>

#include "FuzzSupport.h"
#include "warpsim/workload/ptx/PtxError.h"
#include "warpsim/workload/ptx/PtxMemory.h"
#include "warpsim/workload/ptx/PtxParser.h"
#include "warpsim/workload/ptx/PtxProgram.h"
#include "warpsim/workload/ptx/PtxasLog.h"

using namespace warpsim;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string input = fuzz::text(data, size);
  try {
    ptx::parsePtxasLog(input, "fuzz.ptxas.txt");
  } catch (const ConfigError& e) {
    fuzz::rejected(e);
  }
  ptx::Module module;
  try {
    module = ptx::parsePtx(input, "fuzz.ptx");
  } catch (const ptx::PtxError& e) {
    fuzz::rejected(e);
    return 0;
  }
  try {
    ptx::GlobalMemory memory;
    const ptx::PtxProgram program(std::move(module), memory);
  } catch (const ConfigError& e) {
    fuzz::rejected(e);
  }
  return 0;
}
