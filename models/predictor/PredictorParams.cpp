#include "warpsim/predictor/PredictorParams.h"

#include <algorithm>
#include <sstream>

#include "warpsim/config/Config.h"

namespace warpsim {

namespace {

// "a, b, c, all; comma-separated"
std::string allowed(const std::vector<std::string>& names) {
  std::string out;
  for (const std::string& n : names) out += n + ", ";
  return out + "all; comma-separated";
}

}  // namespace

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
  s.addBool("predictor.prefetch", false,
            "prefetch into the L2 slices the lines the cooperative table predicts for the CTA "
            "prefetch_distance CTAs after the newest CTA seen (needs predictor.enable and the "
            "cooperative kind); changes timing");
  s.addUInt("predictor.prefetch_distance", 1,
            "how many CTAs ahead of the newest CTA seen the prefetcher works", 1, 1u << 20);
}

PredictorParams PredictorParams::load(const Config& c, const PredictorRegistry& predictors) {
  PredictorParams p;
  p.enable = c.getBool("predictor.enable");
  p.entries = static_cast<std::uint32_t>(c.getUInt("predictor.entries"));
  p.mispredictThreshold = static_cast<std::uint32_t>(c.getUInt("predictor.mispredict_threshold"));
  const std::vector<std::string> known = predictors.names();
  const std::string& text = c.getString("predictor.kind");
  std::vector<bool> chosen(known.size(), false);
  std::stringstream ss(text);
  std::string item;
  bool any = false;
  while (std::getline(ss, item, ',')) {
    if (item == "all") {
      chosen.assign(chosen.size(), true);
      any = true;
      continue;
    }
    const auto it = std::find(known.begin(), known.end(), item);
    if (it == known.end())
      throw ConfigError("predictor.kind = " + text + ": unknown predictor '" + item +
                        "' (allowed: " + allowed(known) + ")");
    chosen[static_cast<std::size_t>(it - known.begin())] = true;
    any = true;
  }
  if (!any) throw ConfigError("predictor.kind is empty (allowed: " + allowed(known) + ")");
  p.prefetch = c.getBool("predictor.prefetch");
  p.prefetchDistance = static_cast<std::uint32_t>(c.getUInt("predictor.prefetch_distance"));
  p.kinds.clear();
  for (std::size_t i = 0; i < chosen.size(); ++i)
    if (chosen[i]) p.kinds.push_back(known[i]);
  const bool cooperative =
      std::find(p.kinds.begin(), p.kinds.end(), "cooperative") != p.kinds.end();
  if (p.prefetch && (!p.enable || !cooperative))
    throw ConfigError(
        "predictor.prefetch = true needs predictor.enable = true and the "
        "cooperative predictor in predictor.kind (now: enable = " +
        std::string(p.enable ? "true" : "false") + ", kind = " + text + ")");
  return p;
}

}  // namespace warpsim
