#include "warpsim/predictor/PredictionObserver.h"

#include <algorithm>
#include <stdexcept>

#include "warpsim/core/GpuRequest.h"
#include "warpsim/predictor/ObservationTable.h"
#include "warpsim/stats/StatsRegistry.h"

namespace warpsim {

PredictionObserver::PredictionObserver(sc_core::sc_module_name name, const PredictorParams& params,
                                       std::uint32_t sms, StatsRegistry& stats,
                                       const PredictorRegistry& predictors)
    : sc_core::sc_module(name), params_(params) {
  for (const std::string& kind : params.kinds) {
    auto t = std::make_unique<Track>();
    t->kind = kind;
    t->predictor = predictors.create(kind, params, sms);
    if (t->predictor->observesLsu()) t->stream = Stream::Lsu;
    if (kind == "cooperative") cooperative_ = static_cast<ObservationTable*>(t->predictor.get());
    const std::string p = std::string(this->name()) + "." + kind;
    stats.addCounter(p + ".loads", t->loads);
    stats.addCounter(p + ".predictions", t->predictions);
    stats.addCounter(p + ".correct", t->correct);
    stats.addRatio(p + ".pcov", t->predictions, t->loads);
    stats.addRatio(p + ".pacc", t->correct, t->predictions);
    tracks_.push_back(std::move(t));
  }
  if (params.prefetch) {
    const std::string p = std::string(this->name()) + ".prefetch";
    stats.addCounter(p + ".issued", tracker_.issuedCount);
    stats.addCounter(p + ".dropped", dropped_);
    stats.addCounter(p + ".useful", tracker_.useful);
    stats.addCounter(p + ".early", tracker_.early);
    stats.addCounter(p + ".late", tracker_.late);
    stats.addCounter(p + ".useless", tracker_.useless);
  }
}

void PredictionObserver::setPrefetcher(PrefetchSink sink, L2Probe inL2) {
  sink_ = std::move(sink);
  inL2_ = std::move(inL2);
}

void PredictionObserver::expect(const Workload& workload) {
  grids_.clear();
  for (const KernelDesc& k : workload.kernels) grids_.push_back(k.grid);
  kernel_ = 0;
  startKernel();
}

void PredictionObserver::kernelDone() {
  tracker_.flush();
  newestCta_ = -1;
  ++kernel_;
  startKernel();
}

void PredictionObserver::startKernel() {
  if (kernel_ >= grids_.size()) return;
  for (auto& t : tracks_) t->predictor->startKernel(grids_[kernel_]);
}

bool PredictionObserver::observesLsus() const {
  return std::any_of(tracks_.begin(), tracks_.end(),
                     [](const auto& t) { return t->stream == Stream::Lsu; });
}

void PredictionObserver::observe(const tlm::tlm_generic_payload& trans, Stream stream) {
  const GpuRequest& r = GpuRequest::of(trans);
  if (r.kind != ReqKind::Load || r.space != ReqSpace::Global || r.has(GpuRequest::kPrefetch))
    return;
  const LoadObservation o = LoadObservation::of(r);
  const bool belowL1 = stream == Stream::BelowL1;
  if (sink_ && belowL1) tracker_.demand(o.addr, inL2_(o.addr));
  // §III-C, after Jeon et al. [4]: only loads of at most four line requests per warp are
  // stored and predicted; the others are still load requests (PCOV's denominator).
  const bool predictable = r.instLines <= kPredictableLines;
  for (auto& t : tracks_) {
    if (t->stream != stream) continue;
    t->loads.inc();
    if (!predictable) continue;
    const IAddressPredictor::Verdict v = t->predictor->observe(o);
    if (v == IAddressPredictor::Verdict::None) continue;
    t->predictions.inc();
    if (v == IAddressPredictor::Verdict::Correct) t->correct.inc();
  }
  if (sink_ && cooperative_ && predictable && belowL1) prefetchFor(o, r);
}

// Beyond the paper (§V: "prefetching for warps of the next oldest thread block may result in
// timely prefetch"): for the load just seen, ask the cooperative table for the same load of the
// same local warp in the CTA prefetch_distance CTAs after the newest CTA seen so far (CTAs are
// dispatched in linear order), and prefetch those lines into their L2 slices.
void PredictionObserver::prefetchFor(const LoadObservation& o, const GpuRequest& r) {
  if (kernel_ >= grids_.size()) return;
  const Dim3& g = grids_[kernel_];
  newestCta_ = std::max<std::int64_t>(newestCta_, static_cast<std::int64_t>(o.cta));
  const std::uint64_t t = static_cast<std::uint64_t>(newestCta_) + params_.prefetchDistance;
  if (t >= g.count()) return;
  LoadObservation target = o;
  target.cta = t;
  target.ctaDim = {static_cast<std::uint32_t>(t % g.x), static_cast<std::uint32_t>((t / g.x) % g.y),
                   static_cast<std::uint32_t>(t / (std::uint64_t{g.x} * g.y))};
  std::array<Addr, ObservationTable::kAddresses> lines{};
  const std::uint32_t n = cooperative_->predictFor(target, lines);
  for (std::uint32_t k = 0; k < n; ++k) {
    if (!tracker_.fresh(lines[k])) continue;
    if (sink_(lines[k], r))
      tracker_.issued(lines[k]);
    else
      dropped_.inc();
  }
}

}  // namespace warpsim
