#include "warpsim/workload/trace/TraceWarpStream.h"

#include <algorithm>

namespace warpsim::trace {

TraceWarpStream::TraceWarpStream(std::shared_ptr<const CtaTrace> cta, std::uint32_t warpInCta)
    : cta_(std::move(cta)) {
  if (warpInCta < cta_->warps.size()) {
    i_ = cta_->warps[warpInCta].begin;
    end_ = cta_->warps[warpInCta].end;
  }
}

bool TraceWarpStream::next(WarpInst& out) {
  if (i_ == end_) return false;
  const TraceInst& t = cta_->insts[i_++];
  out.pc = t.pc;
  out.op = t.op;
  out.dst = t.dst;
  out.src = t.src;
  out.activeMask = t.mask;
  out.space = t.space;
  out.memOp = t.memOp;
  out.accessSize = t.accessSize;
  out.reconvergePc = 0;  // traces resolve divergence: masks are what executed
  out.last = t.last;
  if (t.op != OpClass::Mem) {
    out.addr.fill(0);
    return true;
  }
  const Addr* a = cta_->addrs.data() + t.addrIndex;
  if (t.mask == 0xffffffffu) {  // every lane active: the pool holds them in lane order
    std::copy(a, a + kWarpSize, out.addr.begin());
    return true;
  }
  for (unsigned lane = 0; lane < kWarpSize; ++lane)
    out.addr[lane] = (t.mask >> lane & 1u) ? *a++ : 0;
  return true;
}

}  // namespace warpsim::trace
