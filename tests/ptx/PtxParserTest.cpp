// The PTX parser on small inline texts: declarations, names, operands and modifiers.
#include <catch2/catch.hpp>

#include "PtxTestSupport.h"

using namespace warpsim::ptx;
using namespace warpsim::ptx::test;
using Kind = Operand::Kind;

TEST_CASE("ptx: module header and an empty kernel", "[ptx]") {
  const Module m = parse(kernel("\tret;\n"));
  CHECK(m.file == "t.ptx");
  CHECK(m.versionMajor == 9);
  CHECK(m.versionMinor == 0);
  CHECK(m.target == "sm_75");
  CHECK(m.addressSize == 64);
  REQUIRE(m.functions.size() == 1);
  const Function& k = m.functions[0];
  CHECK(k.name == "k");
  CHECK(k.isEntry);
  CHECK_FALSE(k.isDeclaration);
  REQUIRE(k.body.size() == 1);
  CHECK(k.body[0].op == Op::Ret);
  CHECK(k.body[0].numDsts == 0);
  CHECK(k.body[0].line == 6);
  CHECK(m.findFunction("k") == &k);
  CHECK(m.findFunction("nope") == nullptr);
  CHECK(m.lines.at(5) == "\tret;");
}

TEST_CASE("ptx: registers, ranges and lists resolve to indices", "[ptx]") {
  const Module m =
      parse(kernel(".reg .b32 %r<3>;\n.reg .pred p, q;\n.reg .f64 %fd<2>, %x;\n"
                   "add.s32 %r2, %r0, %r1;\nadd.f64 %x, %fd1, %fd0;\nand.pred p, q, !p;\n"));
  const Function& k = m.functions[0];
  REQUIRE(k.regs.size() == 8);
  CHECK(k.regs[0].name == "%r0");
  CHECK(k.regs[2].name == "%r2");
  CHECK(k.regs[2].type == Type::B32);
  CHECK(k.regs[3].name == "p");
  CHECK(k.regs[4].type == Type::Pred);
  CHECK(k.regs[7].name == "%x");
  CHECK(k.regs[7].type == Type::F64);
  REQUIRE(k.body.size() == 3);
  const Instr& add = k.body[0];
  CHECK(add.op == Op::Add);
  CHECK(add.type == Type::S32);
  CHECK(add.numDsts == 1);
  REQUIRE(add.ops.size() == 3);
  CHECK(add.ops[0].kind == Kind::Reg);
  CHECK(add.ops[0].index == 2);
  CHECK(add.ops[1].index == 0);
  CHECK(add.ops[2].index == 1);
  CHECK(k.body[1].ops[0].index == 7);
  CHECK(k.body[1].ops[1].index == 6);
  const Instr& a = k.body[2];
  CHECK(a.ops[2].negated);
  CHECK(a.ops[2].index == 3);
}

TEST_CASE("ptx: labels, forward references and guards", "[ptx]") {
  const Module m =
      parse(kernel(".reg .pred %p<2>;\n"   // 6
                   "$L_top:\n"             // 7
                   "\t@%p1 bra $L_end;\n"  // 8: 0
                   "\t@!%p0 bra.uni $L_top;\n"
                   "\tbra $L_mid;\n"
                   "$L_mid:\n"
                   "\texit;\n"  // 3
                   "$L_end:\n"
                   "$L_end2:\n"));
  const Function& k = m.functions[0];
  REQUIRE(k.body.size() == 4);
  const Instr& b0 = k.body[0];
  CHECK(b0.op == Op::Bra);
  CHECK(b0.hasGuard);
  CHECK_FALSE(b0.guardNegated);
  CHECK(b0.guardReg == 1);
  CHECK(b0.numDsts == 0);
  CHECK(b0.line == 8);
  REQUIRE(b0.ops.size() == 1);
  CHECK(b0.ops[0].kind == Kind::Label);
  CHECK(b0.ops[0].index == 4);  // a label after the last instruction: the body's end
  CHECK(k.body[1].guardNegated);
  CHECK(k.body[1].uni);
  CHECK(k.body[1].ops[0].index == 0);
  CHECK(k.body[2].ops[0].index == 3);
  CHECK(k.body[3].op == Op::Exit);
  REQUIRE(k.labels.size() == 5);
  CHECK(k.labels[0] == "$L_top");
  CHECK(k.labels[1].empty());
  CHECK(k.labels[3] == "$L_mid");
  CHECK(k.labels[4] == "$L_end $L_end2");
}

TEST_CASE("ptx: immediates", "[ptx]") {
  const Module m = parse(kernel(
      ".reg .b32 %r<2>;\n.reg .f32 %f1;\n.reg .f64 %fd1;\n"
      "mov.u32 %r1, 42;\nmov.u32 %r1, 0x1F;\nmov.u32 %r1, 017;\nmov.u32 %r1, -1;\n"
      "mov.u32 %r1, 4294967295U;\nmov.f32 %f1, 0f3F800000;\nmov.f64 %fd1, 0d4008000000000000;\n"
      "mov.f32 %f1, 1.5;\nmov.f32 %f1, -0f3F800000;\nmov.f64 %fd1, 2.5e-1;\nmov.u32 %r1, "
      "0b101;\n"));
  const auto& b = m.functions[0].body;
  REQUIRE(b.size() == 11);
  auto imm = [&](int i) -> const Operand& { return b[i].ops.at(1); };
  CHECK(imm(0).kind == Kind::Imm);
  CHECK(imm(0).bits == 42);
  CHECK_FALSE(imm(0).isFloatLiteral);
  CHECK(imm(1).bits == 31);
  CHECK(imm(2).bits == 15);
  CHECK(imm(3).bits == ~std::uint64_t{0});
  CHECK(imm(4).bits == 0xffffffffu);
  CHECK(imm(5).isFloatLiteral);
  CHECK(imm(5).bits == 0x3F800000u);
  CHECK(imm(5).fvalue == 1.0);
  CHECK(imm(6).bits == 0x4008000000000000ull);
  CHECK(imm(6).fvalue == 3.0);
  CHECK(imm(7).isFloatLiteral);
  CHECK(imm(7).fvalue == 1.5);
  CHECK(imm(8).bits == 0xBF800000u);
  CHECK(imm(8).fvalue == -1.0);
  CHECK(imm(9).fvalue == 0.25);
  CHECK(imm(10).bits == 5);
}

TEST_CASE("ptx: addresses, vectors, sinks and special registers", "[ptx]") {
  const Module m =
      parse(kernel(".reg .b64 %rd<3>;\n.reg .f32 %f<5>;\n.reg .b32 %r<3>;\n.reg .b16 %rs<3>;\n"
                   "ld.global.nc.v4.f32 {%f1, %f2, _, %f4}, [%rd1+16];\n"
                   "st.shared.v2.f32 [%rd2+-8], {%f1, %f2};\n"
                   "ld.param.u64 %rd1, [k_p];\nld.param.u32 %r1, [k_p+4];\n"
                   "mov.u32 %r1, %tid.x;\nmov.u32 %r2, %nctaid.z;\nmov.u64 %rd1, %clock64;\n"
                   "mov.u32 %r1, %lanemask_lt;\nmov.u32 %r1, %dynamic_smem_size;\n"
                   "mov.b32 {%rs1, %rs2}, %r1;\nmov.u64 %rd2, k_p;\nld.u32 %r1, [%rd1-4];\n"));
  const Function& k = m.functions[0];
  const auto& b = k.body;
  REQUIRE(b.size() == 12);
  const Instr& ld = b[0];
  CHECK(ld.op == Op::Ld);
  CHECK(ld.space == Space::Global);
  CHECK(ld.vecWidth == 4);
  CHECK(ld.type == Type::F32);
  CHECK(ld.numDsts == 1);
  REQUIRE(ld.ops.size() == 2);
  CHECK(ld.ops[0].kind == Kind::Vec);
  CHECK(ld.ops[0].vecCount == 4);
  CHECK(ld.ops[0].vec[0] == reg(k, "%f1"));
  CHECK(ld.ops[0].vec[2] == Operand::kSink);
  CHECK(ld.ops[0].vec[3] == reg(k, "%f4"));
  CHECK(ld.ops[1].kind == Kind::Addr);
  CHECK_FALSE(ld.ops[1].baseIsSymbol);
  CHECK(ld.ops[1].index == reg(k, "%rd1"));
  CHECK(ld.ops[1].offset == 16);
  const Instr& st = b[1];
  CHECK(st.op == Op::St);
  CHECK(st.space == Space::Shared);
  CHECK(st.numDsts == 0);
  CHECK(st.vecWidth == 2);
  CHECK(st.ops[0].offset == -8);
  CHECK(st.ops[1].vecCount == 2);
  const Operand& p = b[3].ops[1];
  CHECK(p.kind == Kind::Addr);
  CHECK(p.baseIsSymbol);
  CHECK(p.offset == 4);
  const Symbol& s = m.symbols.at(p.index);
  CHECK(s.kind == Symbol::Kind::Param);
  CHECK(s.function == 0);
  CHECK(s.index == 0);
  CHECK(b[4].ops[1].kind == Kind::SReg);
  CHECK(b[4].ops[1].sreg == SReg::TidX);
  CHECK(b[5].ops[1].sreg == SReg::NctaidZ);
  CHECK(b[6].ops[1].sreg == SReg::Clock64);
  CHECK(b[7].ops[1].sreg == SReg::LanemaskLt);
  CHECK(b[8].ops[1].sreg == SReg::DynamicSmemSize);
  CHECK(b[9].ops[0].kind == Kind::Vec);
  CHECK(b[9].numDsts == 1);
  CHECK(b[10].ops[1].kind == Kind::Symbol);
  CHECK(b[10].ops[1].index == p.index);
  CHECK(b[11].space == Space::Generic);
  CHECK(b[11].ops[1].offset == -4);
}

TEST_CASE("ptx: a symbol plus an offset as a value", "[ptx]") {
  const Module m =
      parse(kernel(".reg .b64 %rd1;\nmov.u64 %rd1, tab+8;\n", ".global .align 8 .b8 tab[16];\n"));
  const Operand& o = m.functions[0].body.at(0).ops.at(1);
  CHECK(o.kind == Kind::Symbol);
  CHECK(m.symbols.at(o.index).kind == Symbol::Kind::Global);
  CHECK(o.offset == 8);
}

TEST_CASE("ptx: opcode modifiers", "[ptx]") {
  const Module m = parse(
      kernel(".reg .b32 %r<5>;\n.reg .b64 %rd<3>;\n.reg .f32 %f<3>;\n.reg .pred %p<3>;\n"
             "cvt.rzi.s32.f32 %r1, %f1;\n"                                                 // 0
             "setp.lt.and.f32 %p1|%p2, %f1, %f2, %p0;\n"                                   // 1
             "setp.lo.u32 %p1, %r1, %r2;\n"                                                // 2
             "mul.wide.s32 %rd1, %r1, %r2;\n"                                              // 3
             "mad.hi.cc.u32 %r1, %r2, %r3, %r4;\n"                                         // 4
             "addc.cc.u32 %r1, %r2, %r3;\n"                                                // 5
             "fma.rn.ftz.sat.f32 %f1, %f1, %f2, %f2;\n"                                    // 6
             "div.approx.f32 %f1, %f1, %f2;\n"                                             // 7
             "div.full.f32 %f1, %f1, %f2;\n"                                               // 8
             "cvta.to.global.u64 %rd1, %rd2;\n"                                            // 9
             "cvta.shared.u64 %rd1, %rd2;\n"                                               // 10
             "atom.global.cas.b32 %r1, [%rd1], %r2, %r3;\n"                                // 11
             "atom.shared.add.f32 %f1, [%rd1], %f2;\n"                                     // 12
             "red.global.max.s32 [%rd1], %r1;\n"                                           // 13
             "atom.relaxed.gpu.global.exch.b32 %r1, [%rd1], 1;\n"                          // 14
             "shfl.sync.bfly.b32 %r1|%p1, %r2, 1, 31, -1;\n"                               // 15
             "shfl.sync.idx.b32 %r1, %r2, 0, 31, -1;\n"                                    // 16
             "vote.sync.ballot.b32 %r1, %p1, -1;\n"                                        // 17
             "vote.uni.pred %p1, %p2;\n"                                                   // 18
             "shf.l.wrap.b32 %r1, %r2, %r3, %r4;\n"                                        // 19
             "shf.r.clamp.b32 %r1, %r2, %r3, %r4;\n"                                       // 20
             "bar.sync 0;\nbarrier.sync.aligned 0;\nbar.sync 1, 64;\nbar.arrive 1, 64;\n"  // 21-24
             "bar.red.popc.u32 %r1, 0, %p1;\nbar.red.and.pred %p1, 0, %p2;\n"              // 25, 26
             "membar.gl;\nfence.acq_rel.gpu;\n"                                            // 27, 28
             "ld.global.L1::no_allocate.L2::128B.v2.u32 {%r1, %r2}, [%rd1];\n"             // 29
             "st.volatile.shared.wt.u32 [%rd1], %r1;\n"                                    // 30
             "match.any.sync.b32 %r1, %r2, -1;\nredux.sync.min.s32 %r1, %r2, -1;\n"        // 31, 32
             "activemask.b32 %r1;\ntestp.finite.f32 %p1, %f1;\nbar.warp.sync -1;\n"        // 33-35
             "set.gt.u32.f32 %r1, %f1, %f2;\nsqrt.rn.f32 %f1, %f2;\nrcp.approx.ftz.f32 %f1, %f2;\n"
             "prefetch.global.L2 [%rd1];\nnanosleep.u32 %r1;\ntrap;\n"));
  const auto& b = m.functions[0].body;
  REQUIRE(b.size() == 42);
  CHECK(b[0].op == Op::Cvt);
  CHECK(b[0].type == Type::S32);
  CHECK(b[0].type2 == Type::F32);
  CHECK(b[0].round == Round::Rzi);
  CHECK(b[1].op == Op::Setp);
  CHECK(b[1].cmp == Cmp::Lt);
  CHECK(b[1].boolOp == BoolOp::And);
  CHECK(b[1].type == Type::F32);
  CHECK(b[1].numDsts == 2);
  CHECK(b[1].ops.size() == 5);
  CHECK(b[2].cmp == Cmp::Lo);
  CHECK(b[2].mulMode == MulMode::None);
  CHECK(b[3].mulMode == MulMode::Wide);
  CHECK(b[4].mulMode == MulMode::Hi);
  CHECK(b[4].cc);
  CHECK(b[5].op == Op::Addc);
  CHECK(b[5].cc);
  CHECK(b[6].round == Round::Rn);
  CHECK(b[6].ftz);
  CHECK(b[6].sat);
  CHECK(b[7].approx);
  CHECK(b[8].full);
  CHECK(b[9].op == Op::Cvta);
  CHECK(b[9].cvtaTo);
  CHECK(b[9].space == Space::Global);
  CHECK_FALSE(b[10].cvtaTo);
  CHECK(b[10].space == Space::Shared);
  CHECK(b[11].atomOp == AtomOp::Cas);
  CHECK(b[11].numDsts == 1);
  CHECK(b[11].ops.size() == 4);
  CHECK(b[12].atomOp == AtomOp::Add);
  CHECK(b[12].space == Space::Shared);
  CHECK(b[13].op == Op::Red);
  CHECK(b[13].numDsts == 0);
  CHECK(b[13].atomOp == AtomOp::Max);
  CHECK(b[14].atomOp == AtomOp::Exch);
  CHECK(b[15].shflMode == ShflMode::Bfly);
  CHECK(b[15].sync);
  CHECK(b[15].numDsts == 2);
  CHECK(b[15].ops[4].bits == 31);
  CHECK(b[16].shflMode == ShflMode::Idx);
  CHECK(b[16].numDsts == 1);
  CHECK(b[17].voteMode == VoteMode::Ballot);
  CHECK(b[18].voteMode == VoteMode::Uni);
  CHECK_FALSE(b[18].uni);
  CHECK(b[19].shfLeft);
  CHECK(b[19].shiftWrap);
  CHECK_FALSE(b[20].shfLeft);
  CHECK_FALSE(b[20].shiftWrap);
  for (int i : {21, 22, 23}) {
    CHECK(b[i].op == Op::BarSync);
    CHECK(b[i].sync);
    CHECK(b[i].numDsts == 0);
  }
  CHECK(b[23].ops.size() == 2);
  CHECK(b[24].op == Op::BarArrive);
  CHECK(b[25].op == Op::BarRed);
  CHECK(b[25].boolOp == BoolOp::None);
  CHECK(b[25].type == Type::U32);
  CHECK(b[25].numDsts == 1);
  CHECK(b[26].boolOp == BoolOp::And);
  CHECK(b[27].op == Op::Membar);
  CHECK(b[28].op == Op::Fence);
  CHECK(b[29].vecWidth == 2);
  CHECK(b[29].type == Type::U32);
  CHECK(b[30].space == Space::Shared);
  CHECK(b[31].op == Op::Match);
  CHECK(b[31].voteMode == VoteMode::Any);
  CHECK(b[32].atomOp == AtomOp::Min);
  CHECK(b[33].op == Op::Activemask);
  CHECK(b[34].testMode == TestMode::Finite);
  CHECK(b[35].op == Op::Nop);
  CHECK(b[35].numDsts == 0);
  CHECK(b[36].type == Type::U32);
  CHECK(b[36].type2 == Type::F32);
  CHECK(b[36].cmp == Cmp::Gt);
  CHECK(b[37].round == Round::Rn);
  CHECK(b[38].approx);
  CHECK(b[39].op == Op::Prefetch);
  CHECK(b[39].space == Space::Global);
  CHECK(b[40].op == Op::Nop);
  CHECK(b[41].op == Op::Trap);
}

TEST_CASE("ptx: parameters are laid out with their alignment", "[ptx]") {
  const Module m = parse(std::string(kHeader) +
                         ".visible .entry k(\n.param .u32 a,\n.param .align 8 .b8 s[16],\n"
                         ".param .u8 c,\n.param .f64 d,\n.param .u64 .ptr .global .align 16 p\n)\n"
                         ".maxntid 128, 1, 1\n.reqntid 64\n.minnctapersm 2\n{\nret;\n}\n");
  const Function& k = m.functions[0];
  REQUIRE(k.params.size() == 5);
  CHECK(k.params[0].offset == 0);
  CHECK(k.params[0].size == 4);
  CHECK(k.params[0].align == 0);
  CHECK(k.params[1].name == "s");
  CHECK(k.params[1].type == Type::B8);
  CHECK(k.params[1].size == 16);
  CHECK(k.params[1].align == 8);
  CHECK(k.params[1].offset == 8);
  CHECK(k.params[2].offset == 24);
  CHECK(k.params[3].offset == 32);
  CHECK(k.params[4].isPointer);
  CHECK(k.params[4].align == 16);
  CHECK(k.params[4].offset == 48);
  CHECK(k.paramBytes == 56);
  CHECK(k.maxntid == std::array<std::uint32_t, 3>{128, 1, 1});
  CHECK(k.reqntid == std::array<std::uint32_t, 3>{64, 1, 1});
}

TEST_CASE("ptx: module variables and initialisers", "[ptx]") {
  const Module m = parse(std::string(kHeader) +
                         ".global .align 8 .b8 x[16] = {1, 2, 0xff};\n"
                         ".const .f32 a[4] = {1.0, -2.0, 0f40400000, 4};\n"
                         ".extern .shared .align 16 .b8 dyn[];\n"
                         ".visible .global .u64 p = generic(x);\n"
                         ".global .u32 arr[] = {1, 2, 3};\n"
                         ".global .u64 tab[2] = {x, a+4};\n"
                         ".shared .align 4 .b8 tile[2][8];\n"
                         ".const .f64 two = 2.0;\n"
                         ".global .v2 .f32 v = {1.0, 2.0};\n"
                         ".global .b32 bits = 0f3F800000;\n"
                         ".global .align 1 .u32 packed;\n");
  REQUIRE(m.globals.size() == 11);
  CHECK(m.globals[8].size == 8);
  CHECK(m.globals[8].align == 8);
  CHECK(m.globals[8].init == std::vector<std::uint8_t>{0, 0, 0x80, 0x3f, 0, 0, 0, 0x40});
  CHECK(m.globals[9].init == std::vector<std::uint8_t>{0, 0, 0x80, 0x3f});
  CHECK(m.globals[10].align == 1);
  const Variable& x = m.globals[0];
  CHECK(x.name == "x");
  CHECK(x.space == Space::Global);
  CHECK(x.size == 16);
  CHECK(x.align == 8);
  REQUIRE(x.init.size() == 16);
  CHECK(x.init[0] == 1);
  CHECK(x.init[2] == 0xff);
  CHECK(x.init[3] == 0);
  const Variable& a = m.globals[1];
  CHECK(a.space == Space::Const);
  CHECK(a.type == Type::F32);
  CHECK(a.align == 4);
  REQUIRE(a.init.size() == 16);
  const std::vector<std::uint8_t> floats = {0, 0, 0x80, 0x3f, 0, 0, 0,    0xc0,
                                            0, 0, 0x40, 0x40, 0, 0, 0x80, 0x40};
  CHECK(a.init == floats);
  const Variable& d = m.globals[2];
  CHECK(d.isExtern);
  CHECK(d.space == Space::Shared);
  CHECK(d.size == 0);
  CHECK(d.align == 16);
  const Variable& p = m.globals[3];
  CHECK(p.size == 8);
  REQUIRE(p.addrInits.size() == 1);
  CHECK(p.addrInits[0].generic);
  CHECK(m.symbols.at(p.addrInits[0].symbol).kind == Symbol::Kind::Global);
  CHECK(m.symbols.at(p.addrInits[0].symbol).index == 0);
  CHECK(m.globals[4].size == 12);
  CHECK(m.globals[4].init.size() == 12);
  CHECK(m.globals[4].init[8] == 3);
  const Variable& tab = m.globals[5];
  REQUIRE(tab.addrInits.size() == 2);
  CHECK(tab.addrInits[1].offset == 8);
  CHECK(tab.addrInits[1].addend == 4);
  CHECK_FALSE(tab.addrInits[1].generic);
  CHECK(m.globals[6].size == 16);
  CHECK(m.globals[6].init.empty());
  CHECK(m.globals[7].init.size() == 8);
  CHECK(m.globals[7].init[7] == 0x40);
}

TEST_CASE("ptx: call blocks scope their declarations", "[ptx]") {
  const std::string text = std::string(kHeader) +
                           ".func (.param .b32 ret0) f(.param .b32 f_a, .param .b64 f_b);\n"
                           ".visible .entry k()\n{\n.reg .b32 %r<3>;\n"
                           "{\n.param .b32 param0;\nst.param.b32 [param0], %r1;\n"
                           ".param .b64 param1;\n.param .b32 retval0;\n"
                           "call.uni (retval0), f, (param0, param1);\n"
                           "ld.param.b32 %r2, [retval0];\n}\n"
                           "{\n.reg .b32 tmp;\n.param .b32 param0;\nst.param.b32 [param0], %r1;\n"
                           "call f, (param0, param0);\n}\n"
                           "ret;\n}\n"
                           ".func (.param .b32 ret0) f(.param .b32 f_a, .param .b64 f_b)\n{\n"
                           ".reg .b32 %r<2>;\nld.param.b32 %r1, [f_a];\nst.param.b32 [ret0], %r1;\n"
                           "ret;\n}\n";
  const Module m = parse(text);
  REQUIRE(m.functions.size() == 2);
  const Function& f = m.functions[0];
  CHECK(f.name == "f");
  CHECK_FALSE(f.isDeclaration);  // the definition completes the prototype
  CHECK(f.body.size() == 3);
  REQUIRE(f.returns.size() == 1);
  const Symbol& ret0 = m.symbols.at(f.body[1].ops[0].index);
  CHECK(ret0.kind == Symbol::Kind::Param);
  CHECK(ret0.index == 2);  // returns follow the parameters
  const Function& k = m.functions[1];
  REQUIRE(k.body.size() == 6);
  CHECK(k.locals.size() == 4);
  CHECK(k.regs.size() == 4);
  const Instr& c1 = k.body[1];
  CHECK(c1.op == Op::Call);
  CHECK(c1.uni);
  CHECK(c1.numDsts == 0);
  CHECK(c1.ops.empty());
  CHECK(m.symbols.at(c1.callee).kind == Symbol::Kind::Function);
  CHECK(m.symbols.at(c1.callee).index == 0);
  REQUIRE(c1.callArgs.size() == 2);
  REQUIRE(c1.callRets.size() == 1);
  const Symbol& a0 = m.symbols.at(c1.callArgs[0].index);
  CHECK(a0.kind == Symbol::Kind::Local);
  CHECK(a0.function == 1);
  CHECK(k.locals.at(a0.index).name == "param0");
  CHECK(k.locals.at(a0.index).space == Space::Param);
  CHECK(k.body[0].ops[0].index == c1.callArgs[0].index);
  CHECK(m.symbols.at(c1.callRets[0].index).index == 2);
  // The second block's param0 is another variable.
  const Instr& c2 = k.body[4];
  REQUIRE(c2.callArgs.size() == 2);
  CHECK(c2.callArgs[0].index != c1.callArgs[0].index);
  CHECK(m.symbols.at(c2.callArgs[0].index).index == 3);
  CHECK(k.body[3].ops[0].index == c2.callArgs[0].index);
  CHECK(c2.callRets.empty());
}

TEST_CASE("ptx: local depots, debug directives and sections are taken", "[ptx]") {
  const std::string text = std::string(".version 8.0\n.target sm_80, debug\n.address_size 64\n") +
                           ".visible .entry k()\n{\n.local .align 16 .b8 __local_depot0[40];\n"
                           ".reg .b64 %SP, %SPL;\n.loc 1 5 0\n$L__func_begin0:\n"
                           "mov.u64 %SPL, __local_depot0;\n.pragma \"nounroll\";\n"
                           "cvta.local.u64 %SP, %SPL;\n.loc 1 6 2, function_name $L__info0, "
                           "inlined_at 1 2 3\nret;\n$L__func_end0:\n}\n"
                           ".file 1 \"/tmp/x.cu\"\n"
                           ".section .debug_info\n{\n.b32 10\n.b8 1, 2\n$L__info0:\n"
                           ".b64 $L__func_begin0\n}\n.section .debug_macinfo { }\n";
  const Module m = parse(text);
  CHECK(m.target == "sm_80");
  const Function& k = m.functions[0];
  REQUIRE(k.body.size() == 3);
  REQUIRE(k.locals.size() == 1);
  CHECK(k.locals[0].name == "__local_depot0");
  CHECK(k.locals[0].space == Space::Local);
  CHECK(k.locals[0].size == 40);
  CHECK(k.locals[0].align == 16);
  const Operand& s = k.body[0].ops[1];
  CHECK(s.kind == Kind::Symbol);
  CHECK(m.symbols.at(s.index).kind == Symbol::Kind::Local);
  CHECK(k.labels.at(0) == "$L__func_begin0");
  CHECK(k.labels.at(3) == "$L__func_end0");
}

TEST_CASE("ptx: textures and inline-asm blocks", "[ptx]") {
  const Module m =
      parse(kernel(".reg .f32 %f<7>;\n.reg .b64 %rd<2>;\n.reg .b16 %rs<3>;\n"
                   "tex.2d.v4.f32.f32 {%f1, %f2, %f3, %f4}, [%rd1, {%f5, %f6}];\n"
                   "{ cvt.rn.f16.f32 %rs1, %f1;}\n{mul.f16 %rs2,%rs1,%rs1;\n}\n"));
  const auto& b = m.functions[0].body;
  REQUIRE(b.size() == 3);
  CHECK(b[0].op == Op::Tex);
  CHECK(b[0].texGeom == TexGeom::D2);
  CHECK(b[0].type == Type::F32);
  CHECK(b[0].type2 == Type::F32);
  REQUIRE(b[0].ops.size() == 3);
  CHECK(b[0].ops[1].kind == Kind::Addr);
  CHECK(b[0].ops[2].kind == Kind::Vec);
  CHECK(b[0].ops[2].vecCount == 2);
  CHECK(b[2].type == Type::F16);
}

TEST_CASE("ptx: every opcode of the IR is recognised", "[ptx]") {
  for (unsigned i = 0; i <= static_cast<unsigned>(Op::Trap); ++i) {
    const Op op = static_cast<Op>(i);
    if (op == Op::Nop) continue;
    std::string ins = std::string(name(op)) + " %r1;\n";
    if (op == Op::Bra) ins = "bra $L;\n$L:\n";
    if (op == Op::Call) ins = "call f;\n";
    if (op == Op::Cvta) ins = "cvta.global.u64 %r1, %r1;\n";
    INFO(ins);
    const Module m = parse(kernel(".reg .b64 %r1;\n" + ins, ".func f();\n"));
    REQUIRE(m.functions.at(1).body.size() == 1);
    CHECK(m.functions[1].body[0].op == op);
  }
  for (const char* nop : {"nanosleep.u32 %r1;\n", "pmevent 1;\n", "bar.warp.sync -1;\n"})
    CHECK(parse(kernel(".reg .b64 %r1;\n" + std::string(nop))).functions[0].body.at(0).op ==
          Op::Nop);
}

TEST_CASE("ptx: every special register", "[ptx]") {
  const char* const names[] = {"%tid.x",       "%tid.y",       "%tid.z",
                               "%ntid.x",      "%ntid.y",      "%ntid.z",
                               "%ctaid.x",     "%ctaid.y",     "%ctaid.z",
                               "%nctaid.x",    "%nctaid.y",    "%nctaid.z",
                               "%laneid",      "%warpid",      "%nwarpid",
                               "%smid",        "%nsmid",       "%gridid",
                               "%lanemask_eq", "%lanemask_lt", "%lanemask_le",
                               "%lanemask_gt", "%lanemask_ge", "%clock",
                               "%clock64",     "%globaltimer", "%dynamic_smem_size"};
  std::string body = ".reg .b64 %rd1;\n";
  for (const char* n : names) body += std::string("mov.u64 %rd1, ") + n + ";\n";
  const Module m = parse(kernel(body));
  const auto& b = m.functions[0].body;
  REQUIRE(b.size() == std::size(names));
  for (unsigned i = 0; i < b.size(); ++i) {
    INFO(names[i]);
    CHECK(b[i].ops.at(1).kind == Kind::SReg);
    CHECK(static_cast<unsigned>(b[i].ops[1].sreg) == i);
  }
}

TEST_CASE("ptx: a sink as a second destination", "[ptx]") {
  const Module m = parse(kernel(".reg .b32 %r<3>;\nshfl.sync.up.b32 %r1|_, %r2, 1, 0, -1;\n"));
  const Instr& s = m.functions[0].body.at(0);
  CHECK(s.numDsts == 2);
  CHECK(s.ops[1].kind == Kind::Sink);
  CHECK(s.ops[1].index == Operand::kSink);
  CHECK(s.shflMode == ShflMode::Up);
}
