// warpsim-owl28: the 28-core mesh GPU of OWL (ASPLOS'13), Table 1; see owl28.ini.
#include <systemc>  // declares sc_main with C linkage

#include "common/Platform.h"

int sc_main(int argc, char* argv[]) {
  return warpsim::platformMain("owl28", argc, argv);
}

int main(int argc, char* argv[]) {
  warpsim::quietSystemC();  // before SystemC starts: its banner prints at start-up
  return sc_core::sc_elab_and_sim(argc, argv);
}
