#pragma once
// One set-associative cache block, used as L1D, L1T, L1C and L2 slice (doc/architecture.md):
// tags with LRU/FIFO replacement, MSHRs with merging, a miss queue, write-evict, write-back
// or write-through stores, allocate on miss or on fill, a perfect mode, Mascar's saturation
// signal and CCWS's per-line owner warp. A thin SystemC module around plain parts (TagArray,
// MshrTable, MissQueue, FillQueue, LineInstaller, WritePolicyPath, StallEpisodes); it owns no
// process and is ticked by its clock domain.
//
// Per cycle, in this order: one fill from below (answering every request merged into its MSHR
// entry), one request sent below from the miss queue, one lookup of the request at the head of
// the input queue, and the hit responses that are due. Timing and protocol: README.md.
#include <cstdint>
#include <functional>
#include <iosfwd>

#include <systemc>
#include <tlm>

#include "warpsim/cache/CacheParams.h"
#include "warpsim/cache/CacheStats.h"
#include "warpsim/cache/FillQueue.h"
#include "warpsim/cache/LineInstaller.h"
#include "warpsim/cache/MissQueue.h"
#include "warpsim/cache/MshrTable.h"
#include "warpsim/cache/StallEpisodes.h"
#include "warpsim/cache/TagArray.h"
#include "warpsim/cache/WritePolicyPath.h"
#include "warpsim/core/AnalysisPort.h"
#include "warpsim/core/Clocked.h"
#include "warpsim/core/GpuRequest.h"
#include "warpsim/core/PayloadPool.h"
#include "warpsim/core/TimedQueue.h"
#include "warpsim/core/TlmPorts.h"
#include "warpsim/core/Watchdog.h"
#include "warpsim/interfaces/IMemorySaturation.h"
#include "warpsim/stats/Timeline.h"

namespace warpsim {

class StatsRegistry;

class Cache : public sc_core::sc_module,
              public Clocked,
              public IDiagnosable,
              public IMemorySaturation,
              private NbTarget,
              private NbInitiator {
 public:
  // Called when a valid line is replaced (not when a store invalidates it), with its address
  // and the warp that owned it: the hook for CCWS's victim tag array (CCWS 3.3.3).
  using EvictionObserver = LineInstaller::EvictionObserver;
  // Called on every miss (not on hits or MSHR merges), with the warp that missed: where CCWS
  // probes the victim tag array.
  using MissObserver = std::function<void(Addr lineAddr, OwnerWarp requester)>;
  // What an access does to the line, for trace replay (CCWS §4's Belady comparison).
  using AccessKind = CacheAccessKind;
  // Called once for every access completed (hit, merge or miss; not for reservation failures).
  using AccessObserver = std::function<void(Addr lineAddr, OwnerWarp requester, AccessKind kind)>;

  tlm::tlm_target_socket<> upstream;       // from the LSU or the interconnect
  tlm::tlm_initiator_socket<> downstream;  // to the interconnect or the DRAM
  // Every request sent below (its BEGIN_REQ), for observers such as the address predictor;
  // written only when something is bound.
  AnalysisPort<tlm::tlm_generic_payload> sentBelow;

  // `pool` supplies the payloads this cache sends below (fetches, forwarded stores,
  // writebacks); requests from above are answered in place and stay their sender's.
  // `replacements` supplies the policy params.replacement names.
  Cache(sc_core::sc_module_name name, const CacheParams& params, PayloadPool& pool,
        Watchdog& watchdog, StatsRegistry& stats,
        const ReplacementRegistry& replacements = ReplacementRegistry::builtins());

  bool tick() override;
  void describeWaits(std::ostream& os) const override;
  // Every request answered once (a refusal is an answer), every one sent below answered, and
  // accesses = hits + misses + mshr_merges.
  void checkConservation(ConservationCheck& check) const override;

  // Mascar III-A: true while free MSHRs or free miss-queue slots are at or below
  // saturation_threshold (never in perfect mode).
  bool saturated() const override;
  // Adds the cycles of every open span (a stalled head, a held sender, the saturation signal)
  // up to `cycle` of the cache's own clock, and restarts them there: call at kernel boundaries
  // and at the end of a run so that the statistics cover every cycle.
  void accountUntil(Cycle cycle);
  // accountUntil(now()), as Lsu::settleStats and FixedLatencyDram::settleStats do.
  void settleStats() { accountUntil(now()); }
  void setEvictionObserver(EvictionObserver f) { installer_.setEvictionObserver(std::move(f)); }
  void setMissObserver(MissObserver f) { missObserver_ = std::move(f); }
  void setSaturationObserver(SaturationObserver f) override { saturationObserver_ = std::move(f); }
  void setAccessObserver(AccessObserver f) { accessObserver_ = std::move(f); }
  // --timeline (doc/observability.md): each miss's life, from its MSHR entry's allocation to
  // its fill, on a track per MSHR entry. Call before sc_start().
  void attachTimeline(Timeline& timeline);
  // Sets are indexed by fold(address) (see TagArray); call before the simulation starts.
  void setIndexFold(TagArray::AddressFold fold) { tags_.setFold(std::move(fold)); }

  const CacheParams& params() const { return params_; }
  const TagArray& tags() const { return tags_; }
  const MshrTable& mshrs() const { return mshrs_; }
  const CacheStats& stats() const { return stats_; }
  std::size_t missQueueSize() const { return missQueue_.size(); }
  std::size_t inputQueueSize() const { return input_.size(); }

 private:
  using Payload = tlm::tlm_generic_payload;
  using Waiter = MshrTable::Waiter;  // a request from above and the cycle it was accepted
  using Stall = StallEpisodes::Cause;
  static constexpr std::uint32_t kPosted = MissQueue::kPosted;

  // What a lookup found, for the access paths.
  struct Lookup {
    const Waiter& w;
    const GpuRequest& r;
    Addr line;
    std::uint32_t set;
    std::uint32_t way;  // TagArray::kNoWay if the line is not present (valid or reserved)
    bool valid;
  };

  // Transport (Cache.cpp): upstream and downstream are bound to the cache itself.
  tlm::tlm_sync_enum nb_transport_fw(Payload& trans, tlm::tlm_phase& phase,
                                     sc_core::sc_time& delay) override;
  tlm::tlm_sync_enum nb_transport_bw(Payload& trans, tlm::tlm_phase& phase,
                                     sc_core::sc_time& delay) override;
  void answered(Payload& trans);  // a response from below: reported unless it was awaited
  // One cycle's stages, in tick order (Cache.cpp).
  void processFills(Cycle t);
  void sendBelow(Cycle t);
  void enter(const Waiter& w, Cycle t);
  void drainPipeline(Cycle t);
  void processInput(Cycle t);
  void sendHitResponses(Cycle t);
  bool scheduleNext(Cycle t);
  void complete(std::uint32_t entry, Cycle t);
  [[gnu::cold]] void timelineMiss(std::uint32_t entry, Cycle t);  // allocated at t
  void respond(const Waiter& w, Cycle t);
  void takeHeld(Cycle t);
  void refuse(const Waiter& w, Stall s);
  void updateSaturation(Cycle t);

  // The lookup and its outcomes (CacheAccess.cpp). Each returns Stall::None when the request
  // was handled, else the reservation that failed, having changed nothing.
  Stall access(const Waiter& w, Cycle t);
  // follow and read: inlined into access, their one caller (doc/performance.md, stop 49).
  [[gnu::always_inline]] inline Stall follow(WritePolicyPath::Path path, const Lookup& k, Cycle t);
  [[gnu::always_inline]] inline Stall read(const Lookup& k, Cycle t);
  Stall writeBack(const Lookup& k, Cycle t);
  Stall writeAround(const Lookup& k, bool invalidateOnHit, Cycle t);
  Stall atomicBelow(const Lookup& k, Cycle t);
  Stall merge(std::uint32_t entry, const Lookup& k, bool dirty);
  Stall newMiss(const Lookup& k, bool allocateLine, bool dirtyOnFill, bool fetch, Cycle t);
  Stall installWithoutFetch(const Lookup& k, Cycle t);
  void hit(const Lookup& k);
  void countMiss(const Lookup& k);
  void respondAfterHit(const Waiter& w, Cycle t);
  static OwnerWarp ownerOf(const GpuRequest& r) { return OwnerWarp{r.sm, r.warp}; }

  // What a tick reads, together after the parameters: a cache ticks between other blocks'
  // ticks, which evict it from the host's data cache (doc/performance.md, stop 45).
  CacheParams params_;
  Watchdog& watchdog_;
  TimedQueue<Waiter> input_;         // accepted requests, visible the cycle after acceptance
  TimedQueue<Waiter> pipeline_;      // accepted, in the access pipeline (access_latency > 0)
  TimedQueue<Waiter> hitResponses_;  // due at lookup + hit_latency - 1 (monotonic)
  MissQueue missQueue_;              // our payloads for below
  FillQueue fills_;                  // responses from below, visible the cycle after arrival
  RequestSender below_;              // what goes below; held while below withholds END_REQ
  bool lookupMayChange_ = true;      // false from a stalled lookup until a fill or a send below
  bool wasSaturated_ = false;
  Cycle saturatedSince_ = 0;
  HeldRequests held_{1};  // the sender's request, refused while the input queue was full
  RequestLedger ledger_;  // requests taken and answered, sent below and answered
  MshrTable mshrs_;
  TagArray tags_;
  WritePolicyPath writePath_;  // which path a request takes under params_.writePolicy
  CacheStats stats_;           // before the parts that count into it
  LineInstaller installer_;    // what a reservation, fill or push does to the tags
  StallEpisodes stall_;        // why the head of the input queue waits, and since when
  MissObserver missObserver_;
  SaturationObserver saturationObserver_;
  AccessObserver accessObserver_;
  // --timeline, else nullptr; last, away from what every cycle touches.
  Timeline* timeline_ = nullptr;
  std::vector<std::uint64_t> missSincePs_;   // per MSHR entry
  std::vector<Timeline::Track> missTracks_;  // per MSHR entry, made on first use
};

}  // namespace warpsim
