#pragma once
// Parsers of the values of GPGPU-Sim options: numbers, lists, clock domains, DRAM timing and the
// address mapping. Each throws ConfigError "FILE:LINE: -option = 'VALUE': WHY; allowed: WHAT".
#include <array>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "warpsim/config/gpgpusim/OptionFile.h"

namespace warpsim::gpgpusim {

[[noreturn]] void badValue(const OptionEntry& e, const std::string& why,
                           const std::string& allowed);

// A whole number in [min, max].
std::uint64_t uintValue(const OptionEntry& e, std::uint64_t min = 0,
                        std::uint64_t max = 0xffffffffu);
// 0 or 1.
bool boolValue(const OptionEntry& e);
// "a,b,c": `count` whole numbers (at least `count`; GPGPU-Sim ignores extra ones, and so do we
// when `extraOk`).
std::vector<std::uint32_t> uintList(const OptionEntry& e, std::size_t count, const char* names,
                                    bool extraOk = false);

// -gpgpu_clock_domains <core>:<icnt>:<l2>:<dram>, MHz.
std::array<double, 4> clockDomains(const OptionEntry& e);

// -gpgpu_dram_timing_opt, named ("nbk=16:CCD=2:...") or positional (GPGPU-Sim's legacy
// "nbk:tCCD:tRRD:tRCD:tRAS:tRP:tRC:CL:WL:tCDLR:tWR[:nbkgrp:tCCDL:tRTPL]"). The names given, in
// GPGPU-Sim's spelling (nbk, CCD, RRD, RCD, RAS, RP, RC, CL, WL, CDLR, WR, nbkgrp, CCDL, RTPL).
std::vector<std::pair<std::string, std::uint32_t>> dramTiming(const OptionEntry& e);

// -gpgpu_mem_addr_mapping [dramid@<bit>;]<64 bits of D B R C S 0, MSB first>.
struct AddressMapping {
  int dramidStart = -1;  // dramid@N; -1: not given (D bits in the map instead)
  std::string bits;      // 64 characters, bit 63 first: D B R C S or 0
  // Bit positions (0 = LSB) of each letter, lowest first.
  std::vector<int> positions(char letter) const;
};
AddressMapping addressMapping(const OptionEntry& e);

}  // namespace warpsim::gpgpusim
