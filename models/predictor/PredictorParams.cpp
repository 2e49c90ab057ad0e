#include "predictor/PredictorParams.h"

#include <algorithm>
#include <sstream>

#include "config/Config.h"

namespace warpsim {

const std::vector<std::string>& PredictorParams::knownKinds() {
  static const std::vector<std::string> kinds{"cooperative", "cooperative-nolec", "cta-aware"};
  return kinds;
}

void PredictorParams::declare(ConfigSchema& s) {
  s.addBool("predictor.enable", false,
            "observe the loads leaving the SMs with address predictors and report their coverage "
            "(pcov) and accuracy (pacc); no effect on timing");
  s.addString("predictor.kind", "cooperative",
              "comma-separated predictors to run side by side: cooperative (global observation "
              "table with LEC), cooperative-nolec, cta-aware (per-SM baseline), or all");
  s.addUInt("predictor.entries", 1024, "entries of the global observation table (LRU)", 1, 65536);
  s.addUInt("predictor.mispredict_threshold", 64,
            "mispredictions after which an entry (cta-aware: an SM's PC) stops predicting", 0,
            UINT32_MAX);
}

PredictorParams PredictorParams::load(const Config& c) {
  PredictorParams p;
  p.enable = c.getBool("predictor.enable");
  p.entries = static_cast<std::uint32_t>(c.getUInt("predictor.entries"));
  p.mispredictThreshold = static_cast<std::uint32_t>(c.getUInt("predictor.mispredict_threshold"));
  const std::string& text = c.getString("predictor.kind");
  std::vector<bool> chosen(knownKinds().size(), false);
  std::stringstream ss(text);
  std::string item;
  bool any = false;
  while (std::getline(ss, item, ',')) {
    if (item == "all") {
      chosen.assign(chosen.size(), true);
      any = true;
      continue;
    }
    const auto it = std::find(knownKinds().begin(), knownKinds().end(), item);
    if (it == knownKinds().end())
      throw ConfigError("predictor.kind = " + text + ": unknown predictor '" + item +
                        "' (allowed: cooperative, cooperative-nolec, cta-aware, all; "
                        "comma-separated)");
    chosen[static_cast<std::size_t>(it - knownKinds().begin())] = true;
    any = true;
  }
  if (!any)
    throw ConfigError(
        "predictor.kind is empty (allowed: cooperative, cooperative-nolec, "
        "cta-aware, all; comma-separated)");
  p.kinds.clear();
  for (std::size_t i = 0; i < chosen.size(); ++i)
    if (chosen[i]) p.kinds.push_back(knownKinds()[i]);
  return p;
}

}  // namespace warpsim
