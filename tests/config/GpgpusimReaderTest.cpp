// GPGPU-Sim's `-option value` files and BookSim's `key = value;` files, as lib/config/gpgpusim
// reads them.
#include <catch2/catch.hpp>

#include <filesystem>

#include "ConfigTestSupport.h"
#include "warpsim/config/ConfigSchema.h"
#include "warpsim/config/gpgpusim/OptionFile.h"

using namespace warpsim;
using namespace warpsim::gpgpusim;

namespace {

std::string show(const std::vector<OptionEntry>& entries) {
  std::string out;
  for (const OptionEntry& e : entries)
    out +=
        std::to_string(e.line) + " " + e.option + (e.hasValue ? "=[" + e.value + "]" : "") + "\n";
  return out;
}

}  // namespace

TEST_CASE("gpgpusim reader: options with values and comments and blank lines") {
  const auto entries = parseOptionText(
      "# a comment\n"
      "-gpgpu_n_clusters 20\n"
      "\n"
      "-gpgpu_n_cores_per_cluster 1   # trailing comment\n"
      "   -gpgpu_scheduler\tgto\n"
      "#-gpgpu_scheduler lrr\n",
      "g.config");
  CHECK(show(entries) ==
        "2 -gpgpu_n_clusters=[20]\n4 -gpgpu_n_cores_per_cluster=[1]\n5 -gpgpu_scheduler=[gto]\n");
  CHECK(entries[0].file == "g.config");
  CHECK(entries[0].source() == "g.config:2 (-gpgpu_n_clusters)");
  CHECK(entries[0].where() == "g.config:2: -gpgpu_n_clusters");
}

TEST_CASE("gpgpusim reader: several options may share a line") {
  CHECK(show(parseOptionText("-a 1 -b 2\n-c 3", "f")) == "1 -a=[1]\n1 -b=[2]\n2 -c=[3]\n");
}

TEST_CASE("gpgpusim reader: a quoted value spans lines and is joined with single blanks") {
  const auto entries = parseOptionText(
      "-x 1\n"
      "-gpgpu_dram_timing_opt \"nbk=16:CCD=2:RRD=6:RCD=12:RAS=28:RP=12:RC=40:\n"
      "                        CL=12:WL=4:CDLR=5:WR=12:nbkgrp=1:CCDL=0:RTPL=0\"\n"
      "-y \"one word\"\n",
      "f");
  REQUIRE(entries.size() == 3);
  CHECK(entries[1].line == 2);
  CHECK(entries[1].value ==
        "nbk=16:CCD=2:RRD=6:RCD=12:RAS=28:RP=12:RC=40: "
        "CL=12:WL=4:CDLR=5:WR=12:nbkgrp=1:CCDL=0:RTPL=0");
  CHECK(entries[2].line == 4);
  CHECK(entries[2].value == "one word");
}

TEST_CASE("gpgpusim reader: '#' ends the line even inside quotes as in GPGPU-Sim") {
  const auto entries = parseOptionText("-a \"x # y\n z\"\n", "f");
  REQUIRE(entries.size() == 1);
  CHECK(entries[0].value == "x z");
}

TEST_CASE("gpgpusim reader: a negative number is a value and an option may have none") {
  CHECK(show(parseOptionText("-gpgpu_warpdistro_shader -1\n-flag\n-b 2\n-last", "f")) ==
        "1 -gpgpu_warpdistro_shader=[-1]\n2 -flag\n3 -b=[2]\n4 -last\n");
}

TEST_CASE("gpgpusim reader: a stray word names the file and line") {
  CHECK_THROWS_WITH(parseOptionText("-a 1\n-b 2 3\n", "g.config"),
                    "g.config:2: unexpected '3': expected an option (a word starting with '-', "
                    "followed by its value)");
}

TEST_CASE("gpgpusim reader: an unterminated quote names the line it opens on") {
  CHECK_THROWS_WITH(parseOptionText("-a 1\n-b \"x y\n-c 3\n", "g.config"),
                    "g.config:2: unterminated quote: \"x ... has no closing '\"'");
}

TEST_CASE("gpgpusim reader: -config includes a file from the including file's folder") {
  const test::ScratchFile inner("inner.config", "-b 2\n");
  const std::string name = std::filesystem::path(inner.path()).filename().string();
  const test::ScratchFile outer("outer.config", "-a 1\n-config " + name + "\n-c 3\n");
  const auto entries = readOptionFile(outer.path());
  REQUIRE(entries.size() == 3);
  CHECK(entries[1].option == "-b");
  CHECK(entries[1].file == inner.path());
  CHECK(entries[2].option == "-c");
}

TEST_CASE("gpgpusim reader: a file that includes itself is an error") {
  const test::ScratchFile self("self.config", "");
  const std::string name = std::filesystem::path(self.path()).filename().string();
  std::ofstream(self.path()) << "-config " << name << "\n";
  CHECK_THROWS_WITH(readOptionFile(self.path()), Catch::Contains("included more than 8 deep"));
}

TEST_CASE("gpgpusim reader: a missing file is named") {
  CHECK_THROWS_WITH(readOptionFile("/nonexistent/gpgpusim.config"),
                    "cannot open config file '/nonexistent/gpgpusim.config'");
}

TEST_CASE("booksim reader: statements with comments and braced values") {
  const auto entries = parseBooksimText(
      "// a comment\n"
      "flit_size = 32; \n"
      "topology = fly; /* block\n comment */ k = 50;\n"
      "packet_size ={{1,2,3,4},{10,20}};\n",
      "x.icnt");
  REQUIRE(entries.size() == 4);
  CHECK(entries[0].key == "flit_size");
  CHECK(entries[0].value == "32");
  CHECK(entries[0].line == 2);
  CHECK(entries[1].key == "topology");
  CHECK(entries[2].key == "k");
  CHECK(entries[2].line == 4);
  CHECK(entries[3].value == "{{1,2,3,4},{10,20}}");
}

TEST_CASE("booksim reader: a statement without '=' or ',' is an error with its line") {
  CHECK_THROWS_WITH(parseBooksimText("a = 1;\nflit_size 32;\n", "x.icnt"),
                    "x.icnt:2: expected 'name = value;', got 'flit_size 32'");
  CHECK_THROWS_WITH(parseBooksimText("a = 1;\n\nb = 2\n", "x.icnt"),
                    "x.icnt:3: 'b = 2' has no closing ';'");
}
