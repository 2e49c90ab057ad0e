#pragma once
// A run's statistics under GPGPU-Sim's and Accel-Sim's names (`gpu_tot_ipc = ...`), for the
// scripts written for those simulators' output (--stats-format accelsim; doc/user-guide.md
// section 4, "For users of GPGPU-Sim's statistics", gives each name's meaning in warpsim).
#include <string>

#include <nlohmann/json.hpp>

namespace warpsim {

// One block per finished kernel, as GPGPU-Sim prints at each kernel's end (kernel_name,
// kernel_launch_uid, gpu_sim_* of the kernel, gpu_tot_* and the cache totals up to its end);
// for a run stopped before its workload finished, a last block for the unfinished rest.
// `run` is runStats' JSON.
std::string accelsimStats(const nlohmann::json& run);

}  // namespace warpsim
