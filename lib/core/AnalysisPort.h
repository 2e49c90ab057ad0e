#pragma once
// A tlm_analysis_port that knows whether anything is bound, so that a block writes to it only
// when observed: an unbound tap costs one predictable branch (doc/architecture.md section 3:
// observers subscribe to analysis ports and never sit on the request path).
#include <tlm>

namespace warpsim {

template <typename T>
class AnalysisPort : public tlm::tlm_analysis_port<T> {
 public:
  explicit AnalysisPort(const char* name) : tlm::tlm_analysis_port<T>(name) {}
  void bind(tlm::tlm_analysis_if<T>& observer) override {
    tlm::tlm_analysis_port<T>::bind(observer);
    ++bound_;
  }
  bool unbind(tlm::tlm_analysis_if<T>& observer) override {
    const bool removed = tlm::tlm_analysis_port<T>::unbind(observer);
    if (removed) --bound_;
    return removed;
  }
  bool bound() const { return bound_ != 0; }

 private:
  unsigned bound_ = 0;
};

}  // namespace warpsim
