// The parser's declarations: functions and their parameters, variables and initialisers,
// register declarations, function bodies and labels.
#include <algorithm>
#include <cstring>

#include "warpsim/workload/ptx/PtxParserImpl.h"
#include "warpsim/workload/ptx/PtxTypes.h"

namespace warpsim::ptx::detail {
namespace {

std::uint32_t alignUp(std::uint32_t v, std::uint32_t a) {
  return a ? (v + a - 1) / a * a : v;
}

}  // namespace

void Parser::parseFunction(bool isEntry) {
  const Token& kw = next();
  Function f;
  f.isEntry = isEntry;
  f.line = kw.line;
  if (!isEntry && isPunct('(')) {
    next();
    parseParams(f.returns);
  }
  const Token& nameTok = peek();
  f.name = std::string(expectWord("a function name"));
  if (accept('(')) parseParams(f.params);
  f.paramBytes = layoutParams(f.params);
  layoutParams(f.returns);
  parseDirectivesBeforeBody(f);
  f.isDeclaration = accept(';');

  // A definition completes an earlier prototype of the same name.
  std::uint32_t index = static_cast<std::uint32_t>(m_.functions.size());
  if (const Entry* e = lookup(f.name)) {
    const Symbol& s = m_.symbols[e->index];
    if (e->isReg || s.kind != Symbol::Kind::Function)
      failAt(nameTok, "function name already declared as a variable");
    index = s.index;
    if (!m_.functions[index].isDeclaration && !f.isDeclaration)
      failAt(nameTok, "duplicate definition of function '" + f.name + "'");
    if (f.isDeclaration) return;
    m_.functions[index] = std::move(f);
  } else {
    m_.functions.push_back(std::move(f));
    declare(nameTok, m_.functions.back().name,
            {false, addSymbol(Symbol::Kind::Function, 0, index)});
  }
  if (m_.functions[index].isDeclaration) return;

  fn_ = index;
  Function& fn = m_.functions[index];
  scopes_.emplace_back();
  const auto np = static_cast<std::uint32_t>(fn.params.size());
  for (std::uint32_t i = 0; i < np + fn.returns.size(); ++i) {
    const Param& p = i < np ? fn.params[i] : fn.returns[i - np];
    declare(nameTok, p.name, {false, addSymbol(Symbol::Kind::Param, index, i)});
  }
  expect('{', "to open the body of '" + fn.name + "'");
  parseBody(fn);
  finishLabels(fn);
  scopes_.pop_back();
}

void Parser::parseParams(std::vector<Param>& out) {
  if (accept(')')) return;
  do {
    Param p;
    if (!acceptWord(".param") && !acceptWord(".reg")) failAt(peek(), "expected .param");
    for (;;) {
      if (acceptWord(".align")) {
        p.align = static_cast<std::uint32_t>(expectUInt("an alignment after .align"));
      } else if (acceptWord(".ptr")) {
        p.isPointer = true;
      } else if (peek().kind == Token::Kind::Word && spaceOf(peek().text) != Space::None &&
                 peek().text[0] == '.') {
        next();  // .ptr's state space
      } else if (peek().kind == Token::Kind::Word && peek().text[0] == '.' &&
                 typeOf(peek().text) != Type::None) {
        p.type = typeOf(next().text);
      } else {
        break;
      }
    }
    if (p.type == Type::None) failAt(peek(), "expected the parameter's type");
    p.name = std::string(expectWord("a parameter name"));
    std::uint64_t count = 1;
    while (accept('[')) {
      const Token& sizeTok = peek();
      count = arrayCount(count, expectUInt("an array size"), sizeOf(p.type), sizeTok);
      expect(']', "after the array size");
    }
    p.size = static_cast<std::uint32_t>(count * sizeOf(p.type));
    out.push_back(std::move(p));
  } while (accept(','));
  expect(')', "after the parameter list");
}

std::uint64_t Parser::arrayCount(std::uint64_t count, std::uint64_t n, std::uint64_t elemBytes,
                                 const Token& sizeTok) const {
  std::uint64_t total = 0;
  if (__builtin_mul_overflow(count, n, &total) ||
      (elemBytes != 0 && total > kMaxArrayBytes / elemBytes))
    failAt(sizeTok, "an array of more than " + std::to_string(kMaxArrayBytes >> 20) +
                        " MiB (at most " +
                        std::to_string(kMaxArrayBytes / std::max<std::uint64_t>(elemBytes, 1)) +
                        " elements of " + std::to_string(elemBytes) + " bytes)");
  return total;
}

std::uint32_t Parser::layoutParams(std::vector<Param>& ps) const {
  std::uint32_t at = 0;
  for (Param& p : ps) {
    at = alignUp(at, p.align ? p.align : sizeOf(p.type));
    p.offset = at;
    at += p.size;
  }
  return at;
}

void Parser::parseDirectivesBeforeBody(Function& f) {
  for (;;) {
    const Token& t = peek();
    if (t.text == ".maxntid" || t.text == ".reqntid") {
      auto& dims = t.text == ".maxntid" ? f.maxntid : f.reqntid;
      next();
      dims = {1, 1, 1};
      unsigned i = 0;
      do {
        if (i == 3) failAt(peek(), "at most three dimensions");
        dims[i++] = static_cast<std::uint32_t>(expectUInt("a thread count"));
      } while (accept(','));
    } else if (t.text == ".minnctapersm" || t.text == ".maxnreg" || t.text == ".maxnctapersm" ||
               t.text == ".maxclusterrank" || t.text == ".reqnctapercluster") {
      next();
      do expectUInt("a number after " + std::string(t.text));
      while (accept(','));
    } else if (t.text == ".noreturn" || t.text == ".explicitcluster") {
      next();
    } else if (t.text == ".pragma") {
      skipPast(';');
    } else {
      return;
    }
  }
}

void Parser::parseVariables(Space space, bool isExtern, bool moduleScope) {
  Variable proto;
  proto.space = space;
  proto.isExtern = isExtern;
  unsigned vec = 1;
  bool aligned = false;
  for (;;) {
    if (acceptWord(".align")) {
      proto.align = static_cast<std::uint32_t>(expectUInt("an alignment after .align"));
      aligned = true;
    } else if (acceptWord(".v2")) {
      vec = 2;
    } else if (acceptWord(".v4")) {
      vec = 4;
    } else if (peek().kind == Token::Kind::Word && peek().text[0] == '.' &&
               typeOf(peek().text) != Type::None) {
      proto.type = typeOf(next().text);
    } else {
      break;
    }
  }
  if (proto.type == Type::None) failAt(peek(), "expected the variable's type");
  const std::uint64_t elem = sizeOf(proto.type) * vec;
  if (!aligned) proto.align = static_cast<std::uint32_t>(elem);
  do {
    Variable v = proto;
    const Token& nameTok = peek();
    v.name = std::string(expectWord("a variable name"));
    v.line = nameTok.line;
    std::uint64_t count = 1;
    bool unsized = false;
    while (accept('[')) {
      if (accept(']')) {
        unsized = true;
        continue;
      }
      const Token& sizeTok = peek();
      count = arrayCount(count, expectUInt("an array size"), elem, sizeTok);
      expect(']', "after the array size");
    }
    v.size = unsized ? 0 : count * elem;
    if (accept('=')) parseInit(v, sizeOf(v.type), unsized);  // vectors' elements flatten
    std::uint32_t sym;
    if (moduleScope) {
      m_.globals.push_back(std::move(v));
      sym = addSymbol(Symbol::Kind::Global, 0, static_cast<std::uint32_t>(m_.globals.size() - 1));
    } else {
      auto& locals = m_.functions[fn_].locals;
      locals.push_back(std::move(v));
      sym = addSymbol(Symbol::Kind::Local, fn_, static_cast<std::uint32_t>(locals.size() - 1));
    }
    declare(nameTok, std::string(nameTok.text), {false, sym});
  } while (accept(','));
  expect(';', "after the variable declaration");
}

void Parser::parseInit(Variable& v, std::uint64_t elem, bool unsized) {
  std::vector<std::uint8_t> bytes;
  int depth = 0;
  std::uint64_t at = 0;
  do {
    while (accept('{')) ++depth;
    const Token& t = peek();
    bytes.resize(at + elem);
    if (t.kind == Token::Kind::Word) {
      // An address: sym, generic(sym), optionally + offset.
      Variable::AddrInit a;
      a.offset = at;
      if (acceptWord("generic")) {
        a.generic = true;
        expect('(', "after generic");
      }
      const Token& nt = next();
      const Entry* e = lookup(std::string(nt.text));
      if (!e || e->isReg) failAt(nt, "unknown symbol in initialiser");
      a.symbol = e->index;
      if (a.generic) expect(')', "after generic(" + std::string(nt.text));
      if (accept('+')) a.addend = static_cast<std::int64_t>(expectUInt("an offset"));
      if (elem != 8) failAt(nt, "an address initialiser needs a 64-bit element");
      v.addrInits.push_back(a);
    } else {
      const bool neg = accept('-');
      const Token& n = next();
      Literal lit;
      if (n.kind != Token::Kind::Number || !parseLiteral(n.text, neg, lit))
        failAt(n, "bad initialiser value");
      std::uint64_t raw = lit.bits;
      if (v.type == Type::F32) {
        if (lit.isFloat && lit.floatBits == 32) {
          raw = lit.bits;
        } else {
          const float f = lit.isFloat ? static_cast<float>(lit.fvalue)
                                      : static_cast<float>(static_cast<std::int64_t>(lit.bits));
          std::uint32_t b;
          std::memcpy(&b, &f, sizeof b);
          raw = b;
        }
      } else if (v.type == Type::F64) {
        const double d =
            lit.isFloat ? lit.fvalue : static_cast<double>(static_cast<std::int64_t>(lit.bits));
        std::memcpy(&raw, &d, sizeof raw);
      } else if (lit.isFloat && lit.floatBits / 8 != elem) {
        failAt(n, "a float initialises only .f32 and .f64 (0f/0d bits: a type of their size)");
      }
      for (std::uint64_t b = 0; b < elem && b < 8; ++b)
        bytes[at + b] = static_cast<std::uint8_t>(raw >> (8 * b));
    }
    at += elem;
    while (depth > 0 && accept('}')) --depth;
  } while (accept(','));
  if (depth != 0) failAt(peek(), "unbalanced '{' in initialiser");
  if (unsized) v.size = at;
  if (at > v.size) fail(v.line, "too many initialiser values for '" + v.name + "'", "");
  bytes.resize(v.size);
  v.init = std::move(bytes);
}

void Parser::parseRegs(Function& f) {
  Type type = Type::None;
  while (peek().kind == Token::Kind::Word && peek().text[0] == '.') {
    const Token& t = next();
    if (t.text == ".align") {
      expectUInt("an alignment");
    } else if ((type = typeOf(t.text)) == Type::None) {
      failAt(t, "expected a register type");
    }
  }
  if (type == Type::None) failAt(peek(), "expected a register type");
  do {
    const Token& nameTok = peek();
    const std::string name(expectWord("a register name"));
    if (accept('<')) {
      const Token& countTok = peek();
      const std::uint64_t n = expectUInt("a register count in '<N>'");
      if (n > kMaxFunctionRegisters - f.regs.size())
        failAt(countTok, "more than " + std::to_string(kMaxFunctionRegisters) +
                             " registers in function '" + f.name + "'");
      expect('>', "after the register count");
      for (std::uint64_t i = 0; i < n; ++i) {
        f.regs.push_back({name + std::to_string(i), type});
        declare(nameTok, f.regs.back().name, {true, static_cast<std::uint32_t>(f.regs.size() - 1)});
      }
    } else {
      if (f.regs.size() >= kMaxFunctionRegisters)
        failAt(nameTok, "more than " + std::to_string(kMaxFunctionRegisters) +
                            " registers in function '" + f.name + "'");
      f.regs.push_back({name, type});
      declare(nameTok, name, {true, static_cast<std::uint32_t>(f.regs.size() - 1)});
    }
  } while (accept(','));
  expect(';', "after the register declaration");
}

void Parser::parseBody(Function& f) {
  for (;;) {
    const Token& t = peek();
    if (t.kind == Token::Kind::End) failAt(t, "missing '}' at the end of '" + f.name + "'");
    if (accept('}')) return;
    if (accept('{')) {  // a block with its own declarations (a call sequence)
      scopes_.emplace_back();
      parseBody(f);
      scopes_.pop_back();
    } else if (t.kind == Token::Kind::Word && isPunct(':', 1)) {
      const auto at = static_cast<std::uint32_t>(f.body.size());
      if (!labels_.emplace(t.text, at).second)
        failAt(t, "duplicate label '" + std::string(t.text) + "'");
      labelList_.emplace_back(t.text, at);
      next();
      next();
    } else if (t.text == ".reg") {
      next();
      parseRegs(f);
    } else if (t.text == ".loc" || t.text == ".file") {
      skipLine();
    } else if (t.text == ".pragma") {
      skipPast(';');
    } else if (t.kind == Token::Kind::Word && t.text[0] == '.') {
      const Space sp = spaceOf(t.text);
      if (sp == Space::None) failAt(t, "unknown directive in a function body");
      next();
      parseVariables(sp, false, false);
    } else {
      parseInstr(f);
    }
  }
}

void Parser::finishLabels(Function& f) {
  const auto n = static_cast<std::uint32_t>(f.body.size());
  for (const LabelUse& u : labelUses_) {
    const auto it = labels_.find(u.name);
    if (it == labels_.end()) fail(u.line, "unknown label '" + std::string(u.name) + "'", "");
    f.body[u.instr].ops[u.op].index = it->second;
  }
  f.labels.assign(n, std::string());
  for (const auto& [name, at] : labelList_) {
    if (at >= f.labels.size()) f.labels.resize(at + 1);
    std::string& s = f.labels[at];
    s += s.empty() ? std::string(name) : " " + std::string(name);
  }
  labels_.clear();
  labelList_.clear();
  labelUses_.clear();
}

}  // namespace warpsim::ptx::detail
