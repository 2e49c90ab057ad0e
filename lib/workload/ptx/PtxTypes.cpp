#include "warpsim/workload/ptx/PtxTypes.h"

#include <algorithm>
#include <iterator>

namespace warpsim::ptx::detail {
namespace {

template <typename T>
struct Named {
  std::string_view name;
  T value;
};

// Tables sorted by name.
template <typename T, std::size_t N>
bool find(const Named<T> (&table)[N], std::string_view name, T& out) {
  const auto it =
      std::lower_bound(std::begin(table), std::end(table), name,
                       [](const Named<T>& e, std::string_view n) { return e.name < n; });
  if (it == std::end(table) || it->name != name) return false;
  out = it->value;
  return true;
}

std::string_view undot(std::string_view w) {
  return !w.empty() && w[0] == '.' ? w.substr(1) : w;
}

const Named<Type> kTypes[] = {
    {"b128", Type::B128},   {"b16", Type::B16},   {"b32", Type::B32},       {"b64", Type::B64},
    {"b8", Type::B8},       {"bf16", Type::BF16}, {"bf16x2", Type::BF16x2}, {"f16", Type::F16},
    {"f16x2", Type::F16x2}, {"f32", Type::F32},   {"f64", Type::F64},       {"pred", Type::Pred},
    {"s16", Type::S16},     {"s32", Type::S32},   {"s64", Type::S64},       {"s8", Type::S8},
    {"u16", Type::U16},     {"u32", Type::U32},   {"u64", Type::U64},       {"u8", Type::U8},
};

const Named<Space> kSpaces[] = {
    {"const", Space::Const},   {"global", Space::Global},      {"local", Space::Local},
    {"param", Space::Param},   {"param::entry", Space::Param}, {"param::func", Space::Param},
    {"shared", Space::Shared}, {"shared::cta", Space::Shared},
};

const Named<SReg> kSRegs[] = {
    {"%clock", SReg::Clock},
    {"%clock64", SReg::Clock64},
    {"%ctaid.x", SReg::CtaidX},
    {"%ctaid.y", SReg::CtaidY},
    {"%ctaid.z", SReg::CtaidZ},
    {"%dynamic_smem_size", SReg::DynamicSmemSize},
    {"%globaltimer", SReg::GlobalTimer},
    {"%gridid", SReg::GridId},
    {"%laneid", SReg::LaneId},
    {"%lanemask_eq", SReg::LanemaskEq},
    {"%lanemask_ge", SReg::LanemaskGe},
    {"%lanemask_gt", SReg::LanemaskGt},
    {"%lanemask_le", SReg::LanemaskLe},
    {"%lanemask_lt", SReg::LanemaskLt},
    {"%nctaid.x", SReg::NctaidX},
    {"%nctaid.y", SReg::NctaidY},
    {"%nctaid.z", SReg::NctaidZ},
    {"%nsmid", SReg::NSmId},
    {"%ntid.x", SReg::NtidX},
    {"%ntid.y", SReg::NtidY},
    {"%ntid.z", SReg::NtidZ},
    {"%nwarpid", SReg::NWarpId},
    {"%smid", SReg::SmId},
    {"%tid.x", SReg::TidX},
    {"%tid.y", SReg::TidY},
    {"%tid.z", SReg::TidZ},
    {"%warpid", SReg::WarpId},
};

const Named<Op> kOps[] = {
    {"abs", Op::Abs},
    {"activemask", Op::Activemask},
    {"add", Op::Add},
    {"addc", Op::Addc},
    {"and", Op::And},
    {"atom", Op::Atom},
    {"bar", Op::BarSync},
    {"barrier", Op::BarSync},
    {"bfe", Op::Bfe},
    {"bfi", Op::Bfi},
    {"bfind", Op::Bfind},
    {"bra", Op::Bra},
    {"brev", Op::Brev},
    {"call", Op::Call},
    {"clz", Op::Clz},
    {"cnot", Op::Cnot},
    {"copysign", Op::Copysign},
    {"cos", Op::Cos},
    {"cvt", Op::Cvt},
    {"cvta", Op::Cvta},
    {"div", Op::Div},
    {"ex2", Op::Ex2},
    {"exit", Op::Exit},
    {"fence", Op::Fence},
    {"fma", Op::Fma},
    {"ld", Op::Ld},
    {"ldu", Op::Ldu},
    {"lg2", Op::Lg2},
    {"lop3", Op::Lop3},
    {"mad", Op::Mad},
    {"mad24", Op::Mad24},
    {"madc", Op::Madc},
    {"match", Op::Match},
    {"max", Op::Max},
    {"membar", Op::Membar},
    {"min", Op::Min},
    {"mov", Op::Mov},
    {"mul", Op::Mul},
    {"mul24", Op::Mul24},
    {"nanosleep", Op::Nop},
    {"neg", Op::Neg},
    {"not", Op::Not},
    {"or", Op::Or},
    {"pmevent", Op::Nop},
    {"popc", Op::Popc},
    {"prefetch", Op::Prefetch},
    {"prefetchu", Op::Prefetch},
    {"prmt", Op::Prmt},
    {"rcp", Op::Rcp},
    {"red", Op::Red},
    {"redux", Op::Redux},
    {"rem", Op::Rem},
    {"ret", Op::Ret},
    {"rsqrt", Op::Rsqrt},
    {"sad", Op::Sad},
    {"selp", Op::Selp},
    {"set", Op::Set},
    {"setp", Op::Setp},
    {"shf", Op::Shf},
    {"shfl", Op::Shfl},
    {"shl", Op::Shl},
    {"shr", Op::Shr},
    {"sin", Op::Sin},
    {"slct", Op::Slct},
    {"sqrt", Op::Sqrt},
    {"st", Op::St},
    {"sub", Op::Sub},
    {"subc", Op::Subc},
    {"tanh", Op::Tanh},
    {"testp", Op::Testp},
    {"tex", Op::Tex},
    {"trap", Op::Trap},
    {"vote", Op::Vote},
    {"xor", Op::Xor},
};

const Named<Cmp> kCmps[] = {
    {"eq", Cmp::Eq},   {"equ", Cmp::Equ}, {"ge", Cmp::Ge},   {"geu", Cmp::Geu}, {"gt", Cmp::Gt},
    {"gtu", Cmp::Gtu}, {"hi", Cmp::Hi},   {"hs", Cmp::Hs},   {"le", Cmp::Le},   {"leu", Cmp::Leu},
    {"lo", Cmp::Lo},   {"ls", Cmp::Ls},   {"lt", Cmp::Lt},   {"ltu", Cmp::Ltu}, {"nan", Cmp::Nan},
    {"ne", Cmp::Ne},   {"neu", Cmp::Neu}, {"num", Cmp::Num},
};

const Named<Round> kRounds[] = {
    {"rm", Round::Rm}, {"rmi", Round::Rmi}, {"rn", Round::Rn}, {"rni", Round::Rni},
    {"rp", Round::Rp}, {"rpi", Round::Rpi}, {"rz", Round::Rz}, {"rzi", Round::Rzi},
};

const Named<AtomOp> kAtomOps[] = {
    {"add", AtomOp::Add},   {"and", AtomOp::And}, {"cas", AtomOp::Cas}, {"dec", AtomOp::Dec},
    {"exch", AtomOp::Exch}, {"inc", AtomOp::Inc}, {"max", AtomOp::Max}, {"min", AtomOp::Min},
    {"or", AtomOp::Or},     {"xor", AtomOp::Xor},
};

const Named<TestMode> kTestModes[] = {
    {"finite", TestMode::Finite}, {"infinite", TestMode::Infinite},
    {"normal", TestMode::Normal}, {"notanumber", TestMode::NotANumber},
    {"number", TestMode::Number}, {"subnormal", TestMode::Subnormal},
};

const std::string_view kIgnored[] = {
    "acq_rel", "acquire", "aligned", "ca",  "cg",       "cluster", "cs",
    "cta",     "cv",      "gpu",     "lu",  "mmio",     "nc",      "noftz",
    "relaxed", "release", "sc",      "sys", "volatile", "wb",      "wt",
};

}  // namespace

Type typeOf(std::string_view w) {
  Type t = Type::None;
  find(kTypes, undot(w), t);
  return t;
}

Space spaceOf(std::string_view w) {
  Space s = Space::None;
  find(kSpaces, undot(w), s);
  return s;
}

bool sregOf(std::string_view w, SReg& out) {
  return find(kSRegs, w, out);
}
bool opOf(std::string_view base, Op& out) {
  return find(kOps, base, out);
}

Cmp cmpOf(std::string_view m) {
  Cmp c = Cmp::None;
  find(kCmps, m, c);
  return c;
}

Round roundOf(std::string_view m) {
  Round r = Round::None;
  find(kRounds, m, r);
  return r;
}

AtomOp atomOpOf(std::string_view m) {
  AtomOp a = AtomOp::None;
  find(kAtomOps, m, a);
  return a;
}

TestMode testModeOf(std::string_view m) {
  TestMode t = TestMode::None;
  find(kTestModes, m, t);
  return t;
}

bool isIgnoredModifier(std::string_view m) {
  if (m.substr(0, 4) == "L1::" || m.substr(0, 4) == "L2::" || m.substr(0, 7) == "level::")
    return true;
  return std::binary_search(std::begin(kIgnored), std::end(kIgnored), m);
}

}  // namespace warpsim::ptx::detail
