// A 4-SM GPU assembled by hand from the library's modules, with a TLM module of the user's own
// spliced into partition 0's path between the interconnect and its L2 slice:
//
//   gpu.sm0..sm3 (L1D, L1T, L1C) -> gpu.icnt -> gpu.probe0 -> gpu.l2_0 -> gpu.part0 (GDDR)
//                                            \-----------> gpu.l2_1 -> gpu.part1
//
// The configuration is built in code (no platform .ini), so the knobs that shape the machine are
// all on this page; the command line may still change any option, the workload included:
//
//   custom_platform [key=value ...] [--stats FILE] [--csv FILE] [--stats-format json|accelsim]
//   custom_platform workload.name=thrash workload.size=4 sched.policy=lrr --stats run.json
//
// The probe counts the requests and bytes that reach slice 0, as statistics of its own
// (gpu.probe0.requests, .bytes) that reach the files beside the library's; at the end they are
// checked against what the slice itself counted. Prints the platforms' summary, then "check
// passed", or "CHECK FAILED" and exits 1 (also when the run does not finish).
#include <cstdint>
#include <iomanip>
#include <iostream>
#include <memory>

#include <tlm_utils/simple_initiator_socket.h>
#include <tlm_utils/simple_target_socket.h>
#include <systemc>

#include <warpsim/common/Platform.h>
#include <warpsim/common/RunStats.h>
#include <warpsim/common/Summary.h>
#include <warpsim/config/Config.h>
#include <warpsim/gpu/Gpu.h>
#include <warpsim/stats/Counter.h>

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

// 1. The configuration: the schema of every block's options (and of the registries' entries,
//    such as pchase's), two of this program's own for the workload, then the values that matter
//    here (names in doc/config-reference.md). Everything else keeps its built-in default; the
//    command line's key=value arguments come last.
void configure(warpsim::Config& config, const std::vector<std::string>& args) {
  config.setAssignment("gpu.sms=4");               // SMs, each with its LSU, L1D, L1T, L1C
  config.setAssignment("mem.partitions=2");        // memory partitions: L2 slice + DRAM channel
  config.setAssignment("icnt.topology=crossbar");  // or mesh (icnt.mesh_*)
  config.setAssignment("l2.sets=32");              // 32 sets x 8 ways x 128 B lines:
  config.setAssignment("l2.ways=8");               //   a 32 KiB slice
  config.setAssignment("dram.model=gddr");         // FR-FCFS GDDR channel (or fixed, external)
  config.setAssignment("sched.policy=gto");        // warp scheduling policy
  for (const std::string& a : args) config.setAssignment(a, "command line");
}

int run(const std::vector<std::string>& args, const warpsim::StatsFiles& files) {
  using namespace warpsim;
  const Registries registries;  // the built-ins; a program adds its own policies and kernels
  ConfigSchema schema;
  GpuParams::declare(schema, registries);
  schema.addString("workload.name", "stream", "workload (any of registries.workloads)");
  schema.addUInt("workload.size", 8, "its size", 1, 4096);
  Config config(schema);
  configure(config, args);
  const Registries configured = registries.configured(config);   // entries' own options, once
  const GpuParams params = GpuParams::load(config, configured);  // validated; throws ConfigError
  const std::string name = config.getString("workload.name");
  const auto size = static_cast<std::uint32_t>(config.getUInt("workload.size"));
  const Workload workload = configured.workloads.make(name, size);

  // 2. The assembly, run inside the Gpu's constructor so that every block (the probe too) is a
  //    child of gpu. The caller's scope owns the probe and the pointer to slice 0.
  StatsRegistry stats;
  std::unique_ptr<TrafficProbe> probe;
  Cache* slice0 = nullptr;
  const Gpu::Assembly assemble = [&probe, &slice0, &stats](Gpu& gpu) {
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
      probe = std::make_unique<TrafficProbe>("probe0", stats);  // gpu.probe0
      icnt.bindMemPort(part.id, probe->upstream);
      probe->downstream.bind(part.upstream());
      slice0 = part.l2.get();
    }
  };
  Gpu gpu("gpu", params, configured, &config, stats, assemble);

  // 3. The workload, run to completion; the platforms' files and summary.
  gpu.run(workload);
  sc_core::sc_start();
  gpu.finalize();
  if (gpu.outcome() != Gpu::Outcome::Finished) {
    std::cerr << gpu.diagnosis() << "custom_platform: the run did not finish\n  CHECK FAILED\n";
    return 1;
  }
  const std::string label = name + " (size " + std::to_string(size) + ")";
  const nlohmann::json stats_json =
      runStats({"custom_platform", label, params.sched.policy}, gpu, stats);
  writeStatsFiles(files, stats_json, stats);
  printSummary(std::cout, stats_json, 0);

  // 4. The check: every request the probe passed on was looked up by slice 0 (gpu.l2_0.accesses)
  //    or was still waiting for its lookup when the last CTA finished (posted stores).
  const nlohmann::json& tree = stats_json["gpu"];
  const std::uint64_t requests = tree["probe0"]["requests"].get<std::uint64_t>();
  const std::uint64_t accesses = tree["l2_0"]["accesses"].get<std::uint64_t>();
  const std::uint64_t waiting = slice0->inputQueueSize() + (probe->awaitingEndReq ? 1 : 0);
  std::cout << "  probe0: " << requests << " requests, " << probe->bytes.value()
            << " bytes; gpu.l2_0: " << accesses << " accesses, " << waiting << " still queued\n";
  const bool ok = requests > 0 && requests == accesses + waiting;
  std::cout << (ok ? "  check passed\n" : "  CHECK FAILED\n");
  return ok ? 0 : 1;
}

}  // namespace

int sc_main(int argc, char* argv[]) {
  try {
    std::vector<std::string> args(argv + 1, argv + argc);
    const warpsim::StatsFiles files = warpsim::takeStatsOptions(args);
    return run(args, files);
  } catch (const std::runtime_error& e) {  // ConfigError: a bad option or value
    std::cerr << "custom_platform: error: " << e.what() << "\n";
    return 1;
  }
}

int main(int argc, char* argv[]) {
  warpsim::quietSystemC();  // before SystemC starts: its banner prints at start-up
  return sc_core::sc_elab_and_sim(argc, argv);
}
