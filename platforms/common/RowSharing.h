#pragma once
// OWL Table 4's two workload metrics, computed from a kernel's addresses and the platform's
// address map without simulating timing (the platforms' --row-sharing query):
//  - consecutive-CTA row sharing (OWL §4.3): for each DRAM row, the fraction of the CTAs
//    accessing it that have a consecutive CTA (id - 1 or id + 1) accessing it too, averaged
//    over all rows accessed. A row accessed by CTAs 1, 2, 3 and 4 counts 100%; a row accessed
//    by one CTA only, 0%.
//  - CTAs per row (OWL §4.4): the number of CTAs accessing a row, averaged over those rows.
// Every access to device memory counts (global, local, texture and constant spaces; shared
// memory is on the SM), whatever the caches would have filtered.
#include <cstdint>
#include <iosfwd>
#include <string>

#include "warpsim/interfaces/AddressMap.h"
#include "warpsim/workload/KernelDesc.h"

namespace warpsim {

struct RowSharing {
  std::string kernel;
  std::uint64_t ctas = 0;         // CTAs of the kernel
  std::uint64_t rows = 0;         // distinct DRAM rows (partition, bank, row) accessed
  double consecutiveSharing = 0;  // 0..1
  double ctasPerRow = 0;
};

// Runs every warp of `kernel` through its instruction stream (no timing) and maps each active
// lane's address to its DRAM row.
RowSharing measureRowSharing(const KernelDesc& kernel, const AddressMap& map);

// One line per kernel: name, CTAs, rows, sharing (%) and CTAs per row, under a header line.
void printRowSharing(std::ostream& os, const Workload& workload, const AddressMap& map);

}  // namespace warpsim
