// The SM's cycle classification (OWL section 3) and its account of what each warp waits on.
#include <algorithm>
#include <ostream>
#include <sstream>
#include <string>

#include "warpsim/sm/Sm.h"

namespace warpsim {

// A cycle without issue, classified (OWL section 3). A warp waits on memory when its next
// instruction needs a pending long-latency load, when it is a memory instruction the LSU cannot
// take, or when the warp has exited with stores or loads still outstanding. MemoryBlock: every
// resident warp waits on memory. Otherwise a warp that could have issued (no hazard, unit free)
// means the scheduling policy held it back; a hazard-free warp whose unit was busy makes it a
// pipeline stall; anything else (ALU results, barriers, fetch) a dependency stall.
SmStats::Category Sm::classify() const {
  if (resident_ == 0) return SmStats::Category::NoWarp;
  const std::uint64_t onMemory = waitsOnMem_ | drainingMem_ | (lsu.canAccept() ? 0 : nextMem_);
  if ((resident_ & ~onMemory) == 0) return SmStats::Category::MemoryBlock;
  const Cycle cycle = Clocked::now();
  for (std::uint32_t s = 0; s < params_.schedulers; ++s)
    if (readyIn(s, cycle)) return SmStats::Category::SchedulerHold;
  std::uint64_t eligible = 0;
  for (std::uint64_t m : eligibleBy_) eligible |= m;
  return eligible ? SmStats::Category::PipelineStall : SmStats::Category::DependencyStall;
}

// A cycle the SM did not tick (it slept) is of the category of the last one it ticked. The
// cycles are added to the statistics a run at a time, not one per tick.
void Sm::account(Cycle cycle, SmStats::Category c) {
  if (c != runCategory_) {
    if (cycle > runStart_) stats_.add(runCategory_, cycle - runStart_);  // the run ends
    runStart_ = cycle;
    runCategory_ = c;
  }
  accountedEnd_ = cycle + 1;
}

void Sm::accountUntil(Cycle end) {
  const Cycle upTo = std::max(end, accountedEnd_);
  if (upTo > runStart_) stats_.add(runCategory_, upTo - runStart_);
  runStart_ = accountedEnd_ = upTo;
}

std::string Sm::describeWarp(std::uint32_t i) const {
  const Warp& w = warps_[i];
  const WarpState& s = states_[i];
  const CtaSlot& c = ctas_[s.ctaSlot];
  std::ostringstream os;
  if (w.atBarrier)
    os << "at barrier (" << c.arrived << "/" << c.alive << " of its CTA arrived)";
  else if (w.finishedIssuing())
    os << "exited, draining";
  else if (!s.hasInst)
    os << "instruction buffer empty";
  else if (!s.eligible)
    os << "pc " << w.ibuf.front().pc << " waits on a register"
       << (s.waitsOnMem ? " of a pending load" : "");
  else
    os << "pc " << w.ibuf.front().pc << " ready";
  os << "; " << w.memPending << " memory instructions and " << w.aluPending << " results in flight";
  return os.str();
}

// One line per run of consecutive warps in the same state, so a stuck 48-warp SM reads at a
// glance.
void Sm::describeWaits(std::ostream& os) const {
  if (resident_ == 0) return;
  os << name() << ": " << __builtin_popcountll(resident_) << " resident warps\n";
  std::string runText;
  std::uint32_t runFirst = 0, runLast = 0;
  auto flush = [&] {
    if (runText.empty()) return;
    os << "  warp" << (runFirst == runLast ? " " : "s ") << runFirst;
    if (runLast != runFirst) os << "-" << runLast;
    os << ": " << runText << "\n";
  };
  for (std::uint64_t m = resident_; m != 0; m &= m - 1) {
    const auto i = static_cast<std::uint32_t>(__builtin_ctzll(m));
    std::string text = describeWarp(i);
    if (text == runText && i == runLast + 1) {
      runLast = i;
      continue;
    }
    flush();
    runText = std::move(text);
    runFirst = runLast = i;
  }
  flush();
}

}  // namespace warpsim
