#pragma once
#include <array>
#include <cstdint>

#include "warpsim/sched/CtaGroups.h"
#include "warpsim/sched/IWarpSchedulingPolicy.h"

namespace warpsim {

class Config;
class ConfigSchema;

// The option of OWL's CTA-aware schedulers (section [sched]), shared by the entries cta-aware,
// cta-aware-locality, cta-aware-locality-blp and owl: g_size of OWL Algorithm 1, the minimum
// warps per CTA group and issue slot. OWL 5.2 found 8 best (the 5 pipeline stages of 4.1 are
// the lower bound).
struct CtaAwareParams {
  std::uint32_t groupSize = 8;

  // Adds sched.owl_group_size unless `schema` has it already: each of the four entries declares
  // it, and a schema holds it once.
  static void declare(ConfigSchema& schema);
  static CtaAwareParams load(const Config& config);
};

// OWL's CTA-aware warp schedulers (Jog et al., ASPLOS'13, §4.1-4.3, Algorithm 1). The CTAs on
// the SM form groups of at least `minGroupWarps` warps (FORM_GROUPS); warps of one group are
// ordered round-robin (§4.1), and groups by the scheme:
//  - CtaAware (§4.1): one current group first; the others, round-robin after it, only while
//    every warp of the current group waits for data; the current group changes when another
//    group's warp issues then.
//  - CtaAwareLocality (§4.2): g_pri = g_num: the oldest group first.
//  - CtaAwareLocalityBlp (§4.3): g_pri = (g_num - core_ID) mod g_core.
// A group is kept, with its number and priority, until all its CTAs have finished; CTAs that
// arrive later join the youngest group while it has fewer than n CTAs, else form new groups
// (README.md, "Re-forming"). Algorithm 1: "the scheduler cannot choose warps from different
// group(s) unless all warps of the already-chosen group are blocked because of unavailability
// of data", so a lower group's warps are offered only while every warp of each group above it
// waits on memory, at a barrier, or has finished; an ALU hazard or a busy unit does not let a
// lower group in. Groups span the whole SM (OWL's core has one scheduler).
class CtaAwarePolicy : public IWarpSchedulingPolicy {
 public:
  CtaAwarePolicy(CtaScheme scheme, std::uint32_t minGroupWarps, SmId core);

  void order(const SchedView& view, std::uint64_t slotWarps, std::vector<WarpId>& order) override;
  // order()'s first warp, found group by group as order() offers them (and with the same note
  // of whether the current group waits for data); nothing when order() is empty.
  std::optional<WarpId> firstReady(const SchedView& view, std::uint64_t slotWarps) override;
  void issued(WarpId w, const WarpInst& inst) override;

  // The live groups, oldest first (for tests and diagnosis): how many, the warps (SM-wide) of
  // the i-th, its group number g_num, and (CtaAware) the position of the current one.
  std::uint32_t groupCount() const { return live_; }
  std::uint64_t groupWarps(std::uint32_t i) const { return groups_[i].warps; }
  std::uint64_t groupNumber(std::uint32_t i) const { return groups_[i].number; }
  std::uint32_t currentGroup() const { return current_; }
  // g_core of Algorithm 1 for the CTAs the core has held at once in this kernel.
  std::uint32_t groupsPerCore() const { return gCore_; }

 private:
  static constexpr std::uint32_t kMax = 64;
  static constexpr std::uint8_t kNoGroup = 0xff;
  static constexpr std::uint64_t kNone = ~std::uint64_t{0};
  struct Group {
    std::uint64_t number = 0;  // g_num: formation order on this core
    std::uint64_t warps = 0;
    std::uint32_t ctas = 0;
    std::uint32_t full = 0;   // CTAs it takes before new arrivals start a new group
    std::uint32_t k = 0;      // warps per CTA of its kernel
    std::uint8_t rrNext = 0;  // the warp after its last issuer
  };
  struct Resident;  // the CTAs found on the SM at a regroup (CtaAwarePolicy.cpp)
  void regroup(const SchedView& view);
  void addArrivals(const Resident& r, const std::uint8_t* fresh, std::uint32_t count);
  void prioritise();
  void appendGroup(std::uint32_t i, std::uint64_t ready, std::vector<WarpId>& out) const;
  std::optional<WarpId> firstOfGroup(std::uint32_t i, std::uint64_t ready) const;
  static bool waitsForData(const SchedView& view, std::uint64_t warps);

  CtaScheme scheme_;
  std::uint32_t minGroupWarps_;
  std::uint32_t core_;
  bool formed_ = false;
  std::uint64_t epoch_ = 0;
  std::array<Group, kMax> groups_{};  // live groups, oldest first
  std::uint32_t live_ = 0;
  std::uint64_t nextNumber_ = 0;
  std::uint32_t gCore_ = 1, mostCtas_ = 0;
  std::array<std::uint64_t, kMax> slotAge_{};    // CTA slot -> age of the CTA it held
  std::array<std::uint64_t, kMax> slotGroup_{};  // CTA slot -> its group's number, or kNone
  std::array<std::uint8_t, kMax> groupOf_{};     // warp -> position of its group
  std::array<std::uint8_t, kMax> byPriority_{};  // priority position -> group position
  std::uint64_t grouped_ = 0;                    // warps in some group
  std::uint32_t current_ = 0;                    // CtaAware: position of the group being run
  std::uint64_t currentNumber_ = 0;              // and its number, to find it after a regroup
  bool currentBlocked_ = false;  // every warp of it waited for data at the last order()
};

}  // namespace warpsim
