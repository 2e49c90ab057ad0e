#pragma once
// Decodes one instruction line of a kernel trace:
//   [tb_x tb_y tb_z warp (versions < 3)] [line_num (lineinfo)] PC mask dest_num [R<d>]
//   OPCODE src_num [R<s>...] mem_width [mode addr...] [imm (version 5)]
// Does not allocate once the address pool has grown (nor for opcodes it has seen, up to 15
// characters); throws LineError (no file or line: the caller adds them) for anything it cannot
// read.
#include <array>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "warpsim/workload/trace/SassOpcodes.h"
#include "warpsim/workload/trace/TraceFormat.h"

namespace warpsim::trace {

struct LineError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

class InstLineParser {
 public:
  InstLineParser(const TraceHeader& header, const SassIsa& isa, const TraceOptions& options);

  // What the caller may want to warn about, once per file.
  struct Notes {
    bool trailingTokens = false;  // tokens after everything the line should have
    bool unknownOpcode = false;   // an opcode missing from the table, mapped by the option
  };
  // Decodes `line` into `out`, appending the addresses of its active lanes to `pool`.
  Notes parse(std::string_view line, TraceInst& out, std::vector<Addr>& pool) const;

  // The access size in bytes an opcode's suffixes give (".64" 8, ".128" 16, ".U8" 1, ...).
  static std::uint8_t accessSizeOf(std::string_view opcode, bool accelsimQuirks);

 private:
  // What an opcode (with its suffixes) decodes to: looked up once, then remembered, since a
  // trace repeats few opcodes millions of times.
  struct Decoded {
    std::string opcode;  // empty: nothing remembered in this slot
    const SassOpInfo* info = nullptr;
    std::uint8_t accessSize = 4;
  };
  const Decoded& decode(std::string_view opcode) const;
  const SassOpInfo* classify(std::string_view opcode) const;
  static constexpr std::size_t kDecodedSlots = 64;
  mutable std::array<Decoded, kDecodedSlots> decoded_;  // by a hash of the opcode

  const SassIsa& isa_;
  unsigned version_;
  bool lineinfo_;
  bool quirks_;
  std::optional<SassOpInfo> unknown_;
  GenericWindows windows_;
};

}  // namespace warpsim::trace
