#pragma once
// One warp of a traced thread block (IWarpStream): its instruction lines in order, with the
// addresses of their active lanes. next() copies from the decoded block; it does not allocate.
#include <memory>

#include "warpsim/workload/IWarpStream.h"
#include "warpsim/workload/trace/KernelTrace.h"

namespace warpsim::trace {

class TraceWarpStream : public IWarpStream {
 public:
  TraceWarpStream(std::shared_ptr<const CtaTrace> cta, std::uint32_t warpInCta);
  bool next(WarpInst& out) override;

 private:
  std::shared_ptr<const CtaTrace> cta_;
  std::uint32_t i_ = 0, end_ = 0;
};

}  // namespace warpsim::trace
