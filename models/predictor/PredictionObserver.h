#pragma once
// The global observer of Tripathy et al. §III-C: one module for the whole GPU, bound to the
// `sent_below` analysis port of every SM's L1D, so it sees every load request forwarded to the
// memory partitions and never sits on the request path. The per-SM CTA-aware baseline (§IV-A)
// sees its own SM's load stream instead, every line request the LSU issues (L1 hits included):
// `lsuTap` is bound to each SM's LSU `issued` port when that predictor is chosen. It feeds each
// request to the chosen predictors (predictor.kind) and counts, per predictor, the load
// requests it saw, the requests it predicted and those it predicted correctly:
// pcov = predictions / loads (Eq. 3) and pacc = correct / predictions (Eq. 4), per kernel and
// for the whole run.
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include <systemc>
#include <tlm>

#include "warpsim/predictor/IAddressPredictor.h"
#include "warpsim/predictor/ObservationTable.h"
#include "warpsim/predictor/PredictorParams.h"
#include "warpsim/predictor/PrefetchTracker.h"
#include "warpsim/stats/Counter.h"

namespace warpsim {

class StatsRegistry;

class PredictionObserver : public sc_core::sc_module,
                           public tlm::tlm_analysis_if<tlm::tlm_generic_payload> {
 public:
  // `predictors` supplies the predictors params.kinds names.
  PredictionObserver(sc_core::sc_module_name name, const PredictorParams& params, std::uint32_t sms,
                     StatsRegistry& stats,
                     const PredictorRegistry& predictors = PredictorRegistry::builtins());

  // The kernels the GPU will run, in order; the first one starts now.
  void expect(const Workload& workload);
  // The running kernel finished: the next one starts with empty tables.
  void kernelDone();
  // Every request sent below an L1D; only loads of global memory from warps are observed.
  void write(const tlm::tlm_generic_payload& trans) override { observe(trans, Stream::BelowL1); }

  // Where a predictor observes: below the L1Ds (cooperative tables) or at the LSUs (cta-aware).
  enum class Stream : std::uint8_t { BelowL1, Lsu };
  // The subscriber for the LSUs' `issued` ports, when a predictor observes there.
  class LsuTap : public tlm::tlm_analysis_if<tlm::tlm_generic_payload> {
   public:
    explicit LsuTap(PredictionObserver& o) : observer_(o) {}
    void write(const tlm::tlm_generic_payload& t) override { observer_.observe(t, Stream::Lsu); }

   private:
    PredictionObserver& observer_;
  };
  LsuTap lsuTap{*this};
  bool observesLsus() const;

  // Prefetching (predictor.prefetch): `sink` offers a line to its L2 slice (false: dropped),
  // `inL2` says whether a line is valid in its slice now. Call before the simulation.
  using PrefetchSink = std::function<bool(Addr line, const GpuRequest& proto)>;
  using L2Probe = std::function<bool(Addr line)>;
  void setPrefetcher(PrefetchSink sink, L2Probe inL2);
  // A prefetch of `line` has been answered by its L2 slice.
  void prefetchDone(Addr line) { tracker_.done(line); }

  struct Track {
    std::string kind;
    Stream stream = Stream::BelowL1;
    std::unique_ptr<IAddressPredictor> predictor;
    Counter loads, predictions, correct;
  };
  const std::vector<std::unique_ptr<Track>>& tracks() const { return tracks_; }

 private:
  void observe(const tlm::tlm_generic_payload& trans, Stream stream);
  void startKernel();
  void prefetchFor(const LoadObservation& o, const GpuRequest& r);
  std::vector<std::unique_ptr<Track>> tracks_;
  PredictorParams params_;
  const ObservationTable* cooperative_ = nullptr;  // the table the prefetcher asks
  PrefetchSink sink_;
  L2Probe inL2_;
  PrefetchTracker tracker_;
  Counter dropped_;
  std::int64_t newestCta_ = -1;  // the highest linear CTA id seen in this kernel
  std::vector<Dim3> grids_;
  std::size_t kernel_ = 0;
};

}  // namespace warpsim
