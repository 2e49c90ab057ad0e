#include "warpsim/workload/ptx/PtxIr.h"

namespace warpsim::ptx {

unsigned sizeOf(Type t) {
  switch (t) {
    case Type::None:
      return 0;
    case Type::Pred:
    case Type::B8:
    case Type::U8:
    case Type::S8:
      return 1;
    case Type::B16:
    case Type::U16:
    case Type::S16:
    case Type::F16:
    case Type::BF16:
      return 2;
    case Type::B32:
    case Type::U32:
    case Type::S32:
    case Type::F32:
    case Type::F16x2:
    case Type::BF16x2:
      return 4;
    case Type::B64:
    case Type::U64:
    case Type::S64:
    case Type::F64:
      return 8;
    case Type::B128:
      return 16;
  }
  return 0;
}

bool isSigned(Type t) {
  return t == Type::S8 || t == Type::S16 || t == Type::S32 || t == Type::S64;
}

bool isFloat(Type t) {
  return t == Type::F16 || t == Type::F16x2 || t == Type::BF16 || t == Type::BF16x2 ||
         t == Type::F32 || t == Type::F64;
}

const char* name(Type t) {
  static const char* const kNames[] = {"",    "pred", "b8",    "b16",  "b32",    "b64", "b128",
                                       "u8",  "u16",  "u32",   "u64",  "s8",     "s16", "s32",
                                       "s64", "f16",  "f16x2", "bf16", "bf16x2", "f32", "f64"};
  return kNames[static_cast<unsigned>(t)];
}

const char* name(Op op) {
  static const char* const kNames[] = {
      "add",   "sub",   "mul",  "mad",   "fma",        "div",        "rem",      "min",
      "max",   "neg",   "abs",  "sqrt",  "rcp",        "rsqrt",      "copysign", "sin",
      "cos",   "lg2",   "ex2",  "tanh",  "addc",       "subc",       "madc",     "mul24",
      "mad24", "sad",   "and",  "or",    "xor",        "not",        "cnot",     "shl",
      "shr",   "shf",   "bfi",  "bfe",   "clz",        "popc",       "brev",     "prmt",
      "bfind", "lop3",  "mov",  "cvt",   "cvta",       "selp",       "setp",     "set",
      "slct",  "testp", "ld",   "ldu",   "st",         "atom",       "red",      "prefetch",
      "bra",   "call",  "ret",  "exit",  "bar.sync",   "bar.arrive", "bar.red",  "membar",
      "fence", "shfl",  "vote", "match", "activemask", "redux",      "tex",      "nop",
      "trap"};
  static_assert(sizeof(kNames) / sizeof(kNames[0]) == static_cast<unsigned>(Op::Trap) + 1,
                "one name per Op");
  return kNames[static_cast<unsigned>(op)];
}

const Function* Module::findFunction(const std::string& n) const {
  for (const Function& f : functions)
    if (f.name == n) return &f;
  return nullptr;
}

}  // namespace warpsim::ptx
