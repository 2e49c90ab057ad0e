#include "warpsim/cache/TraceReplay.h"

#include <limits>
#include <numeric>
#include <unordered_map>

namespace warpsim {
namespace {
constexpr std::uint64_t kNever = std::numeric_limits<std::uint64_t>::max();
using Kind = Cache::AccessKind;

struct Way {
  Addr line = 0;
  bool valid = false;
  std::uint64_t key = 0;  // LRU: last use; OPT: next use (kNever: none)
};

// One SM's stream: `idx` are its records in order.
void replaySm(const AccessTrace& t, const std::vector<std::size_t>& idx, ReplayPolicy policy,
              std::uint64_t& misses) {
  const TraceGeometry& g = t.geometry;
  std::vector<std::uint64_t> next(idx.size(), kNever);
  if (policy == ReplayPolicy::Opt) {
    std::unordered_map<Addr, std::uint64_t> seen;  // line -> its next position
    for (std::size_t i = idx.size(); i-- > 0;) {
      auto [it, fresh] = seen.try_emplace(t.records[idx[i]].line, i);
      if (!fresh) {
        next[i] = it->second;
        it->second = i;
      }
    }
  }
  std::vector<Way> ways(std::size_t{g.sets} * g.ways);
  const std::uint32_t shift = static_cast<std::uint32_t>(__builtin_ctz(g.lineSize));
  for (std::size_t i = 0; i < idx.size(); ++i) {
    const TraceRecord& r = t.records[idx[i]];
    Way* set = &ways[((r.line >> shift) % g.sets) * g.ways];
    Way* w = nullptr;
    for (std::uint32_t k = 0; k < g.ways; ++k)
      if (set[k].valid && set[k].line == r.line) w = &set[k];
    const std::uint64_t key = policy == ReplayPolicy::Lru ? i : next[i];
    if (r.kind == Kind::Atomic) {
      ++misses;
      if (w) w->valid = false;
      continue;
    }
    if (w) {
      if (r.kind == Kind::StoreEvict)
        w->valid = false;
      else
        w->key = key;
      continue;
    }
    ++misses;
    if (r.kind == Kind::StoreEvict || r.kind == Kind::StoreAround) continue;
    Way* victim = nullptr;
    for (std::uint32_t k = 0; k < g.ways && !victim; ++k)
      if (!set[k].valid) victim = &set[k];
    if (!victim) {  // LRU: the least recently used; OPT: the one re-referenced furthest
      victim = &set[0];
      for (std::uint32_t j = 1; j < g.ways; ++j) {
        const bool better =
            policy == ReplayPolicy::Lru ? set[j].key < victim->key : set[j].key > victim->key;
        if (better) victim = &set[j];
      }
    }
    *victim = Way{r.line, true, key};
  }
}
}  // namespace

std::uint64_t ReplayResult::totalMisses() const {
  return std::accumulate(misses.begin(), misses.end(), std::uint64_t{0});
}

ReplayResult replayTrace(const AccessTrace& t, ReplayPolicy policy) {
  const std::uint32_t sms = t.geometry.sms;
  std::vector<std::vector<std::size_t>> perSm(sms);
  for (std::size_t i = 0; i < t.records.size(); ++i) perSm[t.records[i].sm].push_back(i);
  ReplayResult res;
  res.accesses.assign(sms, 0);
  res.misses.assign(sms, 0);
  for (std::uint32_t s = 0; s < sms; ++s) {
    res.accesses[s] = perSm[s].size();
    replaySm(t, perSm[s], policy, res.misses[s]);
  }
  return res;
}

}  // namespace warpsim
