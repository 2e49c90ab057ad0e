// The parser on PTX nvcc 13 generated (tests/ptx/fixtures: the .cu files and their .ptx, made
// with `nvcc -arch=compute_75 -ptx`, depot-debug.ptx with -G). nvcc is not needed to run.
#include <catch2/catch.hpp>
#include <chrono>
#include <fstream>
#include <sstream>

#include "PtxTestSupport.h"

using namespace warpsim::ptx;
using namespace warpsim::ptx::test;
using Kind = Operand::Kind;

namespace {

Module fixture(const std::string& name) {
  return loadPtxFile(std::string(WARPSIM_SOURCE_DIR) + "/tests/ptx/fixtures/" + name);
}

std::size_t countOps(const Function& f, Op op) {
  std::size_t n = 0;
  for (const Instr& i : f.body) n += i.op == op;
  return n;
}

const Instr& firstOf(const Function& f, Op op) {
  for (const Instr& i : f.body)
    if (i.op == op) return i;
  FAIL("no such instruction");
  return f.body.front();
}

}  // namespace

TEST_CASE("ptx fixtures: every one parses", "[ptx][fixtures]") {
  for (const char* name :
       {"calls.ptx", "warp.ptx", "depot.ptx", "depot-debug.ptx", "half.ptx", "misc.ptx"}) {
    INFO(name);
    const Module m = fixture(name);
    CHECK(m.versionMajor == 9);
    CHECK(m.target == "sm_75");
    CHECK(m.file.find(name) != std::string::npos);
    for (const Function& f : m.functions) {
      if (f.isDeclaration) CHECK(f.body.empty());
      CHECK(f.labels.size() >= f.body.size());
      for (const Instr& i : f.body)
        for (unsigned d = 0; d < i.numDsts; ++d)
          CHECK((i.ops[d].kind == Kind::Reg || i.ops[d].kind == Kind::Vec ||
                 i.ops[d].kind == Kind::Sink));
    }
  }
}

TEST_CASE("ptx fixtures: a device function call, a struct parameter, extern shared",
          "[ptx][fixtures]") {
  const Module m = fixture("calls.ptx");
  REQUIRE(m.functions.size() == 2);
  const Function& f = m.functions[0];
  CHECK(f.name == "_Z4axpbffd");
  CHECK_FALSE(f.isEntry);
  CHECK(f.body.size() == 7);
  REQUIRE(f.returns.size() == 1);
  CHECK(f.returns[0].name == "func_retval0");
  REQUIRE(f.params.size() == 3);
  CHECK(f.params[2].offset == 8);
  const Function* k = m.findFunction("_Z11scaleKernelPfPKf6Params");
  REQUIRE(k != nullptr);
  CHECK(k->isEntry);
  REQUIRE(k->params.size() == 3);
  CHECK(k->params[1].offset == 8);
  CHECK(k->params[2].type == Type::B8);
  CHECK(k->params[2].size == 16);
  CHECK(k->params[2].align == 8);
  CHECK(k->params[2].offset == 16);
  CHECK(k->paramBytes == 32);
  CHECK(k->body.size() == 37);
  CHECK(k->regs.size() == 38);  // 3 + 8 + 15 + 2 + 9 + the call block's temp_param_reg
  // ld.param.f64 %fd1, [..._param_2+8]: the struct's double.
  const Instr& ld = k->body[2];
  CHECK(ld.space == Space::Param);
  CHECK(ld.ops[1].offset == 8);
  CHECK(m.symbols.at(ld.ops[1].index).index == 2);
  // The call.
  const Instr& call = firstOf(*k, Op::Call);
  CHECK(m.functions.at(m.symbols.at(call.callee).index).name == "_Z4axpbffd");
  REQUIRE(call.callArgs.size() == 3);
  REQUIRE(call.callRets.size() == 1);
  CHECK(k->locals.at(m.symbols.at(call.callArgs[2].index).index).name == "param2");
  CHECK(k->locals.at(m.symbols.at(call.callArgs[2].index).index).type == Type::B64);
  CHECK(k->locals.at(m.symbols.at(call.callRets[0].index).index).name == "retval0");
  // The dynamic shared memory.
  REQUIRE(m.globals.size() == 1);
  const Variable& buf = m.globals[0];
  CHECK(buf.name == "buf");
  CHECK(buf.isExtern);
  CHECK(buf.space == Space::Shared);
  CHECK(buf.size == 0);
  CHECK(buf.align == 16);
  const Instr& mov = k->body[17];  // mov.u32 %r8, buf;
  CHECK(mov.op == Op::Mov);
  CHECK(mov.ops[1].kind == Kind::Symbol);
  CHECK(m.symbols.at(mov.ops[1].index).kind == Symbol::Kind::Global);
  CHECK(countOps(*k, Op::BarSync) == 1);
  CHECK(k->labels.at(16) == "$L__BB1_2");
}

TEST_CASE("ptx fixtures: shuffles, votes and atomics", "[ptx][fixtures]") {
  const Module m = fixture("warp.ptx");
  const Function& k = m.functions.at(0);
  CHECK(k.body.size() == 54);
  CHECK(countOps(k, Op::Shfl) == 5);
  const Instr& sh = firstOf(k, Op::Shfl);
  CHECK(sh.shflMode == ShflMode::Down);
  CHECK(sh.numDsts == 2);
  CHECK(sh.ops.size() == 6);
  CHECK(countOps(k, Op::Vote) == 2);
  CHECK(firstOf(k, Op::Vote).voteMode == VoteMode::Ballot);
  CHECK(countOps(k, Op::Atom) == 5);
  const Instr& a = firstOf(k, Op::Atom);
  CHECK(a.space == Space::Global);
  CHECK(a.atomOp == AtomOp::Add);
  CHECK(a.ops.at(2).bits == ~std::uint64_t{0});
  CHECK(k.body.back().op == Op::Ret);
}

TEST_CASE("ptx fixtures: a local depot, constants, doubles", "[ptx][fixtures]") {
  const Module m = fixture("depot.ptx");
  REQUIRE(m.globals.size() == 2);
  CHECK(m.globals[0].name == "coef");
  CHECK(m.globals[0].space == Space::Const);
  REQUIRE(m.globals[0].init.size() == 16);
  CHECK(m.globals[0].init[3] == 63);  // 1.0f
  CHECK(m.globals[1].name == "counter");
  CHECK(m.globals[1].init == std::vector<std::uint8_t>{7, 0, 0, 0});
  const Function& k = m.functions.at(0);
  CHECK(k.body.size() == 71);
  CHECK(k.paramBytes == 20);
  REQUIRE(k.locals.size() == 1);
  CHECK(k.locals[0].name == "__local_depot0");
  CHECK(k.locals[0].size == 64);
  CHECK(k.locals[0].align == 16);
  const Instr& div = firstOf(k, Op::Div);
  CHECK(div.type == Type::F64);
  CHECK(div.ops[2].isFloatLiteral);
  CHECK(div.ops[2].fvalue == 3.0);
  CHECK(countOps(k, Op::Sqrt) == 8);
}

TEST_CASE("ptx fixtures: debug information is skipped", "[ptx][fixtures]") {
  const Module m = fixture("depot-debug.ptx");
  REQUIRE(m.functions.size() == 2);
  CHECK(m.functions[0].name == "sqrt");  // declared first, defined after the kernel
  CHECK(m.functions[0].body.size() == 4);
  const Function& k = m.functions[1];
  CHECK(k.body.size() == 69);
  CHECK(k.labels.at(0) == "$L__func_begin0");
  const Instr& call = firstOf(k, Op::Call);
  CHECK(m.symbols.at(call.callee).index == 0);
}

TEST_CASE("ptx fixtures: half precision in inline-asm blocks", "[ptx][fixtures]") {
  const Module m = fixture("half.ptx");
  const Function& k = m.functions.at(0);
  CHECK(k.body.size() == 22);
  CHECK(firstOf(k, Op::Mul).mulMode == MulMode::Wide);
  std::size_t halves = 0;
  for (const Instr& i : k.body)
    halves += (i.op == Op::Mul || i.op == Op::Add) && i.type == Type::F16;
  CHECK(halves == 2);
  const Instr& cvt = firstOf(k, Op::Cvt);
  CHECK(cvt.type == Type::F16);
  CHECK(cvt.type2 == Type::F32);
  CHECK(cvt.round == Round::Rn);
}

TEST_CASE("ptx fixtures: printf, textures, intrinsics", "[ptx][fixtures]") {
  const Module m = fixture("misc.ptx");
  REQUIRE(m.functions.size() == 2);
  const Function& vprintf = m.functions[0];
  CHECK(vprintf.name == "vprintf");
  CHECK(vprintf.isDeclaration);  // .extern .func
  CHECK(vprintf.returns.size() == 1);
  REQUIRE(m.globals.size() == 3);
  CHECK(m.globals[1].name == "$str");
  CHECK(m.globals[1].size == 12);
  CHECK(std::string(m.globals[1].init.begin(), m.globals[1].init.end() - 1) == "zero at %d\n");
  const Function& k = m.functions[1];
  CHECK(k.body.size() == 293);
  CHECK(k.locals.at(0).name == "__local_depot0");
  const Instr& tex = firstOf(k, Op::Tex);
  CHECK(tex.texGeom == TexGeom::D2);
  CHECK(tex.ops.size() == 3);
  CHECK(firstOf(k, Op::Match).voteMode == VoteMode::Any);
  CHECK(firstOf(k, Op::Shf).shfLeft);
  CHECK(firstOf(k, Op::Shfl).shflMode == ShflMode::Bfly);
  CHECK(countOps(k, Op::Nop) == 2);  // bar.warp.sync, nanosleep
  CHECK(m.functions.at(m.symbols.at(firstOf(k, Op::Call).callee).index).name == "vprintf");
  std::size_t inc = 0;
  for (const Instr& i : k.body) inc += i.op == Op::Atom && i.atomOp == AtomOp::Inc;
  CHECK(inc == 1);
}

TEST_CASE("ptx fixtures: a megabyte of PTX parses quickly", "[ptx][fixtures]") {
  std::ifstream in(std::string(WARPSIM_SOURCE_DIR) + "/tests/ptx/fixtures/warp.ptx");
  std::ostringstream s;
  s << in.rdbuf();
  const std::string one = s.str();
  const std::size_t at = one.find(".visible .entry");
  std::string text = one.substr(0, at);
  const std::string kernelText = one.substr(at);
  const std::string name = "_Z10warpKernelPKiPiPjPf";
  int n = 0;
  for (; text.size() < (1u << 20); ++n) {
    std::string k = kernelText;
    for (std::size_t p; (p = k.find(name)) != std::string::npos;)
      k.replace(p, name.size(), "k" + std::to_string(n));
    text += k;
  }
  const auto t0 = std::chrono::steady_clock::now();
  const Module m = parsePtx(text, "big.ptx");
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  CHECK(m.functions.size() == static_cast<std::size_t>(n));
  CHECK(m.functions.back().body.size() == 54);
  CHECK(seconds < 2.0);  // about 0.1 s in a release build
}
