#include "warpsim/cache/LineInstaller.h"

namespace warpsim {

void LineInstaller::evict(std::uint32_t set, std::uint32_t way, Cycle t) {
  const CacheLine& v = tags_.line(set, way);
  if (v.state != LineState::Valid) return;
  stats_.evictions.inc();
  if (v.prefetched) stats_.prefetchUseless.inc();
  if (v.dirty) {
    missQueue_.pushWriteback(v, t);
    stats_.writebacks.inc();
  }
  if (evictionObserver_) evictionObserver_(v.lineAddr, v.owner);
}

void LineInstaller::reserve(std::uint32_t set, std::uint32_t way, Addr line, OwnerWarp owner,
                            Cycle t) {
  evict(set, way, t);
  tags_.install(set, way, line, LineState::Reserved, owner);
}

void LineInstaller::installDirty(std::uint32_t set, std::uint32_t way, Addr line, OwnerWarp owner,
                                 Cycle t) {
  evict(set, way, t);
  tags_.install(set, way, line, LineState::Valid, owner);
  tags_.setDirty(set, way);
}

void LineInstaller::fill(Addr line, bool dirty, OwnerWarp owner, Cycle t) {
  const std::uint32_t set = tags_.setOf(line);
  std::uint32_t way = tags_.find(set, line);
  if (way == TagArray::kNoWay) {
    way = tags_.victim(set);
    if (way == TagArray::kNoWay) return;
    evict(set, way, t);
    tags_.install(set, way, line, LineState::Valid, owner);
  } else {
    tags_.fill(set, way);
  }
  if (dirty) tags_.setDirty(set, way);
  stats_.fills.inc();
}

void LineInstaller::installPrefetch(Addr line, bool firstOut, Cycle t) {
  const std::uint32_t set = tags_.setOf(line);
  const std::uint32_t present = tags_.find(set, line);
  const std::uint32_t way = present == TagArray::kNoWay ? tags_.victim(set) : TagArray::kNoWay;
  if (way == TagArray::kNoWay) {
    stats_.prefetchDropped.inc();
    if (present != TagArray::kNoWay &&
        tags_.line(set, present).state == LineState::Reserved)  // the demand went first
      stats_.prefetchLate.inc();
    return;
  }
  if (writesBack(set, way)) stats_.prefetchWritebacks.inc();
  evict(set, way, t);
  tags_.install(set, way, line, LineState::Valid, OwnerWarp{}, firstOut);
  tags_.setPrefetched(set, way, true);
  stats_.prefetchFills.inc();
}

}  // namespace warpsim
