// SASS opcode tables: which sm_N selects which family, table order, coverage of Accel-Sim's
// opcodes, and the op class / memory space of the opcodes that matter most to the timing model.
#include <catch2/catch.hpp>

#include <cctype>
#include <set>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "workload/trace/SassOpcodes.h"

using namespace warpsim;
using namespace warpsim::trace;

namespace {

// Opcodes listed by Accel-Sim's ISA table for each family (gpu-simulator/ISA_Def/*_opcode.h).
// Maxwell has no table of its own there and shares Pascal's; Ada and Hopper start from Ampere's.
constexpr const char* kAccelSimKepler =
    "ATOM B2R BAR BFE BFI BPT BRA BRK BRX CAL CCTL CCTLL CONT CSET CSETP DADD DFMA DMNMX DMUL "
    "DSET DSETP EXIT F2F F2I FADD FADD32I FCHK FCMP FFMA FFMA32I FLO FMNMX FMUL FMUL32I FSET "
    "FSETP FSWZ I2F I2I IADD IADD32I ICMP IMAD IMADSP IMNMX IMUL IMUL32I ISAD ISCADD ISCADD32I "
    "ISET ISETP ISUB JCAL JMP JMX LD LDC LDG LDL LDS LDSLK LOP LOP32I MEMBAR MOV MOV32I MUFU NOP "
    "P2R PBK PCNT POPC PRET PRMT PSET PSETP R2P RED RET RRO S2R SEL SHF SHFL SHL SHR SSY ST STL "
    "STS STSCUL SUBFM SUCLAMP SUEAU SULDGA SUSTGA TEX TLD TLD4 TXQ VOTE";
constexpr const char* kAccelSimPascal =
    "ATOM ATOMG ATOMS B2R BAR BFE BFI BMOV BMSK BPT BRA BREAK BREV BRK BRX BSSY BSYNC CAL CALL "
    "CCTL CCTLL CCTLT CONT CS2R CSET CSETP CSMTEST DADD DEPBAR DFMA DMNMX DMUL DSET DSETP ERRBAR "
    "EXIT F2F F2I FADD FADD32I FCHK FCMP FFMA FFMA32I FLO FMNMX FMUL FMUL32I FRND FSEL FSET FSETP "
    "FSWZADD GETLMEMBASE HADD2 HFMA2 HMUL2 HSET2 HSETP2 I2F I2I I2IP IABS IADD IADD3 IADD32I ICMP "
    "IDP IDP4A IMAD IMADSP IMMA IMNMX IMUL IMUL32I ISCADD ISCADD32I ISET ISETP JCAL JMP JMX KILL "
    "LD LDC LDG LDL LDS LEA LEPC LOP LOP3 LOP32I MATCH MEMBAR MOV MOV32I MUFU NANOSLEEP NOP P2R "
    "PBK PCNT PEXIT PLOP3 PMTRIG POPC PRET PRMT PSET PSETP QSPC R2B R2P RED RET RPCMOV RRO RTT "
    "S2R SEL SETCTAID SETLMEMBASE SGXT SHF SHFL SHL SHR SSY ST STG STL STS SYNC TEX TEXS TLD TLD4 "
    "TLD4S TLDS TMML TXD TXQ VABSDIFF VABSDIFF4 VADD VMNMX VOTE VOTE_VTG WARPSYNC XMAD YIELD";
constexpr const char* kAccelSimVolta =
    "ATOM ATOMG ATOMS B2R BAR BMOV BMSK BPT BRA BREAK BREV BRX BSSY BSYNC CALL CCTL CCTLL CCTLT "
    "CS2R CSMTEST DADD DEPBAR DFMA DMUL DSETP ERRBAR EXIT F2F F2I FADD FADD32I FCHK FFMA FFMA32I "
    "FLO FMNMX FMUL FMUL32I FRND FSEL FSET FSETP FSWZADD GETLMEMBASE HADD2 HADD2_32I HFMA2 "
    "HFMA2_32I HMMA HMUL2 HMUL2_32I HSET2 HSETP2 I2F I2I I2IP IABS IADD IADD3 IADD32I IDP IDP4A "
    "IMAD IMMA IMNMX IMUL IMUL32I ISCADD ISCADD32I ISETP JMP JMX KILL LD LDC LDG LDL LDS LEA LEPC "
    "LOP LOP3 LOP32I MATCH MEMBAR MOV MOV32I MUFU NANOSLEEP NOP P2R PLOP3 PMTRIG POPC PRMT PSETP "
    "QSPC R2B R2P RED RET RPCMOV RTT S2R SEL SETCTAID SETLMEMBASE SGXT SHF SHFL SHR ST STG STL "
    "STS TEX TLD TLD4 TMML TXD TXQ VABSDIFF VABSDIFF4 VOTE VOTE_VTG WARPSYNC YIELD";
constexpr const char* kAccelSimTuring =
    "ATOM ATOMG ATOMS B2R BAR BMMA BMOV BMSK BPT BRA BREAK BREV BRX BRXU BSSY BSYNC CALL CCTL "
    "CCTLL CCTLT CS2R CSMTEST DADD DEPBAR DFMA DMUL DSETP ERRBAR EXIT F2F F2FP F2I FADD FADD32I "
    "FCHK FFMA FFMA32I FLO FMNMX FMUL FMUL32I FRND FSEL FSET FSETP FSWZADD GETLMEMBASE HADD2 "
    "HADD2_32I HFMA2 HFMA2_32I HMMA HMUL2 HMUL2_32I HSET2 HSETP2 I2F I2I I2IP IABS IADD IADD3 "
    "IADD32I IDP IDP4A IMAD IMMA IMNMX IMUL IMUL32I ISCADD ISCADD32I ISETP JMP JMX JMXU KILL LD "
    "LDC LDG LDL LDS LDSM LEA LEPC LOP LOP3 LOP32I MATCH MEMBAR MOV MOV32I MOVM MUFU NANOSLEEP "
    "NOP P2R PLOP3 PMTRIG POPC PRMT PSETP QSPC R2B R2P R2UR RED RET RPCMOV RTT S2R S2UR SEL "
    "SETCTAID SETLMEMBASE SGXT SHF SHFL SHL SHR ST STG STL STS SUATOM SULD SURED SUST TEX TLD "
    "TLD4 TMML TXD TXQ UBMSK UBREV UCLEA UFLO UIADD3 UIMAD UISETP ULDC ULEA ULOP ULOP3 ULOP32I "
    "UMOV UP2UR UPLOP3 UPOPC UPRMT UPSETP UR2UP USEL USGXT USHF USHL USHR VABSDIFF VABSDIFF4 VOTE "
    "VOTEU VOTE_VTG WARPSYNC YIELD";
constexpr const char* kAccelSimAmpere =
    "ATOM ATOMG ATOMS B2R BAR BMMA BMOV BMSK BPT BRA BREAK BREV BRX BRXU BSSY BSYNC CALL CCTL "
    "CCTLL CCTLT CS2R CSMTEST DADD DEPBAR DFMA DMMA DMUL DSETP ERRBAR EXIT F2F F2FP F2I F2IP FADD "
    "FADD32I FCHK FFMA FFMA32I FLO FMNMX FMUL FMUL32I FRND FSEL FSET FSETP FSWZADD GETLMEMBASE "
    "HADD2 HADD2_32I HFMA2 HFMA2_32I HMMA HMNMX2 HMUL2 HMUL2_32I HSET2 HSETP2 I2F I2FP I2I I2IP "
    "IABS IADD IADD3 IADD32I IDP IDP4A IMAD IMMA IMNMX IMUL IMUL32I ISCADD ISCADD32I ISETP JMP "
    "JMX JMXU KILL LD LDC LDG LDGDEPBAR LDGSTS LDL LDS LDSM LEA LEPC LOP LOP3 LOP32I MATCH MEMBAR "
    "MOV MOV32I MOVM MUFU NANOSLEEP NOP P2R PLOP3 PMTRIG POPC PRMT PSETP QSPC R2B R2P R2UR RED "
    "REDUX RET RPCMOV RTT S2R S2UR SEL SETCTAID SETLMEMBASE SGXT SHF SHFL SHL SHR ST STG STL STS "
    "SUATOM SULD SUQUERY SURED SUST TEX TLD TLD4 TMML TXD TXQ UBMSK UBREV UCLEA UF2FP UFLO UIADD3 "
    "UIMAD UISETP ULDC ULEA ULOP ULOP3 ULOP32I UMOV UP2UR UPLOP3 UPOPC UPRMT UPSETP UR2UP USEL "
    "USGXT USHF USHL USHR VABSDIFF VABSDIFF4 VOTE VOTEU VOTE_VTG WARPSYNC YIELD";
// What NVIDIA's instruction-set reference adds for Hopper over Ampere (plus QMMA, as on Ada).
constexpr const char* kHopperAdditions =
    "ACQBULK BGMMA CGAERRBAR ELECT ENDCOLLECTIVE FENCE HGMMA IGMMA LDGMC PREEXIT QGMMA QMMA REDAS "
    "REDG STAS STSM SYNCS UBLKCP UBLKPF UBLKRED UCGABAR_ARV UCGABAR_WAIT ULEPC USETMAXREG "
    "UTMACCTL UTMACMDFLUSH UTMALDG UTMAPF UTMAREDG UTMASTG VHMNMX VIADD VIADDMNMX VIMNMX VIMNMX3 "
    "WARPGROUP WARPGROUPSET";

std::vector<std::string> words(const char* text) {
  std::istringstream in(text);
  std::vector<std::string> out;
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

const SassIsa& isa(unsigned binaryVersion) {
  const SassIsa* found = sassIsaFor(binaryVersion);
  REQUIRE(found != nullptr);
  return *found;
}

// One table per family, reached through the versions that select it.
std::vector<const SassIsa*> allFamilies() {
  std::size_t count = 0;
  const unsigned* versions = supportedBinaryVersions(count);
  std::vector<const SassIsa*> out;
  std::set<std::string_view> seen;
  for (std::size_t i = 0; i < count; ++i) {
    const SassIsa* table = sassIsaFor(versions[i]);
    if (table != nullptr && seen.insert(table->family).second) out.push_back(table);
  }
  return out;
}

struct Expect {
  OpClass op;
  MemSpace space = MemSpace::None;
  MemOp memOp = MemOp::None;
};

const Expect kAlu{OpClass::Alu};
const Expect kSfu{OpClass::Sfu};
const Expect kDp{OpClass::Dp};
const Expect kTensor{OpClass::Tensor};
const Expect kBranch{OpClass::Branch};
const Expect kBarrier{OpClass::Barrier};
const Expect kFence{OpClass::Fence};
const Expect kExit{OpClass::Exit};
const Expect kGlobalLoad{OpClass::Mem, MemSpace::Global, MemOp::Load};
const Expect kGlobalStore{OpClass::Mem, MemSpace::Global, MemOp::Store};
const Expect kGlobalAtomic{OpClass::Mem, MemSpace::Global, MemOp::Atomic};
const Expect kGenericLoad{OpClass::Mem, MemSpace::Generic, MemOp::Load};
const Expect kGenericStore{OpClass::Mem, MemSpace::Generic, MemOp::Store};
const Expect kGenericAtomic{OpClass::Mem, MemSpace::Generic, MemOp::Atomic};
const Expect kSharedLoad{OpClass::Mem, MemSpace::Shared, MemOp::Load};
const Expect kSharedStore{OpClass::Mem, MemSpace::Shared, MemOp::Store};
const Expect kSharedAtomic{OpClass::Mem, MemSpace::Shared, MemOp::Atomic};
const Expect kLocalLoad{OpClass::Mem, MemSpace::Local, MemOp::Load};
const Expect kLocalStore{OpClass::Mem, MemSpace::Local, MemOp::Store};
const Expect kConstantLoad{OpClass::Mem, MemSpace::Constant, MemOp::Load};
const Expect kTextureLoad{OpClass::Mem, MemSpace::Texture, MemOp::Load};

void checkOp(const SassIsa& table, std::string_view name, const Expect& e) {
  INFO(table.family << " " << name);
  const SassOpInfo* info = findSassOp(table, name);
  REQUIRE(info != nullptr);
  CHECK(info->op == e.op);
  CHECK(info->space == e.space);
  CHECK(info->memOp == e.memOp);
}

void checkAbsent(const SassIsa& table, std::string_view name) {
  INFO(table.family << " " << name);
  CHECK(findSassOp(table, name) == nullptr);
}

void checkHasAll(const SassIsa& table, const char* names) {
  for (const std::string& name : words(names)) {
    INFO(table.family << " " << name);
    CHECK(findSassOp(table, name) != nullptr);
  }
}

// Opcodes every family has, with the same meaning everywhere.
void checkCommon(const SassIsa& t) {
  checkOp(t, "LD", kGenericLoad);
  checkOp(t, "ST", kGenericStore);
  checkOp(t, "ATOM", kGenericAtomic);
  checkOp(t, "RED", kGlobalAtomic);
  checkOp(t, "LDG", kGlobalLoad);
  checkOp(t, "LDS", kSharedLoad);
  checkOp(t, "STS", kSharedStore);
  checkOp(t, "LDL", kLocalLoad);
  checkOp(t, "STL", kLocalStore);
  checkOp(t, "LDC", kConstantLoad);
  checkOp(t, "TEX", kTextureLoad);
  checkOp(t, "TLD", kTextureLoad);
  checkOp(t, "TLD4", kTextureLoad);
  checkOp(t, "TXQ", kAlu);
  checkOp(t, "BAR", kBarrier);
  checkOp(t, "MEMBAR", kFence);
  checkOp(t, "EXIT", kExit);
  checkOp(t, "BRA", kBranch);
  checkOp(t, "BRX", kBranch);
  checkOp(t, "RET", kBranch);
  checkOp(t, "BPT", kBranch);
  checkOp(t, "MUFU", kSfu);
  checkOp(t, "DADD", kDp);
  checkOp(t, "DMUL", kDp);
  checkOp(t, "DFMA", kDp);
  checkOp(t, "DSETP", kDp);
  checkOp(t, "FFMA", kAlu);
  checkOp(t, "FADD", kAlu);
  checkOp(t, "IMAD", kAlu);
  checkOp(t, "MOV", kAlu);
  checkOp(t, "F2F", kAlu);
  checkOp(t, "I2F", kAlu);
  checkOp(t, "S2R", kAlu);
  checkOp(t, "SHFL", kAlu);
  checkOp(t, "VOTE", kAlu);
  checkOp(t, "NOP", kAlu);
  checkOp(t, "CCTL", kAlu);
}

// Opcodes of the Volta-style ISA (sm_70 and later).
void checkVoltaAndLater(const SassIsa& t) {
  checkCommon(t);
  checkOp(t, "STG", kGlobalStore);
  checkOp(t, "ATOMG", kGlobalAtomic);
  checkOp(t, "ATOMS", kSharedAtomic);
  checkOp(t, "HMMA", kTensor);
  checkOp(t, "IMMA", kTensor);
  checkOp(t, "TMML", kTextureLoad);
  checkOp(t, "TXD", kTextureLoad);
  checkOp(t, "SULD", kGlobalLoad);
  checkOp(t, "SUST", kGlobalStore);
  checkOp(t, "SUATOM", kGlobalAtomic);
  checkOp(t, "SURED", kGlobalAtomic);
  checkOp(t, "ERRBAR", kFence);
  checkOp(t, "BSSY", kBranch);
  checkOp(t, "BSYNC", kBranch);
  checkOp(t, "WARPSYNC", kBranch);
  checkOp(t, "BREAK", kBranch);
  checkOp(t, "BMOV", kBranch);
  checkOp(t, "CALL", kBranch);
  checkOp(t, "KILL", kBranch);
  checkOp(t, "YIELD", kBranch);
  checkOp(t, "NANOSLEEP", kBranch);
  checkOp(t, "IADD3", kAlu);
  checkOp(t, "LOP3", kAlu);
  checkOp(t, "HFMA2", kAlu);
  checkOp(t, "CS2R", kAlu);
  checkOp(t, "DEPBAR", kAlu);
  checkAbsent(t, "SSY");
  checkAbsent(t, "XMAD");
}

void checkTuringAndLater(const SassIsa& t) {
  checkVoltaAndLater(t);
  checkOp(t, "LDSM", kSharedLoad);
  checkOp(t, "BMMA", kTensor);
  checkOp(t, "ULDC", kAlu);
  checkOp(t, "UIADD3", kAlu);
  checkOp(t, "S2UR", kAlu);
  checkOp(t, "R2UR", kAlu);
  checkOp(t, "VOTEU", kAlu);
  checkOp(t, "MOVM", kAlu);
  checkOp(t, "BRXU", kBranch);
  checkOp(t, "JMXU", kBranch);
}

void checkAmpereAndLater(const SassIsa& t) {
  checkTuringAndLater(t);
  checkOp(t, "LDGSTS", kGlobalLoad);
  checkOp(t, "LDGDEPBAR", kAlu);
  checkOp(t, "DMMA", kTensor);
  checkOp(t, "REDUX", kAlu);
  checkOp(t, "HMNMX2", kAlu);
  checkOp(t, "I2FP", kAlu);
  checkOp(t, "SUQUERY", kAlu);
}

}  // namespace

TEST_CASE("sass: each supported binary version selects its family") {
  const std::vector<std::pair<unsigned, std::string_view>> expected = {
      {30, "Kepler"},  {32, "Kepler"},  {35, "Kepler"}, {37, "Kepler"}, {50, "Maxwell"},
      {52, "Maxwell"}, {53, "Maxwell"}, {60, "Pascal"}, {61, "Pascal"}, {62, "Pascal"},
      {70, "Volta"},   {72, "Volta"},   {75, "Turing"}, {80, "Ampere"}, {86, "Ampere"},
      {87, "Ampere"},  {89, "Ada"},     {90, "Hopper"},
  };
  std::size_t count = 0;
  const unsigned* versions = supportedBinaryVersions(count);
  REQUIRE(versions != nullptr);
  REQUIRE(count == expected.size());
  for (std::size_t i = 0; i < count; ++i) {
    INFO("sm_" << versions[i]);
    CHECK(versions[i] == expected[i].first);
    if (i > 0) CHECK(versions[i - 1] < versions[i]);
    const SassIsa* table = sassIsaFor(expected[i].first);
    REQUIRE(table != nullptr);
    CHECK(table->family == expected[i].second);
  }
  // The same table object for every version of a family.
  CHECK(sassIsaFor(30) == sassIsaFor(37));
  CHECK(sassIsaFor(50) == sassIsaFor(53));
  CHECK(sassIsaFor(80) == sassIsaFor(86));
  CHECK(sassIsaFor(80) != sassIsaFor(89));
}

TEST_CASE("sass: unsupported binary versions give no table") {
  for (unsigned v : {0u,  1u,  10u, 13u, 20u, 21u, 31u, 38u,  51u,  63u,
                     71u, 73u, 74u, 76u, 82u, 88u, 91u, 100u, 120u, 900u}) {
    INFO("sm_" << v);
    CHECK(sassIsaFor(v) == nullptr);
  }
}

TEST_CASE("sass: every table is sorted without duplicates and well formed") {
  const std::vector<const SassIsa*> families = allFamilies();
  REQUIRE(families.size() == 8);
  for (const SassIsa* t : families) {
    INFO(t->family);
    REQUIRE(t->entries != nullptr);
    REQUIRE(t->count > 100);
    for (std::size_t i = 0; i < t->count; ++i) {
      const SassOpEntry& row = t->entries[i];
      INFO(row.name);
      if (i > 0) CHECK(t->entries[i - 1].name < row.name);  // strictly: no duplicates
      REQUIRE(!row.name.empty());
      for (char c : row.name) {
        CHECK((std::isupper(static_cast<unsigned char>(c)) ||
               std::isdigit(static_cast<unsigned char>(c)) || c == '_'));
      }
      // Memory rows say where and what; the others say nothing about memory.
      if (row.info.op == OpClass::Mem) {
        CHECK(row.info.space != MemSpace::None);
        CHECK(row.info.memOp != MemOp::None);
      } else {
        CHECK(row.info.space == MemSpace::None);
        CHECK(row.info.memOp == MemOp::None);
      }
      // Binary search finds every row, at its own address.
      CHECK(findSassOp(*t, row.name) == &row.info);
    }
  }
}

TEST_CASE("sass: lookups take base opcodes only") {
  const SassIsa& ampere = isa(80);
  CHECK(findSassOp(ampere, "LDG") != nullptr);
  CHECK(findSassOp(ampere, "LDG.E.128") == nullptr);
  CHECK(findSassOp(ampere, "ldg") == nullptr);
  CHECK(findSassOp(ampere, "") == nullptr);
  CHECK(findSassOp(ampere, "A") == nullptr);     // before the first row
  CHECK(findSassOp(ampere, "ZZZZ") == nullptr);  // after the last row
  CHECK(findSassOp(ampere, "LDGX") == nullptr);
  const SassIsa empty{"Empty", nullptr, 0};
  CHECK(findSassOp(empty, "LDG") == nullptr);
}

TEST_CASE("sass: every opcode of Accel-Sim's tables is present") {
  checkHasAll(isa(35), kAccelSimKepler);
  checkHasAll(isa(52), kAccelSimPascal);
  checkHasAll(isa(61), kAccelSimPascal);
  checkHasAll(isa(70), kAccelSimVolta);
  checkHasAll(isa(75), kAccelSimTuring);
  checkHasAll(isa(86), kAccelSimAmpere);
  checkHasAll(isa(89), kAccelSimAmpere);
  checkHasAll(isa(90), kAccelSimAmpere);
  checkHasAll(isa(90), kHopperAdditions);
}

TEST_CASE("sass: Kepler") {
  const SassIsa& t = isa(35);
  checkCommon(t);
  checkOp(t, "RRO", kSfu);
  checkOp(t, "DMNMX", kDp);
  checkOp(t, "DSET", kDp);
  checkOp(t, "LDSLK", kSharedLoad);
  checkOp(t, "STSCUL", kSharedStore);
  checkOp(t, "SULDGA", kGlobalLoad);
  checkOp(t, "SUSTGA", kGlobalStore);
  checkOp(t, "SUCLAMP", kAlu);
  checkOp(t, "TEXDEPBAR", kAlu);
  checkOp(t, "SSY", kBranch);
  checkOp(t, "PBK", kBranch);
  checkOp(t, "BRK", kBranch);
  checkOp(t, "CAL", kBranch);
  checkOp(t, "CCTLL", kAlu);
  checkAbsent(t, "STG");
  checkAbsent(t, "ATOMG");
  checkAbsent(t, "ATOMS");
  checkAbsent(t, "HMMA");
  checkAbsent(t, "ERRBAR");
}

TEST_CASE("sass: Maxwell shares Pascal's rows under its own name") {
  const SassIsa& maxwell = isa(52);
  const SassIsa& pascal = isa(61);
  CHECK(maxwell.family == "Maxwell");
  CHECK(pascal.family == "Pascal");
  CHECK(maxwell.entries == pascal.entries);
  CHECK(maxwell.count == pascal.count);
}

TEST_CASE("sass: Maxwell and Pascal") {
  for (unsigned v : {50u, 61u}) {
    const SassIsa& t = isa(v);
    checkCommon(t);
    checkOp(t, "STG", kGlobalStore);
    checkOp(t, "ATOMG", kGlobalAtomic);
    checkOp(t, "ATOMS", kSharedAtomic);
    checkOp(t, "TEXS", kTextureLoad);
    checkOp(t, "TLDS", kTextureLoad);
    checkOp(t, "TLD4S", kTextureLoad);
    checkOp(t, "TMML", kTextureLoad);
    checkOp(t, "SULD", kGlobalLoad);
    checkOp(t, "SUST", kGlobalStore);
    checkOp(t, "SURED", kGlobalAtomic);
    checkOp(t, "RRO", kSfu);
    checkOp(t, "DMNMX", kDp);
    checkOp(t, "ERRBAR", kFence);
    checkOp(t, "SSY", kBranch);
    checkOp(t, "SYNC", kBranch);
    checkOp(t, "PEXIT", kBranch);
    checkOp(t, "XMAD", kAlu);
    checkOp(t, "HFMA2", kAlu);
    checkOp(t, "DEPBAR", kAlu);
    checkOp(t, "IMMA", kTensor);
    checkAbsent(t, "HMMA");
    checkAbsent(t, "LDSM");
    checkAbsent(t, "ULDC");
  }
}

TEST_CASE("sass: Volta") {
  for (unsigned v : {70u, 72u}) {
    const SassIsa& t = isa(v);
    checkVoltaAndLater(t);
    checkOp(t, "SHL", kAlu);
    checkAbsent(t, "LDSM");
    checkAbsent(t, "ULDC");
    checkAbsent(t, "BMMA");
    checkAbsent(t, "RRO");
  }
}

TEST_CASE("sass: Turing") {
  const SassIsa& t = isa(75);
  checkTuringAndLater(t);
  checkAbsent(t, "LDGSTS");
  checkAbsent(t, "DMMA");
}

TEST_CASE("sass: Ampere") {
  for (unsigned v : {80u, 86u, 87u}) {
    const SassIsa& t = isa(v);
    checkAmpereAndLater(t);
    checkAbsent(t, "QMMA");
    checkAbsent(t, "HGMMA");
    checkAbsent(t, "UTMALDG");
  }
}

TEST_CASE("sass: Ada") {
  const SassIsa& t = isa(89);
  checkAmpereAndLater(t);
  checkOp(t, "QMMA", kTensor);
  CHECK(t.count == isa(80).count + 1);
  checkAbsent(t, "HGMMA");
  checkAbsent(t, "SYNCS");
}

TEST_CASE("sass: Hopper") {
  const SassIsa& t = isa(90);
  checkAmpereAndLater(t);
  checkOp(t, "HGMMA", kTensor);
  checkOp(t, "IGMMA", kTensor);
  checkOp(t, "QGMMA", kTensor);
  checkOp(t, "BGMMA", kTensor);
  checkOp(t, "QMMA", kTensor);
  checkOp(t, "UTMALDG", kGlobalLoad);
  checkOp(t, "UTMASTG", kGlobalStore);
  checkOp(t, "UTMAREDG", kGlobalAtomic);
  checkOp(t, "UBLKCP", kGlobalLoad);
  checkOp(t, "UBLKRED", kGlobalAtomic);
  checkOp(t, "UTMAPF", kAlu);
  checkOp(t, "UTMACCTL", kAlu);
  checkOp(t, "LDGMC", kGlobalLoad);
  checkOp(t, "REDG", kGlobalAtomic);
  checkOp(t, "STSM", kSharedStore);
  checkOp(t, "STAS", kSharedStore);
  checkOp(t, "REDAS", kSharedAtomic);
  checkOp(t, "SYNCS", kAlu);
  checkOp(t, "FENCE", kFence);
  checkOp(t, "CGAERRBAR", kFence);
  checkOp(t, "UCGABAR_ARV", kAlu);
  checkOp(t, "UCGABAR_WAIT", kAlu);
  checkOp(t, "WARPGROUP", kAlu);
  checkOp(t, "ELECT", kAlu);
  checkOp(t, "ACQBULK", kBranch);
  checkOp(t, "PREEXIT", kBranch);
  checkOp(t, "ENDCOLLECTIVE", kBranch);
  checkOp(t, "VIADD", kAlu);
  checkOp(t, "USETMAXREG", kAlu);
}
