#pragma once
// Builds a SyntheticProgram: straight-line instructions, counted loops (constant or per-lane
// trip counts), if/else on a per-lane predicate, barriers; build() appends the final Exit.
//
//   ProgramBuilder b;
//   b.loop(4, [&](ProgramBuilder& body) {
//     body.load(MemSpace::Global, 1, [](const LaneCtx& c) { return 0x10000000 + c.gtid * 4; });
//     body.alu(2, {1});
//   });
//   b.ifThen([](const LaneCtx& c) { return c.lane < 8; },
//            [&](ProgramBuilder& then) { then.store(MemSpace::Global, addrFn, {2}); });
//   std::shared_ptr<const SyntheticProgram> prog = b.build();
//
// Registers are numbers below kNoReg; a consumer naming a load's destination among its sources
// has a true (RAW) dependence on it. Misuse (too many sources, loops nested deeper than
// kMaxLoopDepth, building twice) throws std::logic_error: it is a bug in the kernel's code.
#include <cstdint>
#include <functional>
#include <initializer_list>
#include <memory>
#include <type_traits>

#include "warpsim/workload/SyntheticProgram.h"

namespace warpsim {

class ProgramBuilder {
 public:
  using Reg = warpsim::Reg;
  using Srcs = std::initializer_list<Reg>;
  using Body = std::function<void(ProgramBuilder&)>;

  ProgramBuilder& alu(Reg dst, Srcs src = {}) { return compute(OpClass::Alu, dst, src); }
  ProgramBuilder& sfu(Reg dst, Srcs src = {}) { return compute(OpClass::Sfu, dst, src); }
  ProgramBuilder& dp(Reg dst, Srcs src = {}) { return compute(OpClass::Dp, dst, src); }
  ProgramBuilder& tensor(Reg dst, Srcs src = {}) { return compute(OpClass::Tensor, dst, src); }
  // A memory fence: waits for the warp's memory instructions, then sm.fence_latency.
  ProgramBuilder& fence() { return compute(OpClass::Fence, kNoReg, {}); }

  // `addr` gives a lane's byte address (an AddrFn, or any callable taking a const LaneCtx&);
  // `src` are the registers the address depends on (for stores also the data register).
  template <class F>
  ProgramBuilder& load(MemSpace space, Reg dst, F addr, Srcs src = {},
                       std::uint8_t accessSize = 4) {
    return memory(MemOp::Load, space, dst, forWarp(std::move(addr)), src, accessSize);
  }
  template <class F>
  ProgramBuilder& store(MemSpace space, F addr, Srcs src = {}, std::uint8_t accessSize = 4) {
    return memory(MemOp::Store, space, kNoReg, forWarp(std::move(addr)), src, accessSize);
  }
  template <class F>
  ProgramBuilder& atomic(MemSpace space, Reg dst, F addr, Srcs src = {},
                         std::uint8_t accessSize = 4) {
    return memory(MemOp::Atomic, space, dst, forWarp(std::move(addr)), src, accessSize);
  }
  ProgramBuilder& barrier();

  // A counted loop laid out as `body; Branch` (the back-edge, reconverging at the loop exit),
  // executed `trips` times; trips == 0 skips it. `cond` are the back-edge's source registers.
  ProgramBuilder& loop(std::uint32_t trips, const Body& body, Srcs cond = {});
  // Per-lane trip counts: a lane runs the body trips(lane) times, then drops out of the active
  // mask until the loop exits; lanes with 0 trips never enter, and if none enters the loop is
  // skipped. The body's LaneCtx::iter[depth] is the same for all lanes still in the loop.
  ProgramBuilder& loop(TripFn trips, const Body& body, Srcs cond = {});

  // `Branch; then-body; else-body`: the Branch (reconverging after the else body) runs with the
  // current mask, the taken body with the lanes where `pred` holds, the else body with the rest,
  // then the mask before the branch is restored. A body whose mask is empty is skipped.
  ProgramBuilder& ifThen(LanePred pred, const Body& thenBody, Srcs cond = {});
  ProgramBuilder& ifElse(LanePred pred, const Body& thenBody, const Body& elseBody, Srcs cond = {});

  // Appends the Exit and returns the finished program; the builder is spent afterwards.
  std::shared_ptr<const SyntheticProgram> build();

 private:
  ProgramBuilder& compute(OpClass op, Reg dst, Srcs src);
  ProgramBuilder& memory(MemOp op, MemSpace space, Reg dst, WarpAddrFn addr, Srcs src,
                         std::uint8_t accessSize);
  // The warp's addresses from a lane's (an empty function stays empty: memory() rejects it).
  template <class T>
  struct IsStdFunction : std::false_type {};
  template <class R, class... A>
  struct IsStdFunction<std::function<R(A...)>> : std::true_type {};
  template <class F>
  static WarpAddrFn forWarp(F f) {
    if constexpr (IsStdFunction<F>::value || std::is_pointer_v<F>)
      if (!f) return {};
    return [f = std::move(f)](const LaneCtx* lanes, std::uint32_t mask, Addr* out) mutable {
      if (mask == ~0u) {  // the usual case: no lane to test
        for (unsigned lane = 0; lane < kWarpSize; ++lane)
          out[lane] = static_cast<Addr>(f(lanes[lane]));
        return;
      }
      for (unsigned lane = 0; lane < kWarpSize; ++lane)
        out[lane] = (mask >> lane) & 1u ? static_cast<Addr>(f(lanes[lane])) : 0;
    };
  }
  ProgramBuilder& loopImpl(std::uint32_t trips, std::uint32_t fn, const Body& body, Srcs cond);
  std::uint32_t addInst(ProgramNode node, Srcs src);
  std::uint32_t addMarker(ProgramNode node);
  void enterNesting();
  void checkOpen() const;

  SyntheticProgram prog_;
  std::uint32_t loopDepth_ = 0;
  std::uint32_t nesting_ = 0;
  bool built_ = false;
};

}  // namespace warpsim
