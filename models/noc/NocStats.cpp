#include "warpsim/noc/NocStats.h"

#include "warpsim/stats/StatsRegistry.h"

namespace warpsim::noc {

void NocStats::registerWith(StatsRegistry& s, const std::string& prefix) const {
  s.addCounter(prefix + ".request_packets", packets[kRequestVc]);
  s.addCounter(prefix + ".response_packets", packets[kResponseVc]);
  s.addCounter(prefix + ".request_flits", flits[kRequestVc]);
  s.addCounter(prefix + ".response_flits", flits[kResponseVc]);
  s.addCounter(prefix + ".injection_stalls", injectionStalls);
  s.addHistogram(prefix + ".request_latency", latency[kRequestVc]);
  s.addHistogram(prefix + ".response_latency", latency[kResponseVc]);
  s.addHistogram(prefix + ".hops", hops);
  s.addCounter(prefix + ".cycles", cycles);
}

}  // namespace warpsim::noc
