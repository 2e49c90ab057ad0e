// warpsim-ccws30: the 30-core GPU of CCWS (MICRO'12), Table 1; see ccws30.ini.
#include <systemc>  // declares sc_main with C linkage

#include "common/Platform.h"

int sc_main(int argc, char* argv[]) {
  return warpsim::platformMain("ccws30", argc, argv);
}

int main(int argc, char* argv[]) {
  warpsim::quietSystemC();  // before SystemC starts: its banner prints at start-up
  return sc_core::sc_elab_and_sim(argc, argv);
}
