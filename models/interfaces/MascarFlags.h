#pragma once
// Mascar's request bits (Sethia et al., HPCA'15, III-A, III-C, III-D), in the bits of
// GpuRequest::flags that lib/core reserves for them (GpuRequest::kMascarBits). The LSU sets
// them, the scheduler's gate (MascarControl, through ILsuGate) chooses the owner bits, and the
// L1s act on them.
#include <cstdint>

#include "warpsim/core/GpuRequest.h"

namespace warpsim::mascar {

// Issued by the SM's owner warp: its misses may go below the L1 (III-A).
constexpr std::uint8_t kOwner = 1u << 0;
// The sender retries refused requests, so a reservation failure is answered with a refusal
// (a NACK: BEGIN_RESP with TLM_INCOMPLETE_RESPONSE) instead of stalling; END_REQ (the ACK)
// comes at the lookup (III-C, III-D).
constexpr std::uint8_t kRefusable = 1u << 4;
// MP mode, a non-owner warp: a miss is refused, never sent below (III-A, III-D).
constexpr std::uint8_t kHitOnly = 1u << 5;
// Re-sent from the LSU's re-execution queue (III-C).
constexpr std::uint8_t kReexecuted = 1u << 6;

static_assert((kOwner | kRefusable | kHitOnly | kReexecuted) == GpuRequest::kMascarBits,
              "Mascar's bits are the ones lib/core reserves");

}  // namespace warpsim::mascar
