#include "warpsim/common/Platform.h"

#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <new>
#include <optional>

#include "common/PlatformInis.h"
#include "warpsim/common/Interrupt.h"
#include "warpsim/common/Plugin.h"
#include "warpsim/common/Progress.h"
#include "warpsim/common/RowSharing.h"
#include "warpsim/common/RunStats.h"
#include "warpsim/common/Series.h"
#include "warpsim/common/Summary.h"
#include "warpsim/config/CommandLine.h"
#include "warpsim/config/gpgpusim/Import.h"
#include "warpsim/gpu/Gpu.h"
#include "warpsim/stats/StatsRegistry.h"
#include "warpsim/stats/Timeline.h"
#include "warpsim/workload/trace/TraceWriter.h"

namespace warpsim {

const std::vector<PlatformInfo>& platforms() {
  static const std::vector<PlatformInfo> all{
      {"ccws30", "30-core GPU of CCWS (Rogers et al., MICRO'12), Table 1", "ccws30.ini",
       kCcws30Ini},
      {"fermi", "Fermi GTX480-like GPU of Mascar (Sethia et al., HPCA'15), Table I", "fermi.ini",
       kFermiIni},
      {"owl28", "28-core mesh GPU of OWL (Jog et al., ASPLOS'13), Table 1", "owl28.ini", kOwl28Ini},
  };
  return all;
}

const PlatformInfo* findPlatform(const std::string& name) {
  for (const PlatformInfo& p : platforms())
    if (p.name == name) return &p;
  return nullptr;
}

namespace {

// --timeline's file, and what the window holds or where the size limit cut it.
void writeTimeline(const Timeline& timeline, const std::string& path, std::ostream* notes,
                   const std::string& program) {
  timeline.write(path);
  if (timeline.cutAtCycle() != 0)
    std::cerr << program << ": warning: --timeline: the window was cut at core cycle "
              << timeline.cutAtCycle() << ", where the file reached 90% of --timeline-max-mb ("
              << (timeline.maxBytes() >> 20) << " MiB)\n";
  if (notes)
    *notes << program << ": timeline: " << path << ", " << timeline.events() << " events, "
           << timeline.bytes() / 1024 << " KiB\n";
}

// Non-simulation requests (--help, --list-*, --help-config, --dump-config, --row-sharing):
// true if handled.
bool answerQuery(const CommandLine& cl, const PlatformInfo& platform, const Config& config,
                 const Registries& registries, const std::string& program) {
  if (cl.help) {
    printUsage(std::cout, program);
    std::cout << "\nplatform " << platform.name << ": " << platform.description << "\n";
  } else if (cl.listWorkloads) {
    const WorkloadRegistry& workloads = registries.workloads;
    for (const std::string& n : workloads.names())
      std::cout << n << std::string(n.size() < 10 ? 10 - n.size() : 1, ' ')
                << workloads.description(n) << "\n";
  } else if (cl.listPolicies) {
    for (const std::string& n : registries.sched.names())
      std::cout << n << std::string(n.size() < 26 ? 26 - n.size() : 1, ' ')
                << registries.sched.description(n) << "\n";
  } else if (cl.helpConfig) {
    config.schema().printHelp(std::cout);
  } else if (cl.helpConfigMarkdown) {
    config.schema().printMarkdown(std::cout);
  } else if (cl.dumpConfig) {
    config.dump(std::cout);
  } else if (cl.rowSharing) {
    printRowSharing(std::cout, loadWorkload(config, registries).workload,
                    AddressMap(AddressMapParams::load(config)));
  } else {
    return false;
  }
  return true;
}

}  // namespace

RunResult runPlatform(const PlatformInfo& platform, int argc, const char* const argv[],
                      const Registries& registries, const std::function<void(Gpu&)>& assemble,
                      const std::function<void(Gpu&, RunResult&)>& finished) {
  RunResult r;
  const std::string program = argc > 0 ? argv[0] : "warpsim";
  // Outside the try, so that an error raised after loading (a value that parses but is not
  // allowed) gets the file and line of the option it names (Config::located).
  std::optional<ConfigSchema> schema;
  std::optional<Config> loadedConfig;
  try {
    const CommandLine cl = parseCommandLine(argc, argv);
    const StatsFiles statsFiles{cl.statsPath, cl.csvPath, parseStatsFormat(cl.statsFormat)};
    Registries withPlugins = registries;
    loadPlugins(cl.plugins, withPlugins);
    schema.emplace(runSchema(withPlugins));
    Config& config = loadedConfig.emplace(*schema);
    config.loadIniText(platform.iniText, platform.iniName);
    applyGpgpusimImports(config, cl, cl.quiet ? nullptr : &std::cerr, program);
    applyCommandLine(config, cl);
    if (!cl.quiet)
      for (const std::string& w : config.warnings()) std::cerr << program << ": " << w << "\n";
    const Registries configured = withPlugins.configured(config);
    if (answerQuery(cl, platform, config, configured, program)) return r;

    const GpuParams params = GpuParams::load(config, configured);
    const LoadedWorkload loaded = loadWorkload(config, configured);
    const Workload& workload = loaded.workload;
    r.traceLines = loaded.traceLines;
    r.traceScanSeconds = loaded.traceScanSeconds;
    r.traceSpillBytes = loaded.traceSpillBytes;
    r.traceCachedKernels = loaded.traceCachedKernels;
    if (!cl.quiet) std::cerr << loaded.notes;
    if (!cl.writeTrace.empty())
      trace::writeTrace(workload, cl.writeTrace, {config.getBool("trace.write_xz")});

    StatsRegistry stats;
    Gpu gpu("gpu", params, configured, &config, stats,
            assemble ? assemble : Gpu::Assembly(Gpu::standardAssembly));
    gpu.setDrainAtEnd(true);  // for the conservation check
    std::optional<SeriesOutput> series;
    if (cl.sampleEvery != 0) series.emplace(gpu, cl.seriesPath, cl.sampleEvery);
    std::optional<Timeline> timeline;
    if (!cl.timelinePath.empty()) {
      timeline.emplace(gpu.coreClock().periodPs(), cl.timelineStart, cl.timelineEnd,
                       cl.timelineMaxBytes);
      gpu.attachTimeline(*timeline);
    }
    gpu.run(workload);
    stats.prepare();  // the reports' layout, outside the run's timing
    std::optional<ProgressLine> progress;
    if (!cl.quiet && isatty(fileno(stderr))) progress.emplace(gpu, std::cerr);
    const auto t0 = std::chrono::steady_clock::now();
    std::optional<InterruptGuard> interrupt(std::in_place, gpu.engine());
    try {
      sc_core::sc_start();
    } catch (const sc_core::sc_report& e) {
      // A block found the base protocol broken (by a foreign TLM block, doc/reliability.md):
      // the simulation cannot go on, and nothing it reached can be trusted.
      std::cerr << program << ": error: " << e.get_msg_type() << ": " << e.get_msg() << "\n";
      std::cerr << program << ": stopped: a block reported a fault; no statistics written\n";
      r.exitCode = 3;
      return r;
    }
    const int signal = interrupt->signal();
    interrupt.reset();  // from here on, a signal ends the process as usual
    if (progress) progress->finish();
    r.wallSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    gpu.finalize();
    r.simulated = true;
    r.cycles = gpu.cycles();
    r.warpInstructions = gpu.warpInstructions();
    r.threadInstructions = gpu.threadInstructions();

    const Gpu::Outcome outcome = gpu.outcome();
    if (outcome == Gpu::Outcome::NoProgress || outcome == Gpu::Outcome::Deadlock) {
      std::cerr << gpu.diagnosis();
      std::cerr << program << ": stopped: " << toString(outcome) << "; no statistics written\n";
      r.exitCode = 3;
      return r;
    }
    // Conservation (doc/reliability.md): a broken invariant means the figures cannot be trusted.
    ConservationCheck conservation = gpu.checkConservation();
    if (outcome == Gpu::Outcome::Finished && loaded.traceLines > 0)
      conservation.equal("trace " + config.getString("workload.trace"), "instruction lines",
                         loaded.traceLines, "warp instructions issued", r.warpInstructions);
    if (!conservation.ok()) {
      std::cerr << conservation.report();
      std::cerr << program << ": stopped: conservation check failed; no statistics written\n";
      r.exitCode = 3;
      return r;
    }
    // A launch record's expected outputs: wrong results are an error, not statistics.
    const bool checked = workload.check && outcome == Gpu::Outcome::Finished;
    if (checked) {
      const std::string wrong = workload.check();
      if (!wrong.empty()) throw ConfigError(wrong + "; no statistics written");
    }
    r.stats = runStats({platform.name, loaded.label, config.getString("sched.policy")}, gpu, stats);
    writeStatsFiles(statsFiles, r.stats, stats);
    if (series) series->commit();
    if (timeline)
      writeTimeline(*timeline, cl.timelinePath, cl.quiet ? nullptr : &std::cerr, program);
    if (!cl.quiet) printSummary(std::cout, r.stats, r.wallSeconds);
    if (!cl.quiet && checked) std::cout << "  outputs              match the launch record\n";
    if (finished) finished(gpu, r);
    if (outcome == Gpu::Outcome::Interrupted) {
      std::cerr << program << ": interrupted by " << (signal == SIGTERM ? "SIGTERM" : "SIGINT")
                << " at core cycle " << r.cycles << "; the statistics cover the cycles simulated\n";
      r.exitCode = 128 + signal;
    }
  } catch (const ConfigError& e) {
    std::cerr << program << ": error: "
              << (loadedConfig ? loadedConfig->located(e.what()) : std::string(e.what())) << "\n";
    r.exitCode = 1;
  } catch (const std::runtime_error& e) {
    std::cerr << program << ": error: " << e.what() << "\n";
    r.exitCode = 1;
  } catch (const std::bad_alloc&) {
    // Each option's range fits in memory alone; several at their maximum together may not.
    std::cerr << program
              << ": error: out of memory building or running the GPU: the configuration asks "
                 "for more (SMs, partitions, cache lines, queue and table entries) than this "
                 "machine has\n";
    r.exitCode = 1;
  }
  return r;
}

void quietSystemC() {
  setenv("SYSTEMC_DISABLE_COPYRIGHT_MESSAGE", "1", 0);  // the banner, unless the user wants it
  // sc_stop() at the end of every run is normal operation, not news.
  sc_core::sc_report_handler::set_actions("/OSCI/SystemC", sc_core::SC_INFO,
                                          sc_core::SC_DO_NOTHING);
}

}  // namespace warpsim
