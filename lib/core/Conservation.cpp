#include "warpsim/core/Conservation.h"

namespace warpsim {

void ConservationCheck::equal(const std::string& where, const char* nameA, std::uint64_t a,
                              const char* nameB, std::uint64_t b) {
  if (a == b) return;
  violations_.push_back(where + ": " + nameA + " = " + std::to_string(a) + ", but " + nameB +
                        " = " + std::to_string(b));
}

void ConservationCheck::require(bool ok, const std::string& where, const std::string& what) {
  if (!ok) violations_.push_back(where + ": " + what);
}

void ConservationCheck::ledger(const std::string& where, const RequestLedger& l) {
  require(l.answered <= l.taken, where,
          "answered " + std::to_string(l.answered) + " requests but took only " +
              std::to_string(l.taken) + " (a duplicated response)");
  require(l.received <= l.sent, where,
          "received " + std::to_string(l.received) + " answers to " + std::to_string(l.sent) +
              " requests sent (a duplicated or foreign response)");
  if (!drained_) return;
  equal(where, "requests taken", l.taken, "answered", l.answered);
  equal(where, "requests sent below", l.sent, "answers received", l.received);
}

std::string ConservationCheck::report() const {
  std::string out = std::string("warpsim: conservation check failed at the end of the run (") +
                    (drained_ ? "finished: every block must be empty" : "stopped early") + "):\n";
  for (const std::string& v : violations_) out += "  " + v + "\n";
  return out;
}

}  // namespace warpsim
