// The address mapping of OWL's platform (Table 1: 8 controllers, 4 banks, 2 KB rows) with
// GPGPU-Sim's 256 B partition interleaving: three known addresses and the rules behind them.
#include <catch2/catch.hpp>

#include "warpsim/config/Config.h"
#include "warpsim/interfaces/AddressMap.h"

using namespace warpsim;

namespace {
const AddressMap kOwl{AddressMapParams{8, 256, 4, 2048}};
}

TEST_CASE("address map: address 0 is partition 0, bank 0, row 0, column 0") {
  const DramCoord c = kOwl.decode(0);
  CHECK(c.partition.value() == 0);
  CHECK(c.bank == 0);
  CHECK(c.row == 0);
  CHECK(c.column == 0);
}

TEST_CASE("address map: the next 256 B chunk is the next partition, same local place") {
  const DramCoord c = kOwl.decode(256);
  CHECK(c.partition.value() == 1);
  CHECK(c.bank == 0);
  CHECK(c.row == 0);
  CHECK(c.column == 0);
}

TEST_CASE("address map: 66404 is partition 3, bank 0, row 1, column 100") {
  // chunk 259 -> partition 259 % 8 = 3; local = (259 / 8) x 256 + 100 = 8292; rows of 2 KiB:
  // row index 4 -> bank 4 % 4 = 0, row 4 / 4 = 1; column 8292 - 4 x 2048 = 100.
  const DramCoord c = kOwl.decode(66404);
  CHECK(c.partition.value() == 3);
  CHECK(c.bank == 0);
  CHECK(c.row == 1);
  CHECK(c.column == 100);
}

TEST_CASE("address map: a 2 KiB row of a partition holds its consecutive lines") {
  // Partition 0's lines at local 0, 128, ..., 1920 (global: chunk 0, 8, 16, ... of 256 B) share
  // bank 0, row 0; the next local 2 KiB goes to bank 1.
  for (Addr line = 0; line < 2048; line += 128) {
    const Addr global = (line / 256) * 256 * 8 + line % 256;
    CHECK(kOwl.decode(global).partition.value() == 0);
    CHECK(kOwl.decode(global).bank == 0);
    CHECK(kOwl.decode(global).row == 0);
  }
  CHECK(kOwl.decode(2048 * 8).bank == 1);
}

TEST_CASE("address map: a row size that is not a power of two is a config error") {
  ConfigSchema schema;
  AddressMapParams::declare(schema);
  Config c(schema);
  c.setAssignment("mem.row_size=3000B");
  CHECK_THROWS_WITH(AddressMapParams::load(c),
                    Catch::Contains("mem.row_size = 3000 B") && Catch::Contains("power of two"));
}
