#include "warpsim/workload/trace/KernelTrace.h"

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <iostream>

#include "warpsim/workload/trace/CtaCodec.h"
#include "warpsim/workload/trace/TraceError.h"
#include "warpsim/workload/trace/TraceWarpStream.h"

namespace warpsim::trace {
namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

bool parseUInt(std::string_view s, std::uint64_t& v, int base = 10) {
  s = trim(s);
  if (base == 16 && s.size() > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) s.remove_prefix(2);
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v, base);
  return !s.empty() && ec == std::errc() && end == s.data() + s.size();
}

// "(x,y,z)" or "x,y,z", each a 32-bit unsigned integer.
bool parseTriple(std::string_view s, Dim3& d) {
  s = trim(s);
  if (!s.empty() && s.front() == '(' && s.back() == ')') s = s.substr(1, s.size() - 2);
  std::uint64_t v[3];
  for (int i = 0; i < 3; ++i) {
    const std::size_t comma = s.find(',');
    if ((comma == std::string_view::npos) != (i == 2)) return false;
    if (!parseUInt(s.substr(0, comma), v[i]) || v[i] > 0xffffffffu) return false;
    s = comma == std::string_view::npos ? std::string_view() : s.substr(comma + 1);
  }
  d = Dim3{static_cast<std::uint32_t>(v[0]), static_cast<std::uint32_t>(v[1]),
           static_cast<std::uint32_t>(v[2])};
  return true;
}

// "key = value" after the given key, or false.
bool valueAfter(std::string_view line, std::string_view key, std::string_view& value) {
  line = trim(line);
  if (line.substr(0, key.size()) != key) return false;
  line = trim(line.substr(key.size()));
  if (line.empty() || line.front() != '=') return false;
  value = trim(line.substr(1));
  return true;
}

std::string hex8(std::uint32_t v) {
  char buf[9];
  std::snprintf(buf, sizeof buf, "%08x", v);
  return buf;
}

bool looksLikeInstruction(std::string_view line) {
  std::uint64_t v;
  const std::string_view first = trim(line).substr(0, trim(line).find(' '));
  return parseUInt(first, v, 16) && trim(line).find(' ') != std::string_view::npos;
}

}  // namespace

KernelTrace::KernelTrace(const std::string& path, const TraceOptions& options,
                         std::shared_ptr<BlockSpill> spill)
    : path_(path), options_(options), spill_(std::move(spill)) {
  std::string key, cacheFile;
  if (!options_.cacheDir.empty()) {
    key = cacheKey(path_, options_);
    if (key.empty()) {
      warn(path_ +
           ": warning: the trace file or this program cannot be examined (stat); not "
           "cached");
    } else {
      cacheFile = cacheFileName(options_.cacheDir, path_, key);
      if (loadCached(cacheFile, key)) return;
      std::string why;
      auto named = BlockSpill::createNamed(
          options_.cacheDir, options_.spillLimitBytes,
          [this](const std::string& m) { warn(path_ + ": warning: " + m); }, why);
      if (named) {
        spill_ = std::move(named);
      } else {
        cacheFile.clear();  // this run keeps its blocks in the run's spill file
        warn(path_ + ": warning: cannot create a cache file in " + options_.cacheDir + " (" + why +
             "); the trace is checked again on the next run");
      }
    }
  }
  reader_ = std::make_unique<LineReader>(path_);
  readHeader();
  scanBody();
  reader_.reset();  // reopened when the first block launches: one open file per running kernel
  if (!cacheFile.empty()) writeCache(cacheFile, key);
}

bool KernelTrace::loadCached(const std::string& file, const std::string& key) {
  std::shared_ptr<BlockSpill> cached = BlockSpill::openExisting(file);
  KernelIndex k;
  if (!cached || !readIndex(*cached, key, k)) return false;  // none, stale or damaged: check
  header_ = std::move(k.header);
  warpsPerCta_ = k.warpsPerCta;
  warpInsts_ = k.warpInsts;
  threadInsts_ = k.threadInsts;
  blocks_ = std::move(k.blocks);
  for (const std::string& w : k.warnings) warn(w);
  warnedTrailing_ = warnedUnknown_ = true;  // given above, if the check gave them
  makeParser();
  cached->close();  // opened again when the first block launches
  spill_ = std::move(cached);
  fromCache_ = true;
  return true;
}

void KernelTrace::writeCache(const std::string& file, const std::string& key) {
  if (!spill_->complete()) return;  // past its limit: this run's spill file only
  KernelIndex k;
  k.header = header_;
  k.warpsPerCta = warpsPerCta_;
  k.warpInsts = warpInsts_;
  k.threadInsts = threadInsts_;
  k.blocks = blocks_;
  k.warnings = warnings_;
  if (!appendIndex(*spill_, key, k) || !spill_->publish(file))
    warn(path_ + ": warning: cannot write the cache file " + file +
         "; the trace is checked again on the next run");
}

void KernelTrace::warn(const std::string& msg) const {
  if (options_.warn)
    options_.warn(msg);
  else
    std::cerr << msg << "\n";
}

void KernelTrace::fail(const std::string& what) const {
  throw TraceError(path_, reader_ ? reader_->lineNumber() : 0, what);
}

void KernelTrace::warnOnce(bool& warned, const std::string& what) {
  if (warned) return;
  warned = true;
  const std::string msg =
      path_ + ":" + std::to_string(reader_ ? reader_->lineNumber() : 0) + ": warning: " + what;
  warnings_.push_back(msg);
  warn(msg);
}

void KernelTrace::readHeader() {
  std::string_view line;
  TraceHeader& h = header_;
  h.kernelName = path_;
  bool versionLine = false;
  while (true) {
    if (!reader_->next(line)) fail("the file ends in its header (no '#' line, no thread block)");
    line = trim(line);
    if (line.empty()) continue;
    if (line.front() == '#') break;
    if (line.front() != '-') {
      if (looksLikeInstruction(line))
        fail(
            "an instruction line in the header: this looks like the NVBit tracer's raw output; "
            "run Accel-Sim's post-processor (util/tracer_nvbit/tracer_tool/traces-processing) "
            "on it first");
      fail("expected a header line '-key = value', got '" + std::string(line) + "'");
    }
    const std::size_t eq = line.find('=');
    if (eq == std::string_view::npos) fail("header line without '=': '" + std::string(line) + "'");
    const std::string_view key = trim(line.substr(1, eq - 1));
    const std::string_view value = trim(line.substr(eq + 1));
    std::uint64_t v = 0;
    auto number = [&](int base = 10) {
      if (!parseUInt(value, v, base))
        fail("-" + std::string(key) + " = '" + std::string(value) + "': " +
             (base == 16 ? "a hexadecimal address" : "a non-negative integer") + " expected");
      return v;
    };
    auto u32 = [&]() {
      if (number() > 0xffffffffu)
        fail("-" + std::string(key) + " = " + std::string(value) + ": too large");
      return static_cast<std::uint32_t>(v);
    };
    if (key == "kernel name") {
      h.kernelName = std::string(value);
    } else if (key == "kernel id") {
      h.kernelId = u32();
    } else if (key == "grid dim" || key == "block dim") {
      Dim3& d = key == "grid dim" ? h.grid : h.block;
      if (!parseTriple(value, d) || d.count() == 0)
        fail("-" + std::string(key) + " = '" + std::string(value) +
             "': '(x,y,z)' with positive integers expected");
      (key == "grid dim" ? h.hasGrid : h.hasBlock) = true;
    } else if (key == "shmem") {
      h.shmem = u32();
    } else if (key == "nregs") {
      h.nregs = u32();
    } else if (key == "binary version") {
      h.binaryVersion = u32();
      h.hasBinaryVersion = true;
    } else if (key == "cuda stream id") {
      h.streamId = number();
    } else if (key == "shmem base_addr") {
      h.shmemBase = number(16);
    } else if (key == "local mem base_addr") {
      h.localBase = number(16);
    } else if (key == "nvbit version") {
      h.nvbitVersion = std::string(value);
    } else if (key == "accelsim tracer version") {
      h.tracerVersion = u32();
      versionLine = true;
    } else if (key == "enable lineinfo") {
      h.lineinfo = number() != 0;
    } else {
      bool warned = false;
      warnOnce(warned, "unknown header key '-" + std::string(key) + "' ignored");
    }
  }
  if (versionLine && (h.tracerVersion < 3 || h.tracerVersion > 5))
    fail("-accelsim tracer version = " + std::to_string(h.tracerVersion) +
         ": unsupported (versions 3, 4 and 5 are read, and files without a version line)");
  if (!h.hasGrid) fail("the header has no '-grid dim' line");
  if (!h.hasBlock) fail("the header has no '-block dim' line");
  if (!h.hasBinaryVersion) fail("the header has no '-binary version' line");
  if (h.block.count() > 1024)
    fail("-block dim: " + std::to_string(h.block.count()) + " threads (at most 1024)");
  makeParser();
}

void KernelTrace::makeParser() {
  const TraceHeader& h = header_;
  const SassIsa* isa = sassIsaFor(h.binaryVersion);
  if (!isa) {
    std::size_t n = 0;
    const unsigned* all = supportedBinaryVersions(n);
    std::string list;
    for (std::size_t i = 0; i < n; ++i) list += (i ? ", " : "") + std::to_string(all[i]);
    fail("-binary version = " + std::to_string(h.binaryVersion) +
         ": unsupported (supported: " + list + ")");
  }
  parser_ = std::make_unique<InstLineParser>(h, *isa, options_);
  warpsPerCta_ = static_cast<std::uint32_t>((h.block.count() + kWarpSize - 1) / kWarpSize);
}

void KernelTrace::scanBody() {
  const std::uint64_t ctas = header_.grid.count();
  if (ctas > 0xffffffffu) fail("-grid dim: more than 2^32 - 1 thread blocks");
  // Blocks as the file lists them, sorted by id at the end: the header's grid alone (a few
  // bytes) must not size anything, so memory grows only with the blocks the file holds.
  blocks_.clear();
  std::string_view line;
  CtaTrace block;
  std::unique_ptr<std::uint8_t[]> encoded;  // grown without zeroing: written before it is read
  std::size_t room = 0;
  while (reader_->next(line)) {
    line = trim(line);
    if (line.empty()) continue;
    if (line == "#BEGIN_TB") {
      BlockIndex start;
      start.offset = reader_->lineOffset();
      start.lineBefore = reader_->lineNumber() - 1;
      block.insts.clear();
      block.addrs.clear();
      start.id = readBlock(block, &start.idLine);
      warpInsts_ += block.insts.size();
      for (const TraceInst& inst : block.insts)
        threadInsts_ += static_cast<unsigned>(__builtin_popcount(inst.mask));
      if (spill_) {
        if (encodedBound(block) > room) {
          room = encodedBound(block);
          encoded.reset(new std::uint8_t[room]);
        }
        const std::size_t n = encodeCta(block, encoded.get());
        start.spilled = spill_->store(encoded.get(), n);
        if (spill_->named()) start.crc = checksum(encoded.get(), n);
      }
      blocks_.push_back(start);
    } else if (line.front() == '#') {
      continue;  // a comment
    } else if (looksLikeInstruction(line)) {
      fail(
          "an instruction line outside a thread block: this looks like the NVBit tracer's raw "
          "output; run Accel-Sim's post-processor on it first");
    } else {
      fail("expected #BEGIN_TB, got '" + std::string(line) + "'");
    }
  }
  std::stable_sort(blocks_.begin(), blocks_.end(),
                   [](const BlockIndex& a, const BlockIndex& b) { return a.id < b.id; });
  KernelDesc k;
  k.grid = header_.grid;
  auto coords = [&k](std::uint64_t id) {
    const Dim3 c = k.ctaCoord(CtaId{static_cast<std::uint32_t>(id)});
    return "(" + std::to_string(c.x) + "," + std::to_string(c.y) + "," + std::to_string(c.z) + ")";
  };
  for (std::size_t i = 1; i < blocks_.size(); ++i)
    if (blocks_[i].id == blocks_[i - 1].id)
      throw TraceError(path_, blocks_[i].idLine,
                       "thread block " + coords(blocks_[i].id) + " appears twice");
  for (std::uint64_t i = 0; i < ctas; ++i)
    if (i == blocks_.size() || blocks_[i].id != i)
      fail("thread block " + coords(i) + " of the grid is missing from the file (truncated?)");
}

std::uint64_t KernelTrace::readBlock(CtaTrace& out, std::uint64_t* idLine) {
  std::string_view line, value;
  auto nextLine = [&](const char* expected) {
    do {
      if (!reader_->next(line))
        fail(std::string("the file ends inside a thread block (") + expected +
             " expected): truncated");
      line = trim(line);
    } while (line.empty());
  };
  nextLine("'thread block = x,y,z'");
  Dim3 c;
  if (!valueAfter(line, "thread block", value) || !parseTriple(value, c))
    fail("expected 'thread block = x,y,z', got '" + std::string(line) + "'");
  const Dim3& g = header_.grid;
  if (c.x >= g.x || c.y >= g.y || c.z >= g.z)
    fail("thread block (" + std::to_string(c.x) + "," + std::to_string(c.y) + "," +
         std::to_string(c.z) + ") outside the grid (" + std::to_string(g.x) + "," +
         std::to_string(g.y) + "," + std::to_string(g.z) + ")");
  const std::uint64_t id = c.x + std::uint64_t{g.x} * (c.y + std::uint64_t{g.y} * c.z);
  if (idLine) *idLine = reader_->lineNumber();

  const std::uint64_t threads = header_.block.count();
  std::vector<bool> seen(warpsPerCta_, false);
  out.warps.assign(warpsPerCta_, {});
  TraceInst inst;
  while (true) {
    nextLine("'warp = w' or #END_TB");
    if (line == "#END_TB") break;
    std::uint64_t w = 0, n = 0;
    if (!valueAfter(line, "warp", value) || !parseUInt(value, w))
      fail("expected 'warp = w' or #END_TB, got '" + std::string(line) + "'");
    if (w >= warpsPerCta_)
      fail("warp " + std::to_string(w) + " outside the thread block (" + std::to_string(threads) +
           " threads: warps 0-" + std::to_string(warpsPerCta_ - 1) + ")");
    if (seen[w]) fail("warp " + std::to_string(w) + " appears twice in the thread block");
    seen[w] = true;
    nextLine("'insts = n'");
    if (!valueAfter(line, "insts", value) || !parseUInt(value, n) || n > 0xffffffffu)
      fail("expected 'insts = n', got '" + std::string(line) + "'");
    // Lanes past the block's thread count do not exist.
    const std::uint64_t lanesHere = std::min<std::uint64_t>(kWarpSize, threads - w * kWarpSize);
    const std::uint32_t validLanes =
        lanesHere >= kWarpSize ? 0xffffffffu : (std::uint32_t{1} << lanesHere) - 1;
    out.warps[w].begin = static_cast<std::uint32_t>(out.insts.size());
    for (std::uint64_t i = 0; i < n; ++i) {
      if (!reader_->next(line))
        fail("the file ends after " + std::to_string(i) + " of warp " + std::to_string(w) +
             "'s insts = " + std::to_string(n) + " instruction lines: truncated");
      std::string_view t = trim(line);
      if (t.empty() || t.front() == '#' || t.substr(0, 4) == "warp")
        fail("warp " + std::to_string(w) + " has insts = " + std::to_string(n) + " but only " +
             std::to_string(i) + " instruction lines");
      InstLineParser::Notes notes;
      try {
        notes = parser_->parse(t, inst, out.addrs);
      } catch (const LineError& e) {
        fail(e.what());
      }
      if (inst.mask & ~validLanes)
        fail("mask " + hex8(inst.mask) + " has lanes past the thread block's " +
             std::to_string(threads) + " threads (warp " + std::to_string(w) + ")");
      if (notes.trailingTokens) warnOnce(warnedTrailing_, "unknown trailing tokens ignored");
      if (notes.unknownOpcode)
        warnOnce(warnedUnknown_, "opcodes missing from the table mapped by trace.unknown_opcodes");
      inst.last = i + 1 == n;
      out.insts.push_back(inst);
    }
    out.warps[w].end = static_cast<std::uint32_t>(out.insts.size());
  }
  return id;
}

std::shared_ptr<const CtaBytes> KernelTrace::cta(CtaId cta) {
  const std::uint64_t id = cta.value();
  if (id == cachedId_) return cached_;
  if (id >= blocks_.size())
    throw TraceError(path_, 0,
                     "thread block " + std::to_string(id) + " requested: outside the grid");
  const BlockSpill::Slot& slot = blocks_[id].spilled;
  if (slot.bytes == 0) {
    cached_ = readFromText(id);
  } else if (auto block = std::make_shared<CtaBytes>();
             spill_->load(slot, *block) &&
             encodedWarps(block->data(), block->size()) == warpsPerCta_ &&
             (!spill_->named() || checksum(block->data(), block->size()) == blocks_[id].crc)) {
    cached_ = std::move(block);
  } else if (spill_->named()) {  // a cache file (read or written by this run): the text is there
    if (!warnedCache_)
      warn(path_ + ": warning: thread block " + std::to_string(id) + " of the cache file " +
           spill_->path() +
           " is missing or damaged; this kernel's blocks that cannot be read from it are "
           "parsed again from the trace");
    warnedCache_ = true;
    cached_ = readFromText(id);
  } else {
    throw TraceError(path_, blocks_[id].idLine,
                     "thread block " + std::to_string(id) +
                         ": the spill file of decoded blocks cannot be read back");
  }
  if (id + 1 == blocks_.size()) {  // blocks launch in order: this was the last
    if (spill_) spill_->close();   // (a cache file's; the run's spill file stays open)
    reader_.reset();
  }
  cachedId_ = id;
  return cached_;
}

std::shared_ptr<const CtaBytes> KernelTrace::readFromText(std::uint64_t id) {
  if (!reader_) reader_ = std::make_unique<LineReader>(path_);
  reader_->seek(blocks_[id].offset, blocks_[id].lineBefore);
  std::string_view line;
  if (!reader_->next(line) || trim(line) != "#BEGIN_TB")
    fail("the file changed since it was checked (no #BEGIN_TB here)");
  CtaTrace decoded;
  if (readBlock(decoded) != id) fail("the file changed since it was checked");
  auto block = std::make_shared<CtaBytes>(encodedBound(decoded));
  block->resize(encodeCta(decoded, block->data()));
  return block;
}

KernelDesc KernelTrace::describe(const std::shared_ptr<KernelTrace>& trace) {
  const TraceHeader& h = trace->header();
  KernelDesc k;
  k.name = h.kernelName;
  k.grid = h.grid;
  k.block = h.block;
  k.regsPerThread = h.nregs;
  k.smemPerCta = h.shmem;
  k.makeWarp = [trace](CtaId cta, std::uint32_t warpInCta) {
    return std::unique_ptr<IWarpStream>(
        new TraceWarpStream(trace->cta(cta), warpInCta, trace->path()));
  };
  return k;
}

}  // namespace warpsim::trace
