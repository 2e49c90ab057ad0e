#pragma once
// The mesh's statistics (gpu.icnt.*), shared by its network interfaces.
#include <array>
#include <cstdint>
#include <string>

#include "warpsim/noc/Flit.h"
#include "warpsim/stats/Counter.h"
#include "warpsim/stats/Histogram.h"

namespace warpsim {
class StatsRegistry;
}

namespace warpsim::noc {

struct NocStats {
  // Per VC (request, response): packets and flits delivered, and packet latency in icnt cycles
  // from the source interface taking the packet to its tail reaching the destination's.
  std::array<Counter, kVcs> packets, flits;
  std::array<Histogram, kVcs> latency{Histogram(8, 64), Histogram(8, 64)};
  Histogram hops{1, 24};
  Counter injectionStalls;  // requests refused because their port's injection queue was full
  Counter cycles;           // icnt cycles covered (settled at kernel ends): utilisation's basis

  void registerWith(StatsRegistry& stats, const std::string& prefix) const;
};

}  // namespace warpsim::noc
