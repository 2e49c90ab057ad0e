// warpsim-fermi: the Fermi GTX480-like GPU of Mascar (HPCA'15), Table I; see fermi.ini.
#include <systemc>  // declares sc_main with C linkage

#include "common/Platform.h"

int sc_main(int argc, char* argv[]) {
  return warpsim::platformMain("fermi", argc, argv);
}

int main(int argc, char* argv[]) {
  warpsim::quietSystemC();  // before SystemC starts: its banner prints at start-up
  return sc_core::sc_elab_and_sim(argc, argv);
}
