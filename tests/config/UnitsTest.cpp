#include <catch2/catch.hpp>

#include "warpsim/config/ConfigSchema.h"

using namespace warpsim;

namespace {

std::uint64_t sizeOf(const std::string& text) {
  std::uint64_t bytes = 0;
  REQUIRE(parseSize(text, bytes));
  return bytes;
}

double mhzOf(const std::string& text) {
  double mhz = 0;
  REQUIRE(parseFreqMHz(text, mhz));
  return mhz;
}

}  // namespace

TEST_CASE("parseSize reads plain byte counts") {
  CHECK(sizeOf("0") == 0);
  CHECK(sizeOf("128") == 128);
  CHECK(sizeOf("128B") == 128);
}

TEST_CASE("parseSize reads binary units") {
  CHECK(sizeOf("32KiB") == 32768);
  CHECK(sizeOf("1MiB") == 1048576);
  CHECK(sizeOf("2GiB") == 2147483648ULL);
  CHECK(sizeOf("1TiB") == 1099511627776ULL);
  CHECK(sizeOf("32 KiB") == 32768);
}

TEST_CASE("parseSize takes KB, MB and GB as powers of two") {
  CHECK(sizeOf("32KB") == 32768);
  CHECK(sizeOf("3MB") == 3145728);
  CHECK(sizeOf("4GB") == 4294967296ULL);
}

TEST_CASE("parseSize rejects unknown units, signs, fractions and overflow") {
  std::uint64_t bytes = 7;
  for (const char* bad : {"32Kb", "32kib", "32kB", "32K", "-1", "+1", "1.5KiB", "", "KiB", "0x10",
                          " 32KiB", "32KiB ", "16EiB", "18446744073709551616", "17179869184GiB"}) {
    INFO(bad);
    CHECK_FALSE(parseSize(bad, bytes));
  }
  CHECK(bytes == 7);
}

TEST_CASE("parseSize accepts the largest 64-bit count") {
  CHECK(sizeOf("18446744073709551615") == 18446744073709551615ULL);
  CHECK(sizeOf("16777215TiB") == 16777215ULL << 40);
}

TEST_CASE("parseFreqMHz reads MHz by default and GHz, kHz units") {
  CHECK(mhzOf("700") == 700.0);
  CHECK(mhzOf("700MHz") == 700.0);
  CHECK(mhzOf("1.4GHz") == Approx(1400.0));
  CHECK(mhzOf("1400mhz") == 1400.0);
  CHECK(mhzOf("1.5 GHz") == 1500.0);
  CHECK(mhzOf("500kHz") == 0.5);
}

TEST_CASE("parseFreqMHz rejects malformed frequencies") {
  double mhz = 3;
  for (const char* bad : {"", "fast", "MHz", "700MHzz", "1.4G", "inf", "nan", "0x10", "1e999"}) {
    INFO(bad);
    CHECK_FALSE(parseFreqMHz(bad, mhz));
  }
  CHECK(mhz == 3);
}
