// What the libFuzzer harness tests/fuzz/FuzzTrace.cpp found in the trace reader
// (tests/fuzz/README.md), each kept as the input that showed it.
#include <catch2/catch.hpp>

#include <algorithm>

#include "TraceFixtures.h"
#include "warpsim/workload/trace/TraceError.h"
#include "warpsim/workload/trace/TraceWorkload.h"

using namespace warpsim;
using namespace warpsim::testing;

namespace {

std::string errorOf(const std::string& kernel) {
  TempDir d;
  d.write("kernel-1.traceg", kernel);
  d.write("kernelslist.g", "kernel-1.traceg\n");
  try {
    drain(trace::loadTrace(d.path()));
  } catch (const trace::TraceError& e) {
    return e.what();
  }
  return "";
}

const std::string kBlock = traceBlock("0,0,0", {{"0000 ffffffff 0 EXIT 0 0 0"}});

}  // namespace

TEST_CASE("fuzz finding: a grid of 65535 x 65535 blocks in a short file is a missing block error",
          "[trace][errors]") {
  // fuzz-trace: the reader sized a table by the header's grid (4.3e9 blocks, 64 GiB) before
  // reading any block, and the allocation failed; the table now grows with the blocks read.
  const std::string kernel = traceHeader("(65535,65535,1)", "(32,1,1)") + kBlock;
  const std::string e = errorOf(kernel);
  CHECK_THAT(e, Catch::Contains("kernel-1.traceg:") &&
                    Catch::Contains("thread block (1,0,0) of the grid is missing from the file"));
}

TEST_CASE("fuzz finding: blocks out of order load, and a repeated block names its second line",
          "[trace][errors]") {
  const std::string block1 = traceBlock("1,0,0", {{"0000 ffffffff 0 EXIT 0 0 0"}});
  CHECK(errorOf(traceHeader("(2,1,1)", "(32,1,1)") + block1 + kBlock).empty());
  const std::string twice = traceHeader("(2,1,1)", "(32,1,1)") + kBlock + block1 + kBlock;
  // The line of the second "thread block = 0,0,0".
  const std::size_t line =
      std::count(twice.begin(), twice.begin() + twice.rfind("thread block"), '\n') + 1;
  CHECK_THAT(errorOf(twice), Catch::EndsWith("kernel-1.traceg:" + std::to_string(line) +
                                             ": thread block (0,0,0) appears twice"));
}
