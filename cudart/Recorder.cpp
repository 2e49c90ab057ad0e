#include "Recorder.h"

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>

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

std::string hexBytes(const std::vector<std::uint8_t>& bytes) {
  std::string h;
  for (std::uint8_t b : bytes) {
    char two[3];
    std::snprintf(two, sizeof two, "%02x", b);
    h += two;
  }
  return h;
}

nlohmann::json launchJson(const RecordedLaunch& l) {
  nlohmann::json args = nlohmann::json::array();
  for (const std::vector<std::uint8_t>& a : l.args) args.push_back({{"bytes", hexBytes(a)}});
  nlohmann::json j = {{"kernel", l.kernel},
                      {"grid", {l.grid.x, l.grid.y, l.grid.z}},
                      {"block", {l.block.x, l.block.y, l.block.z}},
                      {"dynamic_shared", l.dynamicShared},
                      {"args", args}};
  if (l.ptxas.registers != 0)
    j["ptxas"] = {{"registers", l.ptxas.registers}, {"shared", l.ptxas.sharedBytes}};
  return j;
}

nlohmann::json textureJson(const ptx::TextureDesc& t) {
  const char* format = t.format == ptx::Type::S32   ? "s32"
                       : t.format == ptx::Type::U32 ? "u32"
                                                    : "f32";
  return {{"handle", t.handle},     {"base", hex(t.base)}, {"width", t.width}, {"height", t.height},
          {"channels", t.channels}, {"pitch", t.pitch},    {"format", format}};
}

}  // namespace

void Recorder::snapshot(const ptx::GlobalMemory& memory, const std::vector<std::uint64_t>& heap,
                        const ptx::PtxProgram& program) {
  regions_.clear();
  variables_.clear();
  for (const auto& [end, a] : memory.allocations())
    for (std::uint64_t base : heap)
      if (a.base == base) regions_.push_back(Region{base, a.bytes, {}, false});
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

void Recorder::before(const RecordedLaunch& launch, const ptx::GlobalMemory& memory,
                      const std::vector<std::uint64_t>& heap, const ptx::PtxProgram& program) {
  if (!program_) {
    launches_.assign(1, launch);
    snapshot(memory, heap, program);
    return;
  }
  if (launches_.empty()) snapshot(memory, heap, program);
  if (!launches_.empty() && launch.ptx != launches_.front().ptx)
    abandon("kernel " + launch.kernel + " is from another module than " + launches_.front().kernel +
            " (a record holds one PTX module)");
  launches_.push_back(launch);
}

void Recorder::after(const ptx::GlobalMemory& memory) {
  if (program_) return;
  char name[32];
  std::snprintf(name, sizeof name, "launch-%03u", ++count_);
  write((std::filesystem::path(dir_) / name).string(), launches_, memory);
}

void Recorder::hostWrote(const char* call) {
  if (program_ && !launches_.empty())
    abandon(std::string(call) + " changed device memory after launch " +
            std::to_string(launches_.size()) + " (a record holds one memory image)");
}

void Recorder::released(std::uint64_t base, const ptx::GlobalMemory& memory) {
  if (!program_ || launches_.empty()) return;
  for (Region& r : regions_)
    if (r.base == base && !r.freed) {
      const std::uint8_t* now = memory.find(base, r.bytes.size());
      if (now) r.last.assign(now, now + r.bytes.size());
      r.freed = true;
    }
}

void Recorder::finish(const ptx::GlobalMemory& memory) {
  if (!program_ || launches_.empty()) return;
  if (!broken_.empty()) {
    std::cerr << "warpsim: WARPSIM_RECORD_PROGRAM: no record written: " << broken_
              << "; WARPSIM_RECORD writes one record per launch\n";
    return;
  }
  write(dir_, launches_, memory);
}

void Recorder::write(const std::string& where, const std::vector<RecordedLaunch>& launches,
                     const ptx::GlobalMemory& memory) const {
  const std::filesystem::path dir(where);
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec) throw std::runtime_error("WARPSIM_RECORD: cannot create " + dir.string());
  std::ofstream ptx(dir / "kernel.ptx");
  ptx << launches.front().ptx;
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
    const std::uint8_t* now =
        r.freed ? (r.last.empty() ? nullptr : r.last.data()) : memory.find(r.base, r.bytes.size());
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
  nlohmann::json launchList = nlohmann::json::array();
  std::map<std::uint64_t, ptx::TextureDesc> textures;  // every object any launch saw
  for (const RecordedLaunch& l : launches) {
    launchList.push_back(launchJson(l));
    for (const ptx::TextureDesc& t : l.textures) textures[t.handle] = t;
  }
  nlohmann::json doc = {{"format", "warpsim-launch-record"},
                        {"version", 1},
                        {"ptx", "kernel.ptx"},
                        {"memory", regions},
                        {"variables", variables},
                        {"launches", launchList},
                        {"expect", expect}};
  if (!textures.empty()) {
    doc["textures"] = nlohmann::json::array();
    for (const auto& [handle, t] : textures) doc["textures"].push_back(textureJson(t));
  }
  std::ofstream json(dir / "launch.json");
  json << doc.dump(1) << "\n";
  if (!json)
    throw std::runtime_error("WARPSIM_RECORD: cannot write " + (dir / "launch.json").string());
}

}  // namespace warpsim::cudart
