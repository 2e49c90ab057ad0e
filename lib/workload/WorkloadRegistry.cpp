#include "warpsim/workload/WorkloadRegistry.h"

#include "warpsim/workload/WorkloadLibrary.h"

namespace warpsim {
namespace {

struct PchaseOptions {
  std::uint64_t footprint = 0, stride = 0;
};

void declarePchase(ConfigSchema& s) {
  s.addSize("workload.pchase_footprint", "64KiB", "pchase: bytes walked by each pass", 1,
            std::uint64_t{1} << 28);
  s.addSize("workload.pchase_stride", "128B", "pchase: bytes between consecutive loads", 1,
            std::uint64_t{1} << 28);
}

}  // namespace

std::uint32_t WorkloadRegistry::defaultSize(const std::string& name) const {
  const auto it = defaultSizes_.find(name);
  if (it == defaultSizes_.end()) throw ConfigError(unknown(name));
  return it->second;
}

Workload WorkloadRegistry::make(const std::string& name, std::uint32_t size) const {
  return *create(name, size == 0 ? defaultSize(name) : size);
}

WorkloadRegistry WorkloadRegistry::withBuiltins() {
  WorkloadRegistry r;
  for (const WorkloadInfo& w : listWorkloads()) {
    const std::string name = w.name;
    if (name == "pchase") {
      r.addWithOptions(
          name, w.description, defaultWorkloadSize(name), declarePchase,
          [](const Config& c) {
            return PchaseOptions{c.getSize("workload.pchase_footprint"),
                                 c.getSize("workload.pchase_stride")};
          },
          [](const PchaseOptions& o, std::uint32_t passes) {
            return std::make_unique<Workload>(makePchase(passes, o.footprint, o.stride));
          });
    } else {
      r.add(name, w.description, defaultWorkloadSize(name), [name](std::uint32_t size) {
        return std::make_unique<Workload>(makeWorkload(name, size));
      });
    }
  }
  return r;
}

const WorkloadRegistry& WorkloadRegistry::builtins() {
  static const WorkloadRegistry r = withBuiltins();
  return r;
}

}  // namespace warpsim
