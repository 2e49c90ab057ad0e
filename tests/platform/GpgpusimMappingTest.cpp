// --gpgpusim-config / --accelsim-trace-config (lib/config/gpgpusim): each mapping group on small
// files written here, imported onto the real schema.
#include <catch2/catch.hpp>

#include <algorithm>

#include "PlatformTestSupport.h"
#include "warpsim/config/Config.h"
#include "warpsim/config/gpgpusim/Import.h"
#include "warpsim/gpu/GpuParams.h"

using namespace warpsim;
using namespace warpsim::test;

namespace {

// A Config on the real schema (every block's options) with `text` imported as a GPGPU-Sim file
// named gpgpusim.config in a scratch folder (next to `extra`, written first).
struct Import {
  ScratchDir dir;
  ConfigSchema schema;
  Config config{(GpuParams::declare(schema), schema)};
  std::vector<std::string> messages;
  std::string path = dir.file("gpgpusim.config");

  explicit Import(const std::string& text,
                  const std::vector<std::pair<std::string, std::string>>& extra = {}) {
    for (const auto& [name, body] : extra) writeFile(dir.file(name), body);
    writeFile(path, text);
    messages = gpgpusim::importFiles(config, {path});
  }
  std::string allMessages() const {
    std::string out;
    for (const std::string& m : messages) out += m + "\n";
    return out;
  }
  std::size_t count(const std::string& part) const {
    return static_cast<std::size_t>(
        std::count_if(messages.begin(), messages.end(),
                      [&](const std::string& m) { return m.find(part) != std::string::npos; }));
  }
};

// The error an import of `text` throws.
std::string importError(const std::string& text) {
  try {
    Import imp(text);
  } catch (const ConfigError& e) {
    return e.what();
  }
  return "(no error)";
}

}  // namespace

TEST_CASE("gpgpusim import: cores and SM resources") {
  const Import imp(
      "-gpgpu_n_clusters 4\n-gpgpu_n_cores_per_cluster 3\n-gpgpu_shader_core_pipeline 1536:32\n"
      "-gpgpu_shader_cta 16\n-gpgpu_shader_registers 65536\n-gpgpu_shmem_size 98304\n"
      "-gpgpu_num_sched_per_core 4\n-gpgpu_shmem_num_banks 16\n-gpgpu_smem_latency 24\n"
      "-gpgpu_l1_latency 20\n");
  const Config& c = imp.config;
  CHECK(c.getUInt("gpu.sms") == 12);
  CHECK(c.source("gpu.sms") == imp.path + ":1 (-gpgpu_n_clusters)");
  CHECK(c.getUInt("sm.max_threads") == 1536);
  CHECK(c.getUInt("sm.max_warps") == 48);
  CHECK(c.source("sm.max_warps") == imp.path + ":3 (-gpgpu_shader_core_pipeline)");
  CHECK(c.getUInt("sm.max_ctas") == 16);
  CHECK(c.getUInt("sm.registers") == 65536);
  CHECK(c.getSize("sm.shared_mem") == 98304);
  CHECK(c.getUInt("sm.schedulers") == 4);
  CHECK(c.getUInt("lsu.shared_banks") == 16);
  CHECK(c.getUInt("lsu.shared_latency") == 24);
  CHECK(c.getUInt("l1d.hit_latency") == 20);
  CHECK(imp.messages.empty());
}

TEST_CASE("gpgpusim import: one of clusters and cores per cluster takes GPGPU-Sim's default") {
  const Import imp("-gpgpu_n_clusters 4\n");
  CHECK(imp.config.getUInt("gpu.sms") == 12);
  CHECK(imp.count("note: " + imp.path + ":1: -gpgpu_n_clusters: the other") == 1);
}

TEST_CASE("gpgpusim import: more than 64 warps or another warp size is an error") {
  CHECK_THAT(importError("-gpgpu_shader_core_pipeline 4096:32\n"),
             Catch::Contains(":1: -gpgpu_shader_core_pipeline = '4096:32': 128 warps per SM, "
                             "above 64; allowed: <threads per SM>:32"));
  CHECK_THAT(importError("-gpgpu_shader_core_pipeline 2048:64\n"),
             Catch::Contains("warp size 64 (warpsim's is 32)"));
}

TEST_CASE("gpgpusim import: schedulers") {
  CHECK(Import("-gpgpu_scheduler gto\n").config.getString("sched.policy") == "gto");
  CHECK(Import("-gpgpu_scheduler lrr\n").config.getString("sched.policy") == "lrr");
  const Import two("-gpgpu_scheduler two_level_active:6:0:1\n");
  CHECK(two.config.getString("sched.policy") == "2lvl");
  CHECK(two.config.getUInt("sched.group_size") == 6);
  CHECK(two.config.getString("sched.inner") == "rr");
  CHECK(two.config.getString("sched.outer") == "rr");
  CHECK(two.count("note: ") == 1);
  const Import swl("-gpgpu_num_sched_per_core 2\n-gpgpu_scheduler warp_limiting:2:4\n");
  CHECK(swl.config.getString("sched.policy") == "swl");
  CHECK(swl.config.getUInt("sched.swl_limit") == 8);  // 4 per scheduler x 2
  const Import rrr("-gpgpu_scheduler rrr\n");
  CHECK(rrr.config.getString("sched.policy") == "lrr");  // the default, unchanged
  CHECK(rrr.count("-gpgpu_scheduler rrr: not modelled: the 'rrr' scheduler") == 1);
  CHECK_THAT(importError("-gpgpu_scheduler fifo\n"),
             Catch::Contains("-gpgpu_scheduler = 'fifo': not a scheduler warpsim knows; allowed: "
                             "lrr, gto, two_level_active"));
  CHECK_THAT(importError("-gpgpu_scheduler two_level_active:6:5:1\n"),
             Catch::Contains("prioritisation '5' is not 0 (LRR), 1 (SRR) or 2 (GTO)"));
}

TEST_CASE("gpgpusim import: clocks and latencies converted to the L2 and DRAM clocks") {
  const Import imp(
      "-gpgpu_l2_rop_latency 120\n-dram_latency 100\n"
      "-gpgpu_clock_domains 1000.0:1500.0:500.0:2000.0\n");  // after them: clocks apply first
  const Config& c = imp.config;
  CHECK(c.getFreqMHz("clock.core") == 1000);
  CHECK(c.getFreqMHz("clock.icnt") == 1500);
  CHECK(c.getFreqMHz("clock.l2") == 500);
  CHECK(c.getFreqMHz("clock.dram") == 2000);
  CHECK(c.getUInt("l2.access_latency") == 60);  // 120 core cycles at 500 / 1000
  CHECK(c.getUInt("dram.latency") == 200);      // 100 core cycles at 2000 / 1000
  CHECK(c.source("l2.access_latency") == imp.path + ":1 (-gpgpu_l2_rop_latency)");
  // The older name; without clock domains the platform's clocks (fermi's defaults: 700 / 700).
  CHECK(Import("-rop_latency 85\n").config.getUInt("l2.access_latency") == 85);
}

TEST_CASE("gpgpusim import: cache geometry and policies") {
  const Import imp(
      "-gpgpu_cache:dl1 N:32:128:4,F:E:f:N:L,A:64:16,16\n"
      "-gpgpu_tex_cache:l1 N:16:128:24,L:R:m:N:L,F:128:4,128:2\n"
      "-gpgpu_const_cache:l1 N:128:64:2,L:R:f:N:L,A:2:64,4\n"
      "-gpgpu_n_sub_partition_per_mchannel 2\n"
      "-gpgpu_cache:dl2 N:64:128:16,L:B:m:W:L,A:256:64,4\n");
  const Config& c = imp.config;
  CHECK(c.getUInt("l1d.sets") == 32);
  CHECK(c.getSize("l1d.line_size") == 128);
  CHECK(c.getUInt("l1d.ways") == 4);
  CHECK(c.getString("l1d.replacement") == "fifo");
  CHECK(c.getString("l1d.write_policy") == "write-evict");
  CHECK(c.getString("l1d.allocate") == "on-fill");
  CHECK(c.getUInt("l1d.mshr_entries") == 64);
  CHECK(c.getUInt("l1d.mshr_merges") == 16);
  CHECK(c.getUInt("l1d.miss_queue") == 16);
  CHECK(c.getUInt("l1t.ways") == 24);
  CHECK(c.getString("l1t.write_policy") == "write-through");
  CHECK(c.getUInt("l1t.mshr_entries") == 128);
  CHECK(imp.count("-gpgpu_tex_cache:l1 N:16:128:24,L:R:m:N:L,F:128:4,128:2: not modelled: "
                  "texture FIFO (F)") == 1);
  // 64-byte constant lines: warpsim's L1 lines are at least lsu.line_size (128 B).
  CHECK(c.getSize("l1c.line_size") == 128);
  CHECK(c.getUInt("l1c.sets") == 64);
  CHECK(c.getUInt("l1c.saturation_threshold") == 0);
  CHECK(imp.count("not modelled: 64-byte lines") == 1);
  // An L2 slice per channel holds both sub-partitions' banks.
  CHECK(c.getUInt("l2.sets") == 128);
  CHECK(c.getUInt("l2.ways") == 16);
  CHECK(c.getString("l2.write_policy") == "write-back");
  CHECK(c.getUInt("l2.mshr_entries") == 512);
  CHECK(c.getUInt("l2.mshr_merges") == 64);
  CHECK(c.getUInt("l2.miss_queue") == 8);
  CHECK(imp.count("one warpsim L2 slice per channel") == 1);
}

TEST_CASE("gpgpusim import: cache features warpsim lacks are warned about") {
  const Import imp(
      "-gpgpu_cache:dl1 S:4:128:64,L:T:s:L:H,A:512:8,16:0,32\n"
      "-gpgpu_cache:dl2 N:64:128:8,L:B:m:N:L,A:64:4,4\n");
  CHECK(imp.config.getString("l1d.write_policy") == "write-through");
  CHECK(imp.config.getString("l1d.allocate") == "on-fill");
  CHECK(imp.count("not modelled: sectored lines (S)") == 1);
  CHECK(imp.count("not modelled: streaming allocation (s)") == 1);
  CHECK(imp.count("not modelled: set index function 'H'") == 1);
  CHECK(imp.count("not modelled: write allocation 'L' with write policy 'T'") == 1);
  CHECK(imp.count("not modelled: write allocation 'N' with write-back") == 1);
  CHECK(imp.count("not modelled: a 32-byte data port") == 1);
  // Volta's highly associative caches: the same capacity in more sets of at most 64 ways.
  const Import volta(
      "-gpgpu_tex_cache:l1 N:4:128:256,L:R:m:N:L,T:512:8,128:2\n"
      "-gpgpu_cache:dl1 S:4:128:96,L:L:s:N:L,A:256:8,16:0,32\n");
  CHECK(volta.config.getUInt("l1t.sets") == 16);
  CHECK(volta.config.getUInt("l1t.ways") == 64);
  CHECK(volta.count("not modelled: 256 ways: warpsim's caches have at most 64; 16 sets of 64 "
                    "ways keep its capacity") == 1);
  CHECK(volta.config.getUInt("l1d.sets") == 8);
  CHECK(volta.config.getUInt("l1d.ways") == 48);
  CHECK_THAT(importError("-gpgpu_cache:dl1 N:4:128:65,L:L:m:N:L,A:64:8,8\n"),
             Catch::Contains("65 ways: more than warpsim's 64"));
  CHECK_THAT(importError("-gpgpu_cache:dl1 N:48:128:4,L:L:m:N:L,A:64:8,8\n"),
             Catch::Contains("sets and line size must be powers of two"));
  CHECK_THAT(importError("-gpgpu_cache:dl1 N:64:128:6,L:L:m:N:H,A:128:8\n"),
             Catch::Contains(":1: -gpgpu_cache:dl1 = 'N:64:128:6,L:L:m:N:H,A:128:8': 3 "
                             "comma-separated groups, expected 4 or 5; allowed: "));
}

TEST_CASE("gpgpusim import: memory partitions DRAM timing scheduler queue and bus") {
  const Import imp(
      "-gpgpu_n_mem 8\n"
      "-gpgpu_dram_timing_opt \"nbk=8:CCD=1:RRD=3:RCD=10:RAS=24:RP=10:RC=34:\n"
      "   CL=10:WL=2:CDLR=3:WR=10:nbkgrp=4:CCDL=2:RTPL=1\"\n"
      "-gpgpu_dram_scheduler 0\n-gpgpu_frfcfs_dram_sched_queue_size 0\n"
      "-gpgpu_dram_buswidth 4\n-gpgpu_n_mem_per_ctrlr 2\n-dram_data_command_freq_ratio 4\n"
      "-gpgpu_dram_burst_length 8\n-gpgpu_simple_dram_model 0\n"
      "-gpgpu_dram_partition_queues 64:64:64:64\n");
  const Config& c = imp.config;
  CHECK(c.getUInt("mem.partitions") == 8);
  CHECK(c.getUInt("mem.banks") == 8);
  CHECK(c.getUInt("dram.tCCD") == 1);
  CHECK(c.getUInt("dram.tRRD") == 3);
  CHECK(c.getUInt("dram.tRCD") == 10);
  CHECK(c.getUInt("dram.tRAS") == 24);
  CHECK(c.getUInt("dram.tRP") == 10);
  CHECK(c.getUInt("dram.tRC") == 34);
  CHECK(c.getUInt("dram.tCL") == 10);
  CHECK(c.getUInt("dram.tWL") == 2);
  CHECK(c.getUInt("dram.tCDLR") == 3);
  CHECK(c.getUInt("dram.tWR") == 10);
  CHECK(c.source("dram.tCL") == imp.path + ":2 (-gpgpu_dram_timing_opt)");
  CHECK(imp.count("not modelled: 4 bank groups") == 1);
  CHECK(c.getString("dram.scheduler") == "fcfs");
  CHECK(c.getUInt("dram.queue") == 4096);
  CHECK(imp.count("0 (unlimited in GPGPU-Sim): dram.queue = 4096") == 1);
  CHECK(c.getSize("dram.bus_bytes") == 32);  // 4 B x 2 chips x 4 transfers per command cycle
  CHECK(c.getString("dram.model") == "gddr");
  CHECK(c.getUInt("l2.input_queue") == 64);
  CHECK(imp.count("-gpgpu_dram_partition_queues 64:64:64:64: not modelled: the L2-to-DRAM") == 1);
  CHECK_THAT(importError("-gpgpu_dram_scheduler 2\n"),
             Catch::Contains("-gpgpu_dram_scheduler = '2': not a DRAM scheduler; allowed: 0 "
                             "(FIFO) or 1 (FR-FCFS)"));
}

TEST_CASE("gpgpusim import: the address mapping") {
  const Import imp(
      "-gpgpu_mem_address_mask 1\n-gpgpu_mem_addr_mapping "
      "dramid@8;00000000.00000000.00000000.00000000.0000RRRR.RRRRRRRR.RBBBCCCC.BCCSSSSS\n");
  CHECK(imp.config.getSize("mem.partition_chunk") == 256);
  CHECK(imp.config.getSize("mem.row_size") == 2048);  // 11 column and burst bits
  CHECK(imp.config.getUInt("mem.banks") == 16);       // 4 bank bits, no nbk given
  CHECK(imp.count("not modelled: this bit order") == 1);
  CHECK(imp.count("-gpgpu_mem_address_mask") == 0);  // superseded by the mapping
  const Import plain(
      "-gpgpu_mem_addr_mapping "
      "dramid@9;00000000.00000000.00000000.00000000.000RRRRR.RRRRRRRR.RBBBBCCC.CCCSSSSS\n");
  CHECK(plain.config.getSize("mem.partition_chunk") == 512);
  CHECK(plain.config.getSize("mem.row_size") == 2048);
  CHECK(plain.config.getUInt("mem.banks") == 16);
  CHECK(plain.messages.empty());
}

TEST_CASE("gpgpusim import: the interconnect file is read from the config's folder") {
  const Import imp("-network_mode 1\n-inter_config_file mesh.icnt\n-icnt_flit_size 16\n",
                   {{"mesh.icnt",
                     "// mesh\nflit_size = 40;\ntopology = mesh;\nk = 4;\nn = 2;\n"
                     "vc_buf_size = 12;\nrouting_function = dim_order;\n"}});
  const Config& c = imp.config;
  CHECK(c.getSize("icnt.flit_size") == 40);  // BookSim's, not -icnt_flit_size
  CHECK(c.source("icnt.flit_size") == imp.dir.file("mesh.icnt") + ":2 (flit_size)");
  CHECK(c.getString("icnt.topology") == "mesh");
  CHECK(c.getUInt("icnt.mesh_cols") == 4);
  CHECK(c.getUInt("icnt.mesh_rows") == 4);
  CHECK(c.getUInt("icnt.vc_buffer") == 12);
  CHECK(imp.count("not modelled: BookSim's routing_function") == 1);
  const Import local("-network_mode 2\n-inter_config_file missing.icnt\n-icnt_flit_size 16\n");
  CHECK(local.config.getSize("icnt.flit_size") == 16);  // the local crossbar's
  CHECK_THAT(importError("-inter_config_file missing.icnt\n"),
             Catch::Contains("cannot open interconnect config file '") &&
                 Catch::Contains("missing.icnt'"));
}

TEST_CASE("gpgpusim import: unit latencies and initiation intervals") {
  const Import ptx(
      "-ptx_opcode_latency_fp 4,13,4,5,39\n-ptx_opcode_initiation_fp 1,2,1,1,4\n"
      "-ptx_opcode_latency_dp 8,19,8,8,330\n-ptx_opcode_initiation_dp 8,8,8,8,130\n");
  const Config& c = ptx.config;
  CHECK(c.getUInt("sm.pipe_clock_ratio") == 1);  // GPGPU-Sim's intervals are core cycles
  CHECK(c.getUInt("sm.sp_latency") == 5);        // MAD
  CHECK(c.getUInt("sm.sp_lanes") == 32);         // interval 1
  CHECK(c.getUInt("sm.sfu_latency") == 39);      // DIV
  CHECK(c.getUInt("sm.sfu_lanes") == 8);         // interval 4
  CHECK(c.getUInt("sm.dp_latency") == 8);
  CHECK(c.getUInt("sm.dp_lanes") == 4);  // interval 8
  // Accel-Sim's trace.config wins over the PTX lists, whichever file comes first.
  const Import trace(
      "-trace_opcode_latency_initiation_sp 2,1\n-ptx_opcode_latency_fp 4,13,4,5,39\n"
      "-trace_opcode_latency_initiation_sfu 21,8\n-trace_opcode_latency_initiation_dp 64,64\n"
      "-trace_opcode_latency_initiation_tensor 32,32\n-trace_opcode_latency_initiation_int 2,2\n");
  CHECK(trace.config.getUInt("sm.sp_latency") == 2);
  CHECK(trace.config.getUInt("sm.sfu_latency") == 21);
  CHECK(trace.config.getUInt("sm.sfu_lanes") == 4);
  CHECK(trace.config.getUInt("sm.dp_latency") == 64);
  CHECK(trace.config.getUInt("sm.dp_lanes") == 1);
  CHECK(trace.count("not modelled: a dp initiation interval of 64 cycles") == 1);
  CHECK(trace.config.getUInt("sm.tensor_latency") == 32);
  CHECK(trace.config.getUInt("sm.tensor_lanes") == 1);
  CHECK(trace.count("-trace_opcode_latency_initiation_int 2,2: not modelled: a separate integer "
                    "pipeline") == 1);
  CHECK_THAT(importError("-trace_opcode_latency_initiation_sp 2\n"),
             Catch::Contains("-trace_opcode_latency_initiation_sp = '2': 1 number; allowed: 2 "
                             "comma-separated whole numbers (latency,initiation)"));
}

TEST_CASE("gpgpusim import: kernel launch latency and cycle limit") {
  const Import imp("-gpgpu_kernel_launch_latency 5000\n-gpgpu_max_cycle 100000\n");
  CHECK(imp.config.getUInt("gpu.kernel_launch_latency") == 5000);
  CHECK(imp.config.getUInt("sim.max_cycles") == 100000);
}
