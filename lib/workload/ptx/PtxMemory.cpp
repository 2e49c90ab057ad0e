#include "warpsim/workload/ptx/PtxMemory.h"

#include <stdexcept>

namespace warpsim::ptx {

void GlobalMemory::allocate(std::uint64_t base, std::uint64_t size, const std::string& name) {
  const std::uint64_t end = base + size;
  const auto next = byEnd_.upper_bound(base);
  if (size == 0 || end < base || (next != byEnd_.end() && next->second.base < end))
    throw std::logic_error("ptx memory: allocation '" + name + "' overlaps another or is empty");
  byEnd_.emplace(end, Allocation{base, name, std::vector<std::uint8_t>(size, 0)});
}

bool GlobalMemory::release(std::uint64_t base) {
  const auto it = byEnd_.upper_bound(base);
  if (it == byEnd_.end() || it->second.base != base) return false;
  if (last_ == &it->second) last_ = nullptr;
  byEnd_.erase(it);
  return true;
}

std::uint64_t GlobalMemory::end() const {
  return byEnd_.empty() ? 0 : byEnd_.rbegin()->first;
}

std::uint8_t* GlobalMemory::find(std::uint64_t addr, std::uint64_t size) {
  if (addr + size < addr) return nullptr;
  if (last_ && addr >= last_->base && addr + size <= last_->base + last_->bytes.size())
    return last_->bytes.data() + (addr - last_->base);
  const auto it = byEnd_.upper_bound(addr);
  if (it == byEnd_.end() || addr < it->second.base || addr + size > it->first) return nullptr;
  last_ = &it->second;
  return it->second.bytes.data() + (addr - it->second.base);
}

const std::uint8_t* GlobalMemory::find(std::uint64_t addr, std::uint64_t size) const {
  return const_cast<GlobalMemory*>(this)->find(addr, size);
}

}  // namespace warpsim::ptx
