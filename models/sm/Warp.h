#pragma once
// The per-warp state of an SM: the stream it executes, its instruction buffer and scoreboard.
#include <memory>
#include <vector>

#include "warpsim/sched/IWarpSchedulingPolicy.h"
#include "warpsim/sm/LecTable.h"
#include "warpsim/sm/Scoreboard.h"
#include "warpsim/workload/IWarpStream.h"

namespace warpsim {

// A small FIFO of decoded instructions (the I-buffer, 2 entries per warp by default).
class InstBuffer {
 public:
  explicit InstBuffer(std::size_t entries = 2) : slots_(entries) {}
  bool empty() const { return size_ == 0; }
  bool full() const { return size_ == slots_.size(); }
  WarpInst& back() {  // the slot to fill
    const std::size_t i = head_ + size_;
    return slots_[i < slots_.size() ? i : i - slots_.size()];
  }
  void commitBack() { ++size_; }
  const WarpInst& front() const { return slots_[head_]; }
  void pop() {
    if (++head_ == slots_.size()) head_ = 0;
    --size_;
  }
  void clear() { head_ = size_ = 0; }

 private:
  std::vector<WarpInst> slots_;
  std::size_t head_ = 0, size_ = 0;
};

struct Warp {
  explicit Warp(std::size_t ibufferEntries) : ibuf(ibufferEntries) {}

  std::unique_ptr<IWarpStream> stream;
  InstBuffer ibuf;
  Scoreboard scoreboard;
  std::uint32_t warpInCta = 0;
  LecTable lec;             // load execution counts per PC (GpuRequest::lec)
  bool streamDone = false;  // the stream returned its last instruction
  bool exitIssued = false;
  bool atBarrier = false;
  bool inFence = false;  // a fence issued and its latency has not passed
  // Fetched into ibuf.back() but not yet committed: its instruction line arrives at fetchReadyAt.
  bool fetchPending = false;
  Cycle fetchReadyAt = 0;
  std::uint32_t memPending = 0;  // memory instructions in the LSU or the memory system
  std::uint32_t aluPending = 0;  // results in flight in SP/SFU/DP pipelines

  // Nothing more to issue: the warp retires once its results are in.
  bool finishedIssuing() const { return exitIssued || (streamDone && ibuf.empty()); }
  bool drained() const { return memPending == 0 && aluPending == 0; }
};

}  // namespace warpsim
