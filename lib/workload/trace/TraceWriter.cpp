#include "warpsim/workload/trace/TraceWriter.h"

#include <algorithm>
#include <cstdarg>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <stdexcept>
#include <system_error>

#include "warpsim/workload/trace/OutFile.h"

namespace warpsim::trace {
namespace {

// Kernel files carry the tracer version whose lines end with the immediate.
constexpr unsigned kTracerVersion = 5;
constexpr std::uint32_t kXzPreset = 2;  // fast; Accel-Sim's tracer pipes through `xz -1`
// Generic-window bases of the header, in the range NVBit reports on Linux. Nothing written
// here is generic (every access names its space), so they only have to be plausible.
constexpr unsigned long long kShmemBase = 0x00007f0000000000ull;
constexpr unsigned long long kLocalBase = 0x00007f0002000000ull;
// The comment line the tracer writes after the header, as in its version-5 output.
constexpr const char* kFormatComment =
    "#traces format = [line_num] PC mask dest_num [reg_dests] opcode src_num [reg_srcs] "
    "mem_width [adrrescompress?] [mem_addresses] immediate";

// ---- Opcode naming ------------------------------------------------------------------------

// The opcode that stands for each class (and memory space and operation), in order of
// preference: the first whose base the family's table has, with this very class, is used.
struct OpcodeRow {
  OpClass op;
  MemSpace space;
  MemOp memOp;
  std::string_view opcode;
};
constexpr MemSpace kNone = MemSpace::None;
constexpr MemOp kNoOp = MemOp::None;
constexpr OpcodeRow kOpcodes[] = {
    {OpClass::Alu, kNone, kNoOp, "FFMA"},
    {OpClass::Sfu, kNone, kNoOp, "MUFU.EX2"},
    {OpClass::Dp, kNone, kNoOp, "DFMA"},
    {OpClass::Branch, kNone, kNoOp, "BRA"},
    {OpClass::Barrier, kNone, kNoOp, "BAR.SYNC"},
    {OpClass::Exit, kNone, kNoOp, "EXIT"},
    {OpClass::Tensor, kNone, kNoOp, "HMMA.884.F32.F32"},  // Volta on; none before
    {OpClass::Fence, kNone, kNoOp, "MEMBAR.SC.GPU"},
    {OpClass::Mem, MemSpace::Global, MemOp::Load, "LDG.E"},
    {OpClass::Mem, MemSpace::Global, MemOp::Store, "STG.E"},  // Kepler: only generic ST
    {OpClass::Mem, MemSpace::Global, MemOp::Atomic, "ATOMG.E.ADD"},
    {OpClass::Mem, MemSpace::Global, MemOp::Atomic, "RED.E.ADD"},  // Kepler has no ATOMG
    {OpClass::Mem, MemSpace::Shared, MemOp::Load, "LDS"},
    {OpClass::Mem, MemSpace::Shared, MemOp::Store, "STS"},
    {OpClass::Mem, MemSpace::Shared, MemOp::Atomic, "ATOMS.ADD"},  // Kepler: none
    {OpClass::Mem, MemSpace::Local, MemOp::Load, "LDL"},
    {OpClass::Mem, MemSpace::Local, MemOp::Store, "STL"},
    {OpClass::Mem, MemSpace::Constant, MemOp::Load, "LDC"},
    {OpClass::Mem, MemSpace::Texture, MemOp::Load, "TEX"},
};

const char* name(OpClass op) {
  switch (op) {
    case OpClass::Alu:
      return "ALU";
    case OpClass::Sfu:
      return "SFU";
    case OpClass::Dp:
      return "DP";
    case OpClass::Mem:
      return "memory";
    case OpClass::Branch:
      return "branch";
    case OpClass::Barrier:
      return "barrier";
    case OpClass::Exit:
      return "exit";
    case OpClass::Tensor:
      return "tensor";
    case OpClass::Fence:
      return "fence";
  }
  return "unknown-class";
}

const char* name(MemSpace s) {
  switch (s) {
    case MemSpace::None:
      return "no-space";
    case MemSpace::Global:
      return "global";
    case MemSpace::Shared:
      return "shared";
    case MemSpace::Constant:
      return "constant";
    case MemSpace::Texture:
      return "texture";
    case MemSpace::Local:
      return "local";
    case MemSpace::Generic:
      return "generic";
  }
  return "unknown-space";
}

const char* name(MemOp o) {
  switch (o) {
    case MemOp::None:
      return "no-operation";
    case MemOp::Load:
      return "load";
    case MemOp::Store:
      return "store";
    case MemOp::Atomic:
      return "atomic";
  }
  return "unknown-operation";
}

// The suffix InstLineParser::accessSizeOf (and Accel-Sim's tracer) reads `bytes` from.
std::string_view sizeSuffix(unsigned bytes) {
  switch (bytes) {
    case 1:
      return ".U8";
    case 2:
      return ".U16";
    case 4:
      return "";  // the default size
    case 8:
      return ".64";
    case 16:
      return ".128";
  }
  throw std::runtime_error("access size " + std::to_string(bytes) +
                           " bytes cannot be written (1, 2, 4, 8 or 16 can)");
}

// ---- Instruction lines ----------------------------------------------------------------------

void appendf(std::string& out, const char* format, ...) __attribute__((format(printf, 2, 3)));
void appendf(std::string& out, const char* format, ...) {
  char buf[64];
  va_list args;
  va_start(args, format);
  const int n = std::vsnprintf(buf, sizeof buf, format, args);
  va_end(args);
  out.append(buf, static_cast<std::size_t>(n));  // every format here fits the buffer
}

void checkRegister(Reg r) {
  if (r != kNoReg && r >= 255)
    throw std::runtime_error("register R" + std::to_string(r) +
                             " cannot be written (traces name R0-R254; R255 is the zero register)");
}

// The address format Accel-Sim's tracer chooses (tracer_tool.cu; the post-processor copies the
// lines unchanged):
//   mode 1, "0x<base> <stride>": the active lanes are one contiguous run of at least two lanes
//     with a constant step, which the tracer and Accel-Sim's reader keep in an int (32 bits);
//     a mask of 0 is also mode 1, "0x0 0";
//   mode 2, "0x<base> <delta>...": everything else (one active lane, a mask with gaps,
//     irregular steps), each delta from the previous active lane's address, signed.
// Mode 0 (every address) is what the tracer writes with compression off; never chosen here.
void appendAddresses(const WarpInst& inst, std::string& out) {
  const std::uint32_t mask = inst.activeMask;
  if (mask == 0) {
    out += " 1 0x0 0";
    return;
  }
  const unsigned first = static_cast<unsigned>(__builtin_ctz(mask));
  const unsigned lanes = inst.activeLanes();
  const std::uint32_t run = mask >> first;
  const Addr base = inst.addr[first];
  bool strided = lanes >= 2 && (run & (run + 1)) == 0;  // contiguous lanes first..first+lanes-1
  const auto stride = strided ? static_cast<std::int64_t>(inst.addr[first + 1] - base) : 0;
  strided = strided && stride >= INT32_MIN && stride <= INT32_MAX;
  for (unsigned lane = first + 2; strided && lane < first + lanes; ++lane)
    strided = inst.addr[lane] - inst.addr[lane - 1] == static_cast<Addr>(stride);
  if (strided) {
    appendf(out, " 1 0x%llx %d", static_cast<unsigned long long>(base), static_cast<int>(stride));
    return;
  }
  appendf(out, " 2 0x%llx", static_cast<unsigned long long>(base));
  Addr previous = base;
  for (unsigned lane = first + 1; lane < kWarpSize; ++lane) {
    if (!(mask >> lane & 1u)) continue;
    appendf(out, " %lld", static_cast<long long>(inst.addr[lane] - previous));
    previous = inst.addr[lane];
  }
}

// ---- Files ----------------------------------------------------------------------------------

std::string header(const KernelDesc& k, unsigned kernelId, unsigned binaryVersion) {
  auto dim = [](const Dim3& d) {
    return "(" + std::to_string(d.x) + "," + std::to_string(d.y) + "," + std::to_string(d.z) + ")";
  };
  std::string h;
  h += "-kernel name = " + k.name + "\n";
  h += "-kernel id = " + std::to_string(kernelId) + "\n";
  h += "-grid dim = " + dim(k.grid) + "\n";
  h += "-block dim = " + dim(k.block) + "\n";
  h += "-shmem = " + std::to_string(k.smemPerCta) + "\n";
  h += "-nregs = " + std::to_string(k.regsPerThread) + "\n";
  h += "-binary version = " + std::to_string(binaryVersion) + "\n";
  h += "-cuda stream id = 0\n";
  appendf(h, "-shmem base_addr = 0x%016llx\n", kShmemBase);
  appendf(h, "-local mem base_addr = 0x%016llx\n", kLocalBase);
  h += "-nvbit version = warpsim\n";
  h += "-accelsim tracer version = " + std::to_string(kTracerVersion) + "\n";
  h += "-enable lineinfo = 0\n";
  // Blank lines as in the post-processor's output: the tracer's after the header and after
  // the comment, one for the end of the raw file; each block then starts with one.
  h += "\n" + std::string(kFormatComment) + "\n\n\n";
  return h;
}

std::string coords(const Dim3& c) {
  return std::to_string(c.x) + "," + std::to_string(c.y) + "," + std::to_string(c.z);
}

void writeKernel(const KernelDesc& k, unsigned kernelId, const SassIsa& isa, unsigned binaryVersion,
                 OutFile& out) {
  if (!k.makeWarp) throw std::runtime_error("kernel '" + k.name + "' has no warp streams");
  if (k.name.find_first_of("\r\n") != std::string::npos)
    throw std::runtime_error("kernel '" + k.name + "': a line break in the name cannot be written");
  out.write(header(k, kernelId, binaryVersion));
  const std::uint32_t threads = k.threadsPerCta();
  std::string lines;  // one warp's instruction lines: `insts = n` comes before them
  WarpInst inst;
  for (std::uint64_t cta = 0; cta < k.ctaCount(); ++cta) {
    const CtaId id{static_cast<std::uint32_t>(cta)};
    const Dim3 c = k.ctaCoord(id);
    out.write("\n#BEGIN_TB\n\nthread block = " + coords(c) + "\n");
    for (std::uint32_t w = 0; w < k.warpsPerCta(); ++w) {
      const std::uint32_t lanes = std::min(kWarpSize, threads - w * kWarpSize);
      const std::uint32_t validLanes = lanes == kWarpSize ? ~0u : (1u << lanes) - 1;
      lines.clear();
      std::uint64_t n = 0;
      const std::unique_ptr<IWarpStream> stream = k.makeWarp(id, w);
      while (stream->next(inst)) {
        try {
          if (inst.activeMask & ~validLanes)
            throw std::runtime_error("active lanes past the thread block's " +
                                     std::to_string(threads) + " threads");
          appendInstLine(inst, isa, lines);
        } catch (const std::runtime_error& e) {
          char pc[16];
          std::snprintf(pc, sizeof pc, "%04x", inst.pc);
          throw std::runtime_error("kernel '" + k.name + "' (kernel-" + std::to_string(kernelId) +
                                   "), CTA (" + coords(c) + "), warp " + std::to_string(w) +
                                   ", instruction " + std::to_string(n) + " at PC " + pc + ": " +
                                   e.what());
        }
        lines += '\n';
        ++n;
      }
      out.write("\nwarp = " + std::to_string(w) + "\ninsts = " + std::to_string(n) + "\n");
      out.write(lines);
    }
    out.write("\n#END_TB\n");
  }
}

void makeFolder(const std::string& dir) {
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec || !std::filesystem::is_directory(dir))
    throw std::runtime_error(dir + ": cannot create the trace folder" +
                             (ec ? ": " + ec.message() : std::string(" (not a directory)")));
}

}  // namespace

SassName sassNameFor(const WarpInst& inst, const SassIsa& isa) {
  const bool mem = inst.op == OpClass::Mem;
  const std::string_view suffix = mem ? sizeSuffix(inst.accessSize) : std::string_view();
  for (const OpcodeRow& row : kOpcodes) {
    if (row.op != inst.op || (mem && (row.space != inst.space || row.memOp != inst.memOp)))
      continue;
    const SassOpInfo* info = findSassOp(isa, row.opcode.substr(0, row.opcode.find('.')));
    if (info && info->op == row.op && info->space == row.space && info->memOp == row.memOp)
      return SassName{row.opcode, suffix};
  }
  const std::string what = mem ? std::string("a ") + name(inst.space) + " " + name(inst.memOp)
                               : std::string("a ") + name(inst.op) + " instruction";
  throw std::runtime_error(what + " cannot be written for " + std::string(isa.family) +
                           " (its opcode table has no opcode for it)");
}

void appendInstLine(const WarpInst& inst, const SassIsa& isa, std::string& out) {
  checkRegister(inst.dst);
  for (Reg r : inst.src) checkRegister(r);
  const SassName opcode = sassNameFor(inst, isa);
  appendf(out, "%04x %08x ", inst.pc, inst.activeMask);
  if (inst.dst == kNoReg)
    out += "0 ";
  else
    appendf(out, "1 R%u ", unsigned{inst.dst});
  out += opcode.base;
  out += opcode.sizeSuffix;
  unsigned srcs = 0;
  for (Reg r : inst.src) srcs += r != kNoReg;
  appendf(out, " %u", srcs);
  for (Reg r : inst.src)
    if (r != kNoReg) appendf(out, " R%u", unsigned{r});
  if (inst.op == OpClass::Mem) {
    appendf(out, " %u", unsigned{inst.accessSize});  // mem_width
    appendAddresses(inst, out);
  } else {
    out += " 0";  // mem_width: no addresses
  }
  out += " 0";  // the immediate (tracer version 5)
}

void writeTrace(const Workload& workload, const std::string& dir,
                const TraceWriteOptions& options) {
  const SassIsa* isa = sassIsaFor(options.binaryVersion);
  if (!isa)
    throw std::runtime_error("cannot write a trace for binary version " +
                             std::to_string(options.binaryVersion) + " (no opcode table for sm_" +
                             std::to_string(options.binaryVersion) + ")");
  if (workload.kernels.empty())
    throw std::runtime_error("workload '" + workload.name + "' has no kernel to write");
  makeFolder(dir);
  const std::string listPath = dir + "/kernelslist.g";
  std::error_code ec;
  std::filesystem::remove(listPath, ec);  // until the new one is written, the folder is incomplete
  if (ec) throw std::runtime_error(listPath + ": cannot remove the old list: " + ec.message());

  // kernelslist.g names each file as it is on disk, ".xz" included, as Accel-Sim's tracer and
  // post-processor do (its reader opens exactly the listed name, decompressing ".xz"); our
  // loadTrace() also opens the listed name first (its fallback to NAME.xz is not needed).
  std::string list;
  unsigned kernelId = 0;
  for (const KernelDesc& k : workload.kernels) {
    ++kernelId;
    const std::string file =
        "kernel-" + std::to_string(kernelId) + ".traceg" + (options.xz ? ".xz" : "");
    OutFile out(dir + "/" + file, kXzPreset);
    writeKernel(k, kernelId, *isa, options.binaryVersion, out);
    out.close();
    list += file + "\n";
  }
  OutFile out(listPath);
  out.write(list);
  out.close();
}

}  // namespace warpsim::trace
