#include "warpsim/workload/ptx/PtxParser.h"

#include <algorithm>

#include "warpsim/config/FileText.h"
#include "warpsim/workload/ptx/PtxParserImpl.h"
#include "warpsim/workload/ptx/PtxTypes.h"

namespace warpsim::ptx {

Module parsePtx(const std::string& text, const std::string& fileName) {
  return detail::Parser(text, fileName).run();
}

Module loadPtxFile(const std::string& path) {
  std::string text;
  const FileRead read = readFileText(path, kMaxPtxFileBytes, text);
  if (read != FileRead::Ok)
    throw PtxError(fileReadProblem(read, "PTX file", path, kMaxPtxFileBytes));
  return parsePtx(text, path);
}

namespace detail {

Parser::Parser(const std::string& text, const std::string& file)
    : file_(file), text_(text), toks_(lexPtx(text, file)) {
  m_.file = file;
  std::size_t b = 0;
  while (b <= text.size()) {
    std::size_t e = text.find('\n', b);
    if (e == std::string::npos) e = text.size();
    m_.lines.emplace_back(text, b, e - b);
    b = e + 1;
  }
}

const Token& Parser::next() {
  const Token& t = peek();
  if (pos_ + 1 < toks_.size()) ++pos_;
  return t;
}

bool Parser::isPunct(char c, std::size_t k) const {
  return peek(k).kind == Token::Kind::Punct && peek(k).punct == c;
}

bool Parser::accept(char c) {
  if (!isPunct(c)) return false;
  ++pos_;
  return true;
}

bool Parser::acceptWord(std::string_view w) {
  if (peek().kind != Token::Kind::Word || peek().text != w) return false;
  ++pos_;
  return true;
}

void Parser::expect(char c, const std::string& context) {
  if (accept(c)) return;
  // A missing terminator belongs to the line of what it ends.
  const std::uint32_t line = pos_ > 0 ? toks_[pos_ - 1].line : peek().line;
  fail(line, std::string("expected '") + c + "' " + context, peek().text);
}

std::string_view Parser::expectWord(const std::string& what) {
  if (peek().kind != Token::Kind::Word) failAt(peek(), "expected " + what);
  return next().text;
}

std::uint64_t Parser::expectUInt(const std::string& what) {
  Literal lit;
  if (peek().kind != Token::Kind::Number || !parseLiteral(peek().text, false, lit) || lit.isFloat)
    failAt(peek(), "expected " + what);
  next();
  return lit.bits;
}

void Parser::skipLine() {
  const std::uint32_t line = next().line;
  while (peek().kind != Token::Kind::End && peek().line == line) next();
}

void Parser::skipPast(char c) {
  const Token& start = peek();
  while (!accept(c)) {
    if (peek().kind == Token::Kind::End) failAt(start, std::string("missing '") + c + "'");
    next();
  }
}

void Parser::skipBraces() {
  const Token& open = peek();
  expect('{', "to open the section");
  int depth = 1;
  while (depth > 0) {
    if (peek().kind == Token::Kind::End) failAt(open, "unterminated '{'");
    const Token& t = next();
    if (t.kind == Token::Kind::Punct) depth += t.punct == '{' ? 1 : t.punct == '}' ? -1 : 0;
  }
}

void Parser::fail(std::uint32_t line, const std::string& what, std::string_view got) const {
  std::string msg = file_ + ":" + std::to_string(line) + ": " + what;
  if (!got.empty()) msg += "; got '" + std::string(got) + "'";
  throw PtxError(msg);
}

void Parser::failAt(const Token& t, const std::string& what) const {
  fail(t.line, what, t.kind == Token::Kind::End ? "end of file" : t.text);
}

const Parser::Entry* Parser::lookup(const std::string& name) const {
  for (auto s = scopes_.rbegin(); s != scopes_.rend(); ++s) {
    auto it = s->find(name);
    if (it != s->end()) return &it->second;
  }
  return nullptr;
}

void Parser::declare(const Token& at, std::string name, Entry e) {
  if (!scopes_.back().emplace(std::move(name), e).second)
    failAt(at, "duplicate declaration of '" + std::string(at.text) + "'");
}

std::uint32_t Parser::addSymbol(Symbol::Kind kind, std::uint32_t function, std::uint32_t index) {
  m_.symbols.push_back({kind, function, index});
  return static_cast<std::uint32_t>(m_.symbols.size() - 1);
}

Module Parser::run() {
  scopes_.emplace_back();  // module scope
  while (peek().kind != Token::Kind::End) parseTop();
  return std::move(m_);
}

void Parser::parseTop() {
  const Token& t = peek();
  if (t.kind != Token::Kind::Word) failAt(t, "expected a directive at module scope");
  if (acceptWord(".version")) {
    const Token& v = next();
    const std::size_t dot = v.text.find('.');
    Literal a, b;
    if (v.kind != Token::Kind::Number || dot == std::string_view::npos ||
        !parseLiteral(v.text.substr(0, dot), false, a) ||
        !parseLiteral(v.text.substr(dot + 1), false, b))
      failAt(v, "expected a version number MAJOR.MINOR after .version");
    m_.versionMajor = static_cast<unsigned>(a.bits);
    m_.versionMinor = static_cast<unsigned>(b.bits);
  } else if (acceptWord(".target")) {
    m_.target = std::string(expectWord("a target after .target"));
    while (accept(',')) expectWord("a target option");
  } else if (acceptWord(".address_size")) {
    m_.addressSize = static_cast<unsigned>(expectUInt("32 or 64 after .address_size"));
    if (m_.addressSize != 64) fail(t.line, "only .address_size 64 is supported", "");
  } else if (t.text == ".file" || t.text == ".loc") {
    skipLine();
  } else if (acceptWord(".section")) {
    expectWord("a section name");
    skipBraces();  // debug information (DWARF), not needed
  } else if (acceptWord(".pragma")) {
    skipPast(';');
  } else {
    bool isExtern = false;
    while (peek().text == ".visible" || peek().text == ".weak" || peek().text == ".extern" ||
           peek().text == ".common")
      isExtern |= next().text == ".extern";
    const Token& d = peek();
    if (d.text == ".entry" || d.text == ".func") {
      parseFunction(d.text == ".entry");
    } else if (const Space sp = spaceOf(d.text);
               sp == Space::Global || sp == Space::Const || sp == Space::Shared) {
      next();
      parseVariables(sp, isExtern, true);
    } else {
      failAt(d, "unknown directive at module scope");
    }
  }
}

}  // namespace detail
}  // namespace warpsim::ptx
