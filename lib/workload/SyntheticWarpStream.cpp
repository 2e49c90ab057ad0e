#include "warpsim/workload/SyntheticWarpStream.h"

#include <stdexcept>
#include <utility>

namespace warpsim {

namespace {

constexpr std::uint32_t laneBit(unsigned lane) {
  return 1u << lane;
}

}  // namespace

SyntheticWarpStream::SyntheticWarpStream(std::shared_ptr<const SyntheticProgram> program,
                                         const Dim3& grid, const Dim3& block, CtaId cta,
                                         std::uint32_t warpInCta)
    : prog_(std::move(program)) {
  if (!prog_ || prog_->nodes.empty()) {
    throw std::invalid_argument("SyntheticWarpStream: empty program");
  }
  const std::uint64_t threads = block.count();
  const std::uint64_t ctaId = cta.value();
  const Dim3 coord{static_cast<std::uint32_t>(ctaId % grid.x),
                   static_cast<std::uint32_t>((ctaId / grid.x) % grid.y),
                   static_cast<std::uint32_t>(ctaId / (std::uint64_t{grid.x} * grid.y))};
  for (unsigned lane = 0; lane < kWarpSize; ++lane) {
    const std::uint64_t tid = std::uint64_t{warpInCta} * kWarpSize + lane;
    if (tid >= threads) continue;
    LaneCtx& c = ctx_[lane];
    c.tid = static_cast<std::uint32_t>(tid);
    c.tidX = static_cast<std::uint32_t>(tid % block.x);
    c.tidY = static_cast<std::uint32_t>((tid / block.x) % block.y);
    c.tidZ = static_cast<std::uint32_t>(tid / (std::uint64_t{block.x} * block.y));
    c.ctaX = coord.x;
    c.ctaY = coord.y;
    c.ctaZ = coord.z;
    c.cta = ctaId;
    c.gtid = ctaId * threads + tid;
    c.warpInCta = warpInCta;
    c.lane = lane;
    mask_ |= laneBit(lane);
  }
  frames_.reserve(prog_->maxNesting);
}

bool SyntheticWarpStream::next(WarpInst& out) {
  while (!done_) {
    const ProgramNode& node = prog_->nodes[node_];
    switch (node.kind) {
      case NodeKind::LoopEnter:
        enterLoop(node);
        break;
      case NodeKind::Else: {
        const Frame& f = frames_.back();
        if (f.elseMask != 0) {
          mask_ = f.elseMask;
          ++node_;
        } else {
          node_ = node.target;
        }
        break;
      }
      case NodeKind::EndIf:
        mask_ = frames_.back().savedMask;
        frames_.pop_back();
        ++node_;
        break;
      case NodeKind::BackEdge:
        emit(node, out);
        backEdge(node);
        return true;
      case NodeKind::IfBranch:
        emit(node, out);
        ifBranch(node);
        return true;
      case NodeKind::Exit:
        emit(node, out);
        done_ = true;
        return true;
      case NodeKind::Inst:
        emit(node, out);
        ++node_;
        return true;
    }
  }
  return false;
}

void SyntheticWarpStream::enterLoop(const ProgramNode& node) {
  Frame f;
  f.savedMask = mask_;
  std::uint32_t entering = 0;
  if (node.fn == ProgramNode::kNoFn) {
    f.constTrips = node.trips;
    entering = node.trips > 0 ? mask_ : 0;
  } else {
    f.perLane = true;
    const TripFn& trips = prog_->trips[node.fn];
    for (unsigned lane = 0; lane < kWarpSize; ++lane) {
      if (!(mask_ & laneBit(lane))) continue;
      f.trips[lane] = trips(ctx_[lane]);
      if (f.trips[lane] > 0) entering |= laneBit(lane);
    }
  }
  if (entering == 0) {
    node_ = node.target;
    return;
  }
  frames_.push_back(f);
  mask_ = entering;
  setIter(node.loopDepth, 0);
  ++node_;
}

void SyntheticWarpStream::backEdge(const ProgramNode& node) {
  Frame& f = frames_.back();
  ++f.iter;
  std::uint32_t staying = 0;
  if (!f.perLane) {
    staying = f.iter < f.constTrips ? mask_ : 0;
  } else {
    for (unsigned lane = 0; lane < kWarpSize; ++lane) {
      if ((mask_ & laneBit(lane)) && f.trips[lane] > f.iter) staying |= laneBit(lane);
    }
  }
  if (staying != 0) {
    mask_ = staying;
    setIter(node.loopDepth, f.iter);
    node_ = node.target;
    return;
  }
  mask_ = f.savedMask;
  setIter(node.loopDepth, 0);
  frames_.pop_back();
  ++node_;
}

void SyntheticWarpStream::ifBranch(const ProgramNode& node) {
  Frame f;
  f.savedMask = mask_;
  const std::uint32_t taken = lanesWhere(prog_->preds[node.fn], mask_);
  f.elseMask = mask_ & ~taken;
  frames_.push_back(f);
  if (taken != 0) {
    mask_ = taken;
    ++node_;
  } else {
    node_ = node.target;  // the Else marker picks the other path or skips to EndIf
  }
}

void SyntheticWarpStream::emit(const ProgramNode& node, WarpInst& out) const {
  out.pc = node.pc;
  out.op = node.op;
  out.dst = node.dst;
  out.src = node.src;
  out.activeMask = mask_;
  out.space = node.space;
  out.memOp = node.memOp;
  out.accessSize = node.accessSize;
  out.reconvergePc = node.reconvergePc;
  out.last = node.kind == NodeKind::Exit;
  if (node.op != OpClass::Mem) {
    out.addr.fill(0);
    return;
  }
  prog_->addrFns[node.fn](ctx_.data(), mask_, out.addr.data());
}

void SyntheticWarpStream::setIter(std::uint8_t depth, std::uint32_t iter) {
  for (LaneCtx& c : ctx_) c.iter[depth] = iter;
}

std::uint32_t SyntheticWarpStream::lanesWhere(const LanePred& pred, std::uint32_t mask) const {
  std::uint32_t result = 0;
  for (unsigned lane = 0; lane < kWarpSize; ++lane) {
    if ((mask & laneBit(lane)) && pred(ctx_[lane])) result |= laneBit(lane);
  }
  return result;
}

KernelDesc makeSyntheticKernel(std::string name, const Dim3& grid, const Dim3& block,
                               std::uint32_t regsPerThread, std::uint32_t smemPerCta,
                               std::shared_ptr<const SyntheticProgram> program) {
  KernelDesc k;
  k.name = std::move(name);
  k.grid = grid;
  k.block = block;
  k.regsPerThread = regsPerThread;
  k.smemPerCta = smemPerCta;
  k.makeWarp = [program = std::move(program), grid, block](CtaId cta, std::uint32_t warpInCta) {
    return std::unique_ptr<IWarpStream>(
        new SyntheticWarpStream(program, grid, block, cta, warpInCta));
  };
  return k;
}

}  // namespace warpsim
