#pragma once
// A SIMT core (CCWS section 2, Mascar section II): fetch into per-warp instruction buffers,
// scoreboard, one or more issue slots each with its own warp scheduling policy, SP/SFU/DP
// pipelines, barriers, and an LSU. Each core cycle is classified as OWL section 3 does.
#include <array>
#include <memory>
#include <vector>

#include <systemc>

#include "warpsim/cache/Cache.h"
#include "warpsim/cache/VictimTagArray.h"
#include "warpsim/core/ClockDomain.h"
#include "warpsim/core/Clocked.h"
#include "warpsim/core/TimedQueue.h"
#include "warpsim/core/Watchdog.h"
#include "warpsim/cta/ICtaHost.h"
#include "warpsim/interfaces/ILostLocalitySink.h"
#include "warpsim/lsu/Lsu.h"
#include "warpsim/sched/PolicyRegistry.h"
#include "warpsim/sched/WarpScheduler.h"
#include "warpsim/sm/InstCache.h"
#include "warpsim/sm/SmParams.h"
#include "warpsim/sm/SmStats.h"
#include "warpsim/sm/Warp.h"
#include "warpsim/stats/Timeline.h"

namespace warpsim {

// The parameters of an SM and of the blocks it contains.
struct SmParts {
  SmParams sm;
  LsuParams lsu;
  CacheParams l1d, l1t, l1c;
};

// What an SM uses of the GPU around it.
struct SmServices {
  PayloadPool& pool;
  ICtaListener& listener;
  Watchdog& watchdog;
  StatsRegistry& stats;
  SmStats* total = nullptr;  // the GPU's sum over its SMs (gpu.sm_total), if any
  const ReplacementRegistry* replacements = nullptr;  // nullptr: the built-in policies
  const ReplacementRegistry& replacement() const {
    return replacements ? *replacements : ReplacementRegistry::builtins();
  }
};

class Sm : public sc_core::sc_module,
           public Clocked,
           public ICtaHost,
           public ILsuClient,
           public IDiagnosable {
 public:
  // The LSU's sockets are bound to the L1D, L1T and L1C here; their downstream sockets are the
  // SM's ways out to the interconnect.
  Sm(sc_core::sc_module_name name, SmId id, const SmParts& parts,
     std::vector<std::unique_ptr<IWarpSchedulingPolicy>> policies, const SmServices& services);

  Lsu lsu;
  Cache l1d;
  Cache l1t;
  Cache l1c;

  SmId id() const { return id_; }
  // The SM's ways out, in interconnect port order (IInterconnect::bindSmPort): L1D, L1T, L1C.
  std::array<Cache*, 3> l1s() { return {&l1d, &l1t, &l1c}; }
  void launchCta(const KernelDesc& kernel, CtaId cta) override;
  bool tick() override;
  void memInstDone(WarpId w, Reg dst) override;
  void lsuFreed() override { wake(); }
  void describeWaits(std::ostream& os) const override;
  std::string describeWarp(std::uint32_t warp) const;
  // Accounts the cycles before `end` that passed while the SM slept (in the category of the
  // last cycle it ticked), so that statistics read now cover every cycle before `end`.
  void accountUntil(Cycle end);
  const SmStats& stats() const { return stats_; }
  // --timeline (doc/observability.md): a track per warp slot (what it does and why it waits)
  // and per CTA slot (CTA lifetimes), and the L1s' miss tracks. Call before sc_start().
  void attachTimeline(Timeline& timeline);

 private:
  // A warp slot's track: the state shown since `sincePs`; back-to-back issues are one "issue"
  // span, and the state noted meanwhile (`after`) follows it.
  struct SlotTrack {
    Timeline::Track track = 0;
    const char* state = nullptr;  // nullptr: no warp
    const char* after = nullptr;
    std::uint64_t sincePs = 0, issueEndPs = 0, issues = 0;
  };
  struct CtaSlot {
    bool used = false;
    const KernelDesc* kernel = nullptr;
    CtaId cta;
    Dim3 coord;
    std::uint32_t alive = 0;    // warps not yet retired
    std::uint32_t arrived = 0;  // warps waiting at the barrier
  };
  struct Result {
    WarpId warp;
    Reg reg;
  };
  void writeback();
  bool fetch();
  bool commitArrivedFetches(Cycle cycle);
  bool issue(std::uint32_t slot);
  bool tryIssue(WarpId w, std::uint32_t slot);
  void issueMem(Warp& w, WarpId id, const WarpInst& in);
  std::uint64_t readyIn(std::uint32_t slot, Cycle cycle) const;
  enum Unit { kSp, kSfu, kDp, kMem, kCtrl, kTensor, kFence, kUnits };
  static Unit unitOf(OpClass op);
  std::array<TimedQueue<Result>*, 5> resultQueues() {
    return {&spResults_, &sfuResults_, &dpResults_, &tensorResults_, &fenceResults_};
  }
  void arriveAtBarrier(std::uint32_t ctaSlot);
  void releaseBarrierIfComplete(std::uint32_t ctaSlot);
  // Retires warp `w` if it has issued its last instruction and nothing of it is in flight, as
  // its last refreshState() found (every caller refreshes it first).
  void maybeRetire(WarpId w) {
    if ((retirable_ >> w.value()) & 1u) retire(w);
  }
  void retire(WarpId w);
  // Recomputes what schedulers see of warp `id` and whether it needs fetching; called whenever
  // its instruction buffer, scoreboard or barrier state changes.
  void refreshState(std::uint32_t id);
  [[noreturn]] void notReady(std::uint32_t slot, WarpId w) const;  // a policy's firstReady defect
  SmStats::Category classify() const;
  // CCWS §3.3.3: a victim tag array on the L1D when a slot's policy is an ILostLocalitySink.
  void attachLostLocality(StatsRegistry& stats, std::uint32_t lineSize);
  void account(Cycle cycle, SmStats::Category c);
  // The timeline's hooks (SmTimeline.cpp), called only with a timeline: cold, so that the
  // tests of timeline_ on the hot path are all they cost when it is off.
  std::uint64_t nowPs() const { return Clocked::now() * domain().periodPs(); }
  [[gnu::cold]] const char* timelineState(std::uint32_t id) const;
  [[gnu::cold]] void timelineNote(std::uint32_t id);
  [[gnu::cold]] void timelineIssued(std::uint32_t id);
  void timelineSettle(SlotTrack& t, std::uint64_t ps);
  void timelineClose(const SlotTrack& t, std::uint32_t id, std::uint64_t ps);
  [[gnu::cold]] void timelineCta(std::uint32_t ctaSlot, bool launched);

  SmId id_;
  SmParams params_;
  std::vector<std::unique_ptr<WarpScheduler>> schedulers_;  // one per issue slot
  ICtaListener& listener_;
  Watchdog& watchdog_;
  std::vector<Warp> warps_;
  std::vector<WarpState> states_;  // what schedulers see, kept apart: scanned every cycle
  SchedView view_;
  std::uint64_t resident_ = 0;   // bit w: warp slot w holds a warp (sm.max_warps <= 64)
  std::uint64_t needFetch_ = 0;  // bit w: warp w's instruction buffer has room and code left
  // Masks over warp slots, kept by refreshState(): eligible warps by the unit their next
  // instruction needs, and what the cycle classification asks.
  std::array<std::uint64_t, kUnits> eligibleBy_{};
  std::array<std::uint8_t, 64> eligibleUnit_;  // per warp: the eligibleBy_ mask holding it
  std::uint64_t nextMem_ = 0;                  // next instruction is a memory instruction
  std::uint64_t waitsOnMem_ = 0;               // next instruction needs a pending long-latency load
  std::uint64_t retirable_ = 0;    // resident, finished issuing, no result or memory in flight
  std::uint64_t drainingMem_ = 0;  // finished issuing, memory instructions outstanding
  std::vector<CtaSlot> ctas_;
  std::vector<std::uint64_t> slotWarps_;  // bit w: resident warp w belongs to this issue slot
  std::vector<WarpId> order_;             // scratch for the policy's ordering
  std::vector<Cycle> spFreeAt_;           // one SP pipeline per issue slot
  Cycle sfuFreeAt_ = 0, dpFreeAt_ = 0, tensorFreeAt_ = 0, fenceFreeAt_ = 0;
  TimedQueue<Result> spResults_, sfuResults_, dpResults_, tensorResults_, fenceResults_;
  static constexpr Cycle kNoCycle = ~Cycle{0};
  Cycle resultsDue_ = kNoCycle;  // the earliest front of the result queues (kNoCycle: empty)
  std::uint32_t fetchNext_ = 0;
  std::uint64_t launched_ = 0;  // warp launch counter: the age schedulers see
  SmStats stats_;
  std::unique_ptr<InstCache> il1_;             // nullptr: an ideal instruction cache
  std::uint64_t fetchWait_ = 0;                // bit w: warp w waits for its instruction line
  std::unique_ptr<VictimTagArray> vta_;        // CCWS's lost-locality detector, if wanted
  std::vector<ILostLocalitySink*> lostSinks_;  // per issue slot; nullptr: not wanted
  bool withheld_ = false;  // a ready warp was left out of its policy's order this cycle
  // The cycles [runStart_, accountedEnd_) are of category runCategory_ and not yet in stats_:
  // a run is added when the category changes or the statistics are settled (accountUntil).
  Cycle runStart_ = 0, accountedEnd_ = 0;
  SmStats::Category runCategory_ = SmStats::Category::NoWarp;  // before the first tick: no warps
  // --timeline, else nullptr; last, away from what every cycle touches.
  Timeline* timeline_ = nullptr;
  std::vector<SlotTrack> slotTracks_;
  std::vector<Timeline::Track> ctaTracks_;
  std::vector<std::uint64_t> ctaSincePs_;
};

}  // namespace warpsim
