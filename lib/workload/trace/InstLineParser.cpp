#include "warpsim/workload/trace/InstLineParser.h"

#include <charconv>
#include <limits>
#include <type_traits>

namespace warpsim::trace {
namespace {

std::string quoted(std::string_view t) {
  return "'" + std::string(t) + "'";
}

template <typename T>
T number(const std::string_view tok, int base, const char* what) {
  std::string_view digits = tok;
  if (base == 16 && tok.size() > 2 && tok[0] == '0' && (tok[1] == 'x' || tok[1] == 'X'))
    digits.remove_prefix(2);
  T v{};
  const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), v, base);
  if (ec != std::errc() || end != digits.data() + digits.size() || digits.empty())
    throw LineError(std::string("bad ") + what + " " + quoted(tok) +
                    (base == 16 ? " (hexadecimal expected)" : " (decimal expected)"));
  return v;
}

bool blank(char c) {
  return c == ' ' || c == '\t';
}

// The value of a hexadecimal digit, or 16.
unsigned hexDigit(char c) {
  if (c >= '0' && c <= '9') return static_cast<unsigned>(c - '0');
  const char l = static_cast<char>(c | 0x20);
  return l >= 'a' && l <= 'f' ? static_cast<unsigned>(l - 'a' + 10) : 16;
}

// Splits a line into whitespace-separated tokens without allocating.
class Tokens {
 public:
  explicit Tokens(std::string_view s) : s_(s) {}
  bool next(std::string_view& tok) {
    while (i_ < s_.size() && blank(s_[i_])) ++i_;
    if (i_ == s_.size()) return false;
    const std::size_t b = i_;
    while (i_ < s_.size() && !blank(s_[i_])) ++i_;
    tok = s_.substr(b, i_ - b);
    return true;
  }
  bool more() {
    while (i_ < s_.size() && blank(s_[i_])) ++i_;
    return i_ < s_.size();
  }
  std::string_view need(const char* what) {
    std::string_view tok;
    if (!next(tok)) throw LineError(std::string("line ends before ") + what);
    return tok;
  }
  // The next token as a number: number<T>(need(what), base, what), read in one pass where the
  // token is plain (a sign or 0x, then at most 15 digits); anything else, valid or not, goes
  // through number<T>, so values and errors are the same.
  template <typename T>
  T needNumber(int base, const char* what) {
    while (i_ < s_.size() && blank(s_[i_])) ++i_;
    const std::size_t b = i_;
    std::size_t i = b;
    const bool negative = std::is_signed_v<T> && i < s_.size() && s_[i] == '-';
    if (negative) ++i;
    if (base == 16 && i + 2 < s_.size() && s_[i] == '0' && (s_[i + 1] | 0x20) == 'x' && !negative)
      i += 2;
    const std::size_t digits = i;
    std::uint64_t v = 0;
    for (; i < s_.size() && i - digits < 16; ++i) {
      const unsigned d = hexDigit(s_[i]);
      if (d >= static_cast<unsigned>(base)) break;
      v = v * static_cast<unsigned>(base) + d;
    }
    const bool plain = i > digits && i - digits < 16 && (i == s_.size() || blank(s_[i])) &&
                       v <= static_cast<std::uint64_t>(std::numeric_limits<T>::max());
    if (!plain) return number<T>(need(what), base, what);
    i_ = i;
    return negative ? static_cast<T>(-static_cast<std::int64_t>(v)) : static_cast<T>(v);
  }

 private:
  std::string_view s_;
  std::size_t i_ = 0;
};

Reg reg(std::string_view tok) {
  if (tok.size() >= 2 && tok.size() <= 4 && tok[0] == 'R') {  // R0-R999: read here
    unsigned r = 0;
    std::size_t i = 1;
    for (; i < tok.size() && tok[i] >= '0' && tok[i] <= '9'; ++i)
      r = r * 10 + unsigned(tok[i] - '0');
    if (i == tok.size() && r < kMaxRegs) return r == 255 ? kNoReg : static_cast<Reg>(r);
  }
  if (tok.size() < 2 || tok[0] != 'R')
    throw LineError("bad register " + quoted(tok) + " (R0-R255 expected)");
  const auto r = number<unsigned>(tok.substr(1), 10, "register");
  if (r >= kMaxRegs) throw LineError("bad register " + quoted(tok) + " (R0-R255 expected)");
  return r == 255 ? kNoReg : static_cast<Reg>(r);  // RZ reads as zero: never a dependency
}

bool allDigits(std::string_view t) {
  if (t.empty()) return false;
  for (char c : t)
    if (c < '0' || c > '9') return false;
  return true;
}

}  // namespace

MemSpace resolveGeneric(Addr addr, const GenericWindows& w) {
  if (w.accelsimRule) {  // Accel-Sim's trace_driven.cc, with GPGPU-Sim's 8 KiB local window
    if (w.shmemBase == 0 || w.localBase == 0) return MemSpace::Shared;
    if (addr >= w.shmemBase && addr < w.localBase) return MemSpace::Shared;
    if (addr >= w.localBase && addr < w.localBase + 8 * 1024) return MemSpace::Local;
    return MemSpace::Global;
  }
  constexpr Addr kWindow = Addr{16} << 20;
  if (w.shmemBase && addr >= w.shmemBase && addr - w.shmemBase < kWindow) return MemSpace::Shared;
  if (w.localBase && addr >= w.localBase && addr - w.localBase < kWindow) return MemSpace::Local;
  return MemSpace::Global;
}

InstLineParser::InstLineParser(const TraceHeader& header, const SassIsa& isa,
                               const TraceOptions& options)
    : isa_(isa),
      version_(header.tracerVersion),
      lineinfo_(header.lineinfo),
      quirks_(options.accelsimQuirks),
      windows_{header.shmemBase, header.localBase, options.accelsimQuirks} {
  if (options.unknownOpcodes) unknown_ = SassOpInfo{*options.unknownOpcodes};
}

std::uint8_t InstLineParser::accessSizeOf(std::string_view opcode, bool accelsimQuirks) {
  std::size_t dot = opcode.find('.');
  while (dot != std::string_view::npos) {
    const std::size_t end = opcode.find('.', dot + 1);
    std::string_view t =
        opcode.substr(dot + 1, end == std::string_view::npos ? end : end - dot - 1);
    dot = end;
    const bool sized = t.size() > 1 && (t[0] == 'U' || (t[0] == 'S' && !accelsimQuirks));
    if (sized) t.remove_prefix(1);
    if (!allDigits(t) || t.size() > 4) continue;
    const unsigned bits = number<unsigned>(t, 10, "size");
    if (bits >= 8 && bits <= 1024)
      return static_cast<std::uint8_t>(bits / 8 > 255 ? 255 : bits / 8);
  }
  return 4;
}

const SassOpInfo* InstLineParser::classify(std::string_view opcode) const {
  const std::string_view base = opcode.substr(0, opcode.find('.'));
  if (const SassOpInfo* info = findSassOp(isa_, base)) return info;
  if (unknown_) return nullptr;
  throw LineError("unknown opcode " + quoted(opcode) + " for " + std::string(isa_.family) +
                  " (set trace.unknown_opcodes to map unknown opcodes to a class)");
}

const InstLineParser::Decoded& InstLineParser::decode(std::string_view opcode) const {
  std::size_t h = 0;
  for (char c : opcode) h = h * 31 + static_cast<unsigned char>(c);
  Decoded& d = decoded_[h % kDecodedSlots];
  if (d.opcode != opcode) {                     // a new opcode, or another one with the same slot
    const SassOpInfo* info = classify(opcode);  // throws for an unknown opcode not mapped
    d = Decoded{std::string(opcode), info, accessSizeOf(opcode, quirks_)};
  }
  return d;
}

InstLineParser::Notes InstLineParser::parse(std::string_view line, TraceInst& out,
                                            std::vector<Addr>& pool) const {
  Notes notes;
  Tokens t(line);
  if (version_ < 3)  // older traces: thread block and warp on every line
    for (const char* what : {"thread block x", "thread block y", "thread block z", "warp"})
      t.needNumber<unsigned>(10, what);
  if (lineinfo_) t.needNumber<std::uint64_t>(10, "line number");
  out = TraceInst{};
  out.pc = t.needNumber<std::uint32_t>(16, "PC");
  out.mask = t.needNumber<std::uint32_t>(16, "mask");
  const auto dsts = t.needNumber<unsigned>(10, "destination count");
  if (dsts > 1) throw LineError("destination count " + std::to_string(dsts) + " (0 or 1 allowed)");
  if (dsts == 1) out.dst = reg(t.need("destination register"));
  const std::string_view opcode = t.need("opcode");
  const Decoded& decoded = decode(opcode);
  const SassOpInfo* info = decoded.info;
  notes.unknownOpcode = info == nullptr;
  const SassOpInfo op = info ? *info : *unknown_;
  const auto srcs = t.needNumber<unsigned>(10, "source count");
  if (srcs > kMaxSrcRegs)
    throw LineError("source count " + std::to_string(srcs) + " (at most 4 allowed)");
  for (unsigned i = 0; i < srcs; ++i) out.src[i] = reg(t.need("source register"));
  const auto width = t.needNumber<unsigned>(10, "memory width");

  const unsigned lanes = static_cast<unsigned>(__builtin_popcount(out.mask));
  const std::size_t first = pool.size();
  if (width > 0) {
    const auto mode = t.needNumber<unsigned>(10, "address mode");
    if (mode == 0) {
      for (unsigned i = 0; i < lanes; ++i) pool.push_back(t.needNumber<Addr>(16, "address"));
    } else if (mode == 1 || mode == 2) {
      Addr a = t.needNumber<Addr>(16, "base address");
      const bool stride = mode == 1;
      const auto step = stride ? t.needNumber<std::int64_t>(10, "stride") : 0;
      bool gap = false;  // Accel-Sim's base+stride decoder stops at the first gap
      for (unsigned lane = 0, k = 0; lane < kWarpSize; ++lane) {
        if (!(out.mask >> lane & 1u)) {
          gap = k > 0;
          continue;
        }
        if (k > 0) a += stride ? step : t.needNumber<std::int64_t>(10, "delta");
        pool.push_back(stride && quirks_ && gap ? 0 : a);
        ++k;
      }
    } else {
      throw LineError("address mode " + std::to_string(mode) + " (0, 1 or 2 allowed)");
    }
  }
  if (version_ >= 5 && t.more()) t.needNumber<std::int64_t>(10, "immediate");
  std::string_view extra;
  notes.trailingTokens = t.next(extra);

  out.op = op.op;
  if (op.op == OpClass::Mem && width > 0) {
    out.space = op.space;
    out.memOp = op.memOp;
    out.accessSize = decoded.accessSize;
    out.addrIndex = static_cast<std::uint32_t>(first);
    if (out.space == MemSpace::Generic)
      out.space = resolveGeneric(lanes ? pool[first] : 0, windows_);
  } else {
    // Not a memory instruction, or one whose addresses the tracer did not record (a constant
    // operand): it issues as an ALU instruction.
    if (op.op == OpClass::Mem) out.op = OpClass::Alu;
    pool.resize(first);
  }
  return notes;
}

}  // namespace warpsim::trace
