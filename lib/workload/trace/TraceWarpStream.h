#pragma once
// One warp of a traced thread block (IWarpStream): its instruction lines in order, with the
// addresses of their active lanes, decoded one at a time from the block's bytes (CtaCodec);
// next() does not allocate.
#include <memory>
#include <string>

#include "warpsim/workload/IWarpStream.h"
#include "warpsim/workload/trace/CtaCodec.h"

namespace warpsim::trace {

class TraceWarpStream : public IWarpStream {
 public:
  // `tracePath` names the kernel file in the error a damaged block gives (TraceError).
  TraceWarpStream(std::shared_ptr<const std::vector<std::uint8_t>> cta, std::uint32_t warpInCta,
                  const std::string& tracePath);
  bool next(WarpInst& out) override;

 private:
  [[noreturn]] void damaged() const;

  std::shared_ptr<const std::vector<std::uint8_t>> cta_;
  WarpReader reader_;
  std::uint32_t warp_;
  const std::string* path_;
};

}  // namespace warpsim::trace
