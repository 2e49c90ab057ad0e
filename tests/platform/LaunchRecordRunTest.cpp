// PTX launch records replayed by the platform programs (--launch-record, doc/cuda.md): the
// outputs are checked against the record, and a record that is wrong, or a kernel that fails
// mid-run, is an error that names what and where, with no statistics.
#include <filesystem>

#include "PlatformTestSupport.h"

using namespace warpsim::test;

namespace {

std::string recordDir(const std::string& name = "vecadd") {
  return std::string(WARPSIM_SOURCE_DIR) + "/tests/ptx/records/" + name;
}

// A copy of the vecadd record in `dir` whose launch.json is `edit` applied to the original.
void editedRecord(const ScratchDir& dir, const std::function<void(nlohmann::json&)>& edit) {
  for (const char* f : {"a.bin", "b.bin", "c.expected.bin"})
    fs::copy_file(recordDir() + "/" + f, dir.file(f));
  nlohmann::json j = readJson(recordDir() + "/launch.json");
  j["ptx"] = std::string(WARPSIM_SOURCE_DIR) + "/tests/ptx/kernels/vecadd.ptx";
  edit(j);
  writeFile(dir.file("launch.json"), j.dump(1));
}

}  // namespace

TEST_CASE("launch record: vecadd runs on every platform with the outputs the record expects") {
  for (const char* tool : {"warpsim-fermi", "warpsim-owl28", "warpsim-ccws30"}) {
    ScratchDir dir;
    const ToolRun r =
        runTool(tool, "--launch-record " + recordDir() + " --stats " + dir.file("s.json"));
    INFO(tool << ": " << r.err);
    REQUIRE(r.exitCode == 0);
    CHECK_THAT(r.out, Catch::Contains("outputs              match the launch record"));
    // 10 words live at most (ptxas -v: 12 registers).
    CHECK_THAT(r.err, Catch::Contains("vecadd: 10 registers/thread, 0 B shared/CTA (from the "
                                      "PTX's live registers)"));
    const nlohmann::json s = readJson(dir.file("s.json"));
    CHECK(s["workload"] == "launch record " + recordDir());
    // 1024 threads in 32 warps; each runs the kernel's 19 instructions (the last warp's 8
    // threads in range take the guarded path, its other 24 wait at the join).
    CHECK(s["warp_instructions"].get<std::uint64_t>() == 32 * 19);
  }
}

TEST_CASE("launch record: divergence, calls, barriers, atomics, shuffles and textures replay") {
  // diverge: a call inside divergent code and a loop with a break; reduce: shfl, vote, bar.sync,
  // shared and global atomics, vector loads; tex: two launches, 1D and 2D texture objects.
  for (const char* record : {"diverge", "reduce", "tex"})
    for (const char* tool : {"warpsim-fermi", "warpsim-owl28", "warpsim-ccws30"}) {
      const ToolRun r = runTool(tool, "--launch-record " + recordDir(record));
      INFO(record << " on " << tool << ": " << r.err);
      CHECK(r.exitCode == 0);
      CHECK_THAT(r.out, Catch::Contains("outputs              match the launch record"));
    }
}

TEST_CASE("launch record: occupancy from the ptxas -v log kept beside the PTX") {
  // reduce's record names kernels/reduce.ptxas.txt: 20 registers and 160 B of static shared
  // memory, against the 11 the PTX's live registers give.
  const ToolRun r = runTool("warpsim-fermi", "--launch-record " + recordDir("reduce"));
  INFO(r.err);
  REQUIRE(r.exitCode == 0);
  CHECK_THAT(r.err,
             Catch::Contains("reduce: 20 registers/thread, 160 B shared/CTA (from ptxas -v log)"));
}

TEST_CASE("launch record: every kind of atomic, warp operations and control flow replay") {
  // atomics: atom and red on global and shared memory; warpctl: shfl up/bfly/idx and their
  // predicates, vote all/uni, carries, p|q setp, an early ret in a divergent call, exit in
  // divergent code, %clock, generic local and shared addresses, unstructured branches.
  for (const char* record : {"atomics", "warpctl"})
    for (const char* tool : {"warpsim-fermi", "warpsim-owl28", "warpsim-ccws30"}) {
      const ToolRun r = runTool(tool, "--launch-record " + recordDir(record));
      INFO(record << " on " << tool << ": " << r.err);
      CHECK(r.exitCode == 0);
      CHECK_THAT(r.out, Catch::Contains("outputs              match the launch record"));
    }
}

TEST_CASE(
    "launch record: nvcc's kernel with a by-value struct, dynamic shared memory and "
    "ptxas figures over four CTAs") {
  // scale: calls.ptx's scaleKernel; its Params argument is {"bytes": ...}, its buffer
  // .extern .shared (dynamic_shared 256), and the record gives ptxas -v's figures.
  for (const char* tool : {"warpsim-fermi", "warpsim-owl28", "warpsim-ccws30"}) {
    ScratchDir dir;
    const ToolRun r =
        runTool(tool, "--launch-record " + recordDir("scale") + " --stats " + dir.file("s.json"));
    INFO(tool << ": " << r.err);
    REQUIRE(r.exitCode == 0);
    CHECK_THAT(r.out, Catch::Contains("outputs              match the launch record"));
    CHECK_THAT(r.err, Catch::Contains("_Z11scaleKernelPfPKf6Params: 12 registers/thread, 256 B "
                                      "shared/CTA (from ptxas -v)"));
    const nlohmann::json s = readJson(dir.file("s.json"));
    CHECK(s["workload"] == "launch record " + recordDir("scale"));
  }
}

TEST_CASE("launch record: warpsim-bench replays a record as warpsim-fermi does") {
  const ToolRun bench = runTool("warpsim-bench", "--launch-record " + recordDir());
  const ToolRun fermi = runTool("warpsim-fermi", "--launch-record " + recordDir());
  INFO(bench.err);
  REQUIRE(bench.exitCode == 0);
  REQUIRE(fermi.exitCode == 0);
  CHECK_THAT(bench.out, Catch::Contains("outputs              match the launch record"));
  CHECK_THAT(bench.err, Catch::Contains("vecadd: 10 registers/thread"));
  // The same run: the report's lines up to the simulation rate are fermi's.
  const std::vector<std::string> b = lines(bench.out), f = lines(fermi.out);
  std::size_t compared = 0;
  for (std::size_t i = 0; i < f.size() && i < b.size(); ++i) {
    if (f[i].find("simulation rate") != std::string::npos) break;
    CHECK(b[i] == f[i]);
    ++compared;
  }
  CHECK(compared >= 10);
  CHECK_THAT(bench.out, Catch::Contains("\nbench fermi: 608 warp instructions, "));
  // A wrong output fails the bench run too.
  ScratchDir dir;
  editedRecord(dir, [](nlohmann::json&) {});
  std::string bytes = readFile(dir.file("c.expected.bin"));
  bytes[8] ^= 1;
  writeFile(dir.file("c.expected.bin"), bytes);
  const ToolRun bad = runTool("warpsim-bench", "--launch-record " + dir.file(""));
  CHECK(bad.exitCode == 1);
  CHECK_THAT(bad.err, Catch::Contains("launch.json: output c differs at byte 8"));
}

TEST_CASE("launch record: every record folder stays under 1 MB with the PTX it names") {
  const fs::path root = fs::path(WARPSIM_SOURCE_DIR) / "tests/ptx/records";
  std::size_t records = 0;
  for (const fs::directory_entry& d : fs::directory_iterator(root)) {
    if (!d.is_directory()) continue;
    ++records;
    std::uintmax_t total = 0;
    for (const fs::directory_entry& f : fs::recursive_directory_iterator(d.path()))
      if (f.is_regular_file()) total += f.file_size();
    const fs::path ptx =
        d.path() / readJson((d.path() / "launch.json").string())["ptx"].get<std::string>();
    INFO(d.path().string() << ": " << ptx.string());
    REQUIRE(fs::is_regular_file(ptx));
    total += fs::file_size(ptx);
    CHECK(total < 1024 * 1024);
  }
  CHECK(records >= 7);  // vecadd, diverge, reduce, tex, atomics, warpctl, scale
}

TEST_CASE("launch record: a wrong expected output fails the run without statistics") {
  ScratchDir dir;
  editedRecord(dir, [](nlohmann::json&) {});
  std::string bytes = readFile(dir.file("c.expected.bin"));
  bytes[40] ^= 1;  // element 10
  writeFile(dir.file("c.expected.bin"), bytes);
  const ToolRun r = runFermi("--launch-record " + dir.file("") + " --stats " + dir.file("s.json"));
  CHECK(r.exitCode == 1);
  CHECK_THAT(r.err, Catch::Contains("launch.json: output c differs at byte 40"));
  CHECK_FALSE(fs::exists(dir.file("s.json")));
}

TEST_CASE("launch record: arguments that disagree with the .entry are refused by name") {
  ScratchDir dir;
  editedRecord(dir, [](nlohmann::json& j) { j["launches"][0]["args"].erase(3); });
  const ToolRun r = runFermi("--launch-record " + dir.file(""));
  CHECK(r.exitCode == 1);
  CHECK_THAT(r.err, Catch::Contains("launches[0].args: kernel vecadd takes 4 parameters; the "
                                    "record gives 3"));
  ScratchDir dir2;
  editedRecord(dir2, [](nlohmann::json& j) { j["launches"][0]["args"][3] = {{"u64", 1000}}; });
  const ToolRun r2 = runFermi("--launch-record " + dir2.file(""));
  CHECK_THAT(r2.err, Catch::Contains("launches[0].args[3]: parameter n of vecadd is 4 bytes; "
                                     "the record gives 8"));
}

TEST_CASE("launch record: a CTA spinning on another CTA stops at its budget, without statistics") {
  // spin.ptx loops on a flag nothing sets: 3 instructions an iteration per warp, until CTA 0's
  // two warps together pass the budget.
  ScratchDir dir;
  const ToolRun r = runFermi("--launch-record " + recordDir("spin") +
                             " --set workload.ptx_cta_budget=30000 --stats " + dir.file("s.json"));
  CHECK(r.exitCode == 1);
  CHECK_THAT(r.err, Catch::Contains("error: kernel spin, CTA 0: more than 30000 warp instructions; "
                                    "a CTA that waits on another CTA (a spin-wait) is not "
                                    "supported"));
  CHECK_FALSE(fs::exists(dir.file("s.json")));
  const ToolRun zero =
      runFermi("--launch-record " + recordDir("spin") + " --set workload.ptx_cta_budget=0");
  CHECK(zero.exitCode == 1);
  CHECK_THAT(zero.err, Catch::Contains("workload.ptx_cta_budget"));
}

TEST_CASE("launch record: an access outside memory mid-run is an error naming the thread") {
  ScratchDir dir;
  editedRecord(dir, [](nlohmann::json& j) { j["launches"][0]["args"][1] = {{"u64", "0x9000"}}; });
  const ToolRun r = runFermi("--launch-record " + dir.file("") + " --stats " + dir.file("s.json"));
  CHECK(r.exitCode == 1);
  CHECK_THAT(r.err, Catch::Contains("error: kernel vecadd, CTA (0, 0, 0), thread (0, 0, 0), "));
  CHECK_THAT(r.err, Catch::Contains("vecadd.ptx:33: ld.global.f32 \t%f2, [%rd6]; (pc 15): f32 "
                                    "access of 4 bytes at 0x9000 in global memory, outside every "
                                    "allocation"));
  CHECK_FALSE(fs::exists(dir.file("s.json")));
}

TEST_CASE("launch record: module variables by name, for initial contents and expected outputs") {
  ScratchDir dir;
  editedRecord(dir, [](nlohmann::json& j) {
    j["variables"] = {{{"name", "nope"}, {"init", "a.bin"}}};
  });
  const ToolRun r = runFermi("--launch-record " + dir.file(""));
  CHECK(r.exitCode == 1);
  CHECK_THAT(r.err, Catch::Contains("launch.json: variables[0]: no .global or .const variable "
                                    "'nope' in the PTX"));
  ScratchDir other;
  editedRecord(other, [](nlohmann::json& j) {
    j["expect"] = {{{"variable", "missing"}, {"file", "c.expected.bin"}}};
  });
  const ToolRun e = runFermi("--launch-record " + other.file(""));
  CHECK(e.exitCode == 1);
  CHECK_THAT(e.err, Catch::Contains("expect[0]: no .global or .const variable 'missing'"));
}
