// A platform of your own: a 4-SM GPU assembled by hand from the library's modules, with a TLM
// module of the user's own spliced into partition 0's path between the interconnect and its L2
// slice, a cache replacement policy with an option of its own and a kernel of its own:
//
//   gpu.sm0..sm3 (L1D, L1T, L1C) -> gpu.icnt -> gpu.probe0 -> gpu.l2_0 -> gpu.part0 (GDDR)
//                                            \-----------> gpu.l2_1 -> gpu.part1
//
// The machine is described by an .ini text compiled in below (kIni): the knobs that shape it
// are all on this page. The hand assembly, the registries and the .ini go to runPlatform, which
// gives the program the platforms' whole command line: --workload, --trace, --launch-record,
// --sched, --set, --config, --list-workloads, --help, --help-config, --dump-config, --stats,
// --csv, --stats-format and the summary:
//
//   custom_platform                                           (stream, size 8, under gto)
//   custom_platform --workload tablescan --set l2.replacement=bip --set bip.mru_every=8
//   custom_platform --workload thrash --set workload.size=2 --sched lrr --stats run.json
//   custom_platform --launch-record tests/ptx/records/vecadd
//
// "bip" is the Bimodal Insertion Policy of Qureshi et al. (ISCA'07, section 3): a new line goes
// in at the LRU position, except one insertion in bip.mru_every, which goes in at MRU; a hit
// moves a line to MRU. bip.mru_every=1 is LRU. "tablescan" is a kernel in which every CTA reads
// the same 96 KiB table, more than the two 32 KiB L2 slices hold together.
//
// The probe counts the requests and bytes that reach slice 0, as statistics of its own
// (gpu.probe0.requests, .bytes) that reach the files beside the library's. After the run they
// are checked against what the slice itself counted, and BIP's MRU insertions against
// bip.mru_every. Prints "check passed", or "CHECK FAILED" and exits 1.
#include <cstdint>
#include <iostream>
#include <memory>
#include <vector>

#include <tlm_utils/simple_initiator_socket.h>
#include <tlm_utils/simple_target_socket.h>
#include <systemc>

#include <warpsim/cache/StampReplacement.h>
#include <warpsim/common/Platform.h>
#include <warpsim/gpu/Gpu.h>
#include <warpsim/gpu/Registries.h>
#include <warpsim/stats/Counter.h>
#include <warpsim/workload/ProgramBuilder.h>
#include <warpsim/workload/SyntheticWarpStream.h>

namespace {

// A pass-through on the base protocol: every call is forwarded unchanged, in the same call, so
// the probe adds no time and no buffering; back-pressure (END_REQ withheld) passes through too.
class TrafficProbe : public sc_core::sc_module {
 public:
  tlm_utils::simple_target_socket<TrafficProbe> upstream{"upstream"};         // from the icnt
  tlm_utils::simple_initiator_socket<TrafficProbe> downstream{"downstream"};  // to the L2 slice
  warpsim::Counter requests, bytes;
  bool awaitingEndReq = false;  // the slice took the last BEGIN_REQ but withholds its END_REQ

  // Its counters join `stats` under the probe's SystemC name (gpu.probe0.requests, .bytes).
  TrafficProbe(sc_core::sc_module_name name, warpsim::StatsRegistry& stats)
      : sc_core::sc_module(name) {
    upstream.register_nb_transport_fw(this, &TrafficProbe::forward);
    downstream.register_nb_transport_bw(this, &TrafficProbe::backward);
    stats.addCounter(std::string(this->name()) + ".requests", requests);
    stats.addCounter(std::string(this->name()) + ".bytes", bytes);
  }

 private:
  tlm::tlm_sync_enum forward(tlm::tlm_generic_payload& p, tlm::tlm_phase& phase,
                             sc_core::sc_time& delay) {
    const bool request = phase == tlm::BEGIN_REQ;
    if (request) {
      requests.inc();
      bytes.inc(p.get_data_length());
    }
    const tlm::tlm_sync_enum s = downstream->nb_transport_fw(p, phase, delay);
    if (request) awaitingEndReq = s == tlm::TLM_ACCEPTED;
    return s;
  }
  tlm::tlm_sync_enum backward(tlm::tlm_generic_payload& p, tlm::tlm_phase& phase,
                              sc_core::sc_time& delay) {
    if (phase == tlm::END_REQ || phase == tlm::BEGIN_RESP) awaitingEndReq = false;
    return upstream->nb_transport_bw(p, phase, delay);
  }
};

// BIP on the library's stamp mechanism (StampReplacement: the victim is the candidate with the
// smallest stamp): hits and every mruEvery-th insertion take the newest stamp (MRU), the other
// insertions one older than every stamp so far (LRU, insertedFirstOut).
class BipReplacement : public warpsim::StampReplacement {
 public:
  BipReplacement(std::uint32_t mruEvery, std::uint32_t sets, std::uint32_t ways)
      : StampReplacement(sets, ways), mruEvery_(mruEvery) {
    ++instances;
  }

  void inserted(std::uint32_t set, std::uint32_t way) override {
    const bool mru = ++inserts_ % mruEvery_ == 0;
    if (mru)
      stamp(set, way);
    else
      insertedFirstOut(set, way);
    ++insertions;
    mruInsertions += mru;
  }
  void touched(std::uint32_t set, std::uint32_t way) override { stamp(set, way); }

  // Over every instance of the run (one per cache that selects bip).
  static inline std::uint64_t instances = 0, insertions = 0, mruInsertions = 0;

 private:
  std::uint32_t mruEvery_;
  std::uint64_t inserts_ = 0;
};

// tablescan: `size` CTAs of 256 threads; each CTA reads the whole 96 KiB table, one coalesced
// 1 KiB row (8 lines) per iteration, and sums what it read.
warpsim::Workload makeTableScan(std::uint32_t size) {
  constexpr std::uint32_t kThreads = 256, kRows = 96;
  constexpr warpsim::Addr kTable = warpsim::Addr{1} << 28, kSums = warpsim::Addr{2} << 28;
  constexpr std::uint8_t rSum = 0, rElem = 1;
  warpsim::ProgramBuilder b;
  b.alu(rSum);
  b.loop(kRows,
         [&](warpsim::ProgramBuilder& body) {
           body.load(warpsim::MemSpace::Global, rElem, [](const warpsim::LaneCtx& c) {
             return kTable + (warpsim::Addr{c.iter[0]} * kThreads + c.tid) * 4;
           });
           body.alu(rSum, {rSum, rElem});
         },
         {rSum});
  b.store(warpsim::MemSpace::Global, [](const warpsim::LaneCtx& c) { return kSums + c.gtid * 4; },
          {rSum});
  warpsim::Workload w;
  w.name = "tablescan";
  w.kernels.push_back(warpsim::makeSyntheticKernel("tablescan", warpsim::Dim3{size, 1, 1},
                                                   warpsim::Dim3{kThreads, 1, 1}, 8, 0, b.build()));
  return w;
}

// The machine (names in doc/config-reference.md); every other option keeps its built-in default.
// --config files and --set come after it, as on the built-in platforms.
constexpr const char* kIni = R"(
[gpu]
sms = 4                 # SMs, each with its LSU, L1D, L1T, L1C
[mem]
partitions = 2          # memory partitions: L2 slice + DRAM channel
[icnt]
topology = crossbar     # or mesh (icnt.mesh_*)
[l2]
sets = 32               # 32 sets x 8 ways x 128 B lines: a 32 KiB slice
ways = 8
[dram]
model = gddr            # FR-FCFS GDDR channel (or fixed, external)
[sched]
policy = gto            # warp scheduling policy
[workload]
size = 8                # stream's size when none is given (0: the workload's default)
)";

// "  check passed" when every request the probe passed on was looked up by slice 0
// (gpu.l2_0.accesses) or was still waiting for its lookup when the run ended (posted stores),
// and BIP (if some cache used it) put one insertion in bip.mru_every at MRU. (A workload
// without global memory traffic passes 0 requests, and 0 are looked up.)
bool check(warpsim::Gpu& gpu, const warpsim::RunResult& r, const TrafficProbe& probe,
           std::uint64_t mruEvery) {
  const nlohmann::json& tree = r.stats["gpu"];
  const std::uint64_t requests = tree["probe0"]["requests"].get<std::uint64_t>();
  const std::uint64_t accesses = tree["l2_0"]["accesses"].get<std::uint64_t>();
  const std::uint64_t waiting =
      gpu.partition(0).l2->inputQueueSize() + (probe.awaitingEndReq ? 1 : 0);
  std::cout << "  probe0: " << requests << " requests, " << probe.bytes.value()
            << " bytes; gpu.l2_0: " << accesses << " accesses, " << waiting << " still queued\n";
  bool ok = requests == accesses + waiting;
  if (BipReplacement::instances > 0) {
    const std::uint64_t n = BipReplacement::instances, ins = BipReplacement::insertions,
                        mru = BipReplacement::mruInsertions;
    std::cout << "  bip: " << n << " caches, " << mru << " of " << ins
              << " insertions at MRU (bip.mru_every = " << mruEvery << ")\n";
    // Each cache puts its k-th insertion at MRU when k is a multiple of mru_every.
    ok &= ins > 0 && mru * mruEvery <= ins && ins < (mru + n) * mruEvery;
  }
  std::cout << (ok ? "  check passed\n" : "  CHECK FAILED\n");
  return ok;
}

}  // namespace

int sc_main(int argc, char* argv[]) {
  using namespace warpsim;
  // 1. The registries: the built-ins of every kind, plus this program's policy and kernel.
  Registries registries;
  std::uint64_t mruEvery = 0;  // bip.mru_every of the run, for the check
  registries.replacement.addWithOptions(
      "bip", "example: LRU insertion but one in bip.mru_every at MRU (examples/custom_platform)",
      [](ConfigSchema& s) {  // declared once; --set, .ini files and --help-config know it
        s.addUInt("bip.mru_every", 32, "bip: one insertion in this many goes in at MRU", 1, 1024);
      },
      [&mruEvery](const Config& c) {  // read once per run
        mruEvery = c.getUInt("bip.mru_every");
        return static_cast<std::uint32_t>(mruEvery);
      },
      [](std::uint32_t every, std::uint32_t sets, std::uint32_t ways) {  // once per cache
        return std::make_unique<BipReplacement>(every, sets, ways);
      });
  registries.workloads.add("tablescan",
                           "example: every CTA reads the same 96 KiB table "
                           "(examples/custom_platform)",
                           8, [](std::uint32_t size) {
                             if (size > 4096) throw ConfigError("tablescan: size at most 4096");
                             return std::make_unique<Workload>(makeTableScan(size));
                           });

  // 2. The assembly, run inside the Gpu's constructor so that every block (the probe too) is a
  //    child of gpu. This scope owns the probe; its counters go to the run's registry.
  std::unique_ptr<TrafficProbe> probe;
  const Gpu::Assembly assemble = [&probe](Gpu& gpu) {
    IInterconnect& icnt = gpu.addInterconnect();  // gpu.icnt, of icnt.topology
    for (std::uint32_t i = 0; i < gpu.params().sms; ++i) {
      Sm& sm = gpu.addSm();                                                 // gpu.smI
      for (Cache* l1 : sm.l1s()) icnt.bindSmPort(sm.id(), l1->downstream);  // L1D, L1T, L1C
    }
    for (std::uint32_t p = 0; p < gpu.params().map.partitions; ++p) {
      MemoryPartition& part = gpu.addPartition();  // gpu.l2_P, its DRAM channel already behind
      if (p != 0) {
        icnt.bindMemPort(part.id, part.upstream());
        continue;
      }
      probe = std::make_unique<TrafficProbe>("probe0", gpu.stats());  // gpu.probe0
      icnt.bindMemPort(part.id, probe->upstream);
      probe->downstream.bind(part.upstream());
    }
  };

  // 3. The platform: its .ini, the command line, the run, the files and the summary; then the
  //    check, while the Gpu still exists.
  const PlatformInfo platform{"custom_platform",
                              "4-SM, 2-partition GPU assembled by hand, a traffic probe in front "
                              "of L2 slice 0 (examples/custom_platform)",
                              "custom_platform.ini", kIni};
  return runPlatform(platform, argc, argv, registries, assemble,
                     [&](Gpu& gpu, RunResult& r) {
                       if (!check(gpu, r, *probe, mruEvery)) r.exitCode = 1;
                     })
      .exitCode;
}

int main(int argc, char* argv[]) {
  warpsim::quietSystemC();  // before SystemC starts: its banner prints at start-up
  return sc_core::sc_elab_and_sim(argc, argv);
}
