#pragma once
// The cooperative multidimensional-grid-aware address predictor of Tripathy et al. (§III): one
// global observation table (OT) shared by all SMs. An entry per (PC, LEC) learns, from requests
// of warps running on any SM, the inter-warp stride and the stride along each grid dimension;
// once it holds every stride its grid needs it predicts the address of any warp of any CTA by
// Eq. (1a/1b) and (2). With `useLec` false it is the paper's "cooperative without LEC" variant:
// entries are keyed by PC alone. Allocation-free after construction; LRU replacement.
#include <array>
#include <cstdint>
#include <vector>

#include "warpsim/predictor/IAddressPredictor.h"

namespace warpsim {

class ObservationTable : public IAddressPredictor {
 public:
  static constexpr std::uint32_t kAddresses = 4;  // §III-C: up to four requests per load
  static constexpr std::uint32_t kNone = ~std::uint32_t{0};

  // The fields of Fig. 9 (F1..F12) and the mispredict counter.
  struct Entry {
    std::uint32_t pc = 0, lec = 0;
    std::array<std::uint32_t, 3> cta{};  // the reference CTA, per dimension
    std::uint32_t warp = 0;              // the reference local warp id
    std::array<Addr, kAddresses> addr{};
    std::uint32_t addrCount = 0;
    std::array<std::int64_t, 3> stride{};  // per grid dimension (x, y, z)
    std::array<bool, 3> strideKnown{};
    std::int64_t interWarpStride = 0;
    bool interWarpKnown = false;
    std::uint32_t mispredicts = 0;
  };

  ObservationTable(std::uint32_t entries, std::uint32_t mispredictThreshold, bool useLec);

  void startKernel(const Dim3& grid) override;
  Verdict observe(const LoadObservation& o) override;

  // The addresses the table predicts for `target` (its PC, LEC, CTA and warp; its address is
  // ignored) into `out`; returns how many (0: no ready entry below the mispredict threshold).
  // Nothing changes: this is what a prefetcher asks.
  std::uint32_t predictFor(const LoadObservation& target, std::array<Addr, kAddresses>& out) const;
  // For tests and reports: the entry of (pc, lec) (lec ignored without LEC), or nullptr.
  const Entry* find(std::uint32_t pc, std::uint32_t lec) const;
  std::uint32_t size() const { return used_; }
  // Whether the entry holds the inter-warp stride and every stride the current grid needs.
  bool ready(const Entry& e) const;

 private:
  struct Slot {
    Entry e;
    std::uint32_t hashNext = kNone;                  // chain of the hash bucket
    std::uint32_t lruPrev = kNone, lruNext = kNone;  // most recently used at lruHead_
  };
  std::uint32_t lookup(std::uint32_t pc, std::uint32_t lec) const;
  std::uint32_t bucketOf(std::uint32_t pc, std::uint32_t lec) const;
  std::uint32_t allocate(const LoadObservation& o);
  void unlinkHash(std::uint32_t i);
  void unlinkLru(std::uint32_t i);
  void pushLruFront(std::uint32_t i);
  Verdict check(Entry& e, const LoadObservation& o) const;
  void learn(Entry& e, const LoadObservation& o) const;
  // The entry's prediction of the request's address, offset = Eq. (1b) + Eq. (2) - base.
  std::int64_t offsetFor(const Entry& e, const LoadObservation& o) const;

  std::uint32_t mispredictThreshold_;
  bool useLec_;
  std::array<bool, 3> dimNeeded_{true, false, false};
  std::vector<Slot> slots_;
  std::vector<std::uint32_t> buckets_;
  std::uint32_t used_ = 0;
  std::uint32_t lruHead_ = kNone, lruTail_ = kNone;
};

}  // namespace warpsim
