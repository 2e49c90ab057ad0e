// The write policy's decisions alone: the path each request takes and what it does to the
// line, per policy, without SystemC modules.
#include <catch2/catch.hpp>

#include "warpsim/cache/WritePolicyPath.h"

using namespace warpsim;

namespace {

using Path = WritePolicyPath::Path;
using Kind = CacheAccessKind;

GpuRequest req(ReqKind kind, ReqSpace space = ReqSpace::Global, std::uint8_t flags = 0) {
  GpuRequest r;
  r.kind = kind;
  r.space = space;
  r.flags = flags;
  return r;
}

}  // namespace

TEST_CASE("write policy path: local-wb-global-evict writes back local stores only") {
  const WritePolicyPath p(WritePolicy::LocalWbGlobalEvict);
  CHECK(p.policyFor(req(ReqKind::Store, ReqSpace::Local)) == WritePolicy::WriteBack);
  CHECK(p.policyFor(req(ReqKind::Store, ReqSpace::Global)) == WritePolicy::WriteEvict);
  CHECK(p.policyFor(req(ReqKind::Load, ReqSpace::Texture)) == WritePolicy::WriteEvict);
  CHECK(p.pathOf(req(ReqKind::Store, ReqSpace::Local), true) == Path::WriteBack);
  CHECK(p.pathOf(req(ReqKind::Store, ReqSpace::Global), true) == Path::WriteEvict);
  CHECK(p.pathOf(req(ReqKind::Atomic, ReqSpace::Local), true) == Path::WriteBack);
  CHECK(p.pathOf(req(ReqKind::Atomic, ReqSpace::Global), true) == Path::AtomicBelow);
  // Every other policy applies to every space as configured.
  const WritePolicyPath wt(WritePolicy::WriteThrough);
  CHECK(wt.policyFor(req(ReqKind::Store, ReqSpace::Local)) == WritePolicy::WriteThrough);
}

TEST_CASE("write policy path: stores take the configured policy's path, loads always read") {
  const GpuRequest st = req(ReqKind::Store);
  CHECK(WritePolicyPath(WritePolicy::WriteBack).pathOf(st, true) == Path::WriteBack);
  CHECK(WritePolicyPath(WritePolicy::WriteThrough).pathOf(st, true) == Path::WriteThrough);
  CHECK(WritePolicyPath(WritePolicy::WriteEvict).pathOf(st, true) == Path::WriteEvict);
  for (WritePolicy wp : {WritePolicy::WriteBack, WritePolicy::WriteThrough, WritePolicy::WriteEvict,
                         WritePolicy::LocalWbGlobalEvict})
    CHECK(WritePolicyPath(wp).pathOf(req(ReqKind::Load), false) == Path::Read);
}

TEST_CASE("write policy path: atomics are performed on the line only by a write-back cache") {
  const GpuRequest a = req(ReqKind::Atomic);
  CHECK(WritePolicyPath(WritePolicy::WriteBack).pathOf(a, true) == Path::WriteBack);
  CHECK(WritePolicyPath(WritePolicy::WriteThrough).pathOf(a, true) == Path::AtomicBelow);
  CHECK(WritePolicyPath(WritePolicy::WriteEvict).pathOf(a, true) == Path::AtomicBelow);
  // Even an atomic carried by a read command is an atomic.
  CHECK(WritePolicyPath(WritePolicy::WriteEvict).pathOf(a, false) == Path::AtomicBelow);
  CHECK(WritePolicyPath(WritePolicy::WriteBack).kindOf(a, true) == Kind::StoreAllocate);
  CHECK(WritePolicyPath(WritePolicy::WriteEvict).kindOf(a, true) == Kind::Atomic);
}

TEST_CASE("write policy path: a write is a write command, a store or a writeback") {
  tlm::tlm_generic_payload p;
  p.set_command(tlm::TLM_READ_COMMAND);
  CHECK_FALSE(WritePolicyPath::writes(p, req(ReqKind::Load)));
  CHECK_FALSE(WritePolicyPath::writes(p, req(ReqKind::Atomic)));
  CHECK(WritePolicyPath::writes(p, req(ReqKind::Store)));
  CHECK(WritePolicyPath::writes(p, req(ReqKind::Writeback)));
  p.set_command(tlm::TLM_WRITE_COMMAND);
  CHECK(WritePolicyPath::writes(p, req(ReqKind::Load)));
}

TEST_CASE("write policy path: the trace kind of each store under each policy") {
  const GpuRequest st = req(ReqKind::Store);
  const GpuRequest around = req(ReqKind::Store, ReqSpace::Global, GpuRequest::kNoAllocate);
  CHECK(WritePolicyPath(WritePolicy::WriteBack).kindOf(st, true) == Kind::StoreAllocate);
  CHECK(WritePolicyPath(WritePolicy::WriteBack).kindOf(around, true) == Kind::StoreAround);
  CHECK(WritePolicyPath(WritePolicy::WriteThrough).kindOf(st, true) == Kind::StoreAround);
  CHECK(WritePolicyPath(WritePolicy::WriteEvict).kindOf(st, true) == Kind::StoreEvict);
  CHECK(WritePolicyPath(WritePolicy::WriteEvict).kindOf(req(ReqKind::Load), false) == Kind::Load);
  const WritePolicyPath fermi(WritePolicy::LocalWbGlobalEvict);
  CHECK(fermi.kindOf(req(ReqKind::Store, ReqSpace::Local), true) == Kind::StoreAllocate);
  CHECK(fermi.kindOf(st, true) == Kind::StoreEvict);
}
