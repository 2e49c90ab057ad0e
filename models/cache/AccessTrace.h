#pragma once
// A recorded L1D access stream (`l1d.trace=FILE`, CCWS §4: "GPGPU-Sim cache access traces"),
// replayed offline with LRU and Belady-optimal replacement (TraceReplay). Compact binary,
// little-endian:
//   header  "WSACTRC1", u32 sms, u32 sets, u32 ways, u32 lineSize            (24 bytes)
//   records u64 lineAddr, u16 sm, u8 kind (Cache::AccessKind), u8 0          (12 bytes each)
//   footer  "WSACTEND", u64 records, sms x u64 thread instructions per SM
// The footer is written when the run ends; a file without it is truncated.
#include <cstdint>
#include <cstdio>
#include <stdexcept>
#include <string>
#include <vector>

#include "warpsim/cache/Cache.h"

namespace warpsim {

struct TraceGeometry {
  std::uint32_t sms = 0, sets = 0, ways = 0, lineSize = 0;
};

struct TraceRecord {
  Addr line = 0;
  std::uint16_t sm = 0;
  Cache::AccessKind kind = Cache::AccessKind::Load;
};

struct AccessTrace {
  TraceGeometry geometry;
  std::vector<TraceRecord> records;
  std::vector<std::uint64_t> threadInstructions;  // per SM
};

// A malformed or truncated trace: the message names the file and the byte offset.
class TraceError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

class AccessTraceWriter {
 public:
  // Throws std::runtime_error naming `path` if it cannot be created.
  AccessTraceWriter(const std::string& path, TraceGeometry geometry);
  ~AccessTraceWriter();
  AccessTraceWriter(const AccessTraceWriter&) = delete;
  AccessTraceWriter& operator=(const AccessTraceWriter&) = delete;

  void record(SmId sm, Addr line, Cache::AccessKind kind);
  // Writes the footer and closes the file; records after this are ignored.
  void finish(const std::vector<std::uint64_t>& threadInstructions);
  std::uint64_t records() const { return records_; }

 private:
  std::string path_;
  std::FILE* file_ = nullptr;
  std::uint32_t sms_;
  std::uint64_t records_ = 0;
};

// Reads a whole trace; throws TraceError ("FILE: offset N: what") on any malformation.
AccessTrace readAccessTrace(const std::string& path);

}  // namespace warpsim
