// Catch2 provides main(); SystemC's library still needs an sc_main symbol to link.
// Tests call sc_start() directly: each TEST_CASE runs in its own process (catch_discover_tests).
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>
#include <systemc>  // declares sc_main with C linkage

int sc_main(int, char*[]) {
  return 0;
}
