# The commands of the README, for a fresh Debian 12 machine:
#   make run    build, then run the Fermi platform on the default built-in workload
#   make test   build, then run the whole test suite: plain, under the sanitizers, and the
#               fuzzers for 20 s each (what CI runs)
#   make test-plain  the plain suite alone
#   make owl-study  regenerate doc/owl-study.md (OWL schedulers on owl28; needs python3-matplotlib)
#   make ccws-study regenerate doc/ccws-study.md (CCWS, Best-SWL, Belady on ccws30; likewise)
#   make test-sanitize  the test suite under AddressSanitizer and UndefinedBehaviorSanitizer
#   make fuzz       the libFuzzer harnesses of tests/fuzz, FUZZ_SECONDS (600) each; needs clang
#   make fuzz-ci    the same for 20 s each
#   make update-golden  rewrite tests/golden/stats-hashes.txt (a change that moves statistics)
#   make cuda-study the papers' schemes on the CUDA benchmarks (doc/cuda-study.md; needs nvcc)
#   make benchmark-records  rewrite benchmarks/records from the CUDA benchmarks (needs nvcc)
#   make bench      the simulation rates of the fixed list of runs (warpsim-bench --suite;
#                   doc/performance.md), as a table and as $(BUILD)/bench.json; with
#                   BENCH_TRACES=DIR also the Accel-Sim traces there, on every platform
#   make profile    where one run's time and host instructions go, per function (perf's
#                   cpu-clock samples beside callgrind's counts; needs linux-perf, valgrind)
#   make studies    regenerate every study in doc/ (owl, ccws, mascar, predictor, memory, cache,
#                   sm-baselines, and cuda where nvcc is found) through warpsim-sweep: the runs
#                   of each are SPECs in doc/studies/specs/, swept into $(BUILD)/studies/
#                   (resumable); likewise needs python3-matplotlib; then doc/fidelity.md
# They install the Debian packages warpsim needs when run as root, and name them otherwise.

BUILD ?= build
JOBS ?= $(shell nproc)
# clang and libclang-rt-14-dev (libFuzzer, which clang only recommends) build the fuzzers;
# python3 and GNU parallel run warpsim-sweep (doc/sweeps.md), whose tests need them.
PACKAGES := cmake ninja-build g++ pkg-config libsystemc-dev libboost-program-options-dev \
            catch2 nlohmann-json3-dev libfmt-dev liblzma-dev clang libclang-rt-14-dev \
            python3 parallel

.PHONY: run test test-plain test-sanitize docs deps configure clean owl-study ccws-study cuda-study benchmark-records \
        bench profile pgo studies update-golden

deps:
	@missing=""; \
	for p in $(PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    echo "installing:$$missing"; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $$missing; \
	  else \
	    echo "warpsim needs these Debian packages, which are missing:$$missing"; \
	    echo "install them as root:  apt-get install$$missing"; \
	    exit 1; \
	  fi; \
	fi

configure: deps
	@cmake -S . -B $(BUILD) -G Ninja -DCMAKE_BUILD_TYPE=Release > /dev/null

run: configure
	cmake --build $(BUILD) --target warpsim-fermi -j $(JOBS)
	$(BUILD)/bin/warpsim-fermi

# Everything CI runs (.ci/run, doc/reliability.md): the plain suite, the suite under the
# sanitizers, and each fuzzer for 20 s; one after another, each stopping the rest if it fails.
test: deps
	$(MAKE) --no-print-directory test-plain
	$(MAKE) --no-print-directory test-sanitize
	$(MAKE) --no-print-directory fuzz-ci

# The plain suite alone: the quick check while working.
test-plain: configure
	cmake --build $(BUILD) -j $(JOBS)
	cd $(BUILD) && ctest --output-on-failure -j $(JOBS)

# Rewrites tests/golden/stats-hashes.txt from every platform, scheduler and named workload
# (tests/golden/README.md): only for a change that moves statistics on purpose.
update-golden: configure
	cmake --build $(BUILD) --target warpsim-fermi warpsim-owl28 warpsim-ccws30 -j $(JOBS)
	cmake -DBIN_DIR=$(BUILD)/bin -DFILE=tests/golden/stats-hashes.txt -DMODE=write \
	      -DPLATFORMS="fermi;owl28;ccws30" -P cmake/GoldenStats.cmake

# Regenerates the option tables of doc/config-reference.md from the schema, its platform
# tables from the platforms' .ini files, and doc/blocks.dot (doc/blocks.svg with graphviz).
docs: configure
	cmake --build $(BUILD) --target warpsim-fermi -j $(JOBS)
	cmake -DBIN=$(BUILD)/bin/warpsim-fermi -DDOC=doc/config-reference.md -DMODE=write \
	      -P cmake/ConfigReference.cmake
	cmake --build $(BUILD) --target warpsim-owl28 warpsim-ccws30 -j $(JOBS)
	python3 doc/studies/platform_tables.py $(BUILD)
	cmake --build $(BUILD) --target blocks-graph

# OWL's study (doc/owl-study.md): needs Debian's python3-matplotlib, for /usr/bin/python3.
owl-study: configure
	@dpkg-query -W -f='$${Status}' python3-matplotlib 2>/dev/null | grep -q "install ok installed" || \
	  { if [ "$$(id -u)" = 0 ]; then apt-get update -qq && DEBIAN_FRONTEND=noninteractive \
	      apt-get install -y -qq --no-install-recommends python3-matplotlib; \
	    else echo "the OWL study needs python3-matplotlib: apt-get install python3-matplotlib"; exit 1; fi; }
	cmake --build $(BUILD) --target warpsim-owl28 -j $(JOBS)
	/usr/bin/python3 doc/studies/owl_study.py $(BUILD)

# CCWS's study (doc/ccws-study.md): likewise needs python3-matplotlib for /usr/bin/python3.
ccws-study: configure
	@dpkg-query -W -f='$${Status}' python3-matplotlib 2>/dev/null | grep -q "install ok installed" || \
	  { echo "the CCWS study needs python3-matplotlib: apt-get install python3-matplotlib"; exit 1; }
	cmake --build $(BUILD) --target warpsim-ccws30 warpsim-best-swl warpsim-belady -j $(JOBS)
	/usr/bin/python3 doc/studies/ccws_study.py $(BUILD)

# Simulation rates (doc/performance.md): not part of the tests, whose timings mean nothing.
# BENCH_TRACES: an Accel-Sim trace folder, or a folder of them, to run as well (none by default).
BENCH_TRACES ?=
bench: configure
	cmake --build $(BUILD) --target warpsim-bench -j $(JOBS)
	$(BUILD)/bin/warpsim-bench --suite --records benchmarks/records \
	  $(if $(BENCH_TRACES),--traces $(BENCH_TRACES)) --json $(BUILD)/bench.json

# One run's profile (doc/performance.md, "Measuring"): the share of its time per function, from
# perf's cpu-clock samples (a software event: it needs no hardware counter, so it works in a VM),
# beside the share of its host instructions, from callgrind over the simulation alone (sc_start;
# a tenth of the cycles, as callgrind is some 50 times slower). Reports in $(BUILD)/profile/.
PROFILE_PLATFORM ?= fermi
PROFILE_WORKLOAD ?= edgewalk
PROFILE_CYCLES ?= 1000000
PROFILE_RUN = $(BUILD)/bin/warpsim-$(PROFILE_PLATFORM) --workload $(PROFILE_WORKLOAD) \
  --set sched.policy=gto --quiet --max-cycles

profile: configure
	@command -v perf > /dev/null || { echo "make profile needs perf: apt-get install linux-perf"; exit 1; }
	@command -v valgrind > /dev/null || { echo "make profile needs valgrind: apt-get install valgrind"; exit 1; }
	cmake --build $(BUILD) --target warpsim-$(PROFILE_PLATFORM) -j $(JOBS)
	@mkdir -p $(BUILD)/profile
	perf record -q -e cpu-clock -F 4000 -o $(BUILD)/profile/perf.data $(PROFILE_RUN) $(PROFILE_CYCLES)
	perf report -i $(BUILD)/profile/perf.data --no-children --sort sym --stdio \
	  > $(BUILD)/profile/time.txt 2> /dev/null
	valgrind -q --tool=callgrind --callgrind-out-file=$(BUILD)/profile/callgrind.out \
	  '--toggle-collect=sc_core::sc_start(sc_core::sc_time const&*' \
	  $(PROFILE_RUN) $$(( $(PROFILE_CYCLES) >= 10 ? $(PROFILE_CYCLES) / 10 : 1 ))
	callgrind_annotate --inclusive=no --tree=caller --threshold=100 $(BUILD)/profile/callgrind.out \
	  > $(BUILD)/profile/instructions.txt
	/usr/bin/python3 tools/profile/profile_table.py $(BUILD)/profile/time.txt \
	  $(BUILD)/profile/instructions.txt | tee $(BUILD)/profile/table.md

# The simulating programs with GCC's profile feedback on top of LTO, into $(PGO_BUILD)/bin
# (doc/performance.md: about 6-9% faster again): built instrumented, trained on five short
# runs of the platforms' memory- and compute-bound workloads, built again from that profile.
PGO_BUILD ?= build-pgo
PGO_TRAIN := "fermi edgewalk 300000" "fermi graph 300000" "fermi tile 60000" \
  "owl28 edgewalk 100000" "ccws30 thrash 300000"
PGO_CMAKE := cmake -S . -B $(PGO_BUILD) -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DWARPSIM_BUILD_TESTS=OFF -DWARPSIM_BUILD_EXAMPLES=OFF -DWARPSIM_BUILD_BENCHMARKS=OFF

pgo: deps
	@$(PGO_CMAKE) '-DCMAKE_CXX_FLAGS=-fprofile-generate -fprofile-update=single' > /dev/null
	cmake --build $(PGO_BUILD) --target warpsim-bench -j $(JOBS)
	find $(PGO_BUILD) -name '*.gcda' -delete
	@for run in $(PGO_TRAIN); do set -- $$run; echo "training: $$1 $$2, $$3 cycles"; \
	  $(PGO_BUILD)/bin/warpsim-bench --platform $$1 --workload $$2 --sched gto \
	    --max-cycles $$3 --quiet > /dev/null || exit 1; done
	@$(PGO_CMAKE) '-DCMAKE_CXX_FLAGS=-fprofile-use -fprofile-correction -Wno-missing-profile' \
	  > /dev/null
	cmake --build $(PGO_BUILD) --target warpsim-fermi warpsim-owl28 warpsim-ccws30 warpsim-bench \
	  -j $(JOBS)

# The launch records of the CUDA benchmarks (benchmarks/records), from runs at scale 1.
benchmark-records: configure
	cmake --build $(BUILD) --target benchmark-records -j $(JOBS)

# The papers' schemes on warpsim's CUDA benchmarks (doc/cuda-study.md): needs them built, so nvcc,
# and python3-matplotlib.
cuda-study: configure
	@dpkg-query -W -f='$${Status}' python3-matplotlib 2>/dev/null | grep -q "install ok installed" || \
	  { echo "the CUDA study needs python3-matplotlib: apt-get install python3-matplotlib"; exit 1; }
	cmake --build $(BUILD) -j $(JOBS)
	/usr/bin/python3 doc/studies/cuda_study.py $(BUILD)

# Every study of doc/ (scripts in doc/studies/): each sweeps its SPECs (doc/studies/specs/) with
# warpsim-sweep into $(BUILD)/studies/NAME, then rewrites its page (doc/*-study.md,
# doc/sm-baselines.md) and plot from the merged CSVs; the plots need matplotlib. An interrupted
# `make studies` resumes; runs of a program since rebuilt run again.
STUDIES := owl_study ccws_study mascar_study predictor_study memory_study cache_study sm_baselines

studies: configure
	@dpkg-query -W -f='$${Status}' python3-matplotlib 2>/dev/null | grep -q "install ok installed" || \
	  { if [ "$$(id -u)" = 0 ]; then apt-get update -qq && DEBIAN_FRONTEND=noninteractive \
	      apt-get install -y -qq --no-install-recommends python3-matplotlib; \
	    else echo "the studies need python3-matplotlib: apt-get install python3-matplotlib"; exit 1; fi; }
	cmake --build $(BUILD) --target warpsim-fermi warpsim-owl28 warpsim-ccws30 warpsim-best-swl \
	      warpsim-belady -j $(JOBS)
	set -e; for s in $(STUDIES); do \
	  echo "== doc/studies/$$s.py"; /usr/bin/python3 doc/studies/$$s.py $(BUILD); \
	done
	@if [ -x $(BUILD)/bin/bench-bfs ]; then $(MAKE) --no-print-directory cuda-study; \
	else echo "== doc/studies/cuda_study.py skipped: the CUDA benchmarks are not built (no nvcc)"; fi
	/usr/bin/python3 doc/studies/fidelity.py

clean:
	rm -rf $(BUILD)

# The test suite built with AddressSanitizer and UndefinedBehaviorSanitizer (doc/reliability.md)
# in $(SANITIZE_BUILD), by clang, which also builds the libFuzzer harnesses there (tests/fuzz):
# one instrumented build serves both. Any report fails its test. Left out (SANITIZE_EXCLUDE):
# the package test (an out-of-tree build against the installed, instrumented libraries); the
# two runs that end in an error thrown inside the simulation, which ASan cannot follow across
# SystemC's coroutine stacks (a false report; valgrind finds nothing there); and the run under
# `ulimit -v`, where ASan cannot reserve its shadow memory.
SANITIZE_BUILD ?= build-sanitize
SANITIZE_EXCLUDE := ^package:|^platform:launch record: (a CTA spinning on another CTA|an access \
  outside memory mid-run)|^platform:option limits: a configuration too large for memory
export ASAN_OPTIONS ?= detect_stack_use_after_return=0:detect_leaks=1:abort_on_error=1
# The suite's leak check at exit takes the heap and the globals as roots, not the threads'
# stacks: after sc_start, SystemC's last switch between its coroutines leaves ASan holding a
# freed coroutine stack as the main thread's, and scanning it crashes LeakSanitizer on newer
# kernels (seen on Linux 6.18: "Tracer caught signal 11"). The fuzzers keep the default.
SANITIZE_LSAN_OPTIONS ?= use_stacks=0
export UBSAN_OPTIONS ?= print_stacktrace=1:halt_on_error=1

.PHONY: sanitize-configure fuzz fuzz-ci

sanitize-configure: deps
	@CC=clang CXX=clang++ cmake -S . -B $(SANITIZE_BUILD) -G Ninja -DCMAKE_BUILD_TYPE=Release \
	  -DWARPSIM_SANITIZE=ON -DWARPSIM_FUZZ=ON -DWARPSIM_BUILD_EXAMPLES=OFF \
	  -DWARPSIM_BUILD_BENCHMARKS=OFF > /dev/null

test-sanitize: sanitize-configure
	cmake --build $(SANITIZE_BUILD) -j $(JOBS)
	cd $(SANITIZE_BUILD) && LSAN_OPTIONS='$(SANITIZE_LSAN_OPTIONS)' \
	  ctest --output-on-failure -j $(JOBS) -E '$(SANITIZE_EXCLUDE)'

# The libFuzzer harnesses of tests/fuzz (tests/fuzz/README.md), built in $(SANITIZE_BUILD):
# make fuzz runs each for FUZZ_SECONDS (default 600) on a copy of its seed corpus, make fuzz-ci
# for 20 s each. Either prints every harness's executions and exits non-zero, naming the
# reproducer, if a harness finds a crash, a leak, a timeout or an out-of-memory.
# FUZZ_KEEP_CORPUS=1 goes on from the corpora the last run grew in $(SANITIZE_BUILD)/fuzz-run.
FUZZ_SECONDS ?= 600

fuzz: sanitize-configure
	cmake --build $(SANITIZE_BUILD) --target fuzzers -j $(JOBS)
	tests/fuzz/run_fuzzers.sh $(SANITIZE_BUILD) $(FUZZ_SECONDS)

fuzz-ci:
	@$(MAKE) --no-print-directory fuzz FUZZ_SECONDS=20
