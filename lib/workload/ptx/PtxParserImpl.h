#pragma once
// The parser's state, shared by PtxParser.cpp (module level: directives, functions, variables)
// and PtxInstrParser.cpp (instructions and operands). Internal to the library.
#include <algorithm>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "warpsim/workload/ptx/PtxIr.h"
#include "warpsim/workload/ptx/PtxLexer.h"

namespace warpsim::ptx::detail {

class Parser {
 public:
  Parser(const std::string& text, const std::string& file);
  Module run();

 private:
  // A name in scope: a register (Function::regs) or a symbol (Module::symbols).
  struct Entry {
    bool isReg = false;
    std::uint32_t index = 0;
  };
  struct LabelUse {
    std::uint32_t instr, op, line;
    std::string_view name;
  };
  using Scope = std::unordered_map<std::string, Entry>;

  // tokens
  const Token& peek(std::size_t k = 0) const { return toks_[std::min(pos_ + k, toks_.size() - 1)]; }
  const Token& next();
  bool isPunct(char c, std::size_t k = 0) const;
  bool accept(char c);
  bool acceptWord(std::string_view w);
  void expect(char c, const std::string& context);
  std::string_view expectWord(const std::string& what);
  std::uint64_t expectUInt(const std::string& what);
  void skipLine();
  void skipPast(char c);  // up to and including c (.pragma "...";)
  void skipBraces();
  [[noreturn]] void fail(std::uint32_t line, const std::string& what, std::string_view got) const;
  [[noreturn]] void failAt(const Token& t, const std::string& what) const;

  // scopes
  const Entry* lookup(const std::string& name) const;
  void declare(const Token& at, std::string name, Entry e);
  std::uint32_t addSymbol(Symbol::Kind kind, std::uint32_t function, std::uint32_t index);

  // module level (PtxParser.cpp)
  void parseTop();
  void parseFunction(bool isEntry);
  void parseParams(std::vector<Param>& out);
  std::uint32_t layoutParams(std::vector<Param>& ps) const;
  // `count` elements times the array size `n` just read at `sizeTok`; a PtxError if arrays of
  // `elemBytes` that many would exceed kMaxArrayBytes.
  std::uint64_t arrayCount(std::uint64_t count, std::uint64_t n, std::uint64_t elemBytes,
                           const Token& sizeTok) const;
  void parseDirectivesBeforeBody(Function& f);
  void parseVariables(Space space, bool isExtern, bool moduleScope);
  void parseInit(Variable& v, std::uint64_t elemSize, bool unsized);
  void parseBody(Function& f);
  void parseRegs(Function& f);
  void finishLabels(Function& f);

  // instructions (PtxInstrParser.cpp)
  void parseInstr(Function& f);
  void parseOpcode(const Token& t, Instr& ins);
  bool applyModifier(std::string_view m, Instr& ins, bool& barKind);
  void parseOperand(Function& f, Instr& ins, std::vector<Operand>& into, bool label);
  void parseCall(Function& f, Instr& ins);
  std::uint32_t regIndex(const Token& t, const std::string& context);
  Operand nameOperand(const Token& t, const std::string& context);

  std::string file_;
  std::string_view text_;
  std::vector<Token> toks_;
  std::size_t pos_ = 0;
  Module m_;
  std::vector<Scope> scopes_;
  // the function whose body is being parsed
  std::uint32_t fn_ = 0;
  std::unordered_map<std::string_view, std::uint32_t> labels_;
  std::vector<std::pair<std::string_view, std::uint32_t>> labelList_;  // in source order
  std::vector<LabelUse> labelUses_;
};

}  // namespace warpsim::ptx::detail
