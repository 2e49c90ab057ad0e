// The memory side of the mapping: caches, memory partitions and their L2 slices, DRAM timing,
// scheduling and bus, address map, L2/DRAM latencies, interconnect.
#include <algorithm>
#include <map>
#include <string>

#include "warpsim/config/gpgpusim/CacheString.h"
#include "warpsim/config/gpgpusim/Importer.h"
#include "warpsim/config/gpgpusim/Units.h"
#include "warpsim/config/gpgpusim/Values.h"

namespace warpsim::gpgpusim {
namespace {

bool isPowerOfTwo(std::uint64_t v) {
  return v != 0 && (v & (v - 1)) == 0;
}

std::string writePolicy(char w) {
  switch (w) {
    case 'B':
      return "write-back";
    case 'E':
      return "write-evict";
    case 'L':
      return "local-wb-global-evict";
    default:  // T, and R (read-only: no stores reach it)
      return "write-through";
  }
}

// One cache string onto `prefix` (l1d, l1t, l1c, l2). `minLine`: the shortest line warpsim
// allows there (lsu.line_size for an L1, the longest L1 line for the L2); `banks`: GPGPU-Sim
// caches that one warpsim cache stands for (an L2 slice holds a channel's sub-partitions).
void mapCache(Importer& imp, const OptionEntry& e, const std::string& prefix, std::uint64_t minLine,
              std::uint32_t banks) {
  const CacheGeometry g = parseCacheString(e.hasValue ? e.value : "", e.where());
  if (g.none) {
    imp.notModelled(e, "no " + prefix + " ('none'): warpsim always has this cache; " + prefix +
                           ".* keep their values");
    return;
  }
  const std::string x = prefix + ".";
  std::uint64_t sets = std::uint64_t{g.sets} * banks, line = g.lineSize;
  if (!isPowerOfTwo(g.sets) || !isPowerOfTwo(line))
    badValue(e, "sets and line size must be powers of two", cacheStringFormat());
  if (line < minLine) {  // same capacity in fewer, longer lines
    const std::uint64_t newSets = sets * line / minLine;
    if (newSets == 0)
      badValue(e, "smaller than one line of " + std::to_string(minLine) + " bytes",
               cacheStringFormat());
    imp.notModelled(e, std::to_string(line) + "-byte lines: warpsim's " + prefix +
                           " lines are at least " + std::to_string(minLine) + " bytes (" +
                           (prefix == "l2" ? "the L1 lines" : "lsu.line_size") + "); " +
                           std::to_string(newSets) + " sets of " + std::to_string(minLine) +
                           "-byte lines keep its capacity");
    sets = newSets;
    line = minLine;
  }
  // Highly associative caches (Volta's L1: 4 sets of 256 ways): the same capacity in more sets
  // of at most warpsim's ways.
  std::uint64_t ways = g.ways;
  const std::uint64_t maxWays = imp.maxOf(x + "ways", 64);
  if (ways > maxWays) {
    std::uint64_t factor = 2;
    while (factor < ways && (ways % factor != 0 || ways / factor > maxWays)) factor *= 2;
    if (ways % factor != 0 || ways / factor > maxWays)
      badValue(e,
               std::to_string(ways) + " ways: more than warpsim's " + std::to_string(maxWays) +
                   " and not a power-of-two multiple of fewer",
               cacheStringFormat());
    imp.notModelled(e, std::to_string(ways) + " ways: warpsim's caches have at most " +
                           std::to_string(maxWays) + "; " + std::to_string(sets * factor) +
                           " sets of " + std::to_string(ways / factor) + " ways keep its capacity");
    sets *= factor;
    ways /= factor;
  }
  imp.set(x + "sets", std::to_string(sets), e);
  imp.set(x + "line_size", std::to_string(line), e);
  imp.set(x + "ways", std::to_string(ways), e);
  imp.set(x + "replacement", g.replacement == 'F' ? "fifo" : "lru", e);
  imp.set(x + "write_policy", writePolicy(g.write), e);
  imp.set(x + "allocate", g.alloc == 'm' ? "on-miss" : "on-fill", e);
  const std::uint64_t mshrs = std::uint64_t{g.mshrEntries} * banks;
  const std::uint64_t missQueue = std::uint64_t{g.missQueue} * banks;
  imp.set(x + "mshr_entries", std::to_string(mshrs), e);
  imp.set(x + "mshr_merges", std::to_string(g.mshrMerges), e);
  imp.set(x + "miss_queue", std::to_string(missQueue), e);
  if (banks > 1)
    imp.note(e, "one warpsim L2 slice per channel holds its " + std::to_string(banks) +
                    " sub-partitions' banks: " + x + "sets, mshr_entries and miss_queue are " +
                    std::to_string(banks) + " x the string's");
  // Mascar's saturation signal must stay below the MSHRs and the miss queue.
  const std::uint64_t threshold = imp.uintOf(x + "saturation_threshold");
  const std::uint64_t least = std::min(mshrs, missQueue);
  if (threshold >= least) {
    imp.set(x + "saturation_threshold", std::to_string(least - 1), e);
    imp.note(e, x + "saturation_threshold (Mascar's, not GPGPU-Sim's) lowered to " +
                    std::to_string(least - 1) + ", below the MSHRs and the miss queue");
  }

  if (g.type == 'S') imp.notModelled(e, "sectored lines (S): warpsim fills and tracks whole lines");
  if (g.alloc == 's')
    imp.notModelled(e,
                    "streaming allocation (s): allocated on fill; the MSHR per line of "
                    "GPGPU-Sim's streaming cache is not modelled");
  if (g.setIndex != 'L')
    imp.notModelled(e, std::string("set index function '") + g.setIndex +
                           "': warpsim indexes sets by line address modulo sets (linear)");
  if (g.write == 'B' && (g.writeAlloc == 'N' || g.writeAlloc == 'L'))
    imp.notModelled(e, std::string("write allocation '") + g.writeAlloc +
                           "' with write-back: warpsim's write-back fetches the line on a write "
                           "miss (fetch on write)");
  if (g.write != 'B' && g.write != 'R' && g.writeAlloc != 'N')
    imp.notModelled(e, std::string("write allocation '") + g.writeAlloc + "' with write policy '" +
                           g.write + "': warpsim's " + writePolicy(g.write) +
                           " never allocates on a write");
  if (g.mshrType == 'F' || g.mshrType == 'T')
    imp.notModelled(e, std::string("texture FIFO (") + g.mshrType +
                           "): warpsim's texture cache has MSHRs; their entries, merges and miss "
                           "queue come from the FIFO sizes");
  if (g.dataPortWidth != 0 && g.dataPortWidth != g.lineSize)
    imp.notModelled(e, "a " + std::to_string(g.dataPortWidth) +
                           "-byte data port: warpsim moves a whole line per access");
}

void mapCaches(Importer& imp) {
  const std::uint64_t lsuLine = imp.uintOf("lsu.line_size");
  if (const OptionEntry* e = imp.get("-gpgpu_cache:dl1")) {
    mapCache(imp, *e, "l1d", lsuLine, 1);
    imp.set("l1d.ack_stores", "true", *e);  // GPGPU-Sim's warps wait for their stores' acks
  }
  if (const OptionEntry* e = imp.get("-gpgpu_tex_cache:l1")) mapCache(imp, *e, "l1t", lsuLine, 1);
  if (const OptionEntry* e = imp.get("-gpgpu_const_cache:l1")) mapCache(imp, *e, "l1c", lsuLine, 1);
  std::uint32_t subPartitions = 1;
  if (const OptionEntry* e = imp.get("-gpgpu_n_sub_partition_per_mchannel")) {
    subPartitions = static_cast<std::uint32_t>(uintValue(*e, 1, 64));
    if (!isPowerOfTwo(subPartitions))
      badValue(*e, "not a power of two", "1, 2, 4, ... (GPGPU-Sim needs a power of two too)");
  }
  if (const OptionEntry* e = imp.get("-gpgpu_cache:dl2")) {
    const std::uint64_t l1Line = std::max(
        {imp.uintOf("l1d.line_size"), imp.uintOf("l1t.line_size"), imp.uintOf("l1c.line_size")});
    mapCache(imp, *e, "l2", l1Line, subPartitions);
  }
  const auto on = [&](const char* option) {
    const OptionEntry* e = imp.get(option);
    return e != nullptr && boolValue(*e) ? e : nullptr;
  };
  if (const OptionEntry* e = on("-gpgpu_perfect_mem"))
    for (const char* key : {"l1d.perfect", "l1t.perfect", "l1c.perfect"}) imp.set(key, "true", *e);
  if (const OptionEntry* e = on("-gpgpu_perfect_inst_const_cache"))
    imp.set("l1c.perfect", "true", *e);
  if (const OptionEntry* e = imp.get("-l2_ideal"))
    imp.set("l2.perfect", boolValue(*e) ? "true" : "false", *e);
}

void mapPartitionQueues(Importer& imp) {
  const OptionEntry* e = imp.get("-gpgpu_dram_partition_queues");
  if (e == nullptr) return;
  // GPGPU-Sim writes it with colons: <icnt to L2>:<L2 to DRAM>:<DRAM to L2>:<L2 to icnt>.
  OptionEntry commas = *e;
  std::replace(commas.value.begin(), commas.value.end(), ':', ',');
  const std::uint32_t i2l =
      uintList(commas, 4, "icnt to L2 : L2 to DRAM : DRAM to L2 : L2 to icnt")[0];
  imp.set("l2.input_queue", std::to_string(i2l), *e);
  imp.notModelled(*e,
                  "the L2-to-DRAM, DRAM-to-L2 and L2-to-interconnect queues: warpsim's "
                  "L2 slice has its miss queue, its channel dram.queue");
}

void mapDram(Importer& imp) {
  if (const OptionEntry* e = imp.get("-gpgpu_n_mem"))
    imp.set("mem.partitions", std::to_string(uintValue(*e, 1)), *e);
  bool banksFromTiming = false;
  if (const OptionEntry* e = imp.get("-gpgpu_dram_timing_opt")) {
    std::uint32_t groups = 1;
    for (const auto& [name, v] : dramTiming(*e)) {
      if (name == "nbk") {
        imp.set("mem.banks", std::to_string(v), *e);
        banksFromTiming = true;
      } else if (name == "nbkgrp") {
        groups = v;
      } else if (name == "CCDL" || name == "RTPL") {
        if (v != 0 && groups > 1)
          imp.notModelled(*e, "bank-group timing " + name + ": no bank groups in warpsim");
      } else {
        imp.set("dram.t" + name, std::to_string(v), *e);
      }
    }
    if (groups > 1)
      imp.notModelled(*e, std::to_string(groups) + " bank groups: warpsim's DRAM has none");
  }
  if (const OptionEntry* e = imp.get("-gpgpu_dram_scheduler")) {
    const std::uint64_t v = uintValue(*e);
    if (v > 1) badValue(*e, "not a DRAM scheduler", "0 (FIFO) or 1 (FR-FCFS)");
    imp.set("dram.scheduler", v == 0 ? "fcfs" : "fr-fcfs", *e);
  }
  if (const OptionEntry* e = imp.get("-gpgpu_frfcfs_dram_sched_queue_size")) {
    const std::uint64_t v = uintValue(*e);
    imp.set("dram.queue", std::to_string(v == 0 ? 4096 : v), *e);
    if (v == 0) imp.note(*e, "0 (unlimited in GPGPU-Sim): dram.queue = 4096, warpsim's maximum");
  }
  if (const OptionEntry* e = imp.get("-gpgpu_simple_dram_model"))
    imp.set("dram.model", boolValue(*e) ? "fixed" : "gddr", *e);
  // Bytes per DRAM command cycle: bus width x chips x data transfers per command cycle
  // (GPGPU-Sim's defaults for the ones not given: 4, 1, 2). The burst length only sets
  // GPGPU-Sim's atom: a line takes line size / these bytes cycles of the bus either way.
  const OptionEntry* width = imp.get("-gpgpu_dram_buswidth");
  const OptionEntry* chips = imp.get("-gpgpu_n_mem_per_ctrlr");
  const OptionEntry* ratio = imp.get("-dram_data_command_freq_ratio");
  if (const OptionEntry* e = imp.get("-gpgpu_dram_burst_length")) uintValue(*e, 1);
  if (width || chips || ratio) {
    const std::uint64_t bytes = (width ? uintValue(*width, 1) : 4) *
                                (chips ? uintValue(*chips, 1) : 1) *
                                (ratio ? uintValue(*ratio, 1) : 2);
    imp.set("dram.bus_bytes", std::to_string(bytes), width ? *width : ratio ? *ratio : *chips);
  }
  // Latencies in core cycles, converted to the L2's and the DRAM's clocks.
  const double core = imp.freqOf("clock.core");
  const OptionEntry* rop = imp.get("-gpgpu_l2_rop_latency");
  if (rop == nullptr) rop = imp.get("-rop_latency");
  if (rop != nullptr)
    imp.set("l2.access_latency",
            std::to_string(coreToDomainCycles(uintValue(*rop), core, imp.freqOf("clock.l2"))),
            *rop);
  const OptionEntry* dramLatency = imp.get("-dram_latency");
  if (dramLatency != nullptr)
    imp.set(
        "dram.latency",
        std::to_string(coreToDomainCycles(uintValue(*dramLatency), core, imp.freqOf("clock.dram"))),
        *dramLatency);
  // GPGPU-Sim's instruction misses go through the L2 to DRAM; warpsim's L1I has a fixed miss
  // latency: the fixed latencies such a miss pays, the interconnect both ways, the ROP and the
  // DRAM latency (models/sm/README.md).
  if (const OptionEntry* il1 = imp.get("-gpgpu_cache:il1")) {
    const CacheGeometry g = parseCacheString(il1->hasValue ? il1->value : "", il1->where());
    if (!g.none) {
      if (!isPowerOfTwo(g.sets) || !isPowerOfTwo(g.lineSize))
        badValue(*il1, "sets and line size must be powers of two", cacheStringFormat());
      imp.set("sm.il1_sets", std::to_string(g.sets), *il1);
      imp.set("sm.il1_ways", std::to_string(g.ways), *il1);
      imp.set("sm.il1_line_size", std::to_string(g.lineSize) + "B", *il1);
      if (rop != nullptr || dramLatency != nullptr) {
        const std::uint64_t icnt =
            coreToDomainCycles(imp.uintOf("icnt.latency"), imp.freqOf("clock.icnt"), core);
        const std::uint64_t miss =
            2 * icnt + (rop ? uintValue(*rop) : 0) + (dramLatency ? uintValue(*dramLatency) : 0);
        imp.set("sm.il1_miss_latency", std::to_string(miss), *il1);
        imp.note(*il1, "instruction misses take a fixed " + std::to_string(miss) +
                           " core cycles (the interconnect both ways, the ROP and the DRAM "
                           "latency), not a trip through the memory system");
      }
    }
  }

  // The address map: partition interleaving and the row size.
  const OptionEntry* e = imp.get("-gpgpu_mem_addr_mapping");
  if (e == nullptr) {
    if (const OptionEntry* mask = imp.get("-gpgpu_mem_address_mask"))
      imp.notModelled(*mask,
                      "GPGPU-Sim's preset address masks: warpsim maps addresses by "
                      "mem.partition_chunk, mem.banks and mem.row_size");
    return;
  }
  const AddressMapping m = addressMapping(*e);
  const std::vector<int> d = m.positions('D'), b = m.positions('B'), r = m.positions('R');
  std::vector<int> c = m.positions('C');
  const std::vector<int> s = m.positions('S');
  c.insert(c.end(), s.begin(), s.end());  // burst bits are column bits too
  std::sort(c.begin(), c.end());
  if (m.dramidStart >= 0) {
    imp.set("mem.partition_chunk", std::to_string(std::uint64_t{1} << m.dramidStart), *e);
  } else if (!d.empty()) {
    if (d.back() - d.front() + 1 == static_cast<int>(d.size()))
      imp.set("mem.partition_chunk", std::to_string(std::uint64_t{1} << d.front()), *e);
    else
      imp.notModelled(*e,
                      "channel (D) bits that are not contiguous: warpsim interleaves "
                      "channels by mem.partition_chunk");
  }
  imp.set("mem.row_size", std::to_string(std::uint64_t{1} << c.size()), *e);
  if (!banksFromTiming && !b.empty()) imp.set("mem.banks", std::to_string(1u << b.size()), *e);
  // warpsim decodes a channel's address as row | bank | column from bit 0.
  const auto below = [](const std::vector<int>& lo, const std::vector<int>& hi) {
    return lo.empty() || hi.empty() || lo.back() < hi.front();
  };
  const bool columnFromZero =
      c.empty() || (c.front() == 0 && c.back() + 1 == static_cast<int>(c.size()));
  if (!columnFromZero || !below(c, b) || !below(b, r) || !below(c, r))
    imp.notModelled(*e, "this bit order: warpsim decodes row | bank | column with the " +
                            std::to_string(c.size()) + " column bits lowest (mem.row_size = " +
                            std::to_string(std::uint64_t{1} << c.size()) + "), then " +
                            std::to_string(b.size()) + " bank bits");
}

void mapInterconnect(Importer& imp) {
  std::uint64_t mode = 1;  // GPGPU-Sim's default: BookSim (intersim2)
  if (const OptionEntry* e = imp.get("-network_mode")) {
    mode = uintValue(*e);
    if (mode != 1 && mode != 2)
      imp.notModelled(*e, "network mode " + e->value + ": warpsim's interconnect is icnt.*");
  }
  bool fileFlit = false;
  const OptionEntry* file = imp.get("-inter_config_file");
  if (file != nullptr && mode == 1) {
    if (!file->hasValue) badValue(*file, "no file name after the option", "a BookSim config file");
    const std::string path = resolveBeside(file->file, file->value);
    std::map<std::string, OptionEntry> keys;
    std::string unmodelled;
    for (const BooksimEntry& b : readBooksimFile(path))
      keys[b.key] = OptionEntry{b.key, b.value, true, path, b.line};
    const auto number = [&](const char* key, std::uint64_t fallback) {
      const auto it = keys.find(key);
      return it == keys.end() ? fallback : uintValue(it->second);
    };
    if (keys.count("flit_size")) {
      imp.set("icnt.flit_size", std::to_string(number("flit_size", 0)), keys["flit_size"]);
      fileFlit = true;
    }
    bool mesh = false;
    if (keys.count("topology")) {
      const OptionEntry& t = keys["topology"];
      const std::uint64_t k = number("k", 0), n = number("n", 1);
      if (t.value == "fly") {
        imp.set("icnt.topology", "crossbar", t);
        if (n != 1)
          imp.notModelled(
              t, "a butterfly of " + std::to_string(n) + " stages: warpsim uses one crossbar");
      } else if (t.value == "mesh" || t.value == "torus") {
        mesh = true;
        imp.set("icnt.topology", "mesh", t);
        if (k > 0) {
          imp.set("icnt.mesh_cols", std::to_string(k), keys["k"]);
          imp.set("icnt.mesh_rows", std::to_string(n == 1 ? 1 : k), keys["k"]);
        }
        if (t.value == "torus" || n > 2)
          imp.notModelled(t, "a " + t.value + " of " + std::to_string(n) +
                                 " dimensions: warpsim's mesh is 2D without wrap-around links");
      } else {
        imp.notModelled(t, "BookSim topology '" + t.value + "': icnt.topology is left as it was");
      }
    }
    if (mesh && keys.count("vc_buf_size"))
      imp.set("icnt.vc_buffer", std::to_string(number("vc_buf_size", 0)), keys["vc_buf_size"]);
    for (const auto& [key, entry] : keys) {
      if (key == "flit_size" || key == "topology" || key == "k" || key == "n") continue;
      if (key == "vc_buf_size" && mesh) continue;
      unmodelled += (unmodelled.empty() ? "" : ", ") + key;
    }
    if (!unmodelled.empty())
      imp.notModelled(*file, "BookSim's " + unmodelled +
                                 ": warpsim's interconnect has its own router model (icnt.*)");
  }
  if (const OptionEntry* e = imp.get("-icnt_flit_size"))
    if (mode == 2 || !fileFlit) imp.set("icnt.flit_size", std::to_string(uintValue(*e, 1)), *e);
}

}  // namespace

void mapMemory(Importer& imp) {
  mapCaches(imp);
  mapPartitionQueues(imp);
  mapDram(imp);
  mapInterconnect(imp);
}

}  // namespace warpsim::gpgpusim
