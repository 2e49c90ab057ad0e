// predictor.* options: defaults from Table III, kind lists, and the errors for bad values.
#include <catch2/catch.hpp>

#include "warpsim/config/Config.h"
#include "warpsim/predictor/PredictorParams.h"

using namespace warpsim;

namespace {
ConfigSchema predictorSchema() {
  ConfigSchema s;
  PredictorParams::declare(s);
  return s;
}
}  // namespace

TEST_CASE("predictor params: off by default, 1024 entries, threshold 64, cooperative") {
  const ConfigSchema schema = predictorSchema();
  const PredictorParams p = PredictorParams::load(Config(schema));
  CHECK_FALSE(p.enable);
  CHECK(p.entries == 1024);
  CHECK(p.mispredictThreshold == 64);
  CHECK(p.kinds == std::vector<std::string>{"cooperative"});
  CHECK_FALSE(p.prefetch);
  CHECK(p.prefetchDistance == 1);
}

TEST_CASE("predictor params: kind lists are put in a fixed order, all is every kind") {
  const ConfigSchema schema = predictorSchema();
  Config c(schema);
  c.setAssignment("predictor.kind=cta-aware,cooperative");
  CHECK(PredictorParams::load(c).kinds == std::vector<std::string>{"cooperative", "cta-aware"});
  c.setAssignment("predictor.kind=all");
  CHECK(PredictorParams::load(c).kinds ==
        std::vector<std::string>{"cooperative", "cooperative-nolec", "cta-aware"});
}

TEST_CASE("predictor params: an unknown kind, or prefetching without the cooperative table") {
  const ConfigSchema schema = predictorSchema();
  Config c(schema);
  c.setAssignment("predictor.kind=cooperative,oracle");
  CHECK_THROWS_WITH(PredictorParams::load(c),
                    "predictor.kind = cooperative,oracle: unknown predictor 'oracle' (allowed: "
                    "cooperative, cooperative-nolec, cta-aware, all; comma-separated)");
  c.setAssignment("predictor.kind=cta-aware");
  c.setAssignment("predictor.enable=true");
  c.setAssignment("predictor.prefetch=true");
  CHECK_THROWS_WITH(PredictorParams::load(c),
                    "predictor.prefetch = true needs predictor.enable = true and the cooperative "
                    "predictor in predictor.kind (now: enable = true, kind = cta-aware)");
}
