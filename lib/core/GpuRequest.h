#pragma once
// The TLM extension every warpsim memory request carries (doc/architecture.md section 3): who
// asked, for what, and when. Ids only, never a copy of the instruction.
#include <cstddef>
#include <cstdint>
#include <typeinfo>

#include <tlm>

#include "warpsim/core/Ids.h"

namespace warpsim {

enum class ReqKind : std::uint8_t { Load, Store, Atomic, Prefetch, Writeback };
enum class ReqSpace : std::uint8_t { Global, Local, Constant, Texture };

const char* toString(ReqKind k);

class GpuRequest : public tlm::tlm_extension<GpuRequest> {
 public:
  enum Flags : std::uint8_t {
    kPrefetch = 1u << 1,     // created by a prefetcher, not by a warp
    kNoAllocate = 1u << 2,   // must not allocate on its way (write-evict stores)
    kUnsolicited = 1u << 3,  // pushed up as BEGIN_RESP by the memory side (a DRAM prefetch)
  };
  // Bits reserved for Mascar's request protocol between an LSU, its scheduler's gate and its
  // L1s; their names and meaning are in models/interfaces/MascarFlags.h.
  static constexpr std::uint8_t kMascarBits = 0x71;  // bits 0, 4, 5 and 6

  std::uint64_t id = 0;
  ReqKind kind = ReqKind::Load;
  ReqSpace space = ReqSpace::Global;
  SmId sm;
  WarpId warp;  // warp slot on the SM
  CtaId cta;    // linear CTA id within the kernel
  std::uint32_t ctaX = 0, ctaY = 0, ctaZ = 0;
  std::uint32_t warpInCta = 0;
  std::uint32_t pc = 0;
  std::uint32_t lec = 0;  // load execution count: times this warp executed this PC before
  Addr lineAddr = 0;
  std::uint32_t sectorMask = 0;  // 32 B sectors of the line touched
  Cycle issueCycle = 0;          // core cycle the LSU accepted the memory instruction
  std::uint8_t flags = 0;
  std::uint8_t instLines = 0;  // line requests of the whole warp instruction (255: 255 or more)
  std::uint32_t tag = 0;       // the initiator's own bookkeeping; targets return it untouched
  // The block that sent it and awaits its response, while it does (a cache checks that every
  // response from below answers one of its own requests, once: doc/reliability.md).
  const void* awaitedBy = nullptr;

  bool has(std::uint8_t f) const { return (flags & f) != 0; }

  // The extension of `p`, or nullptr. A payload of a PayloadPool carries it beside itself
  // (PooledPayload) and is answered without the TLM extension lookup, a call into libsystemc
  // and a read of the payload's separate extension array, on every step of every request.
  static inline const GpuRequest* find(const tlm::tlm_generic_payload& p);
  static GpuRequest* find(tlm::tlm_generic_payload& p) {
    return const_cast<GpuRequest*>(find(static_cast<const tlm::tlm_generic_payload&>(p)));
  }
  // The extension of a payload that has one (every payload of a PayloadPool).
  static GpuRequest& of(tlm::tlm_generic_payload& p) { return *find(p); }
  static const GpuRequest& of(const tlm::tlm_generic_payload& p) { return *find(p); }

  tlm::tlm_extension_base* clone() const override { return new GpuRequest(*this); }
  void copy_from(const tlm::tlm_extension_base& other) override {
    *this = static_cast<const GpuRequest&>(other);
  }
};

// The payload a PayloadPool hands out: the TLM payload, its GpuRequest (also set as its
// extension, so TLM code that looks extensions up by type finds it) and its data buffer,
// together in one allocation.
class PooledPayload final : public tlm::tlm_generic_payload {
 public:
  static constexpr std::size_t kDataBytes = 256;  // the largest line lsu.line_size allows

  PooledPayload() {
    set_data_ptr(data);
    set_extension(&request);
  }
  ~PooledPayload() override { clear_extension(&request); }  // not the payload's to delete

  GpuRequest request;
  unsigned char data[kDataBytes];
};

const GpuRequest* GpuRequest::find(const tlm::tlm_generic_payload& p) {
  if (typeid(p) == typeid(PooledPayload)) return &static_cast<const PooledPayload&>(p).request;
  return p.get_extension<GpuRequest>();
}

}  // namespace warpsim
