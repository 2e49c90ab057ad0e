#pragma once
// Workloads by name (workload.name), on the same registry as the policies: the built-in
// synthetic kernels first, then what a program adds (examples/custom_scheduler adds a kernel).
// A workload may declare options of its own (pchase: workload.pchase_footprint and _stride).
// Traces (workload.trace, lib/workload/trace) and PTX launch records (workload.launch_record,
// lib/workload/ptx) are chosen by the same options beside it: loadWorkload in
// platforms/common/RunWorkload.h picks one of the three, for runPlatform and for an sc_main of
// a user's own.
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <utility>

#include "warpsim/config/Registry.h"
#include "warpsim/workload/KernelDesc.h"

namespace warpsim {

class WorkloadRegistry : public Registry<Workload, std::uint32_t> {
 public:
  WorkloadRegistry() : Registry("workload.name", "workload") {}

  // `defaultSize` is what workload.size = 0 selects; the factory gets the size, never 0, and
  // throws ConfigError for a size it cannot build.
  void add(const std::string& name, const std::string& description, std::uint32_t defaultSize,
           Factory factory) {
    Registry::add(name, description, std::move(factory));
    defaultSizes_[name] = defaultSize;
  }
  template <class Load, class Make>
  void addWithOptions(const std::string& name, const std::string& description,
                      std::uint32_t defaultSize, Declare declare, Load load, Make make) {
    Registry::addWithOptions(name, description, std::move(declare), std::move(load),
                             std::move(make));
    defaultSizes_[name] = defaultSize;
  }

  // Throws ConfigError for an unknown name (with a did-you-mean).
  std::uint32_t defaultSize(const std::string& name) const;
  // Workload `name` at `size` (0: its default size).
  Workload make(const std::string& name, std::uint32_t size) const;

  static WorkloadRegistry withBuiltins();     // the synthetic kernels of WorkloadLibrary.h
  static const WorkloadRegistry& builtins();  // withBuiltins(), built once

 private:
  std::map<std::string, std::uint32_t> defaultSizes_;
};

}  // namespace warpsim
