#!/usr/bin/env python3
"""tools/profile/profile_table.py on small hand-written report texts: names matched across the
two tools, LTO aliases counted as the function whose thunk calls them, a callee's line (from
--tree=both) not counted as its caller's own, shares and ratios, and clear errors for files that are not the reports asked for."""
import os
import subprocess
import sys
import tempfile
import unittest

SCRIPT = os.path.join(os.path.dirname(__file__), "..", "..", "tools", "profile", "profile_table.py")

PERF = """\
# Samples: 1K of event 'cpu-clock'
#
# Overhead  Symbol
# ........  ......
#
    40.00%  [.] warpsim::Cache::access(warpsim::MshrTable::Waiter const&, unsigned long)
    30.00%  [.] warpsim::Cache::tick()
    20.00%  [.] virtual thunk to warpsim::Cache::nb_transport_fw(tlm::tlm_generic_payload&, tlm::tlm_phase&, sc_core::sc_time&)
    10.00%  [k] 0xffffffff81000000
"""

CALLGRIND = """\
--------------------------------------------------------------------------------
Ir
--------------------------------------------------------------------------------
1,000,000 (100.0%)  PROGRAM TOTALS

--------------------------------------------------------------------------------
Ir                 file:function
--------------------------------------------------------------------------------
200,000 (20.0%)  *  /src/models/cache/CacheAccess.cpp:warpsim::Cache::access(warpsim::MshrTable::Waiter const&, unsigned long) [/bin/warpsim-fermi]
 90,000 ( 9.0%)  >  /src/include/Cache.h:virtual thunk to warpsim::Cache::nb_transport_fw(tlm::tlm_generic_payload&, tlm::tlm_phase&, sc_core::sc_time&) (5x) [/bin/warpsim-fermi]

300,000 (30.0%)  <  /src/include/Cache.h:non-virtual thunk to warpsim::Cache::tick() (10x) [/bin/warpsim-fermi]
150,000 (15.0%)  *  /src/models/cache/Cache.cpp:.LTHUNK7.lto_priv.0 [/bin/warpsim-fermi]

 50,000 ( 5.0%)  *  /src/lib/core/TimedQueue.h:.LTHUNK7.lto_priv.0

 10,000 ( 1.0%)  *  /src/include/Cache.h:non-virtual thunk to warpsim::Cache::tick() [/bin/warpsim-fermi]

400,000 (40.0%)  *  /src/include/Cache.h:virtual thunk to warpsim::Cache::nb_transport_fw(tlm::tlm_generic_payload&, tlm::tlm_phase&, sc_core::sc_time&) [/bin/warpsim-fermi]
"""


class ProfileTableTest(unittest.TestCase):
    def run_table(self, perf, callgrind, *extra):
        with tempfile.TemporaryDirectory() as d:
            p, c = os.path.join(d, "perf.txt"), os.path.join(d, "callgrind.txt")
            with open(p, "w") as f:
                f.write(perf)
            with open(c, "w") as f:
                f.write(callgrind)
            return subprocess.run([sys.executable, SCRIPT, p, c, *extra], capture_output=True,
                                  text=True)

    def rows(self, out):
        return [[cell.strip() for cell in line.strip("|").split("|")]
                for line in out.splitlines()[2:]]

    def test_shares_and_ratios(self):
        r = self.run_table(PERF, CALLGRIND)
        self.assertEqual(r.returncode, 0, r.stderr)
        rows = self.rows(r.stdout)
        # access: 40% of the samples, 20% of the instructions.
        self.assertEqual(rows[0], ["40.0", "20.0", "2.00", "`warpsim::Cache::access`"])
        # tick: its LTO alias's two parts (15% + 5%) and its thunk (1%) are its 21%.
        self.assertEqual(rows[1], ["30.0", "21.0", "1.43", "`warpsim::Cache::tick`"])
        # a virtual thunk is counted as the function it enters; as a callee of access it is not
        # counted again.
        self.assertEqual(rows[2], ["20.0", "40.0", "0.50", "`warpsim::Cache::nb_transport_fw`"])
        self.assertEqual(len(rows), 3)  # the kernel's sample ([k]) is not a function of ours

    def test_top_limits_the_rows(self):
        r = self.run_table(PERF, CALLGRIND, "--top", "1")
        self.assertEqual(len(self.rows(r.stdout)), 1)

    def test_without_the_caller_tree_an_alias_is_not_guessed(self):
        plain = "\n".join(l for l in CALLGRIND.splitlines() if "  <  " not in l)
        rows = self.rows(self.run_table(PERF, plain).stdout)
        self.assertEqual(rows[1], ["30.0", "1.0", "30.00", "`warpsim::Cache::tick`"])

    def test_wrong_files_are_named(self):
        r = self.run_table("not a report\n", CALLGRIND)
        self.assertEqual(r.returncode, 1)
        self.assertIn("perf.txt: no samples", r.stderr)
        r = self.run_table(PERF, "nothing here\n")
        self.assertEqual(r.returncode, 1)
        self.assertIn("callgrind.txt: no PROGRAM TOTALS line", r.stderr)
        r = subprocess.run([sys.executable, SCRIPT, "/nonexistent/perf.txt", "/nonexistent/c.txt"],
                           capture_output=True, text=True)
        self.assertEqual(r.returncode, 1)
        self.assertIn("/nonexistent/perf.txt: No such file or directory", r.stderr)


if __name__ == "__main__":
    unittest.main()
