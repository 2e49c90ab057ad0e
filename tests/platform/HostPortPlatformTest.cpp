// A host through HostPort on the Fermi platform's GDDR5 channels (doc/architecture.md section 3,
// "Foreign TLM IP"): its requests take the channel's own latency, dram.latency included, after
// an idle stretch as beside a busy GPU, however far the clock engine runs ahead of SystemC; and
// a host that loads the channels slows the GPU.
#include <catch2/catch.hpp>

#include <deque>
#include <unordered_map>
#include <vector>

#include <tlm_utils/simple_initiator_socket.h>

#include "PlatformTestSupport.h"
#include "warpsim/bridge/HostPort.h"
#include "warpsim/common/Platform.h"
#include "warpsim/gpu/Gpu.h"
#include "warpsim/workload/WorkloadLibrary.h"

using namespace warpsim;
using namespace warpsim::test;

namespace {

// Foreign IP on its own thread: `count` 64-byte requests (0: until the run stops) at `base`,
// `base` + 64, ..., every `writeEvery`-th a write, one every `gapNs` while fewer than
// `maxOutstanding` are unanswered. A request is answered at SystemC's time plus the annotated
// delay (the engine's lead).
class Host : public sc_core::sc_module {
 public:
  struct Traffic {
    double gapNs;
    unsigned maxOutstanding;
    std::uint64_t count;
    unsigned writeEvery;
  };
  struct Request {
    std::uint64_t sentPs, answeredPs;  // answeredPs 0: not yet
    bool write;
  };
  tlm_utils::simple_initiator_socket<Host> socket{"socket"};
  std::vector<Request> requests;  // in sending order
  std::uint64_t answered = 0;

  SC_HAS_PROCESS(Host);
  Host(sc_core::sc_module_name name, Traffic t) : sc_core::sc_module(name), t_(t) {
    socket.register_nb_transport_bw(this, &Host::bw);
    SC_THREAD(run);
  }
  double meanReadNs() const {
    double sum = 0, n = 0;
    for (const Request& r : requests)
      if (!r.write && r.answeredPs != 0) sum += double(r.answeredPs - r.sentPs), ++n;
    return sum / n / 1e3;
  }

 private:
  void run() {
    for (std::uint64_t n = 0; t_.count == 0 || n < t_.count; ++n) {
      while (requests.size() - answered >= t_.maxOutstanding) wait(answered_);
      const bool write = n % t_.writeEvery == t_.writeEvery - 1;
      tlm::tlm_generic_payload& p = payloads_.emplace_back();
      index_[&p] = requests.size();
      requests.push_back(Request{sc_core::sc_time_stamp().value(), 0, write});
      p.set_command(write ? tlm::TLM_WRITE_COMMAND : tlm::TLM_READ_COMMAND);
      p.set_address(0x40000000 + (n * 64) % (4 << 20));
      p.set_data_ptr(data_);
      p.set_data_length(64);
      p.set_streaming_width(64);
      tlm::tlm_phase phase = tlm::BEGIN_REQ;
      sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
      if (socket->nb_transport_fw(p, phase, delay) == tlm::TLM_ACCEPTED) wait(endReq_);
      wait(sc_core::sc_time(t_.gapNs, sc_core::SC_NS));
    }
  }
  tlm::tlm_sync_enum bw(tlm::tlm_generic_payload& p, tlm::tlm_phase& phase, sc_core::sc_time& d) {
    if (phase == tlm::END_REQ) {
      endReq_.notify(d);
      return tlm::TLM_ACCEPTED;
    }
    requests[index_.at(&p)].answeredPs = (sc_core::sc_time_stamp() + d).value();
    ++answered;
    answered_.notify(d);
    return tlm::TLM_COMPLETED;
  }
  Traffic t_;
  std::deque<tlm::tlm_generic_payload> payloads_;  // stable addresses; no memory manager
  std::unordered_map<const tlm::tlm_generic_payload*, std::size_t> index_;
  unsigned char data_[64] = {};
  sc_core::sc_event answered_, endReq_;
};

// The full Fermi GPU (fermi.ini) with `host` on every channel beside the L2 slices, as
// examples/tlm_host builds it.
struct FermiWithHost {
  ConfigSchema schema;
  Config config{declare(schema)};
  GpuParams params = loadFermi(config);
  StatsRegistry stats;
  Gpu gpu{"gpu", params, PolicyRegistry::withBuiltins(), &config, stats};
  HostPort port{"host_port", gpu.addressMap(), gpu.engine(), stats};
  Host host;

  explicit FermiWithHost(Host::Traffic t) : host("host", t) {
    for (std::uint32_t p = 0; p < params.map.partitions; ++p)
      port.memory.bind(*gpu.partition(p).channel());
    host.socket.bind(port.host);
  }
  static ConfigSchema& declare(ConfigSchema& s) {
    GpuParams::declare(s);
    return s;
  }
  static GpuParams loadFermi(Config& c) {
    const PlatformInfo& fermi = *findPlatform("fermi");
    c.loadIniText(fermi.iniText, fermi.iniName);
    return GpuParams::load(c);
  }
};

}  // namespace

// fermi's channel (924 MHz: 1082 ps cycles) answers dram.latency (563 cycles) after the data.
// From the cycle a request arrives in: 1 to enter the queue, then a read of a closed row tRCD
// 12 + tCL 12 + a 2-cycle burst (590 in all), a read of the open row 12 + 2 (578), a write tWL
// 4 + 2 (570). The engine sleeps between them (10 us) and runs ahead after each: a lead left
// out of the answer or a clock not brought up to the request would show.
TEST_CASE("host port on fermi: after idle stretches a host waits the DRAM's unloaded latency") {
  FermiWithHost b({10000, 1, 3, 3});  // read, read, write, 10 us apart, on an idle GPU
  sc_core::sc_start();
  constexpr std::uint64_t kCycle = 1082;
  REQUIRE(b.host.answered == 3);
  CHECK(b.host.requests[0].answeredPs == 590 * kCycle);
  CHECK(b.host.requests[1].answeredPs == (9242 + 578) * kCycle);  // 9242: last edge <= 10 us
  CHECK(b.host.requests[2].answeredPs == (18484 + 570) * kCycle);
}

// 128 requests in flight, one every 4 ns: the host's reads take what the GPU's take in the same
// channels, and the GPU slows. GPU alone: warpsim-fermi, the same machine.
TEST_CASE("host port on fermi: a host loading the channels slows the GPU and waits as it does") {
  ScratchDir dir;
  REQUIRE(runTool("warpsim-fermi", "--workload stream --set workload.size=64 --quiet --stats " +
                                       dir.file("alone.json"))
              .exitCode == 0);
  const std::uint64_t alone = readJson(dir.file("alone.json"))["cycles"];

  FermiWithHost b({4, 128, 0, 4});
  const Workload stream = makeWorkload("stream", 64);
  b.gpu.run(stream);
  sc_core::sc_start();
  b.gpu.finalize();
  REQUIRE(b.gpu.outcome() == Gpu::Outcome::Finished);
  // The channels' mean read latency (arrival to data, DRAM cycles) plus dram.latency, in ns.
  const nlohmann::json s = b.stats.tree()["gpu"];
  double sum = 0, count = 0;
  for (std::uint32_t p = 0; p < b.params.map.partitions; ++p) {
    sum += s["part" + std::to_string(p)]["read_latency"]["sum"].get<double>();
    count += s["part" + std::to_string(p)]["read_latency"]["count"].get<double>();
  }
  const double channelNs = (sum / count + 563) * 1e3 / 924;
  INFO("GPU " << b.gpu.cycles() << " cycles (alone " << alone << "); host reads "
              << b.host.meanReadNs() << " ns, the channels' " << channelNs << " ns");
  CHECK(alone == 61569);
  CHECK(b.gpu.cycles() == 64086);  // +4.1%
  CHECK(b.host.answered == 17069);
  CHECK(b.host.meanReadNs() == Approx(channelNs).epsilon(0.03));  // 662.7 ns against 672.8 ns
}
