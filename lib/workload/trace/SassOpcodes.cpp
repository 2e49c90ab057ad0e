// Binary version -> family table, and the lookup of a base opcode in a family's layers.
#include "warpsim/workload/trace/SassOpcodes.h"

#include <algorithm>
#include <array>
#include <iterator>

#include "warpsim/workload/trace/SassOpcodeTables.h"

namespace warpsim::trace {
namespace {

struct VersionRow {
  unsigned version;
  const SassIsa& (*isa)();
};

// Every sm_N the NVBit tracer can record that a table covers, ascending.
constexpr VersionRow kVersionRows[] = {
    {30, keplerIsa},  {32, keplerIsa},  {35, keplerIsa}, {37, keplerIsa}, {50, maxwellIsa},
    {52, maxwellIsa}, {53, maxwellIsa}, {60, pascalIsa}, {61, pascalIsa}, {62, pascalIsa},
    {70, voltaIsa},   {72, voltaIsa},   {75, turingIsa}, {80, ampereIsa}, {86, ampereIsa},
    {87, ampereIsa},  {89, adaIsa},     {90, hopperIsa},
};

constexpr auto kVersions = [] {
  std::array<unsigned, std::size(kVersionRows)> versions{};
  for (std::size_t i = 0; i < versions.size(); ++i) versions[i] = kVersionRows[i].version;
  return versions;
}();

constexpr bool ascending(const std::array<unsigned, std::size(kVersionRows)>& versions) {
  for (std::size_t i = 1; i < versions.size(); ++i) {
    if (versions[i - 1] >= versions[i]) return false;
  }
  return true;
}
static_assert(ascending(kVersions), "binary versions must be listed in ascending order");

}  // namespace

const SassIsa* sassIsaFor(unsigned binaryVersion) {
  for (const VersionRow& row : kVersionRows) {
    if (row.version == binaryVersion) return &row.isa();
  }
  return nullptr;
}

const SassOpInfo* findSassOp(const SassIsa& isa, std::string_view baseOpcode) {
  for (std::size_t i = 0; i < isa.layerCount; ++i) {
    const SassOpEntry* first = isa.layers[i]->rows;
    const SassOpEntry* last = first + isa.layers[i]->count;
    const SassOpEntry* it = std::lower_bound(
        first, last, baseOpcode,
        [](const SassOpEntry& row, std::string_view name) { return row.name < name; });
    if (it != last && it->name == baseOpcode) return &it->info;
  }
  return nullptr;
}

std::vector<const SassOpEntry*> sassRows(const SassIsa& isa) {
  std::vector<const SassOpEntry*> out;
  for (std::size_t i = 0; i < isa.layerCount; ++i) {
    const SassOpLayer& layer = *isa.layers[i];
    for (std::size_t r = 0; r < layer.count; ++r) {
      const SassOpEntry& row = layer.rows[r];
      if (findSassOp(isa, row.name) == &row.info) out.push_back(&row);  // not overridden above
    }
  }
  std::sort(out.begin(), out.end(),
            [](const SassOpEntry* a, const SassOpEntry* b) { return a->name < b->name; });
  return out;
}

const unsigned* supportedBinaryVersions(std::size_t& count) {
  count = kVersions.size();
  return kVersions.data();
}

}  // namespace warpsim::trace
