// HostPort: a host's requests reach the DRAM channel of their address's partition, beside the
// L2 slice; the channel serves held requesters in turn; a response the host takes with
// TLM_ACCEPTED holds the next until its END_RESP.
#include <catch2/catch.hpp>

#include <algorithm>

#include "ModelTestSupport.h"
#include "warpsim/bridge/HostPort.h"
#include "warpsim/dram/FixedLatencyDram.h"
#include "warpsim/stats/StatsRegistry.h"

using namespace warpsim;
using namespace warpsim::test;

namespace {

AddressMapParams twoPartitions() {
  AddressMapParams p;
  p.partitions = 2;
  p.chunk = 256;  // 0x000-0x0ff: partition 0, 0x100-0x1ff: partition 1, ...
  return p;
}

FixedDramParams channel(std::uint32_t queue) {
  FixedDramParams p;
  p.latency = 10;
  p.queue = queue;
  return p;
}

// Two channels; an L2-like requester on channel 0 (bound first), `Host` through the HostPort.
template <class Host>
struct Bench {
  ClockEngine engine{"engine"};
  ClockDomain& clock = engine.addDomain("dram", 1000.0);
  StatsRegistry stats;
  PayloadPool pool;
  AddressMap map{twoPartitions()};
  FixedLatencyDram ch0, ch1;
  ScriptedInitiator l2{"l2", pool};
  HostPort port{"host_port", map, engine, stats};
  Host host{"host", pool};

  explicit Bench(std::uint32_t queue)
      : ch0("ch0", channel(queue), engine.watchdog(), stats),
        ch1("ch1", channel(queue), engine.watchdog(), stats) {
    for (Clocked* b : std::initializer_list<Clocked*>{&ch0, &ch1, &l2, &host}) clock.add(*b);
    l2.socket.bind(ch0.socket);
    port.memory.bind(ch0.socket);
    port.memory.bind(ch1.socket);
    host.socket.bind(port.host);
  }
};

// A host that takes each response with TLM_ACCEPTED and ends it (END_RESP) 5 cycles later.
class SlowHost : public sc_core::sc_module, public Clocked {
 public:
  tlm_utils::simple_initiator_socket<SlowHost> socket{"socket"};
  std::vector<Cycle> responses, endResps;
  bool overlapped = false;  // a BEGIN_RESP arrived while one was open

  SlowHost(sc_core::sc_module_name name, PayloadPool& pool)
      : sc_core::sc_module(name), pool_(pool) {
    socket.register_nb_transport_bw(this, &SlowHost::bw);
  }
  bool tick() override {
    for (; sent_ < 2; ++sent_) {  // one to each partition, both answered in the same cycle
      tlm::tlm_generic_payload& p = pool_.acquire();
      p.set_command(tlm::TLM_READ_COMMAND);
      p.set_address(sent_ * 0x100);
      p.set_data_length(64);
      tlm::tlm_phase phase = tlm::BEGIN_REQ;
      sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
      socket->nb_transport_fw(p, phase, delay);
    }
    if (open_ && now() == endAt_) {
      tlm::tlm_generic_payload* p = open_;
      open_ = nullptr;
      endResps.push_back(now());
      tlm::tlm_phase phase = tlm::END_RESP;
      sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
      socket->nb_transport_fw(*p, phase, delay);
      p->release();
    }
    return open_ != nullptr;
  }

 private:
  tlm::tlm_sync_enum bw(tlm::tlm_generic_payload& p, tlm::tlm_phase& phase, sc_core::sc_time&) {
    if (phase != tlm::BEGIN_RESP) return tlm::TLM_ACCEPTED;
    if (open_) overlapped = true;
    open_ = &p;
    endAt_ = now() + 5;
    responses.push_back(now());
    wake();
    return tlm::TLM_ACCEPTED;
  }
  PayloadPool& pool_;
  std::uint32_t sent_ = 0;
  tlm::tlm_generic_payload* open_ = nullptr;
  Cycle endAt_ = 0;
};

// A host as foreign IP is: its own SystemC thread sends each request at its time, honours the
// annotated delays, and records when each response arrives (SystemC time + delay).
class ThreadHost : public sc_core::sc_module {
 public:
  struct Send {
    double atNs;
    Addr addr;
    std::uint32_t length = 64;
    double delayNs = 0;  // annotated on BEGIN_REQ
    tlm::tlm_command command = tlm::TLM_READ_COMMAND;
    bool byteEnables = false;
    std::uint32_t streamingWidth = 0;  // 0: not set
  };
  tlm_utils::simple_initiator_socket<ThreadHost> socket{"socket"};
  std::vector<std::uint64_t> responsePs;      // per request, in order
  std::vector<tlm::tlm_sync_enum> fwResults;  // what BEGIN_REQ's call returned
  std::vector<tlm::tlm_response_status> statuses;
  bool dataKept = true;  // no request's data was changed
  static constexpr unsigned char kPattern = 0xa5;

  SC_HAS_PROCESS(ThreadHost);
  ThreadHost(sc_core::sc_module_name name, std::vector<Send> script)
      : sc_core::sc_module(name), script_(std::move(script)) {
    socket.register_nb_transport_bw(this, &ThreadHost::bw);
    SC_THREAD(run);
  }

 private:
  void run() {
    for (const Send& s : script_) {
      const sc_core::sc_time at(s.atNs, sc_core::SC_NS);
      if (at > sc_core::sc_time_stamp()) wait(at - sc_core::sc_time_stamp());
      tlm::tlm_generic_payload p;  // no warpsim extension
      p.set_command(s.command);
      p.set_address(s.addr);
      p.set_data_length(s.length);
      // The data: exactly `length` bytes of their own allocation (AddressSanitizer, in the
      // sanitizer build, catches any access past them), with a pattern that must stay as it is.
      std::vector<unsigned char> data(s.length, kPattern);
      p.set_data_ptr(data.data());
      unsigned char enables[4] = {0xff, 0, 0xff, 0};
      if (s.byteEnables) {
        p.set_byte_enable_ptr(enables);
        p.set_byte_enable_length(4);
      }
      p.set_streaming_width(s.streamingWidth);
      p.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
      tlm::tlm_phase phase = tlm::BEGIN_REQ;
      sc_core::sc_time delay(s.delayNs, sc_core::SC_NS);
      const tlm::tlm_sync_enum r = socket->nb_transport_fw(p, phase, delay);
      fwResults.push_back(r);
      if (r != tlm::TLM_COMPLETED) wait(answered_);
      statuses.push_back(p.get_response_status());
      dataKept = dataKept && std::count(data.begin(), data.end(), kPattern) == s.length;
    }
  }
  tlm::tlm_sync_enum bw(tlm::tlm_generic_payload&, tlm::tlm_phase& phase, sc_core::sc_time& d) {
    if (phase != tlm::BEGIN_RESP) return tlm::TLM_ACCEPTED;
    responsePs.push_back((sc_core::sc_time_stamp() + d).value());
    answered_.notify(d);
    return tlm::TLM_COMPLETED;
  }
  std::vector<Send> script_;
  sc_core::sc_event answered_;
};

// The channels beside an idle L2-like requester, and a ThreadHost through the port.
struct ThreadBench {
  ClockEngine engine{"engine"};
  ClockDomain& clock = engine.addDomain("dram", 1000.0);  // 1 ns cycles
  StatsRegistry stats;
  PayloadPool pool;
  AddressMap map{twoPartitions()};
  FixedLatencyDram ch0{"ch0", channel(8), engine.watchdog(), stats};
  FixedLatencyDram ch1{"ch1", channel(8), engine.watchdog(), stats};
  ScriptedInitiator l2{"l2", pool};
  HostPort port;
  ThreadHost host;

  explicit ThreadBench(std::vector<ThreadHost::Send> script, HostPort::Window window = {})
      : port("host_port", map, engine, stats, window), host("host", std::move(script)) {
    for (Clocked* b : std::initializer_list<Clocked*>{&ch0, &ch1, &l2}) clock.add(*b);
    l2.socket.bind(ch0.socket);
    port.memory.bind(ch0.socket);
    port.memory.bind(ch1.socket);
    host.socket.bind(port.host);
  }
};

}  // namespace

// After an idle stretch the channels' clock had stopped at their last tick; the request is
// still stamped with the cycle it arrives in.
TEST_CASE("host port: a host on its own thread is answered dram.latency after each request") {
  ThreadBench b({{0, 0x000}, {1000, 0x100}, {5000, 0x000}, {5003, 0x100}});
  sc_core::sc_start();
  // In ps; the fourth is sent when the third is answered, at 5010 ns.
  CHECK(b.host.responsePs == std::vector<std::uint64_t>{10000, 1010000, 5010000, 5020000});
  CHECK(b.host.statuses == std::vector<tlm::tlm_response_status>(4, tlm::TLM_OK_RESPONSE));
}

TEST_CASE("host port: a BEGIN_REQ with an annotated delay is taken when that time comes") {
  ThreadBench b({{0, 0x000, 64, 3}, {100, 0x100, 64, 7}});
  sc_core::sc_start();
  CHECK(b.host.fwResults == std::vector<tlm::tlm_sync_enum>(2, tlm::TLM_ACCEPTED));
  CHECK(b.host.responsePs == std::vector<std::uint64_t>{13000, 117000});
}

TEST_CASE("host port: a request across a partition chunk is refused with a burst error") {
  ThreadBench b({{0, 0x0e0, 32}, {0, 0x0e0, 64}, {0, 0x100, 0}});  // 0x0e0 + 64 > 0x100
  sc_core::sc_start();
  CHECK(b.host.fwResults ==
        std::vector<tlm::tlm_sync_enum>{tlm::TLM_UPDATED, tlm::TLM_COMPLETED, tlm::TLM_COMPLETED});
  CHECK(b.host.statuses == std::vector<tlm::tlm_response_status>{tlm::TLM_OK_RESPONSE,
                                                                 tlm::TLM_BURST_ERROR_RESPONSE,
                                                                 tlm::TLM_BURST_ERROR_RESPONSE});
  const nlohmann::json s = b.stats.tree()["host_port"];
  CHECK(s["rejected"] == 2);
  CHECK(s["requests"] == 1);
}

TEST_CASE("host port: requests the channels cannot serve get TLM error responses") {
  using S = ThreadHost::Send;
  ThreadBench b({S{0, 0x1000, 64},                                       // past the window
                 S{0, 0x0000, 64, 0, tlm::TLM_READ_COMMAND, true},       // byte enables
                 S{0, 0x0040, 64, 0, tlm::TLM_WRITE_COMMAND, false, 4},  // streaming width 4
                 S{0, 0x0080, 64, 0, tlm::TLM_IGNORE_COMMAND},           // neither read nor write
                 S{0, 0x0ff0, 32},                                       // across the window's end
                 S{0, 0x0001, 1}, S{0, 0x0103, 3, 0, tlm::TLM_WRITE_COMMAND},  // odd sizes
                 S{0, 0x0011, 47, 0, tlm::TLM_READ_COMMAND, false, 47}},
                HostPort::Window{0, 0x1000});
  sc_core::sc_start();
  CHECK(b.host.statuses == std::vector<tlm::tlm_response_status>{
                               tlm::TLM_ADDRESS_ERROR_RESPONSE, tlm::TLM_BYTE_ENABLE_ERROR_RESPONSE,
                               tlm::TLM_BURST_ERROR_RESPONSE, tlm::TLM_COMMAND_ERROR_RESPONSE,
                               tlm::TLM_ADDRESS_ERROR_RESPONSE, tlm::TLM_OK_RESPONSE,
                               tlm::TLM_OK_RESPONSE, tlm::TLM_OK_RESPONSE});
  // Refused at once; the three served ones answered by their channels, each once.
  CHECK(std::count(b.host.fwResults.begin(), b.host.fwResults.end(), tlm::TLM_COMPLETED) == 5);
  CHECK(b.host.responsePs.size() == 3);
  CHECK(b.host.dataKept);
  const nlohmann::json s = b.stats.tree()["host_port"];
  CHECK(s["rejected"] == 5);
  CHECK(s["requests"] == 3);
  CHECK(s["responses"] == 3);
  CHECK(s["bytes"] == 1 + 3 + 47);
}

TEST_CASE("host port: each host request reaches its partition's channel and is answered once") {
  Bench<ScriptedInitiator> b(8);
  b.host.start({{0, 0x000}, {0, 0x100}, {1, 0x200, true}, {1, 0x380}});
  sc_core::sc_start();
  for (std::size_t i = 0; i < 4; ++i) {
    INFO("request " << i);
    CHECK(b.host.records[i].responses == 1);
    CHECK(b.host.records[i].resp == b.host.records[i].sent + 10);
  }
  const nlohmann::json s = b.stats.tree();
  CHECK(s["ch0"]["reads"] == 1);   // 0x000
  CHECK(s["ch0"]["writes"] == 1);  // 0x200
  CHECK(s["ch1"]["reads"] == 2);   // 0x100, 0x380
  CHECK(s["host_port"]["requests"] == 4);
  CHECK(s["host_port"]["responses"] == 4);
  CHECK(s["host_port"]["held_back"] == 0);
  CHECK(b.port.outstanding() == 0);
  CHECK(b.host.foreign.empty());
}

// Queue of one: the L2 holds its second request, the host its first; each release alternates.
TEST_CASE("host port: a full channel holds the host back and serves L2 and host in turn") {
  Bench<ScriptedInitiator> b(1);
  b.l2.start({{0, 0x000}, {0, 0x200}, {0, 0x400}});
  b.host.start({{0, 0x600}, {0, 0x800}});
  sc_core::sc_start();
  CHECK(b.l2.records[0].endReq == 0);
  CHECK(b.l2.records[1].endReq == 10);
  CHECK(b.host.records[0].endReq == 20);  // not 30: the L2's third request waits its turn
  CHECK(b.l2.records[2].endReq == 30);
  CHECK(b.host.records[1].endReq == 40);
  CHECK(b.host.records[1].resp == 50);
  CHECK(b.stats.tree()["host_port"]["held_back"] == 2);
}

TEST_CASE("host port: a response taken with TLM_ACCEPTED holds the next until END_RESP") {
  Bench<SlowHost> b(8);
  b.host.wake();
  sc_core::sc_start();
  CHECK(b.host.responses == std::vector<Cycle>{10, 15});  // the second at the first's END_RESP
  CHECK(b.host.endResps == std::vector<Cycle>{15, 20});
  CHECK_FALSE(b.host.overlapped);
}

TEST_CASE("host port: bound to fewer channels than partitions, elaboration stops naming both") {
  ClockEngine engine{"engine"};
  StatsRegistry stats;
  AddressMap map{twoPartitions()};
  FixedLatencyDram ch0("ch0", channel(4), engine.watchdog(), stats);
  HostPort port{"host_port", map, engine, stats};
  PayloadPool pool;
  ScriptedInitiator host{"host", pool};
  port.memory.bind(ch0.socket);
  host.socket.bind(port.host);
  CHECK_THROWS_WITH(sc_core::sc_start(), Catch::Contains("bound to 1 channels") &&
                                             Catch::Contains("mem.partitions = 2"));
}
