// SASS opcode tables: which sm_N selects which family, layer order and overlap, coverage of
// Accel-Sim's opcodes, and the op class / memory space of the opcodes that matter most to the
// timing model.
#include <catch2/catch.hpp>

#include <cctype>
#include <initializer_list>
#include <set>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "warpsim/workload/trace/SassOpcodes.h"

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

// Spot checks, one row each: the opcode is present with this class, space and operation.
struct Spot {
  std::string_view name;
  Expect expect;
};

void checkOps(const SassIsa& table, std::initializer_list<Spot> spots) {
  for (const Spot& s : spots) checkOp(table, s.name, s.expect);
}

void checkAbsent(const SassIsa& table, std::initializer_list<std::string_view> names) {
  for (std::string_view name : names) {
    INFO(table.family << " " << name);
    CHECK(findSassOp(table, name) == nullptr);
  }
}

void checkHasAll(const SassIsa& table, const char* names) {
  for (const std::string& name : words(names)) {
    INFO(table.family << " " << name);
    CHECK(findSassOp(table, name) != nullptr);
  }
}

// Opcodes every family has, with the same meaning everywhere.
void checkCommon(const SassIsa& t) {
  checkOps(t, {{"LD", kGenericLoad},   {"ST", kGenericStore}, {"ATOM", kGenericAtomic},
               {"RED", kGlobalAtomic}, {"LDG", kGlobalLoad},  {"LDS", kSharedLoad},
               {"STS", kSharedStore},  {"LDL", kLocalLoad},   {"STL", kLocalStore},
               {"LDC", kConstantLoad}, {"TEX", kTextureLoad}, {"TLD", kTextureLoad},
               {"TLD4", kTextureLoad}, {"TXQ", kAlu},         {"BAR", kBarrier},
               {"MEMBAR", kFence},     {"EXIT", kExit},       {"BRA", kBranch},
               {"BRX", kBranch},       {"RET", kBranch},      {"BPT", kBranch},
               {"MUFU", kSfu},         {"DADD", kDp},         {"DMUL", kDp},
               {"DFMA", kDp},          {"DSETP", kDp},        {"FFMA", kAlu},
               {"FADD", kAlu},         {"IMAD", kAlu},        {"MOV", kAlu},
               {"F2F", kAlu},          {"I2F", kAlu},         {"S2R", kAlu},
               {"SHFL", kAlu},         {"VOTE", kAlu},        {"NOP", kAlu},
               {"CCTL", kAlu}});
}

// Opcodes of the Volta-style ISA (sm_70 and later).
void checkVoltaAndLater(const SassIsa& t) {
  checkCommon(t);
  checkOps(t, {{"STG", kGlobalStore},    {"ATOMG", kGlobalAtomic},
               {"ATOMS", kSharedAtomic}, {"HMMA", kTensor},
               {"IMMA", kTensor},        {"TMML", kTextureLoad},
               {"TXD", kTextureLoad},    {"SULD", kGlobalLoad},
               {"SUST", kGlobalStore},   {"SUATOM", kGlobalAtomic},
               {"SURED", kGlobalAtomic}, {"ERRBAR", kFence},
               {"BSSY", kBranch},        {"BSYNC", kBranch},
               {"WARPSYNC", kBranch},    {"BREAK", kBranch},
               {"BMOV", kBranch},        {"CALL", kBranch},
               {"KILL", kBranch},        {"YIELD", kBranch},
               {"NANOSLEEP", kBranch},   {"IADD3", kAlu},
               {"LOP3", kAlu},           {"HFMA2", kAlu},
               {"CS2R", kAlu},           {"DEPBAR", kAlu}});
  checkAbsent(t, {"SSY", "XMAD"});
}

void checkTuringAndLater(const SassIsa& t) {
  checkVoltaAndLater(t);
  checkOps(t, {{"LDSM", kSharedLoad},
               {"BMMA", kTensor},
               {"ULDC", kAlu},
               {"UIADD3", kAlu},
               {"S2UR", kAlu},
               {"R2UR", kAlu},
               {"VOTEU", kAlu},
               {"MOVM", kAlu},
               {"BRXU", kBranch},
               {"JMXU", kBranch}});
}

void checkAmpereAndLater(const SassIsa& t) {
  checkTuringAndLater(t);
  checkOps(t, {{"LDGSTS", kGlobalLoad},
               {"LDGDEPBAR", kAlu},
               {"DMMA", kTensor},
               {"REDUX", kAlu},
               {"HMNMX2", kAlu},
               {"I2FP", kAlu},
               {"SUQUERY", kAlu}});
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

TEST_CASE("sass: every layer is sorted without duplicates and well formed") {
  const std::vector<const SassIsa*> families = allFamilies();
  REQUIRE(families.size() == 8);
  for (const SassIsa* t : families) {
    INFO(t->family);
    REQUIRE(t->layers != nullptr);
    REQUIRE(t->layerCount > 0);
    for (std::size_t l = 0; l < t->layerCount; ++l) {
      const SassOpLayer& layer = *t->layers[l];
      INFO(layer.name);
      REQUIRE(layer.rows != nullptr);
      REQUIRE(layer.count > 0);
      for (std::size_t i = 0; i < layer.count; ++i) {
        const SassOpEntry& row = layer.rows[i];
        INFO(row.name);
        if (i > 0) CHECK(layer.rows[i - 1].name < row.name);  // strictly: no duplicates
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
      }
    }
  }
}

TEST_CASE("sass: a layer repeats no opcode of the layers beneath it") {
  // A family's additions that deliberately reclassify an opcode of the family beneath: "Family
  // OPCODE". None today; add a pair here (and a comment at the row) to make one.
  const std::set<std::string> deliberateOverrides = {};
  for (const SassIsa* t : allFamilies()) {
    for (std::size_t upper = 0; upper < t->layerCount; ++upper) {
      const SassOpLayer& layer = *t->layers[upper];
      for (std::size_t i = 0; i < layer.count; ++i) {
        const std::string_view name = layer.rows[i].name;
        for (std::size_t lower = upper + 1; lower < t->layerCount; ++lower) {
          const SassOpLayer& below = *t->layers[lower];
          const SassIsa one{"one layer", &t->layers[lower], 1};
          if (findSassOp(one, name) == nullptr) continue;
          INFO(t->family << ": " << layer.name << " repeats " << name << " of " << below.name);
          CHECK(deliberateOverrides.count(std::string(t->family) + " " + std::string(name)) == 1);
        }
      }
    }
  }
}

TEST_CASE("sass: the effective rows are what findSassOp() finds") {
  for (const SassIsa* t : allFamilies()) {
    INFO(t->family);
    const std::vector<const SassOpEntry*> rows = sassRows(*t);
    REQUIRE(rows.size() > 100);
    std::size_t layerRows = 0;
    for (std::size_t l = 0; l < t->layerCount; ++l) layerRows += t->layers[l]->count;
    CHECK(rows.size() <= layerRows);
    for (std::size_t i = 0; i < rows.size(); ++i) {
      INFO(rows[i]->name);
      if (i > 0) CHECK(rows[i - 1]->name < rows[i]->name);
      // Binary search finds every row, at its own address.
      CHECK(findSassOp(*t, rows[i]->name) == &rows[i]->info);
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
  checkOps(t, {{"RRO", kSfu},
               {"DMNMX", kDp},
               {"DSET", kDp},
               {"LDSLK", kSharedLoad},
               {"STSCUL", kSharedStore},
               {"SULDGA", kGlobalLoad},
               {"SUSTGA", kGlobalStore},
               {"SUCLAMP", kAlu},
               {"TEXDEPBAR", kAlu},
               {"SSY", kBranch},
               {"PBK", kBranch},
               {"BRK", kBranch},
               {"CAL", kBranch},
               {"CCTLL", kAlu}});
  checkAbsent(t, {"STG", "ATOMG", "ATOMS", "HMMA", "ERRBAR"});
}

TEST_CASE("sass: Maxwell shares Pascal's rows under its own name") {
  const SassIsa& maxwell = isa(52);
  const SassIsa& pascal = isa(61);
  CHECK(maxwell.family == "Maxwell");
  CHECK(pascal.family == "Pascal");
  CHECK(maxwell.layers == pascal.layers);
  CHECK(maxwell.layerCount == pascal.layerCount);
}

TEST_CASE("sass: Maxwell and Pascal") {
  for (unsigned v : {50u, 61u}) {
    const SassIsa& t = isa(v);
    checkCommon(t);
    checkOps(t, {{"STG", kGlobalStore},
                 {"ATOMG", kGlobalAtomic},
                 {"ATOMS", kSharedAtomic},
                 {"TEXS", kTextureLoad},
                 {"TLDS", kTextureLoad},
                 {"TLD4S", kTextureLoad},
                 {"TMML", kTextureLoad},
                 {"SULD", kGlobalLoad},
                 {"SUST", kGlobalStore},
                 {"SURED", kGlobalAtomic},
                 {"RRO", kSfu},
                 {"DMNMX", kDp},
                 {"ERRBAR", kFence},
                 {"SSY", kBranch},
                 {"SYNC", kBranch},
                 {"PEXIT", kBranch},
                 {"XMAD", kAlu},
                 {"HFMA2", kAlu},
                 {"DEPBAR", kAlu},
                 {"IMMA", kTensor}});
    checkAbsent(t, {"HMMA", "LDSM", "ULDC"});
  }
}

TEST_CASE("sass: Volta") {
  for (unsigned v : {70u, 72u}) {
    const SassIsa& t = isa(v);
    checkVoltaAndLater(t);
    checkOp(t, "SHL", kAlu);
    checkAbsent(t, {"LDSM", "ULDC", "BMMA", "RRO"});
  }
}

TEST_CASE("sass: Turing") {
  const SassIsa& t = isa(75);
  checkTuringAndLater(t);
  checkAbsent(t, {"LDGSTS", "DMMA"});
}

TEST_CASE("sass: Ampere") {
  for (unsigned v : {80u, 86u, 87u}) {
    const SassIsa& t = isa(v);
    checkAmpereAndLater(t);
    checkAbsent(t, {"QMMA", "HGMMA", "UTMALDG"});
  }
}

TEST_CASE("sass: Ada") {
  const SassIsa& t = isa(89);
  checkAmpereAndLater(t);
  checkOp(t, "QMMA", kTensor);
  CHECK(sassRows(t).size() == sassRows(isa(80)).size() + 1);
  checkAbsent(t, {"HGMMA", "SYNCS"});
}

TEST_CASE("sass: Hopper") {
  const SassIsa& t = isa(90);
  checkAmpereAndLater(t);
  checkOps(t, {{"HGMMA", kTensor},         {"IGMMA", kTensor},
               {"QGMMA", kTensor},         {"BGMMA", kTensor},
               {"QMMA", kTensor},          {"UTMALDG", kGlobalLoad},
               {"UTMASTG", kGlobalStore},  {"UTMAREDG", kGlobalAtomic},
               {"UBLKCP", kGlobalLoad},    {"UBLKRED", kGlobalAtomic},
               {"UTMAPF", kAlu},           {"UTMACCTL", kAlu},
               {"LDGMC", kGlobalLoad},     {"REDG", kGlobalAtomic},
               {"STSM", kSharedStore},     {"STAS", kSharedStore},
               {"REDAS", kSharedAtomic},   {"SYNCS", kAlu},
               {"FENCE", kFence},          {"CGAERRBAR", kFence},
               {"UCGABAR_ARV", kAlu},      {"UCGABAR_WAIT", kAlu},
               {"WARPGROUP", kAlu},        {"ELECT", kAlu},
               {"ACQBULK", kBranch},       {"PREEXIT", kBranch},
               {"ENDCOLLECTIVE", kBranch}, {"VIADD", kAlu},
               {"USETMAXREG", kAlu}});
}
