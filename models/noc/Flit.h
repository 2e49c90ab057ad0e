#pragma once
// What the mesh carries: packets cut into flits, the per-VC flit buffers of router inputs and
// network interfaces, and credit counters (routers and network interfaces hand each other flits
// and credits by direct calls: Router.h). A packet is stored once, in its fabric's PacketPool,
// from the cycle its first flit leaves its source interface until its destination hands it on;
// a flit carries the packet's index and what a router needs (8 bytes).
#include <cstddef>
#include <cstdint>
#include <vector>

#include "warpsim/core/Ids.h"

namespace warpsim::noc {

// Virtual channels, one per message class: a response never waits behind a request.
enum Vc : std::uint8_t { kRequestVc = 0, kResponseVc = 1 };
constexpr std::uint32_t kVcs = 2;

// A packet as its source network interface received it.
struct Packet {
  void* payload = nullptr;   // the tlm payload (or a test token): carried, never copied
  std::uint32_t target = 0;  // endpoint at the destination node (SM port or partition)
  std::uint16_t src = 0;     // source node
  std::uint16_t dest = 0;    // destination node
  std::uint16_t flits = 1;   // head + body + tail
  std::uint8_t vc = kRequestVc;
  std::uint8_t srcCol = 0, srcRow = 0;  // the source's place (filled in with src): for the hops
  Cycle injectedAt = 0;                 // icnt cycle the source network interface accepted it
};

// A flit: its packet (an index into the PacketPool), where it goes, its VC, and whether it
// opens or closes its packet (a one-flit packet does both). Routers read nothing else.
struct Flit {
  enum Ends : std::uint8_t { kHead = 1, kTail = 2 };
  std::uint32_t packet = 0;
  std::uint16_t dest = 0;
  std::uint8_t vc = kRequestVc;
  std::uint8_t ends = 0;
  bool head() const { return (ends & kHead) != 0; }
  bool tail() const { return (ends & kTail) != 0; }
};

// The packets in the mesh, by index; a slot is reused once its packet is delivered. A packet
// holds at least one flit slot of some buffer from its first flit's departure to its delivery,
// so the mesh's flit slots bound the packets in it: reserve that many and the pool does not
// allocate during a run.
class PacketPool {
 public:
  void reserve(std::size_t packets) {
    slots_.reserve(packets);
    free_.reserve(packets);
  }
  std::uint32_t add(const Packet& p) {
    if (free_.empty()) {
      slots_.push_back(p);
      return static_cast<std::uint32_t>(slots_.size() - 1);
    }
    const std::uint32_t i = free_.back();
    free_.pop_back();
    slots_[i] = p;
    return i;
  }
  const Packet& operator[](std::uint32_t i) const { return slots_[i]; }
  void release(std::uint32_t i) { free_.push_back(i); }

 private:
  std::vector<Packet> slots_;
  std::vector<std::uint32_t> free_;
};

// A FIFO of flits, each visible from a cycle (the cycle its pipeline or link delay ends).
// Fixed capacity: pushes never allocate.
class FlitQueue {
 public:
  explicit FlitQueue(std::uint32_t capacity = 1) : capacity_(capacity) {
    std::uint32_t n = 1;
    while (n < capacity) n *= 2;
    slots_.resize(n);
    mask_ = n - 1;
  }
  bool empty() const { return size_ == 0; }
  bool full() const { return size_ == capacity_; }
  std::uint32_t size() const { return size_; }
  void push(const Flit& f, Cycle visibleAt) {
    slots_[(head_ + size_) & mask_] = Entry{f, visibleAt};
    ++size_;
  }
  const Flit& front() const { return slots_[head_].flit; }
  Cycle frontVisibleAt() const { return slots_[head_].visibleAt; }
  // Entry i from the front (i < size()).
  const Flit& at(std::uint32_t i) const { return slots_[(head_ + i) & mask_].flit; }
  Cycle visibleAt(std::uint32_t i) const { return slots_[(head_ + i) & mask_].visibleAt; }
  void pop() {
    head_ = (head_ + 1) & mask_;
    --size_;
  }

 private:
  struct Entry {
    Flit flit;
    Cycle visibleAt = 0;
  };
  std::vector<Entry> slots_;  // a power of two: indices wrap with a mask
  std::uint32_t capacity_, mask_ = 0, head_ = 0, size_ = 0;
};

// The credits an output holds for one VC of the input it feeds: one per free flit slot there.
// A credit returned at cycle t is usable from t + 1 (the credit's own wire delay); as every
// credit has the same delay, at most one group is in flight at a time.
class CreditCounter {
 public:
  void reset(std::uint32_t credits) { credits_ = credits; }
  // Credits usable at `now`: the group in flight counts once due. Read only (a router asks this
  // of every waiting flit each cycle); the group is folded in when a credit is taken or given.
  std::uint32_t available(Cycle now) const {
    return credits_ + (inFlight_ & (0u - std::uint32_t{inFlightAt_ <= now}));
  }
  // Takes one of the credits usable at `now` (available(now) > 0).
  void take(Cycle now) {
    settle(now);
    --credits_;
  }
  // `n` credits usable from visibleAt; returns whether none was usable the cycle before (a flit
  // waiting for one made its holder sleep, so the credits must wake it).
  bool give(Cycle visibleAt, std::uint32_t n) {
    settle(visibleAt - 1);
    const bool starved = credits_ == 0;
    inFlight_ += n;
    inFlightAt_ = visibleAt;
    return starved;
  }
  // When the credits in flight become usable, if later than `now` (0: none in flight).
  Cycle inFlightAt(Cycle now) const {
    return inFlight_ != 0 && inFlightAt_ > now ? inFlightAt_ : 0;
  }

 private:
  // Folds the credits in flight once they are due (by selects: whether they are is data).
  void settle(Cycle now) {
    const std::uint32_t due = inFlight_ & (0u - std::uint32_t{inFlightAt_ <= now});
    credits_ += due;
    inFlight_ -= due;
  }
  std::uint32_t credits_ = 0, inFlight_ = 0;
  Cycle inFlightAt_ = 0;
};

}  // namespace warpsim::noc
