#include "warpsim/workload/ptx/LaunchRecord.h"

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <cstring>
#include <map>
#include <memory>
#include <sstream>

#include <nlohmann/json.hpp>

#include "warpsim/config/ConfigSchema.h"
#include "warpsim/config/FileText.h"
#include "warpsim/workload/ptx/PtxKernel.h"
#include "warpsim/workload/ptx/PtxParser.h"
#include "warpsim/workload/ptx/PtxasLog.h"

namespace warpsim::ptx {
namespace {

using nlohmann::json;

struct Reader {
  std::string dir, file;  // file: DIR/launch.json, for messages

  [[noreturn]] void fail(const std::string& where, const std::string& what) const {
    throw ConfigError(file + ": " + where + ": " + what);
  }
  // The bytes of the file `name` (beside the record): at most `maxBytes`, else a failure
  // saying `tooLarge` (or naming the limit).
  std::vector<std::uint8_t> bytesOf(const std::string& name, const std::string& where,
                                    std::uint64_t maxBytes = kMaxRecordMemory,
                                    const std::string& tooLarge = "") const {
    std::string text;
    const std::string path = dir + "/" + name;
    const FileRead read = readFileText(path, maxBytes, text);
    if (read == FileRead::TooLarge && !tooLarge.empty()) fail(where, tooLarge);
    if (read != FileRead::Ok) fail(where, fileReadProblem(read, "file", path, maxBytes));
    return std::vector<std::uint8_t>(text.begin(), text.end());
  }
  // A non-negative integer, written as a number or as a "0x..." string.
  std::uint64_t number(const json& j, const std::string& where) const {
    if (j.is_number_unsigned()) return j.get<std::uint64_t>();
    if (j.is_string()) {
      const std::string s = j.get<std::string>();
      std::size_t used = 0;
      try {
        // stoull would take a sign or leading blanks ("-1" as 2^64 - 1): digits only.
        const std::uint64_t v = !s.empty() && std::isdigit(static_cast<unsigned char>(s[0]))
                                    ? std::stoull(s, &used, 0)
                                    : 0;
        if (used != 0 && used == s.size()) return v;
      } catch (const std::exception&) {
      }
    }
    fail(where, "'" + j.dump() + "' is not a non-negative integer (a number or \"0x...\")");
  }
  // number() that must fit in 32 bits (a count or size the simulator keeps as 32 bits).
  std::uint32_t number32(const json& j, const std::string& where) const {
    const std::uint64_t v = number(j, where);
    if (v > 0xffffffffu) fail(where, std::to_string(v) + " is too large (at most 4294967295)");
    return static_cast<std::uint32_t>(v);
  }
  // A string field's value (a file or kernel name).
  std::string text(const json& j, const std::string& where) const {
    if (!j.is_string()) fail(where, "'" + j.dump() + "' is not a string");
    return j.get<std::string>();
  }
  // `key` of object `j` as a string, or `fallback` when absent.
  std::string text(const json& j, const char* key, const std::string& fallback,
                   const std::string& where) const {
    return j.is_object() && j.contains(key) ? text(j.at(key), where + "." + key) : fallback;
  }
  // `key` of the record as a list ([] when absent).
  const json& list(const json& doc, const char* key) const {
    static const json empty = json::array();
    if (!doc.contains(key)) return empty;
    if (!doc.at(key).is_array()) fail(key, "expected a list [...]");
    return doc.at(key);
  }
  const json& field(const json& j, const char* key, const std::string& where) const {
    if (!j.is_object() || !j.contains(key)) fail(where, std::string("missing \"") + key + "\"");
    return j.at(key);
  }
  Dim3 dim3(const json& j, const std::string& where) const {
    if (!j.is_array() || j.empty() || j.size() > 3) fail(where, "expected [x, y, z]");
    std::uint32_t v[3] = {1, 1, 1};
    for (std::size_t i = 0; i < j.size(); ++i) {
      const std::uint64_t n = number(j[i], where);
      if (n == 0 || n > 0xffffffffu)
        fail(where, "dimension " + std::to_string(n) + " out of range");
      v[i] = static_cast<std::uint32_t>(n);
    }
    return Dim3{v[0], v[1], v[2]};
  }
};

// The parameter block of `kernel` from the record's argument list: one entry per .param, each
// {"u32": 7}, {"s32": -1}, {"u64": "0x..."}, {"f32": 1.5}, {"f64": 2.0} or {"bytes": "0a0b..."}
// (by-value structs), whose size must be the parameter's.
std::vector<std::uint8_t> paramBlock(const Reader& r, const Function& kernel, const json& args,
                                     const std::string& where) {
  if (!args.is_array() || args.size() != kernel.params.size())
    r.fail(where, "kernel " + kernel.name + " takes " + std::to_string(kernel.params.size()) +
                      " parameters; the record gives " +
                      std::to_string(args.is_array() ? args.size() : 0));
  std::vector<std::uint8_t> block(kernel.paramBytes, 0);
  for (std::size_t i = 0; i < args.size(); ++i) {
    const Param& p = kernel.params[i];
    const std::string at = where + "[" + std::to_string(i) + "]";
    if (!args[i].is_object() || args[i].size() != 1) r.fail(at, "expected {\"<type>\": value}");
    const std::string type = args[i].begin().key();
    const json& v = args[i].begin().value();
    std::vector<std::uint8_t> bytes;
    auto put = [&bytes](const void* src, std::size_t n) {
      bytes.assign(static_cast<const std::uint8_t*>(src),
                   static_cast<const std::uint8_t*>(src) + n);
    };
    if (type == "u32" || type == "u64" || type == "s32" || type == "s64") {
      const bool wide = type[1] == '6';
      const bool negative = v.is_number_integer() && v.get<std::int64_t>() < 0;
      std::uint64_t x =
          negative ? static_cast<std::uint64_t>(v.get<std::int64_t>()) : r.number(v, at);
      if (!wide && (negative ? v.get<std::int64_t>() < INT32_MIN : x > 0xffffffffu))
        r.fail(at, "'" + args[i].dump() + "': does not fit in 32 bits");
      put(&x, wide ? 8 : 4);
    } else if (type == "f32" && v.is_number()) {
      const float f = v.get<float>();
      put(&f, 4);
    } else if (type == "f64" && v.is_number()) {
      const double d = v.get<double>();
      put(&d, 8);
    } else if (type == "bytes" && v.is_string() && v.get<std::string>().size() % 2 == 0) {
      const std::string h = v.get<std::string>();
      auto digit = [&](char c) -> int {
        if (c >= '0' && c <= '9') return c - '0';
        if (c >= 'a' && c <= 'f') return c - 'a' + 10;
        if (c >= 'A' && c <= 'F') return c - 'A' + 10;
        r.fail(at, "'" + h + "': bytes in hexadecimal expected (two digits 0-9, a-f per byte)");
      };
      for (std::size_t k = 0; k < h.size(); k += 2)
        bytes.push_back(static_cast<std::uint8_t>(digit(h[k]) * 16 + digit(h[k + 1])));
    } else {
      r.fail(at, "'" + args[i].dump() + "': expected u32, s32, u64, s64, f32, f64 or bytes");
    }
    if (bytes.size() != p.size)
      r.fail(at, "parameter " + p.name + " of " + kernel.name + " is " + std::to_string(p.size) +
                     " bytes; the record gives " + std::to_string(bytes.size()));
    std::memcpy(block.data() + p.offset, bytes.data(), bytes.size());
  }
  return block;
}

// The address of the module's .global or .const variable `name`.
std::uint64_t variableAddress(const Reader& r, const PtxProgram& program, const std::string& name,
                              const std::string& at) {
  const auto& globals = program.module().globals;
  for (std::uint32_t g = 0; g < globals.size(); ++g)
    if (globals[g].name == name && globals[g].space != Space::Shared)
      return program.globalAddress(g);
  r.fail(at, "no .global or .const variable '" + name + "' in the PTX");
}

}  // namespace

Workload loadLaunchRecord(const std::string& dir, std::string* occupancy, std::uint64_t ctaBudget) {
  Reader r{dir, dir + "/launch.json"};
  std::string text;
  const FileRead read = readFileText(r.file, kMaxRecordFileBytes, text);
  if (read != FileRead::Ok)
    throw ConfigError(fileReadProblem(read, "launch record", r.file, kMaxRecordFileBytes));
  json doc;
  try {
    doc = json::parse(text);
  } catch (const json::exception& e) {
    throw ConfigError(r.file + ": not JSON: " + e.what());
  }
  if (!doc.is_object() || doc.value("format", json()) != "warpsim-launch-record" ||
      doc.value("version", json()) != 1)
    r.fail("format", "expected \"format\": \"warpsim-launch-record\", \"version\": 1");

  auto memory = std::make_shared<GlobalMemory>();
  const json& regions = r.list(doc, "memory");
  std::uint64_t total = 0;
  for (std::size_t i = 0; i < regions.size(); ++i) {
    const std::string at = "memory[" + std::to_string(i) + "]";
    const json& m = regions[i];
    const std::uint64_t base = r.number(r.field(m, "base", at), at + ".base");
    const std::uint64_t size = r.number(r.field(m, "size", at), at + ".size");
    const std::string name = r.text(m, "name", at, at);
    // The regions are allocated on the host: a few bytes of JSON must not ask for terabytes.
    total += std::min(size, kMaxRecordMemory + 1);
    if (total > kMaxRecordMemory)
      r.fail(at + ".size", std::to_string(size) + " bytes: the regions add up to more than " +
                               std::to_string(kMaxRecordMemory >> 20) +
                               " MiB, the most a launch record may hold");
    try {
      memory->allocate(base, size, name);
    } catch (const std::logic_error& e) {
      r.fail(at, e.what());
    }
    if (m.contains("init")) {
      const std::vector<std::uint8_t> bytes = r.bytesOf(
          r.text(m.at("init"), at + ".init"), at, size, "init file is larger than the region");
      std::memcpy(memory->find(base, size), bytes.data(), bytes.size());
    }
  }
  const std::string ptxName = r.text(r.field(doc, "ptx", "ptx"), "ptx");
  const std::string ptxPath = !ptxName.empty() && ptxName[0] == '/' ? ptxName : dir + "/" + ptxName;
  auto program = std::make_shared<const PtxProgram>(loadPtxFile(ptxPath), *memory);
  // Module variables whose contents differ from their initialisers (a CUDA program's
  // cudaMemcpyToSymbol, or earlier kernels): by name, since their addresses are the module's.
  const json& variables = r.list(doc, "variables");
  for (std::size_t i = 0; i < variables.size(); ++i) {
    const std::string at = "variables[" + std::to_string(i) + "]";
    const std::string name = r.text(r.field(variables[i], "name", at), at + ".name");
    const std::vector<std::uint8_t> bytes =
        r.bytesOf(r.text(r.field(variables[i], "init", at), at + ".init"), at);
    std::uint8_t* to = memory->find(variableAddress(r, *program, name, at), bytes.size());
    if (!to)
      r.fail(at, "'" + name + "' is smaller than its " + std::to_string(bytes.size()) + " bytes");
    std::memcpy(to, bytes.data(), bytes.size());
  }
  // `ptxas -v` output kept beside the PTX: occupancy figures for the kernels it compiled.
  std::map<std::string, PtxasFigures> ptxas;
  if (doc.contains("ptxas_log")) {
    const std::string logName = r.text(doc.at("ptxas_log"), "ptxas_log");
    const std::vector<std::uint8_t> log = r.bytesOf(logName, "ptxas_log", kMaxRecordFileBytes);
    ptxas = parsePtxasLog(std::string(log.begin(), log.end()), dir + "/" + logName);
  }

  // Texture objects, by the handle the kernels get as an argument.
  std::vector<TextureDesc> textures;
  const json& texs = r.list(doc, "textures");
  for (std::size_t i = 0; i < texs.size(); ++i) {
    const std::string at = "textures[" + std::to_string(i) + "]";
    const json& t = texs[i];
    TextureDesc d;
    d.handle = r.number(r.field(t, "handle", at), at + ".handle");
    d.base = r.number(r.field(t, "base", at), at + ".base");
    d.width = r.number32(r.field(t, "width", at), at + ".width");
    d.height = t.contains("height") ? r.number32(t.at("height"), at + ".height") : 1;
    d.channels = t.contains("channels") ? r.number32(t.at("channels"), at + ".channels") : 1;
    d.pitch = t.contains("pitch") ? r.number(t.at("pitch"), at + ".pitch") : 0;
    const std::string format = r.text(t, "format", "f32", at);
    d.format = format == "s32" ? Type::S32 : format == "u32" ? Type::U32 : Type::F32;
    if (format != "s32" && format != "u32" && format != "f32")
      r.fail(at + ".format", "'" + format + "': allowed: s32, u32, f32 (32-bit channels)");
    if (d.width == 0 || d.height == 0 || d.channels == 0 || d.channels > 4)
      r.fail(at, "width and height at least 1, channels 1 to 4");
    const std::uint64_t elem = std::uint64_t{d.channels} * 4;
    const std::uint64_t pitch = d.pitch ? d.pitch : d.width * elem;
    std::uint64_t span = 0;  // pitch * (height - 1) + width * elem, unless it overflows
    const bool overflow = __builtin_mul_overflow(pitch, d.height - 1, &span) ||
                          __builtin_add_overflow(span, d.width * elem, &span);
    if (overflow || !memory->find(d.base, span))
      r.fail(at, "the texels are not inside one memory region");
    textures.push_back(d);
  }

  Workload w;
  w.name = "launch record " + dir;
  r.field(doc, "launches", "launches");  // required, unlike the other lists
  const json& launches = r.list(doc, "launches");
  for (std::size_t i = 0; i < launches.size(); ++i) {
    const std::string at = "launches[" + std::to_string(i) + "]";
    const json& l = launches[i];
    PtxLaunch launch;
    launch.kernel = program->functionIndex(r.text(r.field(l, "kernel", at), at + ".kernel"));
    const Function& k = program->module().functions[launch.kernel];
    if (!k.isEntry) r.fail(at + ".kernel", k.name + " is a .func, not an .entry");
    launch.grid = r.dim3(r.field(l, "grid", at), at + ".grid");
    // CUDA's limits (x below 2^31, y and z at most 65535), and CTA ids of 32 bits.
    if (launch.grid.x > 0x7fffffffu || launch.grid.y > 65535 || launch.grid.z > 65535 ||
        launch.grid.count() > 0xffffffffu)
      r.fail(at + ".grid", "[" + std::to_string(launch.grid.x) + ", " +
                               std::to_string(launch.grid.y) + ", " +
                               std::to_string(launch.grid.z) +
                               "]: allowed: x up to 2147483647, y and z up to 65535, and at most "
                               "4294967295 thread blocks in all");
    launch.block = r.dim3(r.field(l, "block", at), at + ".block");
    if (launch.block.count() > 1024) r.fail(at + ".block", "more than 1024 threads");
    launch.dynamicSharedBytes = l.contains("dynamic_shared")
                                    ? r.number32(l.at("dynamic_shared"), at + ".dynamic_shared")
                                    : 0;
    launch.params = paramBlock(r, k, r.field(l, "args", at), at + ".args");
    launch.textures = textures;
    launch.instructionBudget = ctaBudget;
    Occupancy occ = occupancyFromPtx(*program, launch);
    if (l.contains("ptxas")) {  // `ptxas -v` figures: registers and static shared bytes
      PtxasFigures f;
      f.registers =
          r.number32(r.field(l.at("ptxas"), "registers", at + ".ptxas"), at + ".ptxas.registers");
      f.sharedBytes =
          r.number32(r.field(l.at("ptxas"), "shared", at + ".ptxas"), at + ".ptxas.shared");
      occ = occupancyFromPtxas(f, launch, "ptxas -v");
    } else if (const auto f = ptxas.find(k.name); f != ptxas.end()) {
      occ = occupancyFromPtxas(f->second, launch, "ptxas -v log");
    }
    if (occupancy)
      *occupancy += k.name + ": " + std::to_string(occ.regsPerThread) + " registers/thread, " +
                    std::to_string(occ.smemPerCta) + " B shared/CTA (from " + occ.source + ")\n";
    w.kernels.push_back(makePtxKernel(program, memory, std::move(launch), occ));
  }
  // Expected outputs, compared once the run is over.
  struct Expect {
    std::string name;
    std::uint64_t base;
    std::vector<std::uint8_t> bytes;
  };
  std::vector<Expect> expects;
  const json& ex = r.list(doc, "expect");
  for (std::size_t i = 0; i < ex.size(); ++i) {
    const std::string at = "expect[" + std::to_string(i) + "]";
    // A region by its address, or a module variable by its name.
    std::uint64_t base = 0;
    if (ex[i].is_object() && ex[i].contains("variable"))
      base = variableAddress(r, *program, r.text(ex[i].at("variable"), at + ".variable"), at);
    else
      base = r.number(r.field(ex[i], "base", at), at);
    expects.push_back(Expect{r.text(ex[i], "name", at, at), base,
                             r.bytesOf(r.text(r.field(ex[i], "file", at), at + ".file"), at)});
  }
  if (!expects.empty())
    w.check = [memory, expects, file = r.file]() -> std::string {
      for (const Expect& e : expects) {
        const std::uint8_t* got = memory->find(e.base, e.bytes.size());
        if (!got) return file + ": expected region " + e.name + " is not in memory";
        for (std::size_t b = 0; b < e.bytes.size(); ++b)
          if (got[b] != e.bytes[b]) {
            std::ostringstream os;
            os << file << ": output " << e.name << " differs at byte " << b << ": expected "
               << int(e.bytes[b]) << ", got " << int(got[b]);
            return os.str();
          }
      }
      return "";
    };
  return w;
}

}  // namespace warpsim::ptx
