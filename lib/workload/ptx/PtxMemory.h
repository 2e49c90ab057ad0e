#pragma once
// The global memory a PTX kernel reads and writes: allocations at fixed addresses (the module's
// .global and .const variables, and what the launch allocates), each a byte array. An access
// that is not inside one allocation is an error naming the address (lib/workload/ptx/README.md).
#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace warpsim::ptx {

class GlobalMemory {
 public:
  GlobalMemory() = default;
  GlobalMemory(const GlobalMemory&) = delete;  // last_ points into this object's allocations
  GlobalMemory& operator=(const GlobalMemory&) = delete;
  GlobalMemory(GlobalMemory&&) = default;  // a moved map keeps its nodes
  GlobalMemory& operator=(GlobalMemory&&) = default;

  // Adds `size` bytes at `base` (zero-filled); overlapping another allocation is a logic_error.
  void allocate(std::uint64_t base, std::uint64_t size, const std::string& name);
  // Removes the allocation that starts at `base`; false when none does.
  bool release(std::uint64_t base);
  // The address just past the highest allocation (where the next one may go).
  std::uint64_t end() const;

  // The allocation's bytes holding [addr, addr + size), or nullptr when no single allocation
  // holds them all.
  std::uint8_t* find(std::uint64_t addr, std::uint64_t size);
  const std::uint8_t* find(std::uint64_t addr, std::uint64_t size) const;

  struct Allocation {
    std::uint64_t base = 0;
    std::string name;
    std::vector<std::uint8_t> bytes;
  };
  const std::map<std::uint64_t, Allocation>& allocations() const { return byEnd_; }

 private:
  std::map<std::uint64_t, Allocation> byEnd_;  // keyed by base + size (one past the end)
  Allocation* last_ = nullptr;                 // the allocation found last (accesses cluster)
};

}  // namespace warpsim::ptx
