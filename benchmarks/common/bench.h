#pragma once
// What every benchmark program shares (benchmarks/README.md): its scale from the command line,
// deterministic inputs, copies to and from the device, float comparison against the CPU
// reference, and the one line it prints.
// Host code only; each program includes <cuda_runtime.h> itself.
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include <cuda_runtime.h>

// A CUDA call that fails ends the program (exit 2), naming the call and the error.
#define BENCH_CHECK(call)                                                \
  do {                                                                   \
    cudaError_t bench_error = (call);                                    \
    if (bench_error != cudaSuccess) {                                    \
      std::fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #call, \
                   cudaGetErrorString(bench_error));                     \
      std::exit(2);                                                      \
    }                                                                    \
  } while (0)

namespace bench {

// xorshift32: the same inputs on every machine and compiler.
class Rng {
 public:
  explicit Rng(std::uint32_t seed) : s_(seed ? seed : 1u) {}
  std::uint32_t next() {
    s_ ^= s_ << 13;
    s_ ^= s_ >> 17;
    s_ ^= s_ << 5;
    return s_;
  }
  float uniform() { return float(next() >> 8) * (1.0f / 16777216.0f); }  // [0, 1)
  int below(int n) { return int(next() % std::uint32_t(n)); }

 private:
  std::uint32_t s_;
};

// argv[1]: the scale, a positive integer (default 1: the size the tests run); the problem grows
// about linearly with it.
inline int scale(int argc, char** argv) {
  if (argc < 2) return 1;
  char* end = nullptr;
  const long s = std::strtol(argv[1], &end, 10);
  if (*argv[1] == '\0' || *end != '\0' || s < 1 || s > 4096) {
    std::fprintf(stderr, "%s: scale '%s': allowed: an integer from 1 to 4096\n", argv[0], argv[1]);
    std::exit(2);
  }
  return int(s);
}

// Floats agree within a relative and an absolute tolerance (sums in another order differ).
inline bool close(double got, double want, double rel = 1e-4, double abs = 1e-5) {
  return std::fabs(got - want) <= abs + rel * std::fabs(want);
}

// A device copy of `host` (cudaMalloc, then cudaMemcpy).
template <class T>
T* toDevice(const std::vector<T>& host) {
  T* device = nullptr;
  BENCH_CHECK(cudaMalloc(&device, host.size() * sizeof(T)));
  BENCH_CHECK(cudaMemcpy(device, host.data(), host.size() * sizeof(T), cudaMemcpyHostToDevice));
  return device;
}

// The first `n` values at `device`, copied back.
template <class T>
std::vector<T> toHost(const T* device, std::size_t n) {
  std::vector<T> host(n);
  BENCH_CHECK(cudaMemcpy(host.data(), device, n * sizeof(T), cudaMemcpyDeviceToHost));
  return host;
}

// Prints "NAME: WHAT: results correct" or "NAME: WHAT: WRONG RESULTS (N of M differ)" and
// returns the program's exit code (0 or 1).
inline int report(const char* name, const std::string& what, long wrong, long checked) {
  if (wrong == 0) {
    std::printf("%s: %s: results correct (%ld values checked)\n", name, what.c_str(), checked);
    return 0;
  }
  std::printf("%s: %s: WRONG RESULTS (%ld of %ld differ)\n", name, what.c_str(), wrong, checked);
  return 1;
}

}  // namespace bench
