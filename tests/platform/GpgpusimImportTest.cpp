// --gpgpusim-config / --accelsim-trace-config (lib/config/gpgpusim): the warnings, the errors,
// the order against --config and --set, the GTX 1080 config that came with the shared sm_61
// trace, and gpu.kernel_launch_latency.
#include <catch2/catch.hpp>

#include <algorithm>

#include "PlatformTestSupport.h"
#include "warpsim/config/Config.h"
#include "warpsim/config/gpgpusim/Import.h"
#include "warpsim/gpu/GpuParams.h"

using namespace warpsim;
using namespace warpsim::test;

namespace {

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

const std::string kSm61 = sharedTraces() + "/microgpusim-vectoradd-sm61";

std::string sm61Args() {
  return "--gpgpusim-config " + kSm61 + "/config/gpgpusim.config --accelsim-trace-config " + kSm61 +
         "/config/gpgpusim.trace.config";
}

}  // namespace

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
  if (!haveSharedTrace("microgpusim-vectoradd-sm61")) return;
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
  if (!haveSharedTrace("microgpusim-vectoradd-sm61")) return;
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
