#pragma once
// Options of the address predictors (`predictor.*`).
#include <cstdint>
#include <string>
#include <vector>

namespace warpsim {

class Config;
class ConfigSchema;

struct PredictorParams {
  bool enable = false;
  // Which predictors observe the run, side by side: any of kKinds, in this order.
  std::vector<std::string> kinds{"cooperative"};
  std::uint32_t entries = 1024;            // observation table entries (Table III)
  std::uint32_t mispredictThreshold = 64;  // Table III: past this an entry stops predicting
  // Beyond the paper (§V names it as future work): prefetch into the L2 the lines the
  // cooperative table predicts for the CTA `prefetchDistance` CTAs after the newest one seen.
  bool prefetch = false;
  std::uint32_t prefetchDistance = 1;

  static const std::vector<std::string>& knownKinds();
  static void declare(ConfigSchema& schema);
  static PredictorParams load(const Config& config);
};

}  // namespace warpsim
