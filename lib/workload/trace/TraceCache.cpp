#include "warpsim/workload/trace/TraceCache.h"

#include <sys/stat.h>

#include <cstdio>
#include <cstring>
#include <filesystem>

namespace warpsim::trace {
namespace {

constexpr char kMagic[8] = {'W', 'S', 'B', 'C', '0', '0', '0', '1'};  // the format's version
constexpr std::size_t kTrailerBytes = 8 + 8 + sizeof kMagic;

class Writer {
 public:
  template <class T>
  void put(T v) {
    const auto* p = reinterpret_cast<const std::uint8_t*>(&v);
    bytes.insert(bytes.end(), p, p + sizeof(T));
  }
  void put(const std::string& s) {
    put<std::uint32_t>(static_cast<std::uint32_t>(s.size()));
    bytes.insert(bytes.end(), s.begin(), s.end());
  }
  void put(const Dim3& d) {
    put(d.x);
    put(d.y);
    put(d.z);
  }
  std::vector<std::uint8_t> bytes;
};

// Reads what Writer wrote; every read past the end leaves ok false.
class Reader {
 public:
  Reader(const std::uint8_t* p, std::size_t n) : p_(p), end_(p + n) {}
  template <class T>
  T get() {
    T v{};
    if (static_cast<std::size_t>(end_ - p_) < sizeof(T)) {
      ok = false;
      return v;
    }
    std::memcpy(&v, p_, sizeof(T));
    p_ += sizeof(T);
    return v;
  }
  std::string str() {
    const auto n = get<std::uint32_t>();
    if (!ok || static_cast<std::size_t>(end_ - p_) < n) {
      ok = false;
      return {};
    }
    std::string s(reinterpret_cast<const char*>(p_), n);
    p_ += n;
    return s;
  }
  Dim3 dim() {
    Dim3 d;
    d.x = get<std::uint32_t>();
    d.y = get<std::uint32_t>();
    d.z = get<std::uint32_t>();
    return d;
  }
  bool atEnd() const { return p_ == end_; }
  std::size_t left() const { return static_cast<std::size_t>(end_ - p_); }
  bool ok = true;

 private:
  const std::uint8_t* p_;
  const std::uint8_t* end_;
};

std::uint64_t fnv1a(const std::string& s) {
  std::uint64_t h = 0xcbf29ce484222325ull;
  for (const char c : s) h = (h ^ static_cast<std::uint8_t>(c)) * 0x100000001b3ull;
  return h;
}

}  // namespace

std::string cacheKey(const std::string& tracePath, const TraceOptions& options) {
  std::error_code ec;
  const std::filesystem::path canonical = std::filesystem::canonical(tracePath, ec);
  struct stat st;
  if (ec || ::stat(tracePath.c_str(), &st) != 0) return {};
  const long long mtimeNs =
      static_cast<long long>(st.st_mtim.tv_sec) * 1000000000LL + st.st_mtim.tv_nsec;
  return std::string(kMagic, sizeof kMagic) + "|" + canonical.string() + "|" +
         std::to_string(st.st_size) + "|" + std::to_string(mtimeNs) + "|quirks " +
         std::to_string(options.accelsimQuirks) + "|unknown " +
         (options.unknownOpcodes ? std::to_string(static_cast<int>(*options.unknownOpcodes))
                                 : std::string("error"));
}

std::string cacheFileName(const std::string& dir, const std::string& tracePath,
                          const std::string& key) {
  char hash[17];
  std::snprintf(hash, sizeof hash, "%016llx", static_cast<unsigned long long>(fnv1a(key)));
  return dir + "/" + std::filesystem::path(tracePath).filename().string() + "-" + hash + ".wsbc";
}

bool appendIndex(BlockSpill& file, const std::string& key, const KernelIndex& k) {
  Writer w;
  w.put(key);
  const TraceHeader& h = k.header;
  w.put(h.kernelName);
  w.put(h.kernelId);
  w.put(h.grid);
  w.put(h.block);
  w.put(h.shmem);
  w.put(h.nregs);
  w.put(h.binaryVersion);
  w.put(h.streamId);
  w.put(h.shmemBase);
  w.put(h.localBase);
  w.put(h.nvbitVersion);
  w.put(h.tracerVersion);
  w.put<std::uint8_t>(h.lineinfo);
  w.put(k.warpsPerCta);
  w.put(k.warpInsts);
  w.put(k.threadInsts);
  w.put<std::uint64_t>(k.warnings.size());
  for (const std::string& s : k.warnings) w.put(s);
  w.put<std::uint64_t>(k.blocks.size());
  for (const BlockIndex& b : k.blocks) {
    w.put(b.offset);
    w.put(b.lineBefore);
    w.put(b.id);
    w.put(b.idLine);
    w.put(b.spilled.offset);
    w.put(b.spilled.bytes);
  }
  const std::uint64_t at = file.size(), n = w.bytes.size();
  w.put(at);
  w.put(n);
  for (const char c : kMagic) w.put(c);
  return file.complete() && file.store(w.bytes.data(), w.bytes.size()).bytes != 0 &&
         file.complete();
}

bool readIndex(BlockSpill& file, const std::string& key, KernelIndex& k) {
  if (file.size() < kTrailerBytes) return false;
  const std::vector<std::uint8_t>* t = file.load({file.size() - kTrailerBytes, kTrailerBytes});
  if (!t || std::memcmp(t->data() + 16, kMagic, sizeof kMagic) != 0) return false;
  Reader trailer(t->data(), t->size());
  const auto at = trailer.get<std::uint64_t>(), n = trailer.get<std::uint64_t>();
  if (at > file.size() - kTrailerBytes || n != file.size() - kTrailerBytes - at) return false;
  const std::vector<std::uint8_t>* m = file.load({at, n});
  if (!m) return false;
  Reader r(m->data(), m->size());
  if (r.str() != key) return false;
  TraceHeader& h = k.header;
  h.kernelName = r.str();
  h.kernelId = r.get<std::uint32_t>();
  h.grid = r.dim();
  h.block = r.dim();
  h.hasGrid = h.hasBlock = h.hasBinaryVersion = true;
  h.shmem = r.get<std::uint32_t>();
  h.nregs = r.get<std::uint32_t>();
  h.binaryVersion = r.get<unsigned>();
  h.streamId = r.get<std::uint64_t>();
  h.shmemBase = r.get<Addr>();
  h.localBase = r.get<Addr>();
  h.nvbitVersion = r.str();
  h.tracerVersion = r.get<unsigned>();
  h.lineinfo = r.get<std::uint8_t>() != 0;
  k.warpsPerCta = r.get<std::uint32_t>();
  k.warpInsts = r.get<std::uint64_t>();
  k.threadInsts = r.get<std::uint64_t>();
  const auto warnings = r.get<std::uint64_t>();
  k.warnings.clear();
  for (std::uint64_t i = 0; r.ok && i < warnings; ++i) k.warnings.push_back(r.str());
  const auto blocks = r.get<std::uint64_t>();
  if (!r.ok || blocks > r.left() / 48) return false;
  k.blocks.resize(blocks);
  for (BlockIndex& b : k.blocks) {
    b.offset = r.get<std::uint64_t>();
    b.lineBefore = r.get<std::uint64_t>();
    b.id = r.get<std::uint64_t>();
    b.idLine = r.get<std::uint64_t>();
    b.spilled.offset = r.get<std::uint64_t>();
    b.spilled.bytes = r.get<std::uint64_t>();
    if (b.spilled.bytes == 0 || b.spilled.offset > at || b.spilled.bytes > at - b.spilled.offset)
      return false;
  }
  return r.ok && r.atEnd();
}

}  // namespace warpsim::trace
