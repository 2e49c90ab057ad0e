#include "warpsim/common/RowSharing.h"

#include <cstdio>
#include <map>
#include <ostream>
#include <vector>

#include "warpsim/workload/WarpInst.h"

namespace warpsim {
namespace {

bool inDram(MemSpace s) {
  return s == MemSpace::Global || s == MemSpace::Local || s == MemSpace::Texture ||
         s == MemSpace::Constant;
}

// One number per DRAM row: (row, bank, partition).
std::uint64_t rowKey(const AddressMap& map, Addr a) {
  const DramCoord c = map.decode(a);
  return (c.row * map.banks() + c.bank) * map.partitions() + c.partition.value();
}

}  // namespace

RowSharing measureRowSharing(const KernelDesc& kernel, const AddressMap& map) {
  // Row -> the CTAs accessing it, ascending: CTAs are visited in order, so a CTA is new to a
  // row exactly when it differs from the row's last one.
  std::map<std::uint64_t, std::vector<std::uint32_t>> rows;
  WarpInst inst;
  for (std::uint64_t c = 0; c < kernel.ctaCount(); ++c) {
    const auto cta = static_cast<std::uint32_t>(c);
    for (std::uint32_t w = 0; w < kernel.warpsPerCta(); ++w) {
      auto stream = kernel.makeWarp(CtaId{cta}, w);
      while (stream->next(inst)) {
        if (!inst.isMem() || !inDram(inst.space)) continue;
        std::uint64_t last = ~std::uint64_t{0};
        for (std::uint32_t m = inst.activeMask; m != 0; m &= m - 1) {
          const std::uint64_t key = rowKey(map, inst.addr[__builtin_ctz(m)]);
          if (key == last) continue;
          last = key;
          std::vector<std::uint32_t>& ctas = rows[key];
          if (ctas.empty() || ctas.back() != cta) ctas.push_back(cta);
        }
      }
    }
  }
  RowSharing r;
  r.kernel = kernel.name;
  r.ctas = kernel.ctaCount();
  r.rows = rows.size();
  double sharing = 0, ctas = 0;
  for (const auto& [key, list] : rows) {
    std::size_t consecutive = 0;
    for (std::size_t i = 0; i < list.size(); ++i) {
      const bool prev = i > 0 && list[i - 1] + 1 == list[i];
      const bool next = i + 1 < list.size() && list[i] + 1 == list[i + 1];
      consecutive += prev || next;
    }
    sharing += double(consecutive) / double(list.size());
    ctas += double(list.size());
  }
  if (r.rows) {
    r.consecutiveSharing = sharing / double(r.rows);
    r.ctasPerRow = ctas / double(r.rows);
  }
  return r;
}

void printRowSharing(std::ostream& os, const Workload& workload, const AddressMap& map) {
  os << "kernel               CTAs      rows  consecutive-CTA-row-sharing  CTAs/row\n";
  for (const KernelDesc& k : workload.kernels) {
    const RowSharing r = measureRowSharing(k, map);
    char line[160];
    std::snprintf(line, sizeof line, "%-16s %8llu %9llu  %26.1f%%  %8.2f\n", r.kernel.c_str(),
                  static_cast<unsigned long long>(r.ctas), static_cast<unsigned long long>(r.rows),
                  100.0 * r.consecutiveSharing, r.ctasPerRow);
    os << line;
  }
}

}  // namespace warpsim
