#include "warpsim/workload/trace/TraceWorkload.h"

#include <chrono>
#include <filesystem>
#include <iostream>
#include <memory>

#include "warpsim/workload/trace/KernelTrace.h"
#include "warpsim/workload/trace/LineReader.h"
#include "warpsim/workload/trace/TraceError.h"

namespace warpsim::trace {
namespace fs = std::filesystem;

Workload loadTrace(const std::string& path, const TraceOptions& traceOptions,
                   TraceSummary* summary) {
  const auto t0 = std::chrono::steady_clock::now();
  const std::string list = fs::is_directory(path) ? path + "/kernelslist.g" : path;
  if (!fs::exists(list))
    throw TraceError(list, 0,
                     fs::is_directory(path)
                         ? "no kernelslist.g in the trace folder"
                         : "no such file (a kernelslist.g or its folder expected)");
  const std::size_t slash = list.rfind('/');
  const std::string dir = slash == std::string::npos ? "." : list.substr(0, slash);

  Workload w;
  w.name = "trace:" + path;
  LineReader reader(list);
  std::string_view line;
  TraceSummary s;
  s.listPath = list;
  // Kept by the spill file, which outlives this call: captures by value.
  auto warn = [to = traceOptions.warn, list](const std::string& why) {
    const std::string msg = list + ": warning: " + why;
    if (to)
      to(msg);
    else
      std::cerr << msg << "\n";
  };
  TraceOptions options = traceOptions;
  if (!options.cacheDir.empty() && options.spillLimitBytes == 0) {
    warn("trace.cache_dir is ignored: trace.spill_limit_mib = 0 stores no decoded block");
    options.cacheDir.clear();
  }
  if (!options.cacheDir.empty()) {
    std::error_code ec;
    fs::create_directories(options.cacheDir, ec);
    if (ec)
      throw TraceError(options.cacheDir, 0,
                       "trace.cache_dir: cannot create the folder (" + ec.message() + ")");
  }
  std::shared_ptr<BlockSpill> spill;
  if (options.spillLimitBytes > 0)
    spill = std::make_shared<BlockSpill>(options.spillDir, options.spillLimitBytes, warn);
  while (reader.next(line)) {
    while (!line.empty() && (line.back() == ' ' || line.back() == '\t')) line.remove_suffix(1);
    if (line.substr(0, 6) != "kernel") continue;  // MemcpyHtoD and anything else: ignored
    std::string file = dir + "/" + std::string(line);
    if (!fs::exists(file) && fs::exists(file + ".xz")) file += ".xz";
    if (!fs::exists(file))
      throw TraceError(list, reader.lineNumber(),
                       "kernel file '" + std::string(line) + "' not found in " + dir);
    fs::path name = fs::path(file).filename();
    if (name.extension() == ".xz") name = name.stem();
    if (name.extension() == ".trace")
      throw TraceError(
          list, reader.lineNumber(),
          "'" + std::string(line) +
              "' is the NVBit tracer's raw output; run Accel-Sim's "
              "post-processor (util/tracer_nvbit/tracer_tool/traces-processing) to make "
              ".traceg files and list those");
    auto kernel = std::make_shared<KernelTrace>(file, options, spill);
    s.cachedKernels += kernel->fromCache();
    if (kernel->blockFile() && kernel->blockFile() != spill.get())
      s.spillBytes += kernel->blockFile()->size();  // its cache file
    s.warpInstructions += kernel->warpInstructions();
    s.threadInstructions += kernel->threadInstructions();
    ++s.kernels;
    w.kernels.push_back(KernelTrace::describe(kernel));
  }
  if (w.kernels.empty())
    throw TraceError(list, 0, "lists no kernel (no line starting with 'kernel')");
  s.spillBytes += spill ? spill->size() : 0;
  s.cacheDir = options.cacheDir;
  s.scanSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  if (summary) *summary = s;
  return w;
}

}  // namespace warpsim::trace
