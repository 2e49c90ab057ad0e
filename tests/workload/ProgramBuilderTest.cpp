// ProgramBuilder rejects programs the interpreter cannot run.
#include <catch2/catch.hpp>

#include <stdexcept>

#include "warpsim/workload/ProgramBuilder.h"

using namespace warpsim;

TEST_CASE("builder: loops nested deeper than kMaxLoopDepth are rejected") {
  ProgramBuilder b;
  std::function<void(ProgramBuilder&, unsigned)> nest = [&](ProgramBuilder& p, unsigned depth) {
    if (depth == 0) return;
    p.loop(1, [&](ProgramBuilder& body) { nest(body, depth - 1); });
  };
  CHECK_NOTHROW(nest(b, kMaxLoopDepth));
  ProgramBuilder deeper;
  CHECK_THROWS_AS(nest(deeper, kMaxLoopDepth + 1), std::logic_error);
}

TEST_CASE("builder: four source registers fit, five and registers above R255 are rejected") {
  ProgramBuilder b;
  b.alu(0, {1, 2, 3, 255});
  CHECK_THROWS_AS(b.alu(0, {1, 2, 3, 4, 5}), std::logic_error);
  CHECK_THROWS_AS(b.alu(0, {256}), std::logic_error);
  CHECK_THROWS_AS(b.alu(300, {1}), std::logic_error);
}

TEST_CASE("builder: a load without a destination register is rejected") {
  ProgramBuilder b;
  CHECK_THROWS_AS(b.load(MemSpace::Global, kNoReg, [](const LaneCtx&) { return Addr{0}; }),
                  std::logic_error);
}

TEST_CASE("builder: build appends Exit and counts static instructions") {
  ProgramBuilder b;
  b.alu(1).loop(2, [](ProgramBuilder& l) { l.alu(2); });
  b.ifThen([](const LaneCtx&) { return true; }, [](ProgramBuilder& t) { t.alu(3); });
  const auto p = b.build();
  CHECK(p->staticInsts == 6);  // alu, alu, back-edge, if-branch, alu, exit
  CHECK(p->nodes.back().kind == NodeKind::Exit);
  CHECK(p->nodes.back().pc == 40);
  CHECK(p->maxNesting == 1);
  CHECK_THROWS_AS(b.alu(4), std::logic_error);
}
