#pragma once
// The PTX lexer (lib/workload/ptx/README.md): words (opcodes with their modifiers, directives,
// names, registers, special registers), numbers, strings and punctuation, each with its line.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace warpsim::ptx::detail {

struct Token {
  enum class Kind : std::uint8_t { End, Word, Number, String, Punct };
  Kind kind = Kind::End;
  char punct = 0;  // Punct: the character
  std::uint32_t line = 0;
  std::string_view text;
};

// The tokens of `text`, ending with an End token. Throws PtxError on a stray character or an
// unterminated comment or string.
std::vector<Token> lexPtx(std::string_view text, const std::string& file);

// A numeric literal: integers (decimal, 0x hex, 0b binary, octal, U suffix), 0f/0d float bits,
// and decimal floats. Negation applies two's complement (or flips a float's sign).
struct Literal {
  bool isFloat = false;    // 0f, 0d or a decimal float
  unsigned floatBits = 0;  // 32 for 0f, 64 for 0d, 0 for a decimal float
  std::uint64_t bits = 0;  // integer value, or the 0f/0d bits, or a decimal float's f64 bits
  double fvalue = 0;       // isFloat: the value
};
// False when `text` is not a valid literal (or overflows 64 bits).
bool parseLiteral(std::string_view text, bool negative, Literal& out);

}  // namespace warpsim::ptx::detail
