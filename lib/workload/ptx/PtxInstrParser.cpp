// The parser's instructions: guard, opcode and modifiers, operands, call lists.
#include "warpsim/workload/ptx/PtxParserImpl.h"
#include "warpsim/workload/ptx/PtxTypes.h"

namespace warpsim::ptx::detail {
namespace {

bool isMemOp(Op op) {
  return op == Op::Ld || op == Op::Ldu || op == Op::St || op == Op::Atom || op == Op::Red ||
         op == Op::Prefetch || op == Op::Cvta;
}

// Instructions whose operands are all sources.
bool hasNoDst(Op op) {
  switch (op) {
    case Op::St:
    case Op::Red:
    case Op::Prefetch:
    case Op::Bra:
    case Op::Call:
    case Op::Ret:
    case Op::Exit:
    case Op::BarSync:
    case Op::BarArrive:
    case Op::Membar:
    case Op::Fence:
    case Op::Nop:
    case Op::Trap:
      return true;
    default:
      return false;
  }
}

}  // namespace

void Parser::parseInstr(Function& f) {
  Instr ins;
  ins.line = peek().line;
  if (accept('@')) {
    ins.hasGuard = true;
    ins.guardNegated = accept('!');
    const Token& g = next();
    ins.guardReg = regIndex(g, "as a guard");
    if (f.regs[ins.guardReg].type != Type::Pred) failAt(g, "a guard must be a predicate register");
  }
  const Token& opTok = peek();
  if (opTok.kind != Token::Kind::Word || opTok.text[0] == '.' || opTok.text[0] == '%')
    failAt(opTok, "expected an instruction");
  next();
  parseOpcode(opTok, ins);
  const std::string ctx = "in '" + std::string(opTok.text) + "'";
  bool pair = false;
  if (ins.op == Op::Call) {
    parseCall(f, ins);
  } else if (!accept(';')) {
    do {
      parseOperand(f, ins, ins.ops, ins.op == Op::Bra && ins.ops.empty());
      if (ins.ops.size() == 1 && accept('|')) {  // d|p
        parseOperand(f, ins, ins.ops, false);
        pair = true;
      }
    } while (accept(','));
    expect(';', "after '" + std::string(opTok.text) + "'");
  }
  ins.numDsts = hasNoDst(ins.op) ? 0 : pair ? 2 : ins.ops.empty() ? 0 : 1;
  for (unsigned i = 0; i < ins.numDsts; ++i) {
    const Operand& d = ins.ops[i];
    if ((d.kind != Operand::Kind::Reg || d.negated) && d.kind != Operand::Kind::Vec &&
        d.kind != Operand::Kind::Sink)
      fail(ins.line, "the destination of '" + std::string(opTok.text) + "' must be a register", "");
  }
  if (ins.op == Op::Bra && (ins.ops.empty() || ins.ops[0].kind != Operand::Kind::Label))
    fail(ins.line, "bra needs a label", "");
  f.body.push_back(std::move(ins));
}

void Parser::parseOpcode(const Token& t, Instr& ins) {
  const std::string_view w = t.text;
  std::size_t dot = w.find('.');
  if (!opOf(w.substr(0, dot), ins.op))
    failAt(t, "unknown instruction '" + std::string(w.substr(0, dot)) + "'");
  bool barKind = false;  // bar/barrier: .sync, .arrive, .red or .warp seen
  while (dot != std::string_view::npos) {
    const std::size_t end = w.find('.', dot + 1);
    const std::string_view m =
        w.substr(dot + 1, end == std::string_view::npos ? end : end - dot - 1);
    if (!applyModifier(m, ins, barKind))
      failAt(t, "unsupported modifier '." + std::string(m) + "' of '" +
                    std::string(w.substr(0, w.find('.'))) + "'");
    dot = end;
  }
  const bool isBar = w.substr(0, 3) == "bar";
  if (isBar && !barKind) failAt(t, "bar needs .sync, .arrive or .red");
  if (ins.op == Op::Cvta && ins.space == Space::None) failAt(t, "cvta needs a state space");
  if (isMemOp(ins.op) && ins.space == Space::None) ins.space = Space::Generic;
}

bool Parser::applyModifier(std::string_view m, Instr& ins, bool& barKind) {
  const Op op = ins.op;
  const bool isCmp = op == Op::Setp || op == Op::Set;
  const bool isAtomic = op == Op::Atom || op == Op::Red || op == Op::Redux;
  if (op == Op::Membar || op == Op::Fence) return true;  // levels and orders: all the same here
  if (const Type t = typeOf(m); t != Type::None) {
    if (ins.type == Type::None)
      ins.type = t;
    else if (ins.type2 == Type::None)
      ins.type2 = t;
    else
      return false;
    return true;
  }
  if (isCmp && ins.cmp == Cmp::None && cmpOf(m) != Cmp::None) {
    ins.cmp = cmpOf(m);
    return true;
  }
  if (op == Op::BarSync || op == Op::BarArrive || op == Op::BarRed || (op == Op::Nop && barKind)) {
    if (m == "sync")
      ins.sync = barKind = true;
    else if (m == "arrive")
      ins.op = Op::BarArrive, barKind = true;
    else if (m == "red")
      ins.op = Op::BarRed, barKind = true;
    else if (m == "warp")
      ins.op = Op::Nop, barKind = true;  // bar.warp.sync: no effect here
    else if (m == "and")
      ins.boolOp = BoolOp::And;
    else if (m == "or")
      ins.boolOp = BoolOp::Or;
    else if (m == "popc")
      ins.boolOp = BoolOp::None;  // bar.red.popc.u32
    else
      return m == "aligned" || m == "cta";
    return true;
  }
  if ((isCmp || op == Op::BarRed) && (m == "and" || m == "or" || m == "xor")) {
    ins.boolOp = m == "and" ? BoolOp::And : m == "or" ? BoolOp::Or : BoolOp::Xor;
    return true;
  }
  if (isAtomic && atomOpOf(m) != AtomOp::None) {
    ins.atomOp = atomOpOf(m);
    return true;
  }
  if (isMemOp(op) && spaceOf(m) != Space::None) {
    ins.space = spaceOf(m);
    return true;
  }
  if (roundOf(m) != Round::None) {
    ins.round = roundOf(m);
    return true;
  }
  if (m == "v2" || m == "v4") {
    ins.vecWidth = m == "v2" ? 2 : 4;
    return true;
  }
  if (m == "lo" || m == "hi" || m == "wide") {
    ins.mulMode = m == "lo" ? MulMode::Lo : m == "hi" ? MulMode::Hi : MulMode::Wide;
    return true;
  }
  if (op == Op::Vote || op == Op::Match) {
    if (m == "all") return ins.voteMode = VoteMode::All, true;
    if (m == "any") return ins.voteMode = VoteMode::Any, true;
    if (m == "uni" && op == Op::Vote) return ins.voteMode = VoteMode::Uni, true;
    if (m == "ballot" && op == Op::Vote) return ins.voteMode = VoteMode::Ballot, true;
  }
  if (op == Op::Shfl) {
    if (m == "up") return ins.shflMode = ShflMode::Up, true;
    if (m == "down") return ins.shflMode = ShflMode::Down, true;
    if (m == "bfly") return ins.shflMode = ShflMode::Bfly, true;
    if (m == "idx") return ins.shflMode = ShflMode::Idx, true;
  }
  if (op == Op::Shf) {
    if (m == "l" || m == "r") return ins.shfLeft = m == "l", true;
    if (m == "wrap" || m == "clamp") return ins.shiftWrap = m == "wrap", true;
  }
  if (op == Op::Tex) {
    if (m == "1d") return ins.texGeom = TexGeom::D1, true;
    if (m == "2d") return ins.texGeom = TexGeom::D2, true;
    if (m == "3d") return ins.texGeom = TexGeom::D3, true;
  }
  if (op == Op::Testp && testModeOf(m) != TestMode::None) {
    ins.testMode = testModeOf(m);
    return true;
  }
  if (op == Op::Cvta && m == "to") return ins.cvtaTo = true, true;
  if (op == Op::Prefetch && (m == "L1" || m == "L2")) return true;
  if (m == "ftz") return ins.ftz = true, true;
  if (m == "sat") return ins.sat = true, true;
  if (m == "approx") return ins.approx = true, true;
  if (m == "full") return ins.full = true, true;
  if (m == "uni") return ins.uni = true, true;
  if (m == "cc") return ins.cc = true, true;
  if (m == "sync") return ins.sync = true, true;
  return isIgnoredModifier(m);
}

std::uint32_t Parser::regIndex(const Token& t, const std::string& context) {
  if (t.kind != Token::Kind::Word) failAt(t, "expected a register " + context);
  const Entry* e = lookup(std::string(t.text));
  if (!e) failAt(t, "undeclared register '" + std::string(t.text) + "' " + context);
  if (!e->isReg) failAt(t, "'" + std::string(t.text) + "' is not a register " + context);
  return e->index;
}

Operand Parser::nameOperand(const Token& t, const std::string& context) {
  Operand o;
  if (t.text == "_") {
    o.kind = Operand::Kind::Sink;
    o.index = Operand::kSink;
  } else if (sregOf(t.text, o.sreg)) {
    o.kind = Operand::Kind::SReg;
  } else if (const Entry* e = lookup(std::string(t.text))) {
    o.kind = e->isReg ? Operand::Kind::Reg : Operand::Kind::Symbol;
    o.index = e->index;
  } else if (t.text[0] == '%') {
    failAt(t, "undeclared register '" + std::string(t.text) + "' " + context);
  } else {
    failAt(t, "unknown symbol '" + std::string(t.text) + "' " + context);
  }
  return o;
}

void Parser::parseOperand(Function& f, Instr& ins, std::vector<Operand>& into, bool label) {
  const std::string ctx = "in '" + std::string(name(ins.op)) + "'";
  const Token& t = peek();
  Operand o;
  if (label) {
    if (t.kind != Token::Kind::Word) failAt(t, "expected a label");
    next();
    o.kind = Operand::Kind::Label;
    labelUses_.push_back({static_cast<std::uint32_t>(f.body.size()),
                          static_cast<std::uint32_t>(into.size()), t.line, t.text});
  } else if (t.kind == Token::Kind::Number || isPunct('-')) {
    const bool neg = accept('-');
    const Token& n = next();
    Literal lit;
    if (n.kind != Token::Kind::Number || !parseLiteral(n.text, neg, lit))
      failAt(n, "bad immediate " + ctx);
    o.kind = Operand::Kind::Imm;
    o.bits = lit.bits;
    o.isFloatLiteral = lit.isFloat;
    o.fvalue = lit.fvalue;
  } else if (accept('!')) {
    o.kind = Operand::Kind::Reg;
    o.negated = true;
    o.index = regIndex(next(), ctx);
  } else if (accept('{')) {
    o.kind = Operand::Kind::Vec;
    do {
      const Token& r = next();
      if (o.vecCount == 4) failAt(r, "more than four registers in a vector operand");
      o.vec[o.vecCount++] = r.text == "_" ? Operand::kSink : regIndex(r, ctx);
    } while (accept(','));
    expect('}', "to close the vector operand");
  } else if (accept('[')) {
    o.kind = Operand::Kind::Addr;
    const Token& b = next();
    if (b.kind != Token::Kind::Word) failAt(b, "expected a register or a symbol as an address");
    const Operand base = nameOperand(b, ctx);
    if (base.kind != Operand::Kind::Reg && base.kind != Operand::Kind::Symbol)
      failAt(b, "expected a register or a symbol as an address");
    o.baseIsSymbol = base.kind == Operand::Kind::Symbol;
    o.index = base.index;
    if (isPunct('+') || isPunct('-')) {
      bool neg = next().punct == '-';
      neg ^= accept('-');
      const Token& n = next();
      Literal lit;
      if (n.kind != Token::Kind::Number || !parseLiteral(n.text, neg, lit) || lit.isFloat)
        failAt(n, "bad address offset " + ctx);
      o.offset = static_cast<std::int64_t>(lit.bits);
    }
    if (accept(',')) {  // tex [t, {coords}]
      into.push_back(o);
      parseOperand(f, ins, into, false);
      expect(']', "to close the texture operand");
      return;
    }
    expect(']', "to close the address");
  } else if (t.kind == Token::Kind::Word) {
    next();
    o = nameOperand(t, ctx);
    if (o.kind == Operand::Kind::Symbol && accept('+')) {  // sym+4
      const Token& n = next();
      Literal lit;
      if (n.kind != Token::Kind::Number || !parseLiteral(n.text, false, lit) || lit.isFloat)
        failAt(n, "bad symbol offset " + ctx);
      o.offset = static_cast<std::int64_t>(lit.bits);
    }
  } else {
    failAt(t, "expected an operand " + ctx);
  }
  into.push_back(o);
}

void Parser::parseCall(Function& f, Instr& ins) {
  const auto list = [&](std::vector<Operand>& out) {
    if (!accept(')')) {
      do parseOperand(f, ins, out, false);
      while (accept(','));
      expect(')', "to close the call's list");
    }
  };
  if (accept('(')) {
    list(ins.callRets);
    expect(',', "after the call's return values");
  }
  const Token& c = peek();
  if (c.kind != Token::Kind::Word) failAt(c, "expected the callee");
  next();
  const Operand callee = nameOperand(c, "as a callee");
  if (callee.kind != Operand::Kind::Symbol ||
      m_.symbols[callee.index].kind != Symbol::Kind::Function)
    failAt(c, "indirect calls (through a register) are not supported");
  ins.callee = callee.index;
  if (accept(',')) {
    expect('(', "before the call's arguments");
    list(ins.callArgs);
  }
  expect(';', "after the call");
}

}  // namespace warpsim::ptx::detail
