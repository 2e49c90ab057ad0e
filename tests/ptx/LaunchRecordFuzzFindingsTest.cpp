// What the libFuzzer harness tests/fuzz/FuzzLaunchRecord.cpp found in the launch-record reader
// (tests/fuzz/README.md): launch.json values of the wrong kind or size are ConfigErrors naming
// the file and the JSON path, not a JSON library exception, std::invalid_argument or a failed
// allocation; and the limits a launch record's grid is held to.
#include <catch2/catch.hpp>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <functional>
#include <nlohmann/json.hpp>

#include "warpsim/config/ConfigSchema.h"
#include "warpsim/workload/ptx/LaunchRecord.h"

using namespace warpsim;
using nlohmann::json;

namespace {

// vecadd(a, b, c, n) over three 64-byte regions, as tests/ptx/records/vecadd has it.
json vecadd() {
  json j = {{"format", "warpsim-launch-record"},
            {"version", 1},
            {"ptx", std::string(WARPSIM_SOURCE_DIR) + "/tests/ptx/kernels/vecadd.ptx"}};
  j["memory"] = json::array();
  for (const char* base : {"0x20000000", "0x20001000", "0x20002000"})
    j["memory"].push_back({{"base", base}, {"size", 64}});
  j["launches"] = json::array({{{"kernel", "vecadd"},
                                {"grid", {1}},
                                {"block", {16}},
                                {"args",
                                 {{{"u64", "0x20000000"}},
                                  {{"u64", "0x20001000"}},
                                  {{"u64", "0x20002000"}},
                                  {{"u32", 16}}}}}});
  return j;
}

// The message loading vecadd() changed by `edit` gives ("" if it loads); `raw`, if given, is
// written as launch.json instead.
std::string errorOf(const std::function<void(json&)>& edit, const std::string& raw = "") {
  const std::string dir = (std::filesystem::temp_directory_path() /
                           ("warpsim-record-fuzz-" + std::to_string(::getpid())))
                              .string();
  std::filesystem::create_directories(dir);
  json j = vecadd();
  edit(j);
  std::ofstream(dir + "/launch.json") << (raw.empty() ? j.dump(1) : raw);
  std::string message;
  try {
    ptx::loadLaunchRecord(dir);
  } catch (const ConfigError& e) {
    message = e.what();
  }
  std::filesystem::remove_all(dir);
  const std::string prefix = dir + "/launch.json: ";
  REQUIRE(message.rfind(prefix, 0) == 0);  // every message names the file first
  return message.substr(prefix.size());
}

}  // namespace

TEST_CASE("fuzz finding: launch record bytes that are not hexadecimal are a ConfigError") {
  // fuzz-launch-record: std::stoul threw std::invalid_argument for "01V2...".
  std::string m = errorOf([](json& j) { j["launches"][0]["args"][3] = {{"bytes", "01V2"}}; });
  CHECK(m ==
        "launches[0].args[3]: '01V2': bytes in hexadecimal expected (two digits 0-9, a-f per "
        "byte)");
  // " f" and "+f" were taken by stoul as 15.
  m = errorOf([](json& j) { j["launches"][0]["args"][3] = {{"bytes", "+f0 f0"}}; });
  CHECK_THAT(m, Catch::StartsWith("launches[0].args[3]: '+f0 f0': bytes in hexadecimal"));
}

TEST_CASE("fuzz finding: launch record fields of the wrong JSON type are ConfigErrors by path") {
  CHECK(errorOf([](json& j) { j["ptx"] = 5; }) == "ptx: '5' is not a string");
  CHECK(errorOf([](json& j) { j["memory"][0]["init"] = 3; }) ==
        "memory[0].init: '3' is not a string");
  CHECK(errorOf([](json& j) { j["memory"][0]["name"] = {1}; }) ==
        "memory[0].name: '[1]' is not a string");
  CHECK(errorOf([](json& j) { j["memory"] = {{"base", 1}}; }) == "memory: expected a list [...]");
  CHECK(errorOf([](json& j) { j["launches"] = "vecadd"; }) == "launches: expected a list [...]");
  CHECK(errorOf([](json& j) { j["launches"][0]["kernel"] = json::array(); }) ==
        "launches[0].kernel: '[]' is not a string");
  CHECK(errorOf([](json& j) { j["ptxas_log"] = false; }) == "ptxas_log: 'false' is not a string");
  CHECK(errorOf([](json& j) {
          j["expect"] = {{{"variable", 7}}};
        }) == "expect[0].variable: '7' is not a string");
  CHECK(errorOf([](json& j) {
          j["expect"] = {{{"base", 0x20002000}, {"file", 0}}};
        }) == "expect[0].file: '0' is not a string");
  CHECK(errorOf([](json& j) {
          j["textures"] = {{{"format", 1}}};
        }) == "textures[0]: missing \"handle\"");
  const std::string format =
      "format: expected \"format\": \"warpsim-launch-record\", \"version\": 1";
  CHECK(errorOf([](json& j) { j["format"] = 1; }) == format);
  CHECK(errorOf([](json& j) { j["version"] = "1"; }) == format);
  CHECK(errorOf([](json&) {}, "[1, 2]") == format);
  CHECK(errorOf([](json&) {}, "\"warpsim-launch-record\"") == format);
}

TEST_CASE("fuzz finding: launch record sizes that overflow or exceed the host are ConfigErrors") {
  // A terabyte region was allocated on the host (std::bad_alloc, or an out-of-memory kill).
  CHECK(errorOf([](json& j) { j["memory"][2]["size"] = 1000000000000ull; }) ==
        "memory[2].size: 1000000000000 bytes: the regions add up to more than 1024 MiB, the most "
        "a launch record may hold");
  CHECK(errorOf([](json& j) { j["memory"][1]["size"] = "-1"; }) ==
        "memory[1].size: '\"-1\"' is not a non-negative integer (a number or \"0x...\")");
  // Texel spans whose pitch x height wrapped around 2^64 into a small region.
  CHECK(errorOf([](json& j) {
          j["textures"] = {{{"handle", 1},
                            {"base", "0x20000000"},
                            {"width", 1},
                            {"height", 3},
                            {"pitch", "0x8000000000000000"}}};
        }) == "textures[0]: the texels are not inside one memory region");
  CHECK(errorOf([](json& j) {
          j["textures"] = {{{"handle", 1}, {"base", "0x20000000"}, {"width", 4294967297ull}}};
        }) == "textures[0].width: 4294967297 is too large (at most 4294967295)");
  CHECK(errorOf([](json& j) {
          j["launches"][0]["args"][3] = {{"u32", 4294967296ull}};
        }) == "launches[0].args[3]: '{\"u32\":4294967296}': does not fit in 32 bits");
  CHECK(errorOf([](json& j) { j["launches"][0]["dynamic_shared"] = 1ull << 40; }) ==
        "launches[0].dynamic_shared: 1099511627776 is too large (at most 4294967295)");
}

TEST_CASE("launch record: a grid past CUDA's limits is refused, naming them") {
  const std::string limits =
      "]: allowed: x up to 2147483647, y and z up to 65535, and at most 4294967295 thread blocks "
      "in all";
  CHECK(errorOf([](json& j) { j["launches"][0]["grid"] = {2147483648ull}; }) ==
        "launches[0].grid: [2147483648, 1, 1" + limits);
  CHECK(errorOf([](json& j) {
          j["launches"][0]["grid"] = {1, 65536};
        }) == "launches[0].grid: [1, 65536, 1" + limits);
  // Each dimension allowed, 2^31 - 1 x 3 thread blocks in all too many for 32-bit CTA ids.
  CHECK(errorOf([](json& j) {
          j["launches"][0]["grid"] = {2147483647, 3};
        }) == "launches[0].grid: [2147483647, 3, 1" + limits);
}
