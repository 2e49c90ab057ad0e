#pragma once
// Options of the address predictors (`predictor.*`).
#include <cstdint>
#include <string>
#include <vector>

#include "warpsim/predictor/IAddressPredictor.h"

namespace warpsim {

class Config;
class ConfigSchema;

struct PredictorParams {
  bool enable = false;
  // Which predictors observe the run, side by side: names of the PredictorRegistry, in its
  // order.
  std::vector<std::string> kinds{"cooperative"};
  std::uint32_t entries = 1024;            // observation table entries (Table III)
  std::uint32_t mispredictThreshold = 64;  // Table III: past this an entry stops predicting
  // Beyond the paper (§V names it as future work): prefetch into the L2 the lines the
  // cooperative table predicts for the CTA `prefetchDistance` CTAs after the newest one seen.
  bool prefetch = false;
  std::uint32_t prefetchDistance = 1;

  // predictor.kind is a string: load() checks it against the registry.
  static void declare(ConfigSchema& schema);
  // predictor.kind may name any of `predictors`, or `all` of them.
  static PredictorParams load(const Config& config,
                              const PredictorRegistry& predictors = PredictorRegistry::builtins());
};

}  // namespace warpsim
