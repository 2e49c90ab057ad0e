// libsystemc.so refers to sc_main (its own main calls it). The harnesses run libFuzzer's main
// and never elaborate: calling this would be a harness bug.
#include <cstdio>
#include <cstdlib>

extern "C" int sc_main(int, char*[]) {
  std::fprintf(stderr, "fuzz harness: sc_main called; the harnesses never elaborate\n");
  std::abort();
}
