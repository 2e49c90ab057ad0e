#pragma once
// The global observer of Tripathy et al. §III-C: one module for the whole GPU, bound to the
// `sent_below` analysis port of every SM's L1D, so it sees every load request forwarded to the
// memory partitions and never sits on the request path. It feeds each request to the chosen
// predictors (predictor.kind) and counts, per predictor, the load requests seen, the requests
// it predicted and those it predicted correctly: pcov = predictions / loads (Eq. 3) and
// pacc = correct / predictions (Eq. 4), per kernel and for the whole run.
#include <memory>
#include <string>
#include <vector>

#include <systemc>
#include <tlm>

#include "predictor/IAddressPredictor.h"
#include "predictor/PredictorParams.h"
#include "stats/Counter.h"

namespace warpsim {

class StatsRegistry;

class PredictionObserver : public sc_core::sc_module,
                           public tlm::tlm_analysis_if<tlm::tlm_generic_payload> {
 public:
  PredictionObserver(sc_core::sc_module_name name, const PredictorParams& params, std::uint32_t sms,
                     StatsRegistry& stats);

  // The kernels the GPU will run, in order; the first one starts now.
  void expect(const Workload& workload);
  // The running kernel finished: the next one starts with empty tables.
  void kernelDone();
  // Every request sent below an L1D; only loads of global memory from warps are observed.
  void write(const tlm::tlm_generic_payload& trans) override;

  struct Track {
    std::string kind;
    std::unique_ptr<IAddressPredictor> predictor;
    Counter loads, predictions, correct;
  };
  const std::vector<std::unique_ptr<Track>>& tracks() const { return tracks_; }

 private:
  void startKernel();
  std::vector<std::unique_ptr<Track>> tracks_;
  std::vector<Dim3> grids_;
  std::size_t kernel_ = 0;
};

// Builds the predictor named `kind` (one of PredictorParams::knownKinds()).
std::unique_ptr<IAddressPredictor> makePredictor(const std::string& kind,
                                                 const PredictorParams& params, std::uint32_t sms);

}  // namespace warpsim
