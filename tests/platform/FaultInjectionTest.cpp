// Fault injection (doc/reliability.md): external memories (dram.model=external) that break the
// rules a memory must keep. Each fault ends in a named diagnosis and exit 3, never a crash, a
// hang or statistics; a memory that only reorders its answers is within the rules.
#include <catch2/catch.hpp>

#include <tlm_utils/simple_target_socket.h>
#include <algorithm>
#include <deque>
#include <iostream>
#include <memory>
#include <sstream>

#include "PlatformTestSupport.h"
#include "warpsim/common/Platform.h"
#include "warpsim/gpu/Gpu.h"

using namespace warpsim;
using namespace warpsim::test;

namespace {

// An external memory with its own SystemC thread: it takes every request at once, and every
// 100 ns answers what it took since: in reverse order, or reads twice, or with a payload of its
// own (one without warpsim's extension) before the first.
struct MisbehavingMemory : sc_core::sc_module {
  enum class Fault { Reverse, Duplicate, Stranger };
  tlm_utils::simple_target_socket<MisbehavingMemory> socket;
  Fault fault;
  std::deque<tlm::tlm_generic_payload*> taken;
  sc_core::sc_event arrived;
  std::uint64_t answered = 0, reordered = 0;

  SC_HAS_PROCESS(MisbehavingMemory);
  MisbehavingMemory(sc_core::sc_module_name n, Fault f)
      : sc_core::sc_module(n), socket("socket"), fault(f) {
    socket.register_nb_transport_fw(this, &MisbehavingMemory::fw);
    SC_THREAD(serve);
  }
  tlm::tlm_sync_enum fw(tlm::tlm_generic_payload& p, tlm::tlm_phase& phase, sc_core::sc_time&) {
    if (phase != tlm::BEGIN_REQ) return tlm::TLM_COMPLETED;
    taken.push_back(&p);
    arrived.notify(100, sc_core::SC_NS);
    phase = tlm::END_REQ;
    return tlm::TLM_UPDATED;
  }
  void respond(tlm::tlm_generic_payload& p) {
    p.set_response_status(tlm::TLM_OK_RESPONSE);
    tlm::tlm_phase phase = tlm::BEGIN_RESP;
    sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
    socket->nb_transport_bw(p, phase, delay);
    ++answered;
  }
  void serve() {
    for (;;) {
      sc_core::wait(arrived);
      std::deque<tlm::tlm_generic_payload*> batch;
      batch.swap(taken);
      if (fault == Fault::Reverse) {
        if (batch.size() > 1) reordered += batch.size();
        std::reverse(batch.begin(), batch.end());
      }
      if (fault == Fault::Stranger) {
        tlm::tlm_generic_payload own;
        own.set_command(tlm::TLM_READ_COMMAND);
        own.set_address(batch.front()->get_address());
        respond(own);
      }
      for (tlm::tlm_generic_payload* p : batch) {
        const bool twice = fault == Fault::Duplicate && p->is_read();
        respond(*p);
        if (twice) respond(*p);
      }
    }
  }
};

struct FaultRun {
  RunResult result;
  std::string err;
  std::uint64_t answered = 0, reordered = 0;
};

FaultRun runWith(MisbehavingMemory::Fault fault, const std::string& stats) {
  std::vector<std::unique_ptr<MisbehavingMemory>> memories;
  const auto assemble = [&memories, fault](Gpu& gpu) {
    Gpu::standardAssembly(gpu);
    for (std::uint32_t p = 0; p < gpu.addressMap().partitions(); ++p) {
      memories.push_back(
          std::make_unique<MisbehavingMemory>(("mem" + std::to_string(p)).c_str(), fault));
      gpu.memorySocket(p).bind(memories.back()->socket);
    }
  };
  const char* argv[] = {"warpsim-fermi",       "--workload", "stream",    "--set",
                        "workload.size=1",     "--set",      "gpu.sms=2", "--set",
                        "dram.model=external", "--quiet",    "--stats",   stats.c_str()};
  FaultRun run;
  std::ostringstream err;
  std::streambuf* old = std::cerr.rdbuf(err.rdbuf());
  run.result = runPlatform(*findPlatform("fermi"), 12, argv, Registries::builtins(), assemble);
  std::cerr.rdbuf(old);
  run.err = err.str();
  for (const auto& m : memories) {
    run.answered += m->answered;
    run.reordered += m->reordered;
  }
  return run;
}

}  // namespace

// One SystemC elaboration per process: each fault is its own TEST_CASE (and ctest test).

TEST_CASE("fault injection: a memory that answers in reverse order still gives a clean run") {
  ScratchDir dir;
  const FaultRun run = runWith(MisbehavingMemory::Fault::Reverse, dir.file("s.json"));
  INFO(run.err);
  REQUIRE(run.reordered > 0);  // batches of several requests did come back reversed
  CHECK(run.result.exitCode == 0);
  CHECK(run.err.empty());
  // Every warp ran to its end (the conservation check passed): the instructions of the same run
  // on the in-order fixed-latency DRAM.
  const ToolRun plain = runFermi("--quiet --workload stream --set dram.model=fixed --stats " +
                                 dir.file("fixed.json"));
  REQUIRE(plain.exitCode == 0);
  CHECK(run.result.warpInstructions ==
        readJson(dir.file("fixed.json"))["warp_instructions"].get<std::uint64_t>());
  CHECK(readJson(dir.file("s.json"))["outcome"] == "finished");
}

TEST_CASE("fault injection: a memory that answers a read twice stops the run, naming the slice") {
  ScratchDir dir;
  const FaultRun run = runWith(MisbehavingMemory::Fault::Duplicate, dir.file("s.json"));
  INFO(run.err);
  REQUIRE(run.answered > 0);
  CHECK(run.result.exitCode == 3);
  CHECK_THAT(run.err, Catch::Matches("warpsim-fermi: error: gpu\\.l2_[0-9]+: a response from "
                                     "below to a request this cache is not waiting for \\(answered "
                                     "twice, or never sent\\): read of 0x[0-9a-f]+\n"
                                     "warpsim-fermi: stopped: a block reported a fault; no "
                                     "statistics written\n"));
  CHECK(dir.entries().empty());
}

TEST_CASE("fault injection: a memory that answers with a payload of its own stops the run") {
  ScratchDir dir;
  const FaultRun run = runWith(MisbehavingMemory::Fault::Stranger, dir.file("s.json"));
  INFO(run.err);
  CHECK(run.result.exitCode == 3);
  CHECK_THAT(run.err, Catch::Matches("warpsim-fermi: error: gpu\\.l2_[0-9]+: a response from "
                                     "below without the GpuRequest extension\n"
                                     "warpsim-fermi: stopped: a block reported a fault; no "
                                     "statistics written\n"));
  CHECK(dir.entries().empty());
}
