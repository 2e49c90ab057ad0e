#pragma once
// GPGPU-Sim's cache geometry strings (-gpgpu_cache:dl1, :dl2, :il1, -gpgpu_tex_cache:l1,
// -gpgpu_const_cache:l1):
//
//   [T:]sets:line:ways,rep:write:alloc[:write_alloc[:set_index]],mshr:entries:merge,mq[:fifo][,port]
//
// T is the cache type, N (normal) or S (sectored; GPGPU-Sim 4); strings without it are the
// GPGPU-Sim 3 form. rep: L (LRU) or F (FIFO); write: R (read-only), B (write-back),
// T (write-through), E (write-evict), L (write-back local, write-evict global); alloc: m (on
// miss), f (on fill), s (streaming); write_alloc: N, W, F, L; set_index: L (linear), H (Fermi
// hash), P (IPOLY hash), X (XOR), C (custom); mshr: A (associative), F (texture FIFO),
// T (sectored texture FIFO), S (sectored associative). "none" means no cache.
#include <cstdint>
#include <string>

namespace warpsim::gpgpusim {

struct CacheGeometry {
  bool none = false;  // the string "none"
  char type = 'N';    // N or S
  std::uint32_t sets = 0, lineSize = 0, ways = 0;
  char replacement = 'L', write = 'R', alloc = 'm', writeAlloc = 'N', setIndex = 'L';
  char mshrType = 'A';
  std::uint32_t mshrEntries = 0, mshrMerges = 0, missQueue = 0;
  std::uint32_t resultFifo = 0, dataPortWidth = 0;  // 0: not given
};

// Throws ConfigError "WHERE = 'TEXT': WHY; allowed: ..." for a malformed string; `where` names
// the file, line and option ("gpgpusim.config:12: -gpgpu_cache:dl1").
CacheGeometry parseCacheString(const std::string& text, const std::string& where);

// The format, in words, for error messages and the documentation.
const char* cacheStringFormat();

}  // namespace warpsim::gpgpusim
