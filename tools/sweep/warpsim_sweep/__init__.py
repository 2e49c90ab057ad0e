"""warpsim-sweep's modules: the SPEC reader (ini, spec), the platform programs' checks
(programs), the run list and output folder (plan, files), one run (runone), the merge (merge),
and the job runners (jobs). See tools/sweep/README.md."""
