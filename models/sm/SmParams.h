#pragma once
#include <cstdint>

namespace warpsim {

class Config;
class ConfigSchema;

// One functional unit pipeline: cycles until the result is written back, and cycles before the
// unit takes the next warp instruction (a warp on 8 lanes occupies a 32-wide op for 4 cycles).
struct PipeParams {
  std::uint32_t latency = 1;
  std::uint32_t interval = 1;
};

struct SmParams {
  // Resources that bound how many CTAs fit on an SM (models/cta reads these too).
  std::uint32_t maxWarps = 48;
  std::uint32_t maxCtas = 8;
  std::uint32_t maxThreads = 1536;
  std::uint32_t registers = 32768;
  std::uint64_t sharedMemBytes = 48 * 1024;
  // Front end and issue.
  std::uint32_t schedulers = 2;  // issue slots; slot s owns warps w with w % schedulers == s
  std::uint32_t fetchWidth = 2;  // warps whose I-buffer is refilled per cycle
  std::uint32_t ibufferEntries = 2;
  PipeParams sp{10, 1}, sfu{20, 8}, dp{20, 4};

  static void declare(ConfigSchema& schema);
  static SmParams load(const Config& config);
};

}  // namespace warpsim
