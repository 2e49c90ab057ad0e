#pragma once
// A pooled tlm_mm_interface: payloads (PooledPayload: with their GpuRequest extension and a data
// buffer) are allocated once and recycled, so the request path does not allocate after warm-up.
#include <cstddef>
#include <memory>
#include <vector>

#include <tlm>

#include "warpsim/core/GpuRequest.h"

namespace warpsim {

class PayloadPool : public tlm::tlm_mm_interface {
 public:
  static constexpr std::size_t kDataBytes = PooledPayload::kDataBytes;

  PayloadPool() = default;
  PayloadPool(const PayloadPool&) = delete;
  PayloadPool& operator=(const PayloadPool&) = delete;
  ~PayloadPool() override;

  // A fresh payload with reference count 1 (release() returns it to the pool) and a cleared
  // GpuRequest extension.
  tlm::tlm_generic_payload& acquire();
  // The same with a copy of `request` as its extension (written once, not cleared first).
  tlm::tlm_generic_payload& acquire(const GpuRequest& request);
  void free(tlm::tlm_generic_payload* p) override;

  std::size_t allocated() const { return all_.size(); }  // payloads ever created
  std::size_t inUse() const { return all_.size() - free_.size(); }
  // Payloads returned more often than taken (a response released twice): never.
  bool overReleased() const { return free_.size() > all_.size(); }

 private:
  PooledPayload& take();  // a payload from the free list (or a new one), its fields reset
  std::vector<std::unique_ptr<PooledPayload>> all_;
  std::vector<PooledPayload*> free_;
};

}  // namespace warpsim
