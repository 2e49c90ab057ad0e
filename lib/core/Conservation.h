#pragma once
// Conservation at the end of every run (doc/reliability.md): each block says which of its
// invariants do not hold. A run that finished must leave every block empty and every request
// answered exactly once; a run stopped by the cycle limit is checked for agreeing counters only.
// The platforms stop with exit code 3, and write no statistics, on any violation.
#include <cstdint>
#include <string>
#include <vector>

namespace warpsim {

// A block's count of the requests on its TLM sockets, kept outside its statistics (so that the
// statistics files do not change): as a target, requests taken and answered; as an initiator,
// requests sent and answers received. Unsolicited pushes (OWL 4.4's prefetch fills) are no
// answers and are not counted.
struct RequestLedger {
  std::uint64_t taken = 0, answered = 0;
  std::uint64_t sent = 0, received = 0;
};

class ConservationCheck {
 public:
  // `drained`: the run finished, so every block must hold nothing.
  explicit ConservationCheck(bool drained) : drained_(drained) {}
  bool drained() const { return drained_; }

  // Records "WHERE: NAME_A = A, NAME_B = B" unless a == b.
  void equal(const std::string& where, const char* nameA, std::uint64_t a, const char* nameB,
             std::uint64_t b);
  // Records "WHERE: WHAT" unless ok.
  void require(bool ok, const std::string& where, const std::string& what);
  // Never more answers than requests; when drained, exactly one answer per request.
  void ledger(const std::string& where, const RequestLedger& l);

  // Takes `other`'s violations as its own.
  void add(const ConservationCheck& other) {
    violations_.insert(violations_.end(), other.violations_.begin(), other.violations_.end());
  }

  bool ok() const { return violations_.empty(); }
  const std::vector<std::string>& violations() const { return violations_; }
  // One line per violation, under a header naming the run's state.
  std::string report() const;

 private:
  bool drained_;
  std::vector<std::string> violations_;
};

}  // namespace warpsim
