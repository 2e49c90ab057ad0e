// Co-simulation with a third-party TLM-2.0 memory: the Fermi GPU's six L2 slices send their
// misses, through warpsim's BlockingBridge, to a memory model written the way TLM IP usually
// is: a plain simple_target_socket, b_transport only, wait() inside, real storage.
//
//   tlm_cosim [builtin] [--stats FILE] [--csv FILE] [--stats-format json|accelsim]
//     without builtin: the GPU on the vendor memory (dram.model=external)
//     builtin:         the same GPU on warpsim's own GDDR5 channels, for the comparison
//
// It checks what the memory saw against what the L2 slices sent (every line request served
// once, or still waiting in a bridge when the last CTA finished) and that reads return what was
// written, prints the platforms' results summary and exits non-zero on any mismatch. The
// bridges are added by the GPU's assembly, so their statistics sit at gpu.bridgeP; --stats and
// --csv write the same files as the platforms (common/RunStats.h), whose DRAM traffic counts
// the bytes the bridges moved.
#include <cstring>
#include <iostream>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include <tlm_utils/simple_target_socket.h>
#include <systemc>

#include <warpsim/bridge/BlockingBridge.h>
#include <warpsim/common/Platform.h>
#include <warpsim/common/RunStats.h>
#include <warpsim/common/Summary.h>
#include <warpsim/config/Config.h>
#include <warpsim/gpu/Gpu.h>
#include <warpsim/workload/WorkloadLibrary.h>

namespace {

// "Vendor" memory IP: knows nothing of warpsim. 30 ns per access plus 1 ns per 32 bytes, one
// access at a time; remembers what was written and returns it on reads.
class VendorMemory : public sc_core::sc_module {
 public:
  tlm_utils::simple_target_socket<VendorMemory> socket{"socket"};
  std::uint64_t reads = 0, writes = 0, bytes = 0, readBackMismatches = 0;

  explicit VendorMemory(sc_core::sc_module_name name) : sc_core::sc_module(name) {
    socket.register_b_transport(this, &VendorMemory::access);
  }

 private:
  void access(tlm::tlm_generic_payload& p, sc_core::sc_time& delay) {
    const std::uint64_t addr = p.get_address();
    const unsigned len = p.get_data_length();
    sc_core::wait(sc_core::sc_time(30 + len / 32, sc_core::SC_NS) + delay);
    delay = sc_core::SC_ZERO_TIME;
    std::vector<unsigned char>& line = store_[addr];
    line.resize(len);
    if (p.is_write()) {
      std::memcpy(line.data(), p.get_data_ptr(), len);
      ++writes;
    } else {
      std::memcpy(p.get_data_ptr(), line.data(), len);  // what was written, zeros otherwise
      if (std::memcmp(p.get_data_ptr(), line.data(), len) != 0) ++readBackMismatches;
      ++reads;
    }
    bytes += len;
    p.set_response_status(tlm::TLM_OK_RESPONSE);
  }
  std::map<std::uint64_t, std::vector<unsigned char>> store_;
};

// The command line: `builtin`, and where the statistics go. Throws ConfigError.
struct Options {
  bool builtin = false;
  warpsim::StatsFiles files;
};

Options parseOptions(int argc, char* argv[]) {
  std::vector<std::string> args(argv + 1, argv + argc);
  Options o;
  o.files = warpsim::takeStatsOptions(args);
  for (const std::string& a : args) {
    if (a != "builtin")
      throw warpsim::ConfigError("command line: unknown argument '" + a +
                                 "'; allowed: builtin, --stats FILE, --csv FILE, "
                                 "--stats-format json|accelsim");
    o.builtin = true;
  }
  return o;
}

}  // namespace

int sc_main(int argc, char* argv[]) {
  using namespace warpsim;
  Options options;
  try {
    options = parseOptions(argc, argv);
  } catch (const ConfigError& e) {
    std::cerr << "tlm_cosim: error: " << e.what() << "\n";
    return 1;
  }
  const bool builtin = options.builtin;
  ConfigSchema schema;
  GpuParams::declare(schema);
  Config config(schema);
  const PlatformInfo& fermi = *findPlatform("fermi");
  config.loadIniText(fermi.iniText, fermi.iniName);
  config.setAssignment("gpu.sms=4");
  if (!builtin) config.setAssignment("dram.model=external");
  const GpuParams params = GpuParams::load(config);

  StatsRegistry stats;
  std::vector<std::unique_ptr<BlockingBridge>> bridges;
  std::vector<std::unique_ptr<VendorMemory>> memories;
  // The standard blocks, then one bridge per L2 slice: built inside the Gpu's constructor, the
  // bridges are its children (gpu.bridgeP), and so are their statistics.
  auto assemble = [&](Gpu& g) {
    Gpu::standardAssembly(g);
    if (builtin) return;
    for (std::uint32_t p = 0; p < params.map.partitions; ++p)
      bridges.push_back(std::make_unique<BlockingBridge>(("bridge" + std::to_string(p)).c_str(), 32,
                                                         g.engine(), stats));
  };
  Gpu gpu("gpu", params, PolicyRegistry::withBuiltins(), &config, stats, assemble);
  for (std::size_t p = 0; p < bridges.size(); ++p) {
    memories.push_back(std::make_unique<VendorMemory>(("vendor_mem" + std::to_string(p)).c_str()));
    gpu.memorySocket(p).bind(bridges[p]->upstream);
    bridges[p]->downstream.bind(memories.back()->socket);
  }
  const Workload workload = makeWorkload("stream", 8);
  gpu.run(workload);
  sc_core::sc_start();
  gpu.finalize();
  if (gpu.outcome() != Gpu::Outcome::Finished) {
    std::cerr << gpu.diagnosis() << "tlm_cosim: the run did not finish\n";
    return 1;
  }
  const nlohmann::json run = runStats(
      {builtin ? "tlm_cosim builtin" : "tlm_cosim", "stream (size 8)", params.sched.policy}, gpu,
      stats);
  try {
    writeStatsFiles(options.files, run, stats);
  } catch (const std::runtime_error& e) {
    std::cerr << "tlm_cosim: error: " << e.what() << "\n";
    return 1;
  }
  std::cout << (builtin ? "built-in GDDR5 channels" : "vendor TLM memory via BlockingBridge")
            << ": stream (size 8) on 4 SMs\n";
  printSummary(std::cout, run, 0);
  if (builtin) return 0;

  // Every line request the L2 slices sent below reached the memory once and came back.
  const nlohmann::json tree = stats.tree()["gpu"];
  std::uint64_t sentReads = 0, sentWrites = 0, seenReads = 0, seenWrites = 0, mismatches = 0,
                inFlight = 0;
  for (std::uint32_t p = 0; p < params.map.partitions; ++p) {
    const nlohmann::json& l2 = tree["l2_" + std::to_string(p)];
    sentReads += l2["reads_below"].get<std::uint64_t>();
    sentWrites += l2["writes_below"].get<std::uint64_t>();
    seenReads += memories[p]->reads;
    seenWrites += memories[p]->writes;
    mismatches += memories[p]->readBackMismatches;
    inFlight += bridges[p]->pending();
  }
  std::cout << "  L2 slices sent " << sentReads << " reads and " << sentWrites
            << " writes; the vendor memory served " << seenReads << " and " << seenWrites << "; "
            << inFlight << " still in the bridges when the last CTA finished\n";
  // Stores are posted: the line fills of the last stores may still be on their way at the end.
  const bool ok = seenReads + seenWrites + inFlight == sentReads + sentWrites && mismatches == 0;
  std::cout << (ok ? "  check passed\n" : "  CHECK FAILED\n");
  return ok ? 0 : 1;
}

int main(int argc, char* argv[]) {
  warpsim::quietSystemC();
  return sc_core::sc_elab_and_sim(argc, argv);
}
