// Input that would exhaust memory is refused before the run (doc/reliability.md, "Limits"):
// every reader of a whole file reads at most its limit, so a path naming a device that never
// ends (/dev/zero) is a clear error, not an out-of-memory kill.
#include <catch2/catch.hpp>

#include <filesystem>
#include <nlohmann/json.hpp>

#include "PlatformTestSupport.h"

using namespace warpsim::test;

namespace {

// fermi's answer to `args`, which must be an error: exit 1 and one line on stderr.
std::string errorOf(const std::string& args) {
  const ToolRun r = runFermi("--quiet " + args);
  CHECK(r.exitCode == 1);
  CHECK(r.out.empty());
  return r.err;
}

// A copy of tests/ptx/records/vecadd in `dir`, with `edit` applied to its launch.json.
template <class Edit>
std::string vecaddRecord(const ScratchDir& dir, Edit edit) {
  const std::string from = std::string(WARPSIM_SOURCE_DIR) + "/tests/ptx/records/vecadd";
  const std::string to = dir.file("vecadd");
  std::filesystem::copy(from, to);
  nlohmann::json j = readJson(to + "/launch.json");
  j["ptx"] = std::string(WARPSIM_SOURCE_DIR) + "/tests/ptx/kernels/vecadd.ptx";
  edit(j);
  writeFile(to + "/launch.json", j.dump(1));
  return to;
}

}  // namespace

TEST_CASE("limits: a config file that never ends is refused at 16 MiB") {
  const std::string refused =
      "warpsim-fermi: error: config file '/dev/zero' is larger than 16 MiB, the most warpsim "
      "reads of one\n";
  CHECK_THAT(errorOf("--config /dev/zero"), Catch::EndsWith(refused));
  CHECK_THAT(errorOf("--gpgpusim-config /dev/zero"), Catch::EndsWith(refused));
}

TEST_CASE("limits: a trace file without line ends is refused at its first MiB") {
  ScratchDir dir;
  writeFile(dir.file("kernelslist.g"), "kernel-1.traceg\n");
  std::filesystem::create_symlink("/dev/zero", dir.file("kernel-1.traceg"));
  const std::string err = errorOf("--trace " + dir.file("kernelslist.g"));
  CHECK_THAT(err, Catch::Contains("kernel-1.traceg:1: a line longer than 1 MiB: not a trace file"));
}

TEST_CASE("limits: launch record files are read up to what they may hold") {
  ScratchDir dir;
  // zero.bin beside launch.json is /dev/zero. A region's init file: at most the region.
  std::string record =
      vecaddRecord(dir, [](nlohmann::json& j) { j["memory"][0]["init"] = "zero.bin"; });
  std::filesystem::create_symlink("/dev/zero", record + "/zero.bin");
  CHECK_THAT(errorOf("--launch-record " + record),
             Catch::EndsWith("launch.json: memory[0]: init file is larger than the region\n"));
  std::filesystem::remove_all(record);
  // A `ptxas -v` log: at most 64 MiB.
  record = vecaddRecord(dir, [](nlohmann::json& j) { j["ptxas_log"] = "zero.bin"; });
  std::filesystem::create_symlink("/dev/zero", record + "/zero.bin");
  CHECK_THAT(errorOf("--launch-record " + record),
             Catch::EndsWith("launch.json: ptxas_log: file '" + record +
                             "/zero.bin' is larger than 64 MiB, the most warpsim reads of one\n"));
}
