#pragma once
// The parsed form of a PTX module (lib/workload/ptx/README.md): what the parser produces and
// the functional executor runs. Names are resolved at parse time: registers become dense
// indices per function, labels instruction indices, variables and functions symbol indices.
// Nothing here is executed per lane; the executor (PtxExecutor) and the per-lane arithmetic
// (PtxAlu) read it.
#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace warpsim::ptx {

// Value types (PTX ISA 5.2). Pred is a predicate register's type.
enum class Type : std::uint8_t {
  None,
  Pred,
  B8,
  B16,
  B32,
  B64,
  B128,
  U8,
  U16,
  U32,
  U64,
  S8,
  S16,
  S32,
  S64,
  F16,
  F16x2,
  BF16,
  BF16x2,
  F32,
  F64,
};
unsigned sizeOf(Type t);   // bytes (Pred: 1, None: 0)
bool isSigned(Type t);     // S8..S64
bool isFloat(Type t);      // F16..F64
const char* name(Type t);  // "s32", ...

// State spaces (PTX ISA 5.1). Generic: an ld/st/atom without a space (a flat address).
enum class Space : std::uint8_t { None, Reg, Global, Shared, Local, Const, Param, Generic, Tex };

// Special registers (PTX ISA 10). X/Y/Z members are consecutive.
enum class SReg : std::uint8_t {
  TidX,
  TidY,
  TidZ,
  NtidX,
  NtidY,
  NtidZ,
  CtaidX,
  CtaidY,
  CtaidZ,
  NctaidX,
  NctaidY,
  NctaidZ,
  LaneId,
  WarpId,
  NWarpId,
  SmId,
  NSmId,
  GridId,
  LanemaskEq,
  LanemaskLt,
  LanemaskLe,
  LanemaskGt,
  LanemaskGe,
  Clock,
  Clock64,
  GlobalTimer,
  DynamicSmemSize,
};

enum class Op : std::uint8_t {
  // arithmetic
  Add,
  Sub,
  Mul,
  Mad,
  Fma,
  Div,
  Rem,
  Min,
  Max,
  Neg,
  Abs,
  Sqrt,
  Rcp,
  Rsqrt,
  Copysign,
  Sin,
  Cos,
  Lg2,
  Ex2,
  Tanh,
  Addc,
  Subc,
  Madc,  // the carry-in forms; add.cc / sub.cc / mad.cc are Add/Sub/Mad with cc
  Mul24,
  Mad24,
  Sad,
  // logic, shifts and bits
  And,
  Or,
  Xor,
  Not,
  Cnot,
  Shl,
  Shr,
  Shf,
  Bfi,
  Bfe,
  Clz,
  Popc,
  Brev,
  Prmt,
  Bfind,
  Lop3,
  // data movement and conversion
  Mov,
  Cvt,
  Cvta,
  Selp,
  Setp,
  Set,
  Slct,
  Testp,
  // memory
  Ld,
  Ldu,
  St,
  Atom,
  Red,
  Prefetch,
  // control and synchronisation
  Bra,
  Call,
  Ret,
  Exit,
  BarSync,
  BarArrive,
  BarRed,
  Membar,
  Fence,
  // warp-level
  Shfl,
  Vote,
  Match,
  Activemask,
  Redux,
  // textures and surfaces
  Tex,
  // no effect on state (pragma, nanosleep, trap is not one)
  Nop,
  Trap,
};
const char* name(Op op);

enum class Cmp : std::uint8_t {
  None,
  Eq,
  Ne,
  Lt,
  Le,
  Gt,
  Ge,
  Lo,
  Ls,
  Hi,
  Hs,  // integer (lo..hs unsigned)
  Equ,
  Neu,
  Ltu,
  Leu,
  Gtu,
  Geu,
  Num,
  Nan,  // floating point, unordered forms
};
enum class BoolOp : std::uint8_t { None, And, Or, Xor };
// Rounding: float (rn rz rm rp) and float-to-integer (rni rzi rmi rpi).
enum class Round : std::uint8_t { None, Rn, Rz, Rm, Rp, Rni, Rzi, Rmi, Rpi };
enum class AtomOp : std::uint8_t { None, Add, Min, Max, Exch, Cas, And, Or, Xor, Inc, Dec };
enum class MulMode : std::uint8_t { None, Lo, Hi, Wide };
enum class ShflMode : std::uint8_t { None, Up, Down, Bfly, Idx };
enum class VoteMode : std::uint8_t { None, All, Any, Uni, Ballot };
enum class TexGeom : std::uint8_t { None, D1, D2, D3 };
// testp's property.
enum class TestMode : std::uint8_t {
  None,
  Finite,
  Infinite,
  Number,
  NotANumber,
  Normal,
  Subnormal
};

// One operand. Registers are indices into Function::regs; symbols into Module::symbols.
struct Operand {
  enum class Kind : std::uint8_t {
    None,
    Reg,     // %r1 (negated: !%p1 as a source predicate)
    Imm,     // integer or float literal: bits holds the value, see isFloatLiteral
    Symbol,  // a variable or function name used as a value (mov.u64 %rd1, coef)
    Addr,    // [base+offset]: base is a register or a symbol (baseIsSymbol), offset signed
    Label,   // a branch target: instruction index in the function body
    Vec,     // {%f1, %f2, %f3, %f4}: up to four registers (a `_` entry is kSink)
    SReg,    // %tid.x, ...
    Sink,    // `_`: a discarded result
  };
  static constexpr std::uint32_t kSink = 0xffffffffu;

  Kind kind = Kind::None;
  bool negated = false;         // Reg: !%p
  bool baseIsSymbol = false;    // Addr
  bool isFloatLiteral = false;  // Imm: a decimal float (1.5) or 0f/0d literal, held in fvalue
  SReg sreg = SReg::TidX;       // SReg
  std::uint8_t vecCount = 0;    // Vec
  std::uint32_t index = 0;      // Reg, Symbol, Addr base (register or symbol), Label
  std::int64_t offset = 0;      // Addr; Symbol: `sym+4` as a value
  std::uint64_t bits = 0;  // Imm: integer literal (two's complement), or a 0f/0d literal's raw bits
  double fvalue = 0;       // Imm when isFloatLiteral: the value (0f/0d: the decoded value)
  std::array<std::uint32_t, 4> vec{};  // Vec: register indices
};

struct Instr {
  Op op = Op::Nop;
  Type type = Type::None;  // the instruction type (add.s32: S32; cvt.f32.s32: F32, the destination)
  Type type2 = Type::None;    // the second type: cvt's source, setp's compare type when it differs
  Space space = Space::None;  // ld/st/atom/red/cvta/prefetch/ldu: the state space (cvta.to: to it)
  bool cvtaTo = false;        // cvta.to.<space> (else cvta.<space>: to generic)
  Cmp cmp = Cmp::None;
  BoolOp boolOp = BoolOp::None;  // setp/set combiner; bar.red .and/.or (.popc: None, u32)
  Round round = Round::None;
  AtomOp atomOp = AtomOp::None;  // atom, red, redux.sync's operation
  MulMode mulMode = MulMode::None;
  ShflMode shflMode = ShflMode::None;
  VoteMode voteMode = VoteMode::None;  // vote; match.any / match.all (Any, All)
  TexGeom texGeom = TexGeom::None;
  TestMode testMode = TestMode::None;  // testp
  std::uint8_t vecWidth = 1;           // ld/st .v2/.v4
  bool cc = false;                     // .cc: writes the carry flag
  bool ftz = false, sat = false, approx = false, full = false, uni = false;
  bool shiftWrap = false;  // shf.wrap (else clamp); shf direction: shfLeft
  bool shfLeft = false;
  bool sync = false;  // shfl.sync, vote.sync, bar.sync/barrier.sync, ...
  // Guard predicate: @%p (guardNegated: @!%p); guardReg is an index into Function::regs.
  bool hasGuard = false, guardNegated = false;
  std::uint32_t guardReg = 0;
  // Destination(s) first, then sources, in the PTX order. A setp/shfl `d|p` pair is two
  // operands (the second a Reg or Sink), and numDsts says how many lead: setp p|q, a, b has 2;
  // st, bar and bra have 0. Calls keep their lists in `callArgs` / `callRets`.
  std::vector<Operand> ops;
  std::uint8_t numDsts = 0;
  // call: the callee's symbol index, and the caller's argument and return-value symbols (.param
  // variables of the call block, Symbol operands).
  std::uint32_t callee = 0;
  std::vector<Operand> callArgs, callRets;
  std::uint32_t line = 0;  // 1-based line in Module::file
};

// A declared variable: module scope (.global, .const, .shared, .extern .shared) or function
// scope (.local, .shared, .param of a call block, __local_depot arrays).
struct Variable {
  std::string name;
  Space space = Space::None;
  Type type = Type::None;          // element type
  std::uint64_t size = 0;          // bytes (an `.extern .shared x[]` has 0)
  std::uint32_t align = 1;         // bytes
  bool isExtern = false;           // .extern (dynamic shared memory)
  std::vector<std::uint8_t> init;  // the initialiser's bytes (little-endian), empty: zero
  // Initialiser elements that are addresses (`= {sym, generic(sym)+4}`): the 8 bytes at `offset`
  // of init hold 0 and are to be patched with the symbol's address plus addend at load.
  struct AddrInit {
    std::uint64_t offset = 0;
    std::uint32_t symbol = 0;  // Module::symbols
    std::int64_t addend = 0;
    bool generic = false;  // generic(sym), else the address in the symbol's own space
  };
  std::vector<AddrInit> addrInits;
  std::uint32_t line = 0;
};

struct Param {
  std::string name;
  Type type = Type::None;
  std::uint32_t size = 0;    // bytes (arrays and by-value structs: .b8 name[16] is 16)
  std::uint32_t align = 0;   // bytes (0: natural)
  std::uint32_t offset = 0;  // in the kernel's (or function's) parameter block, aligned
  bool isPointer = false;    // .ptr (attributes are otherwise ignored)
};

struct RegInfo {
  std::string name;  // %r12
  Type type = Type::None;
};

// What a few characters of PTX may ask for (more is a PtxError): the bytes of one variable or
// parameter, its array sizes multiplied out, and of the module's .global and .const variables
// in all (they are allocated on the host when the module loads); and the registers one function
// declares (the executor keeps 32 lanes of 8 bytes of each, per warp).
constexpr std::uint64_t kMaxArrayBytes = std::uint64_t{1} << 30;
constexpr std::uint32_t kMaxFunctionRegisters = 1u << 16;

struct Function {
  std::string name;
  bool isEntry = false;          // .entry (a kernel), else .func
  bool isDeclaration = false;    // a prototype without a body (.extern .func, or only declared)
  std::vector<Param> params;     // .entry and .func parameters, in order
  std::vector<Param> returns;    // .func return values
  std::vector<RegInfo> regs;     // every register of the body, call blocks included
  std::vector<Variable> locals;  // function-scope variables (call-block params, .local, .shared)
  std::vector<Instr> body;
  std::vector<std::string> labels;  // label names by instruction index they precede (for dumps)
  std::uint32_t paramBytes = 0;     // size of the parameter block
  std::array<std::uint32_t, 3> maxntid{}, reqntid{};  // performance directives, 0: absent
  std::uint32_t line = 0;
};

// What a Symbol operand names.
struct Symbol {
  enum class Kind : std::uint8_t { Global, Local, Param, Function };
  Kind kind = Kind::Global;
  std::uint32_t function = 0;  // Local and Param: the function that declares it
  std::uint32_t index = 0;     // Global: Module::globals; Local: Function::locals;
                               // Param: Function::params (and returns: index >= params.size());
                               // Function: Module::functions
};

struct Module {
  std::string file;  // for messages: "kernel.ptx"
  unsigned versionMajor = 0, versionMinor = 0;
  std::string target;  // sm_75
  unsigned addressSize = 64;
  std::vector<Variable> globals;  // .global, .const, .shared (static and extern) at module scope
  std::vector<Function> functions;
  std::vector<Symbol> symbols;
  std::vector<std::string> lines;  // the source, for messages naming a line

  // nullptr when absent.
  const Function* findFunction(const std::string& name) const;
};

}  // namespace warpsim::ptx
