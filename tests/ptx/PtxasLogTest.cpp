// `ptxas -v` logs kept beside the PTX (parsePtxasLog): the figures of each entry function.
#include <catch2/catch.hpp>

#include "warpsim/config/ConfigSchema.h"
#include "warpsim/workload/ptx/PtxasLog.h"

using namespace warpsim::ptx;

namespace {

// What ptxas 13.0 prints for a module with a .func and two entries (ptxas -v -arch=sm_75).
const char* const kLog =
    "ptxas info    : 0 bytes gmem\n"
    "ptxas info    : Compiling entry function 'vecadd' for 'sm_75'\n"
    "ptxas info    : Function properties for vecadd\n"
    "    0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads\n"
    "ptxas info    : Used 12 registers, used 0 barriers, 380 bytes cmem[0]\n"
    "ptxas info    : Compile time = 2.765 ms\n"
    "ptxas info    : Function properties for _Z4axpbffd\n"
    "    0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads\n"
    "ptxas info    : Compiling entry function 'sgemm' for 'sm_75'\n"
    "ptxas info    : Function properties for sgemm\n"
    "    0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads\n"
    "ptxas info    : Used 60 registers, used 1 barriers, 2048 bytes smem, 380 bytes cmem[0]\n"
    "ptxas info    : Compile time = 16.637 ms\n";

}  // namespace

TEST_CASE("ptxas log: registers and static shared memory of each entry function") {
  const auto f = parsePtxasLog(kLog, "k.ptxas.txt");
  REQUIRE(f.size() == 2);
  CHECK(f.at("vecadd").registers == 12);
  CHECK(f.at("vecadd").sharedBytes == 0);  // no smem printed: none
  CHECK(f.at("sgemm").registers == 60);
  CHECK(f.at("sgemm").sharedBytes == 2048);
  CHECK(parsePtxasLog("", "empty.txt").empty());
}

TEST_CASE("ptxas log: an entry without its figures, or a bad count, names file and line") {
  CHECK_THROWS_WITH(parsePtxasLog("ptxas info    : Compiling entry function 'a' for 'sm_75'\n"
                                  "ptxas info    : Compiling entry function 'b' for 'sm_75'\n"
                                  "ptxas info    : Used 8 registers\n",
                                  "x.txt"),
                    "x.txt:1: entry 'a' has no \"Used N registers\" line");
  CHECK_THROWS_WITH(
      parsePtxasLog("ptxas info    : Compiling entry function 'a' for 'sm_75'\n", "x.txt"),
      "x.txt:1: entry 'a' has no \"Used N registers\" line");
  CHECK_THROWS_WITH(parsePtxasLog("ptxas info    : Compiling entry function 'a' for 'sm_75'\n"
                                  "ptxas info    : Used 1e3 registers\n",
                                  "x.txt"),
                    "x.txt:2: '1e3 registers' is not a count");
}
