// --gpgpusim-config / --accelsim-trace-config (lib/config/gpgpusim): each mapping group on
// small files written here, the warnings, the errors, the order against --config and --set, the
// GTX 1080 config that came with the shared sm_61 trace, and gpu.kernel_launch_latency.
#include <sys/stat.h>

#include <catch2/catch.hpp>

#include <algorithm>

#include "PlatformTestSupport.h"
#include "config/Config.h"
#include "config/gpgpusim/Import.h"
#include "gpu/GpuParams.h"

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

// `key`'s value in a --dump-config text ("[l1d]" then "sets = 64  # from ...").
std::string dumped(const std::string& dump, const std::string& key) {
  const auto dot = key.find('.');
  const std::string section = "[" + key.substr(0, dot) + "]", name = key.substr(dot + 1);
  bool in = false;
  for (const std::string& l : lines(dump)) {
    if (!l.empty() && l[0] == '[') in = l == section;
    if (in && l.rfind(name + " = ", 0) == 0) return l.substr(name.size() + 3);
  }
  return "(absent)";
}

const std::string kShared = std::string(WARPSIM_SOURCE_DIR) + "/../shared/traces";
const std::string kSm61 = kShared + "/microgpusim-vectoradd-sm61";

bool haveSm61() {
  struct stat st {};
  if (::stat((kSm61 + "/config/gpgpusim.config").c_str(), &st) == 0) return true;
  WARN("skipped: " << kSm61 << " is absent (the shared Accel-Sim traces sit beside the checkout)");
  return false;
}

std::string sm61Args() {
  return "--gpgpusim-config " + kSm61 + "/config/gpgpusim.config --accelsim-trace-config " + kSm61 +
         "/config/gpgpusim.trace.config";
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

TEST_CASE("gpgpusim import: options warpsim does not model are warned about once each") {
  ScratchDir dir;
  writeFile(dir.file("a.config"),
            "-gpgpu_num_reg_banks 32\n-power_simulation_enabled 0\n-visualizer_enabled 0\n"
            "-gpgpu_operand_collector_num_units_sp 20\n-gpgpu_frobnicate 3\n");
  writeFile(dir.file("b.config"), "-gpgpu_num_reg_banks 16\n-gpgpu_frobnicate 4\n");
  ConfigSchema schema;
  GpuParams::declare(schema);
  Config config(schema);
  const std::vector<std::string> m =
      gpgpusim::importFiles(config, {dir.file("a.config"), dir.file("b.config")});
  REQUIRE(m.size() == 3);
  CHECK(m[0] == "warning: " + dir.file("a.config") +
                    ":1: -gpgpu_num_reg_banks 32: not modelled: operand collector and "
                    "register-file banks: warpsim reads operands without bank conflicts");
  CHECK(m[1] == "warning: " + dir.file("a.config") +
                    ":4: -gpgpu_operand_collector_num_units_sp 20: not modelled: operand "
                    "collector and register-file banks: warpsim reads operands without bank "
                    "conflicts");
  CHECK(m[2] == "warning: " + dir.file("a.config") +
                    ":5: -gpgpu_frobnicate: unknown option (not a GPGPU-Sim or Accel-Sim option "
                    "warpsim knows); ignored");
}

TEST_CASE("gpgpusim import: later files and lines win") {
  ScratchDir dir;
  writeFile(dir.file("a.config"), "-gpgpu_n_clusters 4\n-gpgpu_n_cores_per_cluster 2\n");
  writeFile(dir.file("b.config"), "-gpgpu_n_clusters 8\n-gpgpu_n_clusters 6\n");
  ConfigSchema schema;
  GpuParams::declare(schema);
  Config config(schema);
  gpgpusim::importFiles(config, {dir.file("a.config"), dir.file("b.config")});
  CHECK(config.getUInt("gpu.sms") == 12);
  CHECK(config.source("gpu.sms") == dir.file("b.config") + ":2 (-gpgpu_n_clusters)");
}

TEST_CASE("gpgpusim import: a malformed value is an error and leaves the config unchanged") {
  ScratchDir dir;
  writeFile(dir.file("g.config"), "-gpgpu_shader_cta 16\n-gpgpu_n_clusters abc\n");
  ConfigSchema schema;
  GpuParams::declare(schema);
  Config config(schema);
  CHECK_THROWS_WITH(gpgpusim::importFiles(config, {dir.file("g.config")}),
                    dir.file("g.config") +
                        ":2: -gpgpu_n_clusters = 'abc': not a whole number; allowed: a whole "
                        "number between 1 and 4294967295");
  CHECK(config.getUInt("sm.max_ctas") == 8);  // the default: nothing was applied
  // A value GPGPU-Sim takes but warpsim's range does not: named with what it became.
  writeFile(dir.file("g.config"), "-gpgpu_shader_cta 16\n-gpgpu_n_clusters 2000\n");
  CHECK_THROWS_WITH(gpgpusim::importFiles(config, {dir.file("g.config")}),
                    dir.file("g.config") +
                        ":2: -gpgpu_n_clusters = '2000' gives gpu.sms = '6000': above the "
                        "maximum 1024; allowed: a non-negative integer between 1 and 1024");
  CHECK(config.getUInt("sm.max_ctas") == 8);
}

// --- the platforms ---------------------------------------------------------------------------

TEST_CASE("gpgpusim import: the sm_61 trace's GTX 1080 config imports with warnings only") {
  if (!haveSm61()) return;
  const ToolRun r = runTool("warpsim-fermi", sm61Args() + " --dump-config");
  INFO(r.err);
  REQUIRE(r.exitCode == 0);
  for (const std::string& l : lines(r.err)) {
    INFO(l);
    const bool notModelled = l.find(": warning: ") != std::string::npos &&
                             l.find(": not modelled: ") != std::string::npos;
    const bool note = l.find(": note: ") != std::string::npos;
    CHECK((notModelled || note));
  }
  const std::string config = kSm61 + "/config/gpgpusim.config";
  CHECK(dumped(r.out, "gpu.sms") == "20  # from " + config + ":16 (-gpgpu_n_clusters)");
  CHECK(dumped(r.out, "clock.core") == "1607  # from " + config + ":29 (-gpgpu_clock_domains)");
  CHECK(dumped(r.out, "clock.dram") == "2500  # from " + config + ":29 (-gpgpu_clock_domains)");
  // -gpgpu_cache:dl1 N:64:128:6,L:L:m:N:H,A:128:8,8
  const std::string dl1 = "  # from " + config + ":68 (-gpgpu_cache:dl1)";
  CHECK(dumped(r.out, "l1d.sets") == "64" + dl1);
  CHECK(dumped(r.out, "l1d.ways") == "6" + dl1);
  CHECK(dumped(r.out, "l1d.line_size") == "128B" + dl1);
  CHECK(dumped(r.out, "l1d.write_policy") == "local-wb-global-evict" + dl1);
  CHECK(dumped(r.out, "l1d.mshr_entries") == "128" + dl1);
  CHECK(dumped(r.out, "sm.max_warps") ==
        "64  # from " + config + ":36 (-gpgpu_shader_core_pipeline)");
  CHECK(dumped(r.out, "l2.sets") == "128  # from " + config + ":75 (-gpgpu_cache:dl2)");
  CHECK(dumped(r.out, "l2.access_latency") ==
        "120  # from " + config + ":114 (-gpgpu_l2_rop_latency)");
  CHECK(dumped(r.out, "dram.latency") == "156  # from " + config + ":115 (-dram_latency)");
  CHECK(dumped(r.out, "sm.sp_latency") ==
        "2  # from " + kSm61 +
            "/config/gpgpusim.trace.config:2 (-trace_opcode_latency_initiation_sp)");
  CHECK(dumped(r.out, "icnt.flit_size") ==
        "32B  # from " + kSm61 + "/config/config_fermi_islip.icnt:3 (flit_size)");
  // Each option is named once.
  CHECK(std::count(r.err.begin(), r.err.end(), '\n') == static_cast<long>(lines(r.err).size()));
  std::vector<std::string> sorted = lines(r.err);
  std::sort(sorted.begin(), sorted.end());
  CHECK(std::adjacent_find(sorted.begin(), sorted.end()) == sorted.end());
}

TEST_CASE("gpgpusim import: the sm_61 trace runs with its own config") {
  if (!haveSm61()) return;
  ScratchDir dir;
  const ToolRun r = runTool(
      "warpsim-fermi", sm61Args() + " --trace " + kSm61 + " --quiet --stats " + dir.file("s.json"));
  INFO(r.err);
  REQUIRE(r.exitCode == 0);
  CHECK(r.err.empty());  // --quiet hides the warnings too
  const nlohmann::json s = readJson(dir.file("s.json"));
  CHECK(s["outcome"] == "finished");
  CHECK(s["warp_instructions"] == 344);
  // Its il1 (8 sets x 4 ways of 128 B): the kernel's two code lines miss once each and every
  // other warp's first fetch of them merges, as in Accel-Sim's log (36 misses, 34 MSHR hits).
  CHECK(s["gpu"]["sm0"]["il1"]["misses"] == 2);
  CHECK(s["gpu"]["sm0"]["il1"]["pending_hits"] == 34);
  // Its stores are acknowledged (GPGPU-Sim keeps a warp until they are): all 12 data accesses
  // reach the L2, as Accel-Sim's 8 reads and 4 writes.
  std::uint64_t l2 = 0;
  for (const auto& [name, block] : s["gpu"].items())
    if (name.rfind("l2_", 0) == 0) l2 += block["accesses"].get<std::uint64_t>();
  CHECK(l2 == 12);
  // doc/traces.md's comparison: within 15% of Accel-Sim's 1,282 cycles on the same config.
  CHECK(s["cycles"].get<double>() == Approx(1282).epsilon(0.15));
  CHECK(s["thread_instructions"] == 10516);
  CHECK(s["core_mhz"] == 1607);
}

TEST_CASE("gpgpusim import: --config and --set still override the import") {
  ScratchDir dir;
  writeFile(dir.file("g.config"),
            "-gpgpu_n_clusters 4\n-gpgpu_n_cores_per_cluster 1\n"
            "-gpgpu_shader_cta 16\n-gpgpu_scheduler lrr\n");
  writeFile(dir.file("w.ini"), "[sm]\nmax_ctas = 4\n");
  const ToolRun r = runTool("warpsim-fermi", "--gpgpusim-config " + dir.file("g.config") +
                                                 " --config " + dir.file("w.ini") +
                                                 " --set gpu.sms=3 --sched gto --dump-config");
  INFO(r.err);
  REQUIRE(r.exitCode == 0);
  CHECK(r.err.empty());
  CHECK(dumped(r.out, "gpu.sms") == "3  # from --set");
  CHECK(dumped(r.out, "sm.max_ctas") == "4  # from " + dir.file("w.ini") + ":2");
  CHECK(dumped(r.out, "sched.policy") == "gto  # from --sched");
}

TEST_CASE("gpgpusim import: a bad value stops a platform run with exit 1") {
  ScratchDir dir;
  writeFile(dir.file("g.config"), "-gpgpu_n_clusters abc\n");
  const ToolRun r =
      runTool("warpsim-fermi", "--gpgpusim-config " + dir.file("g.config") + " --workload stream");
  CHECK(r.exitCode == 1);
  CHECK(r.out.empty());
  CHECK_THAT(r.err, Catch::EndsWith(": error: " + dir.file("g.config") +
                                    ":1: -gpgpu_n_clusters = 'abc': not a whole number; allowed: "
                                    "a whole number between 1 and 4294967295\n"));
}

// Two kernels of one warp of dependent ALU instructions: their run time does not depend on
// what the memory system did before, so the launch latency adds up exactly.
TEST_CASE("kernel launch latency: each kernel waits that many cycles before its first CTA") {
  ScratchDir dir;
  const std::string kernel =
      "-grid dim = (1,1,1)\n-block dim = (32,1,1)\n-binary version = 70\n"
      "-accelsim tracer version = 5\n#traces\n#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\n"
      "insts = 4\n0000 ffffffff 1 R1 MOV 0 0 0\n0010 ffffffff 1 R2 FADD 2 R1 R1 0 0\n"
      "0020 ffffffff 1 R3 FADD 2 R2 R2 0 0\n0030 ffffffff 0 EXIT 0 0 0\n#END_TB\n";
  writeFile(dir.file("kernel-1.traceg"), kernel);
  writeFile(dir.file("kernel-2.traceg"), kernel);
  writeFile(dir.file("kernelslist.g"), "kernel-1.traceg\nkernel-2.traceg\n");
  const auto run = [&](int latency, const std::string& how) {
    const std::string stats = dir.file("s" + std::to_string(latency) + ".json");
    const ToolRun r = runFermi("--trace " + dir.file("") + " --quiet --stats " + stats + how);
    INFO(r.err);
    REQUIRE(r.exitCode == 0);
    return readJson(stats);
  };
  const nlohmann::json base = run(0, "");
  writeFile(dir.file("g.config"), "-gpgpu_kernel_launch_latency 500\n");
  const nlohmann::json late = run(500, " --gpgpusim-config " + dir.file("g.config"));
  REQUIRE(base["kernels"].size() == 2);
  REQUIRE(late["kernels"].size() == 2);
  CHECK(late["cycles"].get<std::uint64_t>() == base["cycles"].get<std::uint64_t>() + 2 * 500);
  for (std::size_t k = 0; k < 2; ++k) {
    INFO("kernel " << k);
    // The wait is part of each kernel's cycles; kernel intervals still abut.
    CHECK(late["kernels"][k]["cycles"].get<std::uint64_t>() ==
          base["kernels"][k]["cycles"].get<std::uint64_t>() + 500);
  }
  CHECK(late["kernels"][0]["start_cycle"] == 0);
  CHECK(late["kernels"][1]["start_cycle"] == late["kernels"][0]["cycles"]);
  CHECK(late["gpu"]["sm_total"]["issued_cycles"] == base["gpu"]["sm_total"]["issued_cycles"]);
}
