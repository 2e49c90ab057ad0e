#pragma once
// Helpers of the PTX parser tests: a kernel around a body, the message a text fails with.
#include <string>

#include "warpsim/workload/ptx/PtxParser.h"

namespace warpsim::ptx::test {

inline const char* const kHeader = ".version 9.0\n.target sm_75\n.address_size 64\n";

// A module with one kernel `k(.param .u64 k_p)` whose body starts on line 6.
inline std::string kernel(const std::string& body, const std::string& before = "") {
  return std::string(kHeader) + before + ".visible .entry k(.param .u64 k_p)\n{\n" + body + "}\n";
}

inline Module parse(const std::string& text) {
  return parsePtx(text, "t.ptx");
}

// The message parsing `text` as t.ptx throws ("" if it parses).
inline std::string errorOf(const std::string& text) {
  try {
    parsePtx(text, "t.ptx");
  } catch (const PtxError& e) {
    return e.what();
  }
  return "";
}

// The function's register index of `name`.
inline std::uint32_t reg(const Function& f, const std::string& name) {
  for (std::uint32_t i = 0; i < f.regs.size(); ++i)
    if (f.regs[i].name == name) return i;
  return ~0u;
}

}  // namespace warpsim::ptx::test
