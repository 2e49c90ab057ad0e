#include "predictor/PredictionObserver.h"

#include <stdexcept>

#include "core/GpuRequest.h"
#include "predictor/CtaAwarePredictor.h"
#include "predictor/ObservationTable.h"
#include "stats/StatsRegistry.h"

namespace warpsim {

std::unique_ptr<IAddressPredictor> makePredictor(const std::string& kind, const PredictorParams& p,
                                                 std::uint32_t sms) {
  if (kind == "cooperative")
    return std::make_unique<ObservationTable>(p.entries, p.mispredictThreshold, true);
  if (kind == "cooperative-nolec")
    return std::make_unique<ObservationTable>(p.entries, p.mispredictThreshold, false);
  if (kind == "cta-aware") return std::make_unique<CtaAwarePredictor>(sms, p.mispredictThreshold);
  throw std::logic_error("makePredictor: unknown kind " + kind);
}

PredictionObserver::PredictionObserver(sc_core::sc_module_name name, const PredictorParams& params,
                                       std::uint32_t sms, StatsRegistry& stats)
    : sc_core::sc_module(name) {
  for (const std::string& kind : params.kinds) {
    auto t = std::make_unique<Track>();
    t->kind = kind;
    t->predictor = makePredictor(kind, params, sms);
    const std::string p = std::string(this->name()) + "." + kind;
    stats.addCounter(p + ".loads", t->loads);
    stats.addCounter(p + ".predictions", t->predictions);
    stats.addCounter(p + ".correct", t->correct);
    stats.addRatio(p + ".pcov", t->predictions, t->loads);
    stats.addRatio(p + ".pacc", t->correct, t->predictions);
    tracks_.push_back(std::move(t));
  }
}

void PredictionObserver::expect(const Workload& workload) {
  grids_.clear();
  for (const KernelDesc& k : workload.kernels) grids_.push_back(k.grid);
  kernel_ = 0;
  startKernel();
}

void PredictionObserver::kernelDone() {
  ++kernel_;
  startKernel();
}

void PredictionObserver::startKernel() {
  if (kernel_ >= grids_.size()) return;
  for (auto& t : tracks_) t->predictor->startKernel(grids_[kernel_]);
}

void PredictionObserver::write(const tlm::tlm_generic_payload& trans) {
  const GpuRequest& r = GpuRequest::of(trans);
  if (r.kind != ReqKind::Load || r.space != ReqSpace::Global || r.has(GpuRequest::kPrefetch))
    return;
  const LoadObservation o = LoadObservation::of(r);
  for (auto& t : tracks_) {
    t->loads.inc();
    const IAddressPredictor::Verdict v = t->predictor->observe(o);
    if (v == IAddressPredictor::Verdict::None) continue;
    t->predictions.inc();
    if (v == IAddressPredictor::Verdict::Correct) t->correct.inc();
  }
}

}  // namespace warpsim
