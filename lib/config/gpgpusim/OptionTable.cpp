#include "warpsim/config/gpgpusim/OptionTable.h"

namespace warpsim::gpgpusim {
namespace {

constexpr Handling M = Handling::Mapped;
constexpr Handling N = Handling::NotModelled;

// Reasons shared by several options.
const char* const kPower = "power model (GPUWattch/AccelWattch): warpsim models no power";
const char* const kStats =
    "GPGPU-Sim's own statistics, logs and debug output: warpsim reports its statistics with "
    "--stats and --csv";
const char* const kPtx =
    "PTX front end and functional simulation: warpsim runs built-in workloads and Accel-Sim "
    "traces, not CUDA binaries";
const char* const kCdp =
    "CUDA dynamic parallelism and the device runtime: warpsim's kernels launch no kernels";
const char* const kCheckpoint = "checkpoint and resume: warpsim runs a workload from the start";
const char* const kCollector =
    "operand collector and register-file banks: warpsim reads operands without bank conflicts";
const char* const kUnitCount =
    "functional unit counts and pipeline widths: warpsim has one SP unit per issue slot "
    "(sm.schedulers) and one SFU, DP and tensor unit per SM; their widths come from the "
    "initiation intervals";
const char* const kSpecialized =
    "Accel-Sim's specialized units: warpsim issues branches to the SP unit, texture loads to the "
    "LSU and L1T, tensor ops to its tensor unit (-trace_opcode_latency_initiation_tensor)";
const char* const kIcnt =
    "BookSim interconnect internals: warpsim's crossbar or mesh (icnt.*) has its own buffers";
const char* const kLimit =
    "early stop by instructions or CTAs: warpsim stops only by cycles (-gpgpu_max_cycle, "
    "sim.max_cycles)";
const char* const kCachePreference =
    "per-kernel L1/shared split preference (cudaFuncSetCacheConfig): warpsim uses "
    "-gpgpu_cache:dl1 and -gpgpu_shmem_size for every kernel";
const char* const kAdaptive =
    "the adaptive (Volta and later) L1D/shared split: warpsim keeps -gpgpu_cache:dl1 and "
    "-gpgpu_shmem_size as given";
const char* const kL1Banks = "L1D banks: warpsim's L1D looks up one request per cycle";
const char* const kIntUnit =
    "a separate integer pipeline: warpsim runs integer and FP32 instructions on the SP unit, "
    "timed by the FP32 (sp) latency and initiation";

const std::vector<OptionRule> kRules = {
    // --- cores and SM resources -----------------------------------------------------------
    {"-gpgpu_n_clusters", M, "gpu.sms = clusters x -gpgpu_n_cores_per_cluster"},
    {"-gpgpu_n_cores_per_cluster", M, "gpu.sms = -gpgpu_n_clusters x cores per cluster"},
    {"-gpgpu_shader_core_pipeline", M,
     "<threads>:<warp size 32> -> sm.max_threads, sm.max_warps = threads / 32 (at most 64)"},
    {"-gpgpu_shader_cta", M, "sm.max_ctas"},
    {"-gpgpu_shader_registers", M, "sm.registers"},
    {"-gpgpu_shmem_size", M, "sm.shared_mem (bytes)"},
    {"-gpgpu_shmem_num_banks", M, "lsu.shared_banks"},
    {"-gpgpu_smem_latency", M, "lsu.shared_latency (core cycles)"},
    {"-smem_latency", M, "lsu.shared_latency (core cycles; older name of -gpgpu_smem_latency)"},
    {"-gpgpu_num_sched_per_core", M, "sm.schedulers"},
    {"-gpgpu_scheduler", M,
     "sched.policy: lrr, gto; two_level_active:<n>:<inner>:<outer> -> 2lvl, sched.group_size = "
     "n, sched.inner/outer (0 LRR, 1 SRR -> rr; 2 GTO -> gto); warp_limiting:2:<n> -> swl, "
     "sched.swl_limit = n x sm.schedulers"},
    {"-gpgpu_kernel_launch_latency", M, "gpu.kernel_launch_latency (core cycles)"},
    {"-gpgpu_max_cycle", M, "sim.max_cycles (0: no limit)"},
    {"-gpgpu_shmem_per_block", N,
     "the per-CTA shared memory limit: warpsim checks shared memory per SM only"},
    {"-gpgpu_registers_per_block", N,
     "the per-CTA register limit: warpsim checks registers per SM only"},
    {"-gpgpu_num_cta_barriers", N, "named barriers: warpsim has one barrier per CTA"},
    {"-gpgpu_ignore_resources_limitation", N,
     "ignoring the CTA resource limits: warpsim always applies them", "0"},
    {"-gpgpu_occupancy_sm_number", N, kPtx},
    {"-gpgpu_simd_model", N,
     "reconvergence models other than 1 (the immediate post-dominator, where warpsim's workloads "
     "and traces reconverge)",
     "1"},
    {"-gpgpu_TB_launch_latency", N,
     "a CTA launch latency: warpsim launches a CTA (one per SM per cycle) as soon as it fits", "0"},
    {"-gpgpu_concurrent_kernel_sm", N, "concurrent kernels: warpsim runs kernels one at a time",
     "0"},
    {"-gpgpu_max_concurrent_kernel", N, "concurrent kernels: warpsim runs kernels one at a time"},
    {"-gpgpu_max_insn", N, kLimit, "0"},
    {"-gpgpu_max_cta", N, kLimit, "0"},
    {"-gpgpu_max_completed_cta", N, kLimit, "0"},
    {"-gpgpu_deadlock_detect", N,
     "GPGPU-Sim's deadlock check: warpsim's watchdog (sim.watchdog_cycles) always watches", "1"},
    // --- issue, pipelines, latencies --------------------------------------------------------
    {"-ptx_opcode_latency_fp", M,
     "<ADD,MAX,MUL,MAD,DIV>: MAD -> sm.sp_latency; DIV -> sm.sfu_latency unless "
     "-ptx_opcode_latency_sfu is given"},
    {"-ptx_opcode_initiation_fp", M,
     "<ADD,MAX,MUL,MAD,DIV>: MAD -> sm.sp_lanes, DIV -> sm.sfu_lanes (unless "
     "-ptx_opcode_initiation_sfu), from the initiation interval"},
    {"-ptx_opcode_latency_dp", M, "<ADD,MAX,MUL,MAD,DIV>: MAD -> sm.dp_latency"},
    {"-ptx_opcode_initiation_dp", M, "<ADD,MAX,MUL,MAD,DIV>: MAD -> sm.dp_lanes"},
    {"-ptx_opcode_latency_sfu", M, "sm.sfu_latency"},
    {"-ptx_opcode_initiation_sfu", M, "sm.sfu_lanes"},
    {"-ptx_opcode_latency_tesnor", M, "sm.tensor_latency (GPGPU-Sim spells it 'tesnor')"},
    {"-ptx_opcode_initiation_tensor", M, "sm.tensor_lanes"},
    {"-ptx_opcode_latency_int", N, kIntUnit},
    {"-ptx_opcode_initiation_int", N, kIntUnit},
    {"-trace_opcode_latency_initiation_sp", M,
     "<latency>,<initiation> -> sm.sp_latency, sm.sp_lanes (wins over -ptx_opcode_*_fp)"},
    {"-trace_opcode_latency_initiation_sfu", M,
     "<latency>,<initiation> -> sm.sfu_latency, "
     "sm.sfu_lanes"},
    {"-trace_opcode_latency_initiation_dp", M,
     "<latency>,<initiation> -> sm.dp_latency, "
     "sm.dp_lanes"},
    {"-trace_opcode_latency_initiation_tensor", M,
     "<latency>,<initiation> -> sm.tensor_latency, sm.tensor_lanes"},
    {"-trace_opcode_latency_initiation_int", N, kIntUnit},
    {"-trace_opcode_latency_initiation_spec_op_*", N, kSpecialized},
    {"-specialized_unit_*", N, kSpecialized},
    {"-gpgpu_pipeline_widths", N, kUnitCount},
    {"-gpgpu_num_sp_units", N, kUnitCount},
    {"-gpgpu_num_sfu_units", N, kUnitCount},
    {"-gpgpu_num_dp_units", N, kUnitCount},
    {"-gpgpu_num_int_units", N, kUnitCount},
    {"-gpgpu_num_tensor_core_units", N, kUnitCount},
    {"-gpgpu_num_mem_units", N, kUnitCount},
    {"-gpgpu_tensor_core_avail", N, kUnitCount},
    {"-gpgpu_sub_core_model", N,
     "sub-cores with private register files and units: warpsim's issue slots share the SM's "
     "SFU, DP and tensor units",
     "0"},
    {"-gpgpu_max_insn_issue_per_warp", N,
     "dual issue: a warpsim warp issues at most one instruction per cycle", "1"},
    {"-gpgpu_dual_issue_diff_exec_units", N,
     "dual issue: a warpsim warp issues at most one instruction per cycle"},
    {"-gpgpu_inst_fetch_throughput", N,
     "fetch per warp: warpsim refills sm.fetch_width instruction buffers per cycle"},
    {"-gpgpu_simt_core_sim_order", N,
     "the order SMs are simulated in: warpsim's SMs tick in id order every cycle"},
    {"-gpgpu_reg_file_port_throughput", N, kCollector},
    {"-gpgpu_num_reg_banks", N, kCollector},
    {"-gpgpu_reg_bank_use_warp_id", N, kCollector},
    {"-gpgpu_enable_specialized_operand_collector", N, kCollector},
    {"-gpgpu_operand_collector_*", N, kCollector},
    {"-gpgpu_coalesce_arch", N,
     "the coalescing generation: warpsim coalesces a warp's accesses per lsu.line_size line"},
    {"-gpgpu_shmem_limited_broadcast", N,
     "limited shared memory broadcast: warpsim lets every lane reading a word share it", "0"},
    {"-gpgpu_shmem_warp_parts", N,
     "shared memory conflicts by part of a warp: warpsim checks bank conflicts over the whole "
     "warp",
     "1"},
    {"-gpgpu_mem_unit_ports", N, "memory unit ports: warpsim's LSU takes one instruction per cycle",
     "1"},
    {"-gpgpu_n_cluster_ejection_buffer_size", N, kIcnt},
    {"-gpgpu_n_ldst_response_buffer_size", N, kIcnt},
    {"-gpgpu_local_mem_map", N, kPtx},
    // --- caches -------------------------------------------------------------------------------
    {"-gpgpu_cache:dl1", M,
     "l1d.sets, line_size, ways, replacement, write_policy, allocate, mshr_entries, mshr_merges, "
     "miss_queue; l1d.ack_stores = true (GPGPU-Sim's warps wait for their stores' "
     "acknowledgements)"},
    {"-gpgpu_cache:dl2", M,
     "l2.* as for dl1; sets, mshr_entries and miss_queue x -gpgpu_n_sub_partition_per_mchannel "
     "(one warpsim slice per channel)"},
    {"-gpgpu_tex_cache:l1", M, "l1t.* as for dl1"},
    {"-gpgpu_const_cache:l1", M,
     "l1c.* as for dl1 (lines shorter than lsu.line_size: fewer, longer lines of the same "
     "capacity)"},
    {"-gpgpu_cache:il1", M,
     "sm.il1_sets, sm.il1_ways, sm.il1_line_size; sm.il1_miss_latency = 2 x icnt.latency + "
     "ROP + DRAM latency (core cycles)"},
    {"-gpgpu_cache:dl1PrefL1", N, kCachePreference, "none"},
    {"-gpgpu_cache:dl1PrefShared", N, kCachePreference, "none"},
    {"-gpgpu_shmem_sizeDefault", N, kCachePreference},
    {"-gpgpu_shmem_size_PrefL1", N, kCachePreference},
    {"-gpgpu_shmem_size_PrefShared", N, kCachePreference},
    {"-gpgpu_shmem_option", N, kAdaptive},
    {"-gpgpu_unified_l1d_size", N, kAdaptive},
    {"-gpgpu_adaptive_cache_config", N, kAdaptive, "0"},
    {"-gpgpu_l1_latency", M, "l1d.hit_latency (core cycles)"},
    {"-gpgpu_l1_banks", N, kL1Banks, "1"},
    {"-gpgpu_l1_banks_byte_interleaving", N, kL1Banks},
    {"-gpgpu_l1_banks_hashing_function", N, kL1Banks},
    {"-gpgpu_l1_cache_write_ratio", N,
     "the share of the unified L1 reserved for writes: warpsim's L1D has no such split", "0"},
    {"-gpgpu_gmem_skip_L1D", N,
     "L1D bypass for global accesses: warpsim's L1D caches global loads as its write policy "
     "says",
     "0"},
    {"-gmem_skip_L1D", N,
     "L1D bypass for global accesses: warpsim's L1D caches global loads as its write policy "
     "says",
     "0"},
    {"-gpgpu_perfect_mem", M, "1 -> l1d.perfect, l1t.perfect, l1c.perfect = true"},
    {"-gpgpu_perfect_inst_const_cache", M,
     "1 -> l1c.perfect = true (the instruction cache is always ideal)"},
    {"-l2_ideal", M, "l2.perfect"},
    {"-gpgpu_cache:dl2_texture_only", N, "an L2 for texture only: warpsim's L2 caches every access",
     "0"},
    {"-gpgpu_flush_l1_cache", N,
     "flushing the L1s after each kernel: warpsim keeps cache contents across kernels", "0"},
    {"-gpgpu_flush_l2_cache", N,
     "flushing the L2 after each kernel: warpsim keeps cache contents across kernels", "0"},
    {"-gpgpu_perf_sim_memcpy", N,
     "filling the L2 on cudaMemcpy: warpsim does not model host copies"},
    // --- memory partitions, L2 pipeline, DRAM -------------------------------------------------
    {"-gpgpu_n_mem", M, "mem.partitions (memory channels, one L2 slice each)"},
    {"-gpgpu_n_sub_partition_per_mchannel", M,
     "one L2 slice per channel: the dl2 sets, MSHRs and miss queue are multiplied by it"},
    {"-gpgpu_n_mem_per_ctrlr", M, "dram.bus_bytes = buswidth x chips x data/command ratio"},
    {"-gpgpu_dram_buswidth", M, "dram.bus_bytes = buswidth x chips x data/command ratio"},
    {"-dram_data_command_freq_ratio", M, "dram.bus_bytes = buswidth x chips x data/command ratio"},
    {"-gpgpu_dram_burst_length", M,
     "no parameter: it sets GPGPU-Sim's 32-byte atom; a line takes line size / dram.bus_bytes "
     "cycles of the bus either way"},
    {"-gpgpu_dram_timing_opt", M,
     "nbk -> mem.banks; CCD, RRD, RCD, RAS, RP, RC, CL, WL, CDLR, WR -> dram.tCCD ... dram.tWR "
     "(DRAM command cycles); bank groups (nbkgrp > 1, CCDL, RTPL) not modelled"},
    {"-gpgpu_dram_scheduler", M, "dram.scheduler: 0 -> fcfs, 1 -> fr-fcfs"},
    {"-gpgpu_frfcfs_dram_sched_queue_size", M,
     "dram.queue (0, unlimited in GPGPU-Sim: warpsim's maximum, 4096)"},
    {"-gpgpu_simple_dram_model", M, "dram.model: 0 -> gddr, 1 -> fixed"},
    {"-gpgpu_dram_partition_queues", M,
     "<i2$>:<$2d>:<d2$>:<$2i>: i2$ -> l2.input_queue; the other three not modelled"},
    {"-gpgpu_l2_rop_latency", M,
     "l2.access_latency = core cycles x clock.l2 / clock.core, rounded"},
    {"-rop_latency", M,
     "l2.access_latency = core cycles x clock.l2 / clock.core, rounded (older name of "
     "-gpgpu_l2_rop_latency)"},
    {"-dram_latency", M, "dram.latency = core cycles x clock.dram / clock.core, rounded"},
    {"-gpgpu_mem_addr_mapping", M,
     "dramid@N -> mem.partition_chunk = 2^N bytes; column (C, S) bits -> mem.row_size; other "
     "bit orders approximated by warpsim's row | bank | column"},
    {"-gpgpu_mem_address_mask", M,
     "none: superseded by -gpgpu_mem_addr_mapping; without one, GPGPU-Sim's preset masks are not "
     "modelled"},
    {"-gpgpu_mem_addr_test", N, kStats, "0"},
    {"-gpgpu_memory_partition_indexing", N,
     "hashed partition indexing: warpsim interleaves partitions by mem.partition_chunk", "0"},
    {"-gpgpu_dram_return_queue_size", N,
     "the DRAM return queue: warpsim's channels answer without a return queue"},
    {"-dram_dual_bus_interface", N, "a dual-bus DRAM interface: warpsim has one data bus", "0"},
    {"-dram_bnk_indexing_policy", N,
     "XOR bank indexing: warpsim takes the bank from the address bits (mem.*)", "0"},
    {"-dram_bnkgrp_indexing_policy", N, "bank groups: warpsim's DRAM has none"},
    {"-dram_seperate_write_queue_enable", N,
     "a separate DRAM write queue: warpsim's channels queue reads and writes together", "0"},
    {"-dram_write_queue_size", N,
     "a separate DRAM write queue: warpsim's channels queue reads and writes together"},
    {"-dram_elimnate_rw_turnaround", N,
     "read/write turnaround: warpsim's channels order the data bus without turnaround gaps", "0"},
    // --- interconnect -------------------------------------------------------------------------
    {"-network_mode", M,
     "1 (BookSim): the -inter_config_file flit_size and topology; 2 (local crossbar): "
     "-icnt_flit_size"},
    {"-inter_config_file", M,
     "read relative to the config's folder: flit_size -> icnt.flit_size; topology fly -> "
     "icnt.topology crossbar, mesh -> mesh (k x k); other BookSim options not modelled"},
    {"-icnt_flit_size", M, "icnt.flit_size (with -network_mode 2 or no flit_size in the file)"},
    {"-icnt_in_buffer_limit", N, kIcnt},
    {"-icnt_out_buffer_limit", N, kIcnt},
    {"-icnt_subnets", N, kIcnt},
    {"-icnt_arbiter_algo", N, kIcnt},
    {"-icnt_grant_cycles", N, kIcnt},
    {"-icnt_verbose", N, kStats, "0"},
    // --- clocks -------------------------------------------------------------------------------
    {"-gpgpu_clock_domains", M,
     "<core>:<icnt>:<l2>:<dram> MHz -> clock.core, clock.icnt, clock.l2, clock.dram (both "
     "simulators clock the DRAM by its command clock)"},
    {"-gpgpu_clock_gated_reg_file", N, kPower, "0"},
    {"-gpgpu_clock_gated_lanes", N, kPower, "0"},
    {"-n_regfile_gating_group", N, kPower},
    // --- power ------------------------------------------------------------------------------
    {"-power_simulation_enabled", N, kPower, "0"},
    {"-power_simulation_mode", N, kPower, "0"},
    {"-power_per_cycle_dump", N, kPower, "0"},
    {"-power_trace_enabled", N, kPower, "0"},
    {"-power_trace_zlevel", N, kPower},
    {"-steady_power_levels_enabled", N, kPower, "0"},
    {"-steady_state_definition", N, kPower},
    {"-dvfs_enabled", N, kPower, "0"},
    {"-aggregate_power_stats", N, kPower, "0"},
    {"-accelwattch_xml_file", N, kPower},
    {"-accelwattch_hybrid_perfsim_*", N, kPower, "0"},
    {"-gpuwattch_xml_file", N, kPower},
    {"-hw_perf_file_name", N, kPower},
    {"-hw_perf_bench_name", N, kPower},
    // --- statistics, tracing, debugging -------------------------------------------------------
    {"-gpgpu_memlatency_stat", N, kStats, "0"},
    {"-gpgpu_runtime_stat", N, kStats},
    {"-enable_ptx_file_line_stats", N, kStats, "0"},
    {"-ptx_line_stats_filename", N, kStats},
    {"-gpgpu_ptx_instruction_classification", N, kStats, "0"},
    {"-gpgpu_warpdistro_shader", N, kStats, "-1"},
    {"-gpgpu_warp_issue_shader", N, kStats, "0"},
    {"-gpgpu_cflog_interval", N, kStats, "0"},
    {"-visualizer_enabled", N, kStats, "0"},
    {"-visualizer_outputfile", N, kStats},
    {"-visualizer_zlevel", N, kStats},
    {"-trace_enabled", N, kStats, "0"},
    {"-trace_components", N, kStats, "none"},
    {"-trace_sampling_core", N, kStats},
    {"-trace_sampling_memory_partition", N, kStats},
    {"-liveness_message_freq", N, kStats},
    {"-gpgpu_ptx_inst_debug_to_file", N, kStats, "0"},
    {"-gpgpu_ptx_inst_debug_file", N, kStats},
    {"-gpgpu_ptx_inst_debug_thread_uid", N, kStats},
    // --- PTX front end, CUDA runtime ----------------------------------------------------------
    {"-gpgpu_ptx_sim_mode", N, kPtx, "0"},
    {"-gpgpu_ptx_force_max_capability", N, kPtx},
    {"-gpgpu_ptx_convert_to_ptxplus", N, kPtx, "0"},
    {"-gpgpu_ptx_save_converted_ptxplus", N, kPtx, "0"},
    {"-gpgpu_ptx_use_cuobjdump", N, kPtx},
    {"-gpgpu_experimental_lib_support", N, kPtx, "0"},
    {"-gpgpu_compute_capability_major", N, kPtx},
    {"-gpgpu_compute_capability_minor", N, kPtx},
    {"-save_embedded_ptx", N, kPtx, "0"},
    {"-keep", N, kPtx, "0"},
    {"-gpgpu_stack_size_limit", N, kPtx},
    {"-gpgpu_heap_size_limit", N, kPtx},
    {"-gpgpu_runtime_sync_depth_limit", N, kCdp},
    {"-gpgpu_runtime_pending_launch_count_limit", N, kCdp},
    {"-gpgpu_cdp_enabled", N, kCdp, "0"},
    {"-cdp_latency", N, kCdp},
    {"-checkpoint_*", N, kCheckpoint, "0"},
    {"-resume_*", N, kCheckpoint, "0"},
    {"-trace", N, "Accel-Sim's trace path: give warpsim the trace with --trace"},
};

}  // namespace

const std::vector<OptionRule>& optionRules() {
  return kRules;
}

const OptionRule* findRule(const std::string& option) {
  const OptionRule* prefixRule = nullptr;
  for (const OptionRule& r : kRules) {
    const std::string name = r.name;
    if (name.back() == '*') {
      const std::string prefix = name.substr(0, name.size() - 1);
      if (!prefixRule && option.size() > prefix.size() &&
          option.compare(0, prefix.size(), prefix) == 0)
        prefixRule = &r;
    } else if (name == option) {
      return &r;
    }
  }
  return prefixRule;
}

}  // namespace warpsim::gpgpusim
