// Reconvergence points: the immediate post-dominator of each branch, on structured and
// unstructured control flow, built from hand-made instruction lists.
#include <catch2/catch.hpp>

#include <vector>

#include "warpsim/workload/ptx/PtxCfg.h"

using namespace warpsim::ptx;

namespace {

constexpr std::uint32_t kExit = Cfg::kExit;

Instr plain() {
  return Instr{};
}  // a nop: falls through
Instr bra(std::uint32_t target, bool guarded) {
  Instr in;
  in.op = Op::Bra;
  in.hasGuard = guarded;
  Operand label;
  label.kind = Operand::Kind::Label;
  label.index = target;
  in.ops.push_back(label);
  return in;
}
Instr ret(bool guarded = false) {
  Instr in;
  in.op = Op::Ret;
  in.hasGuard = guarded;
  return in;
}

Cfg cfgOf(std::vector<Instr> body) {
  Function f;
  f.body = std::move(body);
  return buildCfg(f);
}

}  // namespace

TEST_CASE("ptx cfg: an if-then reconverges at the branch target") {
  // 0: @p bra 3; 1, 2: then; 3: join; 4: ret
  const Cfg c = cfgOf({bra(3, true), plain(), plain(), plain(), ret()});
  CHECK(c.blockStart == std::vector<std::uint32_t>{0, 1, 3});
  CHECK(c.reconverge[0] == 3);
  CHECK(c.reconverge[1] == kExit);  // not a branch
}

TEST_CASE("ptx cfg: an if-else reconverges after the else part, the jump over it too") {
  // 0: @p bra 3 (else); 1: then; 2: bra 4; 3: else; 4: join; 5: ret
  const Cfg c = cfgOf({bra(3, true), plain(), bra(4, false), plain(), plain(), ret()});
  CHECK(c.reconverge[0] == 4);
  CHECK(c.reconverge[2] == 4);
  CHECK(c.succ[c.blockOf[2]] == std::vector<std::uint32_t>{c.blockOf[4]});
}

TEST_CASE("ptx cfg: a loop's back-edge reconverges at the loop exit") {
  // 0: init; 1: body; 2: @p bra 1; 3: ret
  const Cfg c = cfgOf({plain(), plain(), bra(1, true), ret()});
  CHECK(c.reconverge[2] == 3);
}

TEST_CASE("ptx cfg: a break out of a loop and the back-edge meet after the loop") {
  // 0: x; 1: @p bra 5 (break); 2: y; 3: @q bra 0 (continue); 4: z; 5: w; 6: ret
  const Cfg c = cfgOf({plain(), bra(5, true), plain(), bra(0, true), plain(), plain(), ret()});
  CHECK(c.blockStart == std::vector<std::uint32_t>{0, 2, 4, 5});
  CHECK(c.reconverge[1] == 5);
  CHECK(c.reconverge[3] == 5);
}

TEST_CASE("ptx cfg: nested ifs reconverge at their own joins") {
  // 0: @p bra 5; 1: @q bra 3; 2: inner then; 3: inner join; 4: more; 5: outer join; 6: ret
  const Cfg c = cfgOf({bra(5, true), bra(3, true), plain(), plain(), plain(), plain(), ret()});
  CHECK(c.reconverge[0] == 5);
  CHECK(c.reconverge[1] == 3);
}

TEST_CASE("ptx cfg: a guarded ret parts paths that meet only at the function's end") {
  // 0: @p ret; 1: a; 2: ret
  const Cfg c = cfgOf({ret(true), plain(), ret()});
  CHECK(c.reconverge[0] == kExit);
  CHECK(c.succ[0] == std::vector<std::uint32_t>{1, kExit});
}

TEST_CASE("ptx cfg: a path that loops forever does not move the others' reconvergence") {
  // 0: @p bra 2; 1: bra 1 (forever); 2: ret
  const Cfg c = cfgOf({bra(2, true), bra(1, false), ret()});
  CHECK(c.reconverge[0] == 2);
  CHECK(c.reconverge[1] == kExit);  // never reaches the end
}

TEST_CASE("ptx cfg: a short-circuit a || b: both tests reconverge where then and else meet") {
  // if (a || b) then else: 0: @a bra 4 (then); 1: @b bra 4; 2: else; 3: bra 5; 4: then;
  // 5: join; 6: ret
  const Cfg c =
      cfgOf({bra(4, true), bra(4, true), plain(), bra(5, false), plain(), plain(), ret()});
  CHECK(c.blockStart == std::vector<std::uint32_t>{0, 1, 2, 4, 5});
  CHECK(c.succ[0] == std::vector<std::uint32_t>{1, 3});
  CHECK(c.succ[1] == std::vector<std::uint32_t>{2, 3});
  CHECK(c.reconverge[0] == 5);  // not 1 or 4: the else path reaches 4 only through 5
  CHECK(c.reconverge[1] == 5);
  CHECK(c.reconverge[3] == 5);
}

TEST_CASE("ptx cfg: a short-circuit a && b: both tests reconverge after the then part") {
  // if (a && b) then: 0: @!a bra 3; 1: @!b bra 3; 2: then; 3: join; 4: ret
  const Cfg c = cfgOf({bra(3, true), bra(3, true), plain(), plain(), ret()});
  CHECK(c.blockStart == std::vector<std::uint32_t>{0, 1, 2, 3});
  CHECK(c.reconverge[0] == 3);
  CHECK(c.reconverge[1] == 3);
}

TEST_CASE("ptx cfg: a jump into the middle of a loop reconverges at the label it jumps to") {
  // 0: @p bra 2 (into the loop); 1: LOOP: a; 2: INSIDE: b; 3: @q bra 1; 4: ret. The loop has
  // two entries (irreducible); INSIDE post-dominates the entry branch.
  const Cfg c = cfgOf({bra(2, true), plain(), plain(), bra(1, true), ret()});
  CHECK(c.blockStart == std::vector<std::uint32_t>{0, 1, 2, 4});
  CHECK(c.reconverge[0] == 2);
  CHECK(c.reconverge[3] == 4);
}

TEST_CASE("ptx cfg: a jump from one if's then part into the middle of the other's else part") {
  // 0: @p bra 4 (else); 1: then; 2: @q bra 5 (into the else part, past its start); 3: bra 6;
  // 4: else 1; 5: else 2; 6: join; 7: ret
  const Cfg c =
      cfgOf({bra(4, true), plain(), bra(5, true), bra(6, false), plain(), plain(), plain(), ret()});
  CHECK(c.blockStart == std::vector<std::uint32_t>{0, 1, 3, 4, 5, 6});
  CHECK(c.succ[c.blockOf[2]] == std::vector<std::uint32_t>{c.blockOf[3], c.blockOf[5]});
  CHECK(c.reconverge[0] == 6);  // the paths 0-1-3-6 and 0-4-5-6 meet only at the join
  CHECK(c.reconverge[2] == 6);  // 3-6 and 5-6
  CHECK(c.reconverge[3] == 6);
}
