// Placement of cores and memory controllers on the mesh, and the errors bad options get.
#include <catch2/catch.hpp>

#include "warpsim/config/Config.h"
#include "warpsim/config/ConfigSchema.h"
#include "warpsim/gpu/GpuParams.h"
#include "warpsim/noc/MeshParams.h"

using namespace warpsim;
using Catch::Matchers::Contains;

namespace {
MeshParams mesh(std::uint32_t cols, std::uint32_t rows) {
  MeshParams p;
  p.cols = cols;
  p.rows = rows;
  return p;
}
}  // namespace

TEST_CASE("mesh placement: owl28's controllers at the listed nodes, cores on the rest in order") {
  MeshParams p = mesh(6, 6);
  p.place(28, 8, "3, 7, 10, 12, 23, 25, 28, 32", "");
  CHECK(p.mcNodes == std::vector<std::uint32_t>{3, 7, 10, 12, 23, 25, 28, 32});
  REQUIRE(p.smNodes.size() == 28);
  CHECK(p.smNodes[0] == 0);
  CHECK(p.smNodes[3] == 4);  // node 3 is a controller
  CHECK(p.smNodes[5] == 6);  // and 7
  CHECK(p.smNodes[6] == 8);
  CHECK(p.smNodes[27] == 35);
}

TEST_CASE("mesh placement: without a list, controllers spread evenly over the node indices") {
  MeshParams p = mesh(5, 5);
  p.place(15, 6, "", "");
  CHECK(p.mcNodes == std::vector<std::uint32_t>{2, 6, 10, 14, 18, 22});
  CHECK(p.smNodes.size() == 15);
  CHECK(p.smNodes.front() == 0);
  CHECK(p.smNodes.back() == 19);  // 0..19 minus 2, 6, 10, 14, 18
}

TEST_CASE("mesh placement: explicit core nodes") {
  MeshParams p = mesh(3, 2);
  p.place(2, 2, "0,5", "4, 1");
  CHECK(p.smNodes == std::vector<std::uint32_t>{4, 1});
}

TEST_CASE("mesh placement: bad lists stop with the option, the value and what is allowed") {
  MeshParams p = mesh(6, 6);
  CHECK_THROWS_WITH(p.place(28, 8, "3,3,10,12,23,25,28,32", ""),
                    Contains("icnt.mc_nodes") && Contains("node 3 is listed twice"));
  CHECK_THROWS_WITH(p.place(28, 8, "3,7,10,12,23,25,28,36", ""),
                    Contains("node 36 is outside the 6x6 mesh") && Contains("0 .. 35"));
  CHECK_THROWS_WITH(p.place(28, 8, "3,7,10", ""),
                    Contains("lists 3 nodes") && Contains("exactly 8 (mem.partitions)"));
  CHECK_THROWS_WITH(p.place(28, 8, "3,7,x", ""), Contains("'x' is not a node index"));
  CHECK_THROWS_WITH(p.place(2, 2, "0,5", "0,1"),
                    Contains("icnt.core_nodes: node 0 is already taken"));
  CHECK_THROWS_WITH(p.place(2, 2, "0,5", "1"), Contains("exactly 2 (gpu.sms)"));
  MeshParams small = mesh(5, 5);
  CHECK_THROWS_WITH(small.place(28, 8, "", ""), Contains("25 nodes, too few for gpu.sms = 28") &&
                                                    Contains("mem.partitions = 8"));
}

TEST_CASE("icnt.topology: an unknown topology names the allowed ones") {
  ConfigSchema s;
  GpuParams::declare(s);
  Config c(s);
  CHECK_THROWS_WITH(c.set("icnt.topology", "torus", "--set"),
                    Contains("icnt.topology") && Contains("crossbar") && Contains("mesh"));
}

TEST_CASE("icnt.topology: a mesh VC buffer must hold a packet carrying an L2 line") {
  ConfigSchema s;
  GpuParams::declare(s);
  Config c(s);
  c.set("icnt.topology", "mesh", "--set");
  c.set("icnt.vc_buffer", "4", "--set");  // 8 B header + 128 B line = 5 flits of 32 B
  CHECK_THROWS_WITH(GpuParams::load(c), Contains("icnt.vc_buffer = 4") && Contains("at least 5"));
  c.set("icnt.vc_buffer", "5", "--set");
  const GpuParams p = GpuParams::load(c);
  CHECK(p.net.topology == InterconnectParams::Topology::Mesh);
  CHECK(p.net.mesh.cols == 5);  // 15 cores + 6 controllers: the smallest square, 5x5
  CHECK(p.net.mesh.rows == 5);
}
