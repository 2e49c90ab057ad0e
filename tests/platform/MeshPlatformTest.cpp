// owl28 runs on its 6x6 mesh (icnt.topology = mesh in owl28.ini) and can be switched back to the
// crossbar; a bad topology stops the run naming the allowed ones.
#include <catch2/catch.hpp>

#include "PlatformTestSupport.h"

using namespace warpsim::test;

namespace {

nlohmann::json runOwl28(const std::string& args) {
  ScratchDir dir;
  const ToolRun r = runTool("warpsim-owl28", args + " --stats " + dir.file("s.json"));
  REQUIRE(r.exitCode == 0);
  return readJson(dir.file("s.json"));
}

}  // namespace

TEST_CASE("mesh platform: owl28 runs stream to the end on its 6x6 mesh") {
  const nlohmann::json s = runOwl28("--workload stream --set workload.size=4");
  CHECK(s["outcome"] == "finished");
  const nlohmann::json& icnt = s["gpu"]["icnt"];
  REQUIRE(icnt.contains("links"));
  // Every request crossed the mesh and came back; core-to-controller distances on owl28's
  // placement run from 1 to 8 hops, 3.86 on average over all pairs.
  CHECK(icnt["request_packets"].get<std::uint64_t>() > 6000);
  CHECK(icnt["request_packets"] == icnt["response_packets"]);
  CHECK(icnt["hops"]["min"] == 1);
  CHECK(icnt["hops"]["max"] <= 8);
  CHECK(icnt["hops"]["mean"].get<double>() == Approx(3.86).margin(0.5));
  // No response beats a one-hop write acknowledgement (one flit) at zero load: 2 x 3 + 1 + 1
  // (with the GDDR controllers' timing the quickest seen waits one cycle more: 9).
  CHECK(icnt["response_latency"]["min"] >= 2 * 3 + 1 + 1);
  CHECK(icnt["response_latency"]["min"] <= 2 * 3 + 1 + 1 + 2);
  const double peak = icnt["max_link_utilisation"].get<double>();
  CHECK(peak > 0.0);
  CHECK(peak <= 1.0);
  CHECK(icnt["links"]["n3_eject"]["flits"].get<std::uint64_t>() > 0);  // controller 0
}

TEST_CASE("mesh platform: owl28 with icnt.topology=crossbar has no mesh links") {
  const nlohmann::json s =
      runOwl28("--workload stream --set workload.size=1 --set icnt.topology=crossbar");
  CHECK(s["outcome"] == "finished");
  CHECK_FALSE(s["gpu"]["icnt"].contains("links"));
  CHECK(s["gpu"]["icnt"]["request_packets"] == s["gpu"]["icnt"]["response_packets"]);
}

TEST_CASE("mesh platform: an unknown topology stops the run naming the allowed ones") {
  const ToolRun r = runTool("warpsim-owl28", "--set icnt.topology=torus");
  CHECK(r.exitCode == 1);
  CHECK_THAT(r.err, Catch::Contains("icnt.topology = 'torus'") &&
                        Catch::Contains("allowed: one of: crossbar, mesh"));
}

TEST_CASE("mesh platform: a memory controller outside the mesh is named") {
  const ToolRun r = runTool("warpsim-owl28", "--set icnt.mc_nodes=3,7,10,12,23,25,28,40");
  CHECK(r.exitCode == 1);
  CHECK_THAT(r.err, Catch::Contains("icnt.mc_nodes: node 40 is outside the 6x6 mesh"));
}
