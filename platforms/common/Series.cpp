#include "warpsim/common/Series.h"

#include "warpsim/gpu/Gpu.h"

namespace warpsim {

std::vector<TimeSeries::Column> gpuSeriesColumns(const std::string& gpu) {
  const std::string sm = gpu + ".sm[0-9]*.", l2 = gpu + ".l2_[0-9]*.", dram = gpu + ".part[0-9]*.",
                    icnt = gpu + ".icnt.";
  return {
      {"warp_instructions", {sm + "warp_instructions"}},
      {"thread_instructions", {sm + "thread_instructions"}},
      {"sm_cycles", {sm + "cycles"}},  // summed over the SMs
      {"sm_issued_cycles", {sm + "issued_cycles"}},
      {"sm_memory_block_cycles", {sm + "memory_block_cycles"}},
      {"sm_no_warp_cycles", {sm + "no_warp_cycles"}},
      {"l1d_accesses", {sm + "l1d.accesses"}},
      {"l1d_misses", {sm + "l1d.misses"}},
      {"l2_accesses", {l2 + "accesses"}},
      {"l2_misses", {l2 + "misses"}},
      {"dram_reads", {dram + "reads"}},
      {"dram_writes", {dram + "writes"}},
      {"dram_accesses", {dram + "accesses"}},
      {"dram_row_hits", {dram + "row_hits"}},
      {"dram_busy_cycles", {dram + "busy_cycles"}},  // channel-cycles with a bank busy
      {"dram_busy_bank_cycles", {dram + "busy_bank_cycles"}},
      {"noc_flits", {icnt + "request_flits", icnt + "response_flits"}},
  };
}

std::vector<TimeSeries::Rate> gpuSeriesRates() {
  return {
      {"ipc", "thread_instructions", "cycles"},
      {"warp_ipc", "warp_instructions", "cycles"},
      {"issue_utilisation", "sm_issued_cycles", "sm_cycles"},
      {"l1d_miss_rate", "l1d_misses", "l1d_accesses"},
      {"l2_miss_rate", "l2_misses", "l2_accesses"},
      {"blp", "dram_busy_bank_cycles", "dram_busy_cycles"},  // OWL's BLP, as gpu.partP.blp
      {"rbl", "dram_row_hits", "dram_accesses"},             // row-buffer locality
      {"noc_flits_per_cycle", "noc_flits", "cycles"},
  };
}

SeriesOutput::SeriesOutput(Gpu& gpu, const std::string& path, std::uint64_t every) : file_(path) {
  series_ = std::make_unique<TimeSeries>(gpu.stats(), gpuSeriesColumns(gpu.name()),
                                         gpuSeriesRates(), file_.stream());
  gpu.sampleEvery(every, [this](Cycle start, Cycle end) { series_->sample(start, end); });
}

}  // namespace warpsim
