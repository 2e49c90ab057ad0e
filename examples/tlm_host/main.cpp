// A host CPU sharing the GPU's DRAM. The host is written the way TLM IP usually is: its own
// SC_THREAD and memory manager, the non-blocking base protocol on a plain simple_initiator_socket,
// no warpsim types in its payloads. It reaches the Fermi GPU's GDDR5 channels through HostPort,
// beside the L2 slices, so its requests and the GPU's share each channel's queue and FR-FCFS
// scheduler:
//
//   cpu.socket -> host_port.host -> host_port.memory[P] -> gpu.partP.socket (after gpu.l2_P)
//
//   tlm_host            the GPU runs stream while the host streams through its own buffer
//   tlm_host gpu-only   the GPU alone, for the comparison
//   either with --stats FILE, --csv FILE, --stats-format json|accelsim: the platforms' files
//   (common/RunStats.h); the port, built outside the Gpu, is under `blocks.host_port`
//
// It checks that every host request was answered exactly once (or was still in a channel when
// the last CTA finished), prints the host's latency and bandwidth and the GPU's cycles, and
// exits non-zero on any mismatch.
#include <algorithm>
#include <cstdint>
#include <iomanip>
#include <iostream>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include <tlm_utils/simple_initiator_socket.h>
#include <systemc>

#include <warpsim/bridge/HostPort.h>
#include <warpsim/common/Platform.h>
#include <warpsim/common/RunStats.h>
#include <warpsim/config/Config.h>
#include <warpsim/gpu/Gpu.h>
#include <warpsim/workload/WorkloadLibrary.h>

namespace {

using sc_core::SC_NS;
using sc_core::sc_time;

// "Vendor" CPU model: knows nothing of warpsim. A core streaming through a 4 MiB buffer in
// 64-byte lines, one write for every three reads, a new request every 4 ns while fewer than 8
// are outstanding (its line fill buffers).
class CpuTraffic : public sc_core::sc_module, public tlm::tlm_mm_interface {
 public:
  tlm_utils::simple_initiator_socket<CpuTraffic> socket{"socket"};
  std::uint64_t issued = 0, answered = 0, duplicates = 0, strangers = 0;
  sc_time latencySum = sc_core::SC_ZERO_TIME, latencyMin = sc_core::sc_max_time(),
          latencyMax = sc_core::SC_ZERO_TIME;

  SC_HAS_PROCESS(CpuTraffic);
  explicit CpuTraffic(sc_core::sc_module_name name) : sc_core::sc_module(name) {
    socket.register_nb_transport_bw(this, &CpuTraffic::bw);
    SC_THREAD(run);
  }
  ~CpuTraffic() override {
    for (tlm::tlm_generic_payload* p : free_) delete p;
  }
  std::uint64_t outstanding() const { return issued - answered; }

 private:
  static constexpr std::uint64_t kBase = 0x40000000, kBuffer = 4 << 20, kLine = 64;
  static constexpr unsigned kMaxOutstanding = 8;

  struct Request {
    sc_time issuedAt;
    bool open = false;
  };

  void run() {
    for (;;) {
      while (outstanding() >= kMaxOutstanding) wait(answeredEvent_);
      tlm::tlm_generic_payload& p = acquire();
      const std::uint64_t n = issued++;
      p.set_command(n % 4 == 3 ? tlm::TLM_WRITE_COMMAND : tlm::TLM_READ_COMMAND);
      p.set_address(kBase + (n * kLine) % kBuffer);
      p.set_data_ptr(data_);
      p.set_data_length(kLine);
      p.set_streaming_width(kLine);
      p.set_byte_enable_ptr(nullptr);
      p.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
      requests_.push_back(Request{sc_core::sc_time_stamp(), true});
      ids_[&p] = n;
      tlm::tlm_phase phase = tlm::BEGIN_REQ;
      sc_time delay = sc_core::SC_ZERO_TIME;
      if (socket->nb_transport_fw(p, phase, delay) == tlm::TLM_ACCEPTED)
        wait(endReqEvent_);  // the channel's queue is full: END_REQ comes later
      wait(sc_time(4, SC_NS));
    }
  }

  tlm::tlm_sync_enum bw(tlm::tlm_generic_payload& p, tlm::tlm_phase& phase, sc_time& delay) {
    if (phase == tlm::END_REQ) {
      endReqEvent_.notify(delay);
      return tlm::TLM_ACCEPTED;
    }
    if (phase != tlm::BEGIN_RESP) return tlm::TLM_ACCEPTED;
    const auto id = ids_.find(&p);
    if (id == ids_.end()) {
      ++strangers;
      return tlm::TLM_COMPLETED;
    }
    Request& r = requests_[id->second];
    if (!r.open) {
      ++duplicates;
      return tlm::TLM_COMPLETED;
    }
    r.open = false;
    ++answered;
    const sc_time latency = sc_core::sc_time_stamp() + delay - r.issuedAt;  // delay: GPU's lead
    latencySum += latency;
    latencyMin = std::min(latencyMin, latency);
    latencyMax = std::max(latencyMax, latency);
    ids_.erase(id);
    p.release();
    answeredEvent_.notify(delay);
    return tlm::TLM_COMPLETED;
  }

  tlm::tlm_generic_payload& acquire() {
    if (free_.empty()) free_.push_back(new tlm::tlm_generic_payload(this));
    tlm::tlm_generic_payload* p = free_.back();
    free_.pop_back();
    p->acquire();
    return *p;
  }
  void free(tlm::tlm_generic_payload* p) override { free_.push_back(p); }

  unsigned char data_[kLine] = {};
  std::vector<tlm::tlm_generic_payload*> free_;
  std::vector<Request> requests_;
  std::map<tlm::tlm_generic_payload*, std::uint64_t> ids_;  // outstanding: payload -> request
  sc_core::sc_event answeredEvent_, endReqEvent_;
};

}  // namespace

int sc_main(int argc, char* argv[]) {
  using namespace warpsim;
  std::vector<std::string> args(argv + 1, argv + argc);
  StatsFiles files;
  try {
    files = takeStatsOptions(args);
    if (!args.empty() && (args.size() > 1 || args[0] != "gpu-only"))
      throw ConfigError("command line: unknown argument '" + args.back() +
                        "'; allowed: gpu-only, --stats FILE, --csv FILE, "
                        "--stats-format json|accelsim");
  } catch (const ConfigError& e) {
    std::cerr << "tlm_host: error: " << e.what() << "\n";
    return 1;
  }
  const bool gpuOnly = !args.empty();
  ConfigSchema schema;
  GpuParams::declare(schema);
  Config config(schema);
  const PlatformInfo& fermi = *findPlatform("fermi");
  config.loadIniText(fermi.iniText, fermi.iniName);
  const GpuParams params = GpuParams::load(config);

  StatsRegistry stats;
  Gpu gpu("gpu", params, PolicyRegistry::withBuiltins(), &config, stats);
  std::unique_ptr<HostPort> port;
  std::unique_ptr<CpuTraffic> cpu;
  if (!gpuOnly) {
    port = std::make_unique<HostPort>("host_port", gpu.addressMap(), gpu.engine(), stats);
    for (std::uint32_t p = 0; p < params.map.partitions; ++p)
      port->memory.bind(*gpu.partition(p).channel());  // after the slice: socket 1 of channel P
    cpu = std::make_unique<CpuTraffic>("cpu");
    cpu->socket.bind(port->host);
  }
  const Workload workload = makeWorkload("stream", 64);
  gpu.run(workload);
  sc_core::sc_start();
  gpu.finalize();
  if (gpu.outcome() != Gpu::Outcome::Finished) {
    std::cerr << gpu.diagnosis() << "tlm_host: the run did not finish\n";
    return 1;
  }
  try {
    writeStatsFiles(files,
                    runStats({gpuOnly ? "tlm_host gpu-only" : "tlm_host", "stream (size 64)",
                              params.sched.policy},
                             gpu, stats),
                    stats);
  } catch (const std::runtime_error& e) {
    std::cerr << "tlm_host: error: " << e.what() << "\n";
    return 1;
  }
  const double ns = gpu.cycles() * 1e3 / params.clock.coreMHz;
  std::cout << std::fixed << std::setprecision(1) << "tlm_host: stream (size 64) on 15 SMs"
            << (gpuOnly ? " alone: " : " with the host: ") << gpu.cycles() << " core cycles (" << ns
            << " ns)\n";
  if (gpuOnly) return 0;

  const nlohmann::json hp = stats.tree()["host_port"];
  std::cout << "  host: " << cpu->issued << " requests, " << cpu->answered << " answered, "
            << cpu->outstanding() << " outstanding at the end; latency min "
            << cpu->latencyMin.to_seconds() * 1e9 << " ns, mean "
            << cpu->latencySum.to_seconds() * 1e9 / cpu->answered << " ns, max "
            << cpu->latencyMax.to_seconds() * 1e9 << " ns; " << cpu->answered * 64 / ns << " GB/s\n"
            << "  host_port: " << hp["requests"] << " requests, " << hp["held_back"]
            << " held back by a full channel queue\n";
  // Every request answered once, or still in a channel: none lost, none duplicated, none foreign
  // (routing by address is tested in tests/models/HostPortTest.cpp).
  const bool ok = cpu->answered > 0 && cpu->duplicates == 0 && cpu->strangers == 0 &&
                  hp["requests"].get<std::uint64_t>() == cpu->issued &&
                  port->outstanding() == cpu->outstanding();
  std::cout << (ok ? "  check passed\n" : "  CHECK FAILED\n");
  return ok ? 0 : 1;
}

int main(int argc, char* argv[]) {
  warpsim::quietSystemC();
  return sc_core::sc_elab_and_sim(argc, argv);
}
