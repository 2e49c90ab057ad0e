#pragma once
// Deterministic pseudo-randomness for synthetic kernels: a hash of ids and a seed, so the same
// thread sees the same "random" value in every run and in every stream that asks.
#include <cstdint>

namespace warpsim {

// SplitMix64 finaliser: a bijective mix with good avalanche.
constexpr std::uint64_t mix64(std::uint64_t x) {
  x += 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

constexpr std::uint64_t hashIds(std::uint64_t seed, std::uint64_t a, std::uint64_t b = 0) {
  return mix64(mix64(mix64(seed) ^ a) ^ b);
}

}  // namespace warpsim
