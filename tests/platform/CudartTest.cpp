// libwarpsim_cudart (doc/cuda.md, "CUDA programs"): a CUDA host program, written as nvcc
// generates them (tests/cudart/host_program.cpp), runs its kernels on a simulated GPU: results
// right, a line per kernel, statistics per kernel at exit, errors as CUDA error codes.
#include "PlatformTestSupport.h"

using namespace warpsim::test;

namespace {

ToolRun runHost(const std::string& env, const std::string& args = "") {
  return runCommand(env + " " + std::string(WARPSIM_BIN_DIR) + "/warpsim-test-cuda-host " + args);
}

}  // namespace

TEST_CASE(
    "cudart: three kernels with copies between them, results checked, statistics per kernel") {
  ScratchDir dir;
  const ToolRun r = runHost("WARPSIM_STATS=" + dir.file("s.json"));
  INFO(r.out << r.err);
  REQUIRE(r.exitCode == 0);
  CHECK_THAT(r.out, Catch::Contains("3 kernels"));
  CHECK_THAT(r.out, Catch::Contains("all checks passed"));
  CHECK_THAT(r.out, Catch::Contains("device: warpsim fermi, 15 SMs (attribute: 15), warp 32"));
  // One line per kernel on stderr: 1000 threads in 32 warps (scale: 4 x 256, 8 warps each).
  CHECK_THAT(r.err, Catch::Contains("warpsim: kernel 1 scale <<<(4,1,1),(256,1,1)>>> on fermi: "));
  CHECK_THAT(r.err, Catch::Contains("warpsim: kernel 2 add <<<(8,1,1),(128,1,1)>>> on fermi: "));
  CHECK_THAT(r.err, Catch::Contains("warpsim: kernel 3 count <<<(2,1,1),(512,1,1)>>> on fermi: "));
  const nlohmann::json s = readJson(dir.file("s.json"));
  CHECK(s["platform"] == "fermi");
  CHECK(s["outcome"] == "finished");
  REQUIRE(s["kernels"].size() == 3);
  std::uint64_t warps = 0, end = 0;
  const char* names[] = {"scale", "add", "count"};
  for (int k = 0; k < 3; ++k) {
    const nlohmann::json& kernel = s["kernels"][k];
    CHECK(kernel["name"] == names[k]);
    CHECK(kernel["start_cycle"].get<std::uint64_t>() == end);  // one after the other
    end += kernel["cycles"].get<std::uint64_t>();
    warps += kernel["warp_instructions"].get<std::uint64_t>();
  }
  CHECK(s["cycles"].get<std::uint64_t>() == end);
  CHECK(s["warp_instructions"].get<std::uint64_t>() == warps);
  // scale: 32 warps; those of threads below 1000 run 16 instructions, the last (threads
  // 992..1023, 8 in range) takes the guarded path too: 32 x 16 = 512.
  CHECK(s["kernels"][0]["warp_instructions"] == 512);
}

TEST_CASE("cudart: the platform, its options and the quiet switch come from the environment") {
  ScratchDir dir;
  const ToolRun r = runHost(
      "WARPSIM_PLATFORM=owl28 WARPSIM_SET='sched.policy=gto;gpu.sms=4' "
      "WARPSIM_QUIET=1 WARPSIM_STATS=" +
      dir.file("s.json"));
  INFO(r.out << r.err);
  REQUIRE(r.exitCode == 0);
  CHECK(r.err.empty());
  CHECK_THAT(r.out, Catch::Contains("device: warpsim owl28, 4 SMs (attribute: 4), warp 32"));
  const nlohmann::json s = readJson(dir.file("s.json"));
  CHECK(s["platform"] == "owl28");
  CHECK(s["policy"] == "gto");
  CHECK_FALSE(s["gpu"].contains("sm4"));
  CHECK(s["gpu"].contains("sm3"));
  const ToolRun bad = runHost("WARPSIM_PLATFORM=owl29");
  CHECK(bad.exitCode == 1);  // the program's own checks see the error codes
  CHECK_THAT(bad.out, Catch::Contains("scale returned cudaErrorInitializationError"));
  CHECK_THAT(bad.err, Catch::Contains("warpsim: __cudaLaunchKernel: the simulated GPU: "
                                      "WARPSIM_PLATFORM = 'owl29': allowed: ccws30, fermi, owl28"));
  const ToolRun set = runHost("WARPSIM_SET=gpu.sms=0");
  CHECK(set.exitCode == 1);
  CHECK_THAT(set.err, Catch::Contains("gpu.sms"));
}

TEST_CASE("cudart: a kernel that reads outside memory is cudaErrorIllegalAddress, sticky") {
  ScratchDir dir;
  const ToolRun r = runHost("WARPSIM_STATS=" + dir.file("s.json"), "fault");
  INFO(r.out << r.err);
  CHECK(r.exitCode == 2);  // the program's own error handling
  CHECK_THAT(r.out, Catch::Contains("cudaGetLastError: cudaErrorIllegalAddress"));
  CHECK_THAT(r.out, Catch::Contains("then cudaDeviceSynchronize: cudaErrorIllegalAddress"));
  CHECK_THAT(r.err, Catch::Contains("kernel scale, CTA (0, 0, 0), thread (0, 0, 0), "));
  CHECK_THAT(r.err, Catch::Contains("f32 access of 4 bytes at 0x1000 in global memory"));
  CHECK_FALSE(fs::exists(dir.file("s.json")));  // a failed run writes no statistics
}

TEST_CASE("cudart: wrong and unsupported calls get their CUDA error codes, named on stderr") {
  const ToolRun r = runHost("", "misuse");
  INFO(r.out << r.err);
  CHECK(r.exitCode == 0);
  CHECK_THAT(r.out, Catch::Contains("cudaSetDevice(1): cudaErrorInvalidDevice"));
  CHECK_THAT(r.out, Catch::Contains("as device: cudaErrorInvalidValue"));
  CHECK_THAT(r.out, Catch::Contains("cudaFree of no allocation: cudaErrorInvalidDevicePointer"));
  CHECK_THAT(r.out, Catch::Contains("of no variable: cudaErrorInvalidSymbol"));
  CHECK_THAT(r.err, Catch::Contains("warpsim: cudaSetDevice: device 1"));
  CHECK_THAT(r.err, Catch::Contains("warpsim: cudaFree: not the start of a cudaMalloc"));
  CHECK_THAT(r.out, Catch::Contains("cudaMallocArray of 8-bit texels: cudaErrorNotSupported"));
  CHECK_THAT(r.err, Catch::Contains("warpsim: cudaMallocArray: channels of 8/0/0/0 bits"));
  CHECK_THAT(r.out, Catch::Contains("with linear filtering: cudaErrorNotSupported"));
  CHECK_THAT(r.err, Catch::Contains(
                        "warpsim: cudaCreateTextureObject: linear filtering is not supported"));
  CHECK_THAT(r.out, Catch::Contains("of no object: cudaErrorInvalidValue"));
}

TEST_CASE("cudart: WARPSIM_RECORD writes each launch as a launch record every platform replays") {
  ScratchDir dir;
  const ToolRun r = runHost("WARPSIM_QUIET=1 WARPSIM_RECORD=" + dir.file("rec"));
  INFO(r.out << r.err);
  REQUIRE(r.exitCode == 0);
  for (const char* launch : {"launch-001", "launch-002", "launch-003"}) {
    const std::string record = dir.file("rec/") + launch;
    const nlohmann::json j = readJson(record + "/launch.json");
    // Every launch's outputs are checked: scale's x, add's y, count's module variable `total`.
    REQUIRE(j["expect"].size() == 1);
    for (const char* tool : {"warpsim-fermi", "warpsim-owl28", "warpsim-ccws30"}) {
      const ToolRun replay = runTool(tool, "--launch-record " + record);
      INFO(launch << " on " << tool << ": " << replay.err);
      CHECK(replay.exitCode == 0);
      CHECK_THAT(replay.out, Catch::Contains("outputs              match the launch record"));
    }
  }
  // count ran with total = 7 (cudaMemcpyToSymbol) and left 507 in it.
  const nlohmann::json count = readJson(dir.file("rec/launch-003/launch.json"));
  CHECK(count["launches"][0]["kernel"] == "count");
  REQUIRE(count["variables"].size() == 1);
  CHECK(count["variables"][0]["name"] == "total");
  CHECK(count["expect"][0]["variable"] == "total");
  CHECK(readFile(dir.file("rec/launch-003/var-total.bin")) == std::string("\x07\0\0\0", 4));
  CHECK(readFile(dir.file("rec/launch-003/var-total.expected.bin")) ==
        std::string("\xfb\x01\0\0", 4));  // 507
}

TEST_CASE("cudart: the launches of examples/cuda_host, recorded, replay on every platform") {
  // tests/cudart/cuda_host_records: what WARPSIM_RECORD wrote for nvcc's build of
  // examples/cuda_host (axpy, blockSum, histogram, boxFilter through a 2D texture object over a
  // CUDA array, gather through a 1D one over linear memory), so that this runs without nvcc.
  const std::string dir = std::string(WARPSIM_SOURCE_DIR) + "/tests/cudart/cuda_host_records/";
  for (const char* launch :
       {"launch-001", "launch-002", "launch-003", "launch-004", "launch-005"}) {
    std::uintmax_t bytes = 0;
    for (const auto& f : fs::directory_iterator(dir + launch)) bytes += f.file_size();
    CHECK(bytes < 1000000);
    for (const char* tool : {"warpsim-fermi", "warpsim-owl28", "warpsim-ccws30"}) {
      const ToolRun r = runTool(tool, "--launch-record " + dir + launch);
      INFO(launch << " on " << tool << ": " << r.err);
      CHECK(r.exitCode == 0);
      CHECK_THAT(r.out, Catch::Contains("outputs              match the launch record"));
    }
  }
  // The texture objects as cudaCreateTextureObject saw them: the 40 x 24 float image in its
  // array (rows of 160 bytes), then the 97-entry int table in linear memory, beside the image.
  const nlohmann::json box = readJson(dir + "launch-004/launch.json");
  REQUIRE(box["textures"].size() == 1);
  CHECK(box["textures"][0]["width"] == 40);
  CHECK(box["textures"][0]["height"] == 24);
  CHECK(box["textures"][0]["pitch"] == 160);
  CHECK(box["textures"][0]["format"] == "f32");
  const nlohmann::json gather = readJson(dir + "launch-005/launch.json");
  REQUIRE(gather["textures"].size() == 2);
  CHECK(gather["textures"][1]["width"] == 97);
  CHECK(gather["textures"][1]["height"] == 1);
  CHECK(gather["textures"][1]["format"] == "s32");
}

TEST_CASE("cudart: WARPSIM_RECORD_PROGRAM writes the whole run as one record, or says why not") {
  ScratchDir dir;
  const ToolRun r = runHost("WARPSIM_QUIET=1 WARPSIM_RECORD_PROGRAM=" + dir.file("rec"), "chain");
  INFO(r.out << r.err);
  REQUIRE(r.exitCode == 0);
  CHECK(r.err.empty());
  const nlohmann::json j = readJson(dir.file("rec/launch.json"));
  REQUIRE(j["launches"].size() == 3);
  CHECK(j["launches"][0]["kernel"] == "scale");
  CHECK(j["launches"][2]["kernel"] == "count");
  // Before the first launch: x, y and total = 7. At the end: x (freed by the program, its last
  // contents kept), y and total = 507 are the outputs.
  REQUIRE(j["memory"].size() == 2);
  CHECK(j["variables"][0]["name"] == "total");
  REQUIRE(j["expect"].size() == 3);
  CHECK(readFile(dir.file("rec/var-total.expected.bin")) == std::string("\xfb\x01\0\0", 4));
  for (const char* tool : {"warpsim-fermi", "warpsim-owl28", "warpsim-ccws30"}) {
    const ToolRun replay = runTool(tool, "--launch-record " + dir.file("rec"));
    INFO(tool << ": " << replay.err);
    CHECK(replay.exitCode == 0);
    CHECK_THAT(replay.out, Catch::Contains("outputs              match the launch record"));
  }
  // The default mode copies to the device between launches: no record, and stderr says why.
  const ToolRun between = runHost("WARPSIM_QUIET=1 WARPSIM_RECORD_PROGRAM=" + dir.file("no"));
  CHECK(between.exitCode == 0);
  CHECK_THAT(between.err,
             Catch::Contains("warpsim: WARPSIM_RECORD_PROGRAM: no record written: "
                             "cudaMemcpyToSymbol changed device memory after launch 2"));
  CHECK_FALSE(fs::exists(dir.file("no/launch.json")));
}

TEST_CASE("cudart: WARPSIM_PTXAS_LOG gives the kernels' registers, and records keep them") {
  ScratchDir dir;
  writeFile(dir.file("ptxas.txt"),
            "ptxas info    : Compiling entry function 'scale' for 'sm_75'\n"
            "ptxas info    : Used 40 registers, 380 bytes cmem[0]\n");
  const ToolRun r =
      runHost("WARPSIM_PTXAS_LOG=" + dir.file("ptxas.txt") + " WARPSIM_RECORD=" + dir.file("rec"));
  INFO(r.out << r.err);
  REQUIRE(r.exitCode == 0);
  // scale from the log; add, which the log does not name, from its PTX.
  CHECK_THAT(r.err, Catch::Contains("warp instructions, 40 registers/thread (from "
                                    "WARPSIM_PTXAS_LOG)"));
  CHECK_THAT(r.err, Catch::Contains("registers/thread (from the PTX's live registers)"));
  const nlohmann::json scale = readJson(dir.file("rec/launch-001/launch.json"));
  CHECK(scale["launches"][0]["ptxas"]["registers"] == 40);
  const nlohmann::json add = readJson(dir.file("rec/launch-002/launch.json"));
  CHECK_FALSE(add["launches"][0].contains("ptxas"));
  const ToolRun replay = runTool("warpsim-fermi", "--launch-record " + dir.file("rec/launch-001"));
  CHECK(replay.exitCode == 0);
  CHECK_THAT(replay.err, Catch::Contains("scale: 40 registers/thread, 0 B shared/CTA (from "
                                         "ptxas -v)"));
  const ToolRun missing = runHost("WARPSIM_PTXAS_LOG=" + dir.file("none.txt"));
  CHECK(missing.exitCode == 1);
  CHECK_THAT(missing.err, Catch::Contains("none.txt': cannot read the file"));
}

TEST_CASE("cudart: a program that launches nothing writes no statistics and says so") {
  ScratchDir dir;
  const ToolRun r = runHost("WARPSIM_STATS=" + dir.file("s.json"), "properties");
  CHECK(r.exitCode == 0);
  CHECK_THAT(r.err, Catch::Contains("warpsim: no kernel ran; no statistics written"));
  CHECK_FALSE(fs::exists(dir.file("s.json")));
}
