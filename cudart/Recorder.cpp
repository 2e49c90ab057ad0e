#include "Recorder.h"

#include <cstdio>
#include <filesystem>
#include <fstream>

#include <nlohmann/json.hpp>

namespace warpsim::cudart {
namespace {

std::string hex(std::uint64_t v) {
  char buf[24];
  std::snprintf(buf, sizeof buf, "0x%llx", static_cast<unsigned long long>(v));
  return buf;
}

void writeBytes(const std::filesystem::path& path, const std::vector<std::uint8_t>& bytes) {
  std::ofstream out(path, std::ios::binary);
  out.write(reinterpret_cast<const char*>(bytes.data()),
            static_cast<std::streamsize>(bytes.size()));
  if (!out) throw std::runtime_error("WARPSIM_RECORD: cannot write " + path.string());
}

}  // namespace

void Recorder::before(const RecordedLaunch& launch, const ptx::GlobalMemory& memory,
                      const std::vector<std::uint64_t>& heap, const ptx::PtxProgram& program) {
  launch_ = launch;
  regions_.clear();
  variables_.clear();
  for (const auto& [end, a] : memory.allocations())
    for (std::uint64_t base : heap)
      if (a.base == base) regions_.push_back(Region{base, a.bytes});
  const auto& globals = program.module().globals;
  for (std::uint32_t g = 0; g < globals.size(); ++g) {
    const ptx::Variable& v = globals[g];
    if (v.space == ptx::Space::Shared || v.size == 0) continue;
    const std::uint8_t* now = memory.find(program.globalAddress(g), v.size);
    std::vector<std::uint8_t> init(v.size, 0);
    std::copy(v.init.begin(), v.init.begin() + std::min<std::size_t>(v.init.size(), v.size),
              init.begin());
    if (!now || !v.addrInits.empty()) continue;  // holds addresses: its initialiser says them
    variables_.push_back(Variable{v.name, program.globalAddress(g),
                                  std::vector<std::uint8_t>(now, now + v.size),
                                  !std::equal(init.begin(), init.end(), now)});
  }
}

void Recorder::after(const ptx::GlobalMemory& memory) {
  char name[32];
  std::snprintf(name, sizeof name, "launch-%03u", ++count_);
  const std::filesystem::path dir = std::filesystem::path(dir_) / name;
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec) throw std::runtime_error("WARPSIM_RECORD: cannot create " + dir.string());
  std::ofstream ptx(dir / "kernel.ptx");
  ptx << launch_.ptx;
  if (!ptx)
    throw std::runtime_error("WARPSIM_RECORD: cannot write " + (dir / "kernel.ptx").string());
  nlohmann::json regions = nlohmann::json::array(), expect = nlohmann::json::array();
  for (std::size_t i = 0; i < regions_.size(); ++i) {
    const Region& r = regions_[i];
    const std::string file = "r" + std::to_string(i) + ".bin";
    writeBytes(dir / file, r.bytes);
    regions.push_back({{"name", "r" + std::to_string(i)},
                       {"base", hex(r.base)},
                       {"size", r.bytes.size()},
                       {"init", file}});
    const std::uint8_t* now = memory.find(r.base, r.bytes.size());
    if (now && !std::equal(r.bytes.begin(), r.bytes.end(), now)) {  // an output: checked
      const std::string out = "r" + std::to_string(i) + ".expected.bin";
      writeBytes(dir / out, std::vector<std::uint8_t>(now, now + r.bytes.size()));
      expect.push_back({{"name", "r" + std::to_string(i)}, {"base", hex(r.base)}, {"file", out}});
    }
  }
  nlohmann::json variables = nlohmann::json::array();
  for (const Variable& v : variables_) {
    if (v.changed) {
      const std::string file = "var-" + v.name + ".bin";
      writeBytes(dir / file, v.bytes);
      variables.push_back({{"name", v.name}, {"init", file}});
    }
    const std::uint8_t* now = memory.find(v.address, v.bytes.size());
    if (now && !std::equal(v.bytes.begin(), v.bytes.end(), now)) {
      const std::string out = "var-" + v.name + ".expected.bin";
      writeBytes(dir / out, std::vector<std::uint8_t>(now, now + v.bytes.size()));
      expect.push_back({{"name", v.name}, {"variable", v.name}, {"file", out}});
    }
  }
  nlohmann::json args = nlohmann::json::array();
  for (const std::vector<std::uint8_t>& a : launch_.args) {
    std::string h;
    for (std::uint8_t b : a) {
      char two[3];
      std::snprintf(two, sizeof two, "%02x", b);
      h += two;
    }
    args.push_back({{"bytes", h}});
  }
  nlohmann::json textures = nlohmann::json::array();
  for (const ptx::TextureDesc& t : launch_.textures) {
    const char* format = t.format == ptx::Type::S32   ? "s32"
                         : t.format == ptx::Type::U32 ? "u32"
                                                      : "f32";
    textures.push_back({{"handle", t.handle},
                        {"base", hex(t.base)},
                        {"width", t.width},
                        {"height", t.height},
                        {"channels", t.channels},
                        {"pitch", t.pitch},
                        {"format", format}});
  }
  nlohmann::json doc = {{"format", "warpsim-launch-record"},
                        {"version", 1},
                        {"ptx", "kernel.ptx"},
                        {"memory", regions},
                        {"variables", variables},
                        {"launches",
                         {{{"kernel", launch_.kernel},
                           {"grid", {launch_.grid.x, launch_.grid.y, launch_.grid.z}},
                           {"block", {launch_.block.x, launch_.block.y, launch_.block.z}},
                           {"dynamic_shared", launch_.dynamicShared},
                           {"args", args}}}},
                        {"expect", expect}};
  if (!textures.empty()) doc["textures"] = textures;
  if (launch_.ptxas.registers != 0)
    doc["launches"][0]["ptxas"] = {{"registers", launch_.ptxas.registers},
                                   {"shared", launch_.ptxas.sharedBytes}};
  std::ofstream json(dir / "launch.json");
  json << doc.dump(1) << "\n";
  if (!json)
    throw std::runtime_error("WARPSIM_RECORD: cannot write " + (dir / "launch.json").string());
}

}  // namespace warpsim::cudart
