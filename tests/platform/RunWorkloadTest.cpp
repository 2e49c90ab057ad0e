// The public workload selection (common/RunWorkload.h) that runPlatform and a user's own
// sc_main share: the same options choose a named kernel (built-in or the program's own), an
// Accel-Sim trace or a PTX launch record, without SystemC.
#include "PlatformTestSupport.h"
#include "warpsim/common/RunWorkload.h"
#include "warpsim/workload/WorkloadLibrary.h"

using namespace warpsim;
using namespace warpsim::test;

namespace {

// The registries with a kernel of the test's own, "mine" (stream under another name).
Registries withMine() {
  Registries r;
  r.workloads.add("mine", "test: stream by another name", 3, [](std::uint32_t size) {
    Workload w = makeWorkload("stream", size);
    w.name = "mine";
    return std::make_unique<Workload>(std::move(w));
  });
  return r;
}

// tests/platform/TraceRunTest.cpp's EXIT trace: two CTAs, 7 instruction lines.
void writeSmallTrace(const ScratchDir& dir) {
  writeFile(dir.file("kernel-1.traceg"),
            "-grid dim = (2,1,1)\n-block dim = (64,1,1)\n-binary version = 70\n"
            "-accelsim tracer version = 5\n#traces\n"
            "#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\ninsts = 4\n"
            "0000 ffffffff 1 R1 MOV 0 0 0\n0010 00000000 0 EXIT 0 0 0\n"
            "0020 0000ffff 0 EXIT 0 0 0\n0030 ffff0000 0 EXIT 0 0 0\n"
            "warp = 1\ninsts = 3\n0000 ffffffff 1 R1 MOV 0 0 0\n0010 0000ffff 0 EXIT 0 0 0\n"
            "0020 ffff0000 1 R2 FADD 2 R1 R1 0 0\n#END_TB\n"
            "#BEGIN_TB\nthread block = 1,0,0\n#END_TB\n");
  writeFile(dir.file("kernelslist.g"), "kernel-1.traceg\n");
}

const std::string kRecord = std::string(WARPSIM_SOURCE_DIR) + "/tests/ptx/records/vecadd";

}  // namespace

TEST_CASE(
    "run workload: runSchema declares every block's options, the entries' and the workload's") {
  const ConfigSchema schema = runSchema(withMine());
  for (const char* o : {"gpu.sms", "sched.policy", "workload.pchase_stride", "workload.name",
                        "workload.size", "workload.launch_record", "workload.trace"})
    CHECK(schema.find(o) != nullptr);
  CHECK(schema.find("workload.name")->defaultText == "stream");
  CHECK(schema.find("workload.size")->defaultText == "0");
}

TEST_CASE("run workload: the same options choose a named kernel, a trace or a launch record") {
  const Registries registries = withMine();
  const ConfigSchema schema = runSchema(registries);
  Config config(schema);

  LoadedWorkload w = loadWorkload(config, registries);  // the defaults: stream at its size
  CHECK(w.label == "stream (size " + std::to_string(defaultWorkloadSize("stream")) + ")");
  CHECK_FALSE(w.workload.kernels.empty());
  CHECK(w.traceLines == 0);

  config.setAssignment("workload.name=mine");  // the program's own kernel, at its default size
  CHECK(loadWorkload(config, registries).label == "mine (size 3)");
  config.setAssignment("workload.size=5");
  w = loadWorkload(config, registries);
  CHECK(w.label == "mine (size 5)");
  CHECK(w.workload.name == "mine");

  ScratchDir dir;
  writeSmallTrace(dir);
  config.setAssignment("workload.trace=" + dir.file(""));  // a trace, over workload.name
  w = loadWorkload(config, registries);
  CHECK(w.label == "trace " + dir.file(""));
  CHECK(w.traceLines == 7);
  CHECK(w.workload.kernels.size() == 1);
  CHECK_FALSE(w.workload.check);

  config.setAssignment("workload.launch_record=" + kRecord);  // a launch record, over both
  w = loadWorkload(config, registries);
  CHECK(w.label == "launch record " + kRecord);
  CHECK(w.workload.kernels.size() == 1);
  CHECK(w.workload.check);  // the outputs to compare after the run
  CHECK_THAT(w.notes, Catch::Contains("vecadd: 10 registers/thread"));
  CHECK(w.traceLines == 0);
}

TEST_CASE("run workload: an unknown name or a missing file is an error naming it") {
  const Registries registries = withMine();
  const ConfigSchema schema = runSchema(registries);
  Config config(schema);
  config.setAssignment("workload.name=mines");
  CHECK_THROWS_AS(loadWorkload(config, registries), ConfigError);
  CHECK_THROWS_WITH(
      loadWorkload(config, registries),
      Catch::Contains("workload.name = 'mines': unknown workload; did you mean: mine"));
  // The built-in registries do not know the program's kernel.
  config.setAssignment("workload.name=mine");
  CHECK_THROWS_AS(loadWorkload(config, Registries::builtins()), ConfigError);

  ScratchDir dir;
  config.setAssignment("workload.launch_record=" + dir.file("none"));
  CHECK_THROWS_WITH(loadWorkload(config, registries), Catch::Contains(dir.file("none")));
  config.setAssignment("workload.launch_record=");
  config.setAssignment("workload.trace=" + dir.file("none"));
  CHECK_THROWS_AS(loadWorkload(config, registries), std::runtime_error);
}
