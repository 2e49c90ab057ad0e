// Co-simulation with a third-party TLM-2.0 memory: the Fermi GPU's six L2 slices send their
// misses, through warpsim's BlockingBridge, to a memory model written the way TLM IP usually
// is: a plain simple_target_socket, b_transport only, wait() inside, real storage.
//
//   tlm_cosim            the GPU on the vendor memory (dram.model=external)
//   tlm_cosim builtin    the same GPU on warpsim's own GDDR5 channels, for the comparison
//
// It checks what the memory saw against what the L2 slices sent (every line request served
// once, or still waiting in a bridge when the last CTA finished) and that reads return what was
// written, prints the timing and exits non-zero on any mismatch.
#include <cstring>
#include <iostream>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include <tlm_utils/simple_target_socket.h>
#include <systemc>

#include "bridge/BlockingBridge.h"
#include "common/Platform.h"
#include "config/Config.h"
#include "gpu/Gpu.h"
#include "workload/WorkloadLibrary.h"

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

}  // namespace

int sc_main(int argc, char* argv[]) {
  using namespace warpsim;
  const bool builtin = argc > 1 && std::string(argv[1]) == "builtin";
  ConfigSchema schema;
  GpuParams::declare(schema);
  Config config(schema);
  const PlatformInfo& fermi = *findPlatform("fermi");
  config.loadIniText(fermi.iniText, fermi.iniName);
  config.setAssignment("gpu.sms=4");
  if (!builtin) config.setAssignment("dram.model=external");
  const GpuParams params = GpuParams::load(config);

  StatsRegistry stats;
  Gpu gpu("gpu", params, PolicyRegistry::withBuiltins(), &config, stats);
  std::vector<std::unique_ptr<BlockingBridge>> bridges;
  std::vector<std::unique_ptr<VendorMemory>> memories;
  if (!builtin)
    for (std::uint32_t p = 0; p < params.map.partitions; ++p) {
      const std::string n = std::to_string(p);
      bridges.push_back(
          std::make_unique<BlockingBridge>(("bridge" + n).c_str(), 32, gpu.engine(), stats));
      memories.push_back(std::make_unique<VendorMemory>(("vendor_mem" + n).c_str()));
      gpu.memorySocket(p).bind(bridges.back()->upstream);
      bridges.back()->downstream.bind(memories.back()->socket);
    }
  const Workload workload = makeWorkload("stream", 8);
  gpu.run(workload);
  sc_core::sc_start();
  gpu.finalize();
  if (gpu.outcome() != Gpu::Outcome::Finished) {
    std::cerr << gpu.diagnosis() << "tlm_cosim: the run did not finish\n";
    return 1;
  }
  std::cout << (builtin ? "built-in GDDR5 channels" : "vendor TLM memory via BlockingBridge")
            << ": stream (size 8) on 4 SMs, " << gpu.cycles() << " core cycles, "
            << gpu.warpInstructions() << " warp instructions\n";
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
