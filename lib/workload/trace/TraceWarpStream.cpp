#include "warpsim/workload/trace/TraceWarpStream.h"

#include "warpsim/workload/trace/TraceError.h"

namespace warpsim::trace {

TraceWarpStream::TraceWarpStream(std::shared_ptr<const std::vector<std::uint8_t>> cta,
                                 std::uint32_t warpInCta, const std::string& tracePath)
    : cta_(std::move(cta)), warp_(warpInCta), path_(&tracePath) {
  if (!reader_.open(cta_->data(), cta_->size(), warp_)) damaged();
}

void TraceWarpStream::damaged() const {
  throw TraceError(*path_, 0,
                   "warp " + std::to_string(warp_) +
                       ": its decoded thread block is damaged (the spill or cache file changed "
                       "under the run?)");
}

bool TraceWarpStream::next(WarpInst& out) {
  TraceInst t;
  // The active lanes' addresses land packed at the front of out.addr ...
  switch (reader_.next(t, out.addr.data())) {
    case WarpReader::Step::End:
      return false;
    case WarpReader::Step::Damaged:
      damaged();
    case WarpReader::Step::Inst:
      break;
  }
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
  } else if (t.mask != 0xffffffffu) {
    // ... and move to their lanes from the last down (a lane's place is never below its
    // packed index), inactive lanes 0.
    unsigned k = static_cast<unsigned>(__builtin_popcount(t.mask));
    for (unsigned lane = kWarpSize; lane-- > 0;)
      out.addr[lane] = (t.mask >> lane & 1u) ? out.addr[--k] : 0;
  }
  return true;
}

}  // namespace warpsim::trace
