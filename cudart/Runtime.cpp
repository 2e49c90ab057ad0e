#include "Runtime.h"

#include <cxxabi.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <iostream>

#include "DeviceProperties.h"
#include "FatBinary.h"
#include "warpsim/config/ConfigSchema.h"
#include "warpsim/workload/ptx/PtxKernel.h"
#include "warpsim/workload/ptx/PtxParser.h"

namespace warpsim::cudart {
namespace {

// Where cudaMalloc's allocations start: far from the module variables (ptx::kModuleBase) and
// below the generic shared and local windows.
constexpr std::uint64_t kHeapBase = 0x5000'0000'0000ull;
constexpr std::uint64_t kAlignment = 256;  // cudaMalloc's guarantee

std::uint64_t alignUp(std::uint64_t v, std::uint64_t a) {
  return (v + a - 1) / a * a;
}

// "axpy(float, float const*, float*, int)" for "_Z4axpyfPKfPfi"; an extern "C" name as it is.
std::string demangled(const std::string& name) {
  int status = 0;
  std::unique_ptr<char, void (*)(void*)> d(
      abi::__cxa_demangle(name.c_str(), nullptr, nullptr, &status), std::free);
  return status == 0 && d ? std::string(d.get()) : name;
}

std::uint64_t addressOf(const void* p) {
  return reinterpret_cast<std::uintptr_t>(p);
}

}  // namespace

Runtime& Runtime::get() {
  static Runtime* const runtime = new Runtime();  // never destroyed (Runtime.h)
  return *runtime;
}

Runtime::Runtime() : memory_(std::make_shared<ptx::GlobalMemory>()), nextAllocation_(kHeapBase) {
  const char* record = std::getenv("WARPSIM_RECORD");
  if (record && *record) recorders_.push_back(std::make_unique<Recorder>(record, false));
  const char* program = std::getenv("WARPSIM_RECORD_PROGRAM");
  if (program && *program) recorders_.push_back(std::make_unique<Recorder>(program, true));
}

void** Runtime::registerFatbinary(const void* wrapper) {
  auto m = std::make_unique<Module>();
  m->name = "fatbinary " + std::to_string(modules_.size());
  try {
    m->ptx = choosePtx(readFatbinaryWrapper(wrapper)).text;
  } catch (const ConfigError& e) {
    m->error = e.what();
  }
  modules_.push_back(std::move(m));
  // The handle nvcc's code keeps and passes back: the module itself.
  return reinterpret_cast<void**>(modules_.back().get());
}

void Runtime::registerFunction(void** module, const void* hostFunction, const char* deviceName) {
  functions_[hostFunction] = Function{reinterpret_cast<Module*>(module), deviceName};
}

void Runtime::registerVariable(void** module, const void* hostVariable, const char* deviceName,
                               std::size_t size, bool) {
  variables_[hostVariable] = Variable{reinterpret_cast<Module*>(module), deviceName, size};
}

const ptx::PtxProgram* Runtime::load(Module& m, const char* call) {
  if (m.program) return m.program.get();
  if (m.error.empty()) {
    try {
      m.program =
          std::make_shared<const ptx::PtxProgram>(ptx::parsePtx(m.ptx, m.name + ".ptx"), *memory_);
      return m.program.get();
    } catch (const ConfigError& e) {
      m.error = e.what();
    }
  }
  fail(kInvalidPtx, call, m.name + ": " + m.error);
  return nullptr;
}

Session* Runtime::session(const char* call) {
  if (!session_ && sessionError_.empty()) {
    try {
      session_ = std::make_unique<Session>();
      std::atexit([] { Runtime::get().atExit(); });
    } catch (const std::exception& e) {
      sessionError_ = e.what();
    }
  }
  if (!session_) fail(kInitializationError, call, "the simulated GPU: " + sessionError_);
  return session_.get();
}

void Runtime::atExit() {
  try {
    for (auto& r : recorders_) r->finish(*memory_);
  } catch (const std::exception& e) {
    std::cerr << "warpsim: " << e.what() << "\n";
  }
  if (!session_) return;
  try {
    session_->finish();
  } catch (const std::exception& e) {
    std::cerr << "warpsim: statistics: " << e.what() << "\n";
  }
}

CudaError Runtime::fail(CudaError code, const char* call, const std::string& why) {
  last_ = code;
  std::cerr << "warpsim: " << call << ": " << why << "\n";
  return code;
}

CudaError Runtime::lastError(bool reset) {
  const CudaError e = last_;
  // A failed launch stays (CUDA's sticky errors): the GPU cannot run again.
  if (reset && !(session_ && session_->failed())) last_ = kSuccess;
  return e;
}

// ---- the device ----

CudaError Runtime::properties(void* prop, int device) {
  if (!prop || device != 0)
    return fail(kInvalidDevice, "cudaGetDeviceProperties", "device " + std::to_string(device));
  Session* s = session("cudaGetDeviceProperties");
  if (!s) return last_;
  writeDeviceProp(prop, deviceFigures(s->platform(), s->params()));
  return kSuccess;
}

CudaError Runtime::attribute(int* value, int attribute, int device) {
  if (!value || device != 0)
    return fail(kInvalidDevice, "cudaDeviceGetAttribute", "device " + std::to_string(device));
  Session* s = session("cudaDeviceGetAttribute");
  if (!s) return last_;
  if (!deviceAttribute(attribute, deviceFigures(s->platform(), s->params()), value))
    return fail(kNotSupported, "cudaDeviceGetAttribute",
                "attribute " + std::to_string(attribute) + " is not modelled");
  return kSuccess;
}

// ---- memory ----

std::uint8_t* Runtime::device(const void* address, std::size_t bytes) {
  return memory_->find(addressOf(address), std::max<std::size_t>(bytes, 1));
}

CudaError Runtime::allocate(void** pointer, std::size_t bytes) {
  if (!pointer) return fail(kInvalidValue, "cudaMalloc", "a null pointer to store the address in");
  const std::uint64_t base = alignUp(std::max(nextAllocation_, memory_->end()), kAlignment);
  const std::uint64_t size = std::max<std::size_t>(bytes, 1);
  try {
    memory_->allocate(base, size, "cudaMalloc at " + std::to_string(base));
  } catch (const std::bad_alloc&) {
    return fail(kMemoryAllocation, "cudaMalloc", std::to_string(bytes) + " bytes: out of memory");
  }
  nextAllocation_ = base + size;
  heap_.push_back(base);
  notify([](Recorder& r) { r.hostWrote("cudaMalloc"); });
  *pointer = reinterpret_cast<void*>(static_cast<std::uintptr_t>(base));
  return kSuccess;
}

CudaError Runtime::release(void* pointer) {
  if (!pointer) return kSuccess;  // cudaFree(nullptr) does nothing
  notify([&](Recorder& r) { r.released(addressOf(pointer), *memory_); });
  if (!memory_->release(addressOf(pointer)))
    return fail(kInvalidDevicePointer, "cudaFree",
                "not the start of a cudaMalloc allocation: " + std::to_string(addressOf(pointer)));
  heap_.erase(std::find(heap_.begin(), heap_.end(), addressOf(pointer)));
  return kSuccess;
}

CudaError Runtime::copy(void* to, const void* from, std::size_t bytes, int kind, const char* call) {
  if (bytes == 0) return kSuccess;
  if (kind == kDefault)  // inferred from the addresses (unified addressing)
    kind = device(from, bytes) ? (device(to, bytes) ? kDeviceToDevice : kDeviceToHost)
                               : (device(to, bytes) ? kHostToDevice : kHostToHost);
  std::uint8_t* dst = static_cast<std::uint8_t*>(to);
  const std::uint8_t* src = static_cast<const std::uint8_t*>(from);
  if (kind == kHostToDevice || kind == kDeviceToDevice) {
    dst = device(to, bytes);
    if (!dst)
      return fail(kInvalidValue, call,
                  "the destination is not " + std::to_string(bytes) + " bytes of device memory");
  }
  if (kind == kDeviceToHost || kind == kDeviceToDevice) {
    src = device(from, bytes);
    if (!src)
      return fail(kInvalidValue, call,
                  "the source is not " + std::to_string(bytes) + " bytes of device memory");
  }
  if (kind < kHostToHost || kind > kDefault)
    return fail(kInvalidMemcpyDirection, call, "direction " + std::to_string(kind));
  std::memmove(dst, src, bytes);
  if (kind == kHostToDevice || kind == kDeviceToDevice)
    notify([call](Recorder& r) { r.hostWrote(call); });
  return kSuccess;
}

CudaError Runtime::fill(void* pointer, int value, std::size_t bytes) {
  if (bytes == 0) return kSuccess;
  std::uint8_t* p = device(pointer, bytes);
  if (!p)
    return fail(kInvalidValue, "cudaMemset",
                "not " + std::to_string(bytes) + " bytes of device memory");
  std::memset(p, value, bytes);
  notify([](Recorder& r) { r.hostWrote("cudaMemset"); });
  return kSuccess;
}

CudaError Runtime::copySymbol(const void* symbol, void* host, std::size_t bytes, std::size_t offset,
                              bool toDevice, const char* call) {
  const auto v = variables_.find(symbol);
  if (v == variables_.end())
    return fail(kInvalidSymbol, call, "not a registered __device__ or __constant__ variable");
  if (offset + bytes > v->second.size)
    return fail(kInvalidValue, call,
                v->second.name + " is " + std::to_string(v->second.size) + " bytes; " +
                    std::to_string(offset + bytes) + " asked for");
  const ptx::PtxProgram* program = load(*v->second.module, call);
  if (!program) return last_;
  const auto& globals = program->module().globals;
  for (std::uint32_t i = 0; i < globals.size(); ++i)
    if (globals[i].name == v->second.name) {
      std::uint8_t* p = memory_->find(program->globalAddress(i) + offset, bytes);
      if (!p) break;
      if (toDevice) {
        std::memcpy(p, host, bytes);
        notify([call](Recorder& r) { r.hostWrote(call); });
      } else
        std::memcpy(host, p, bytes);
      return kSuccess;
    }
  return fail(kInvalidSymbol, call, v->second.name + " is not in global memory of its module");
}

// ---- launches ----

void Runtime::pushConfiguration(Dim3Abi grid, Dim3Abi block, std::size_t shared, void*) {
  configGrid_.push_back(grid);
  configBlock_.push_back(block);
  configShared_.push_back(shared);
}

CudaError Runtime::popConfiguration(Dim3Abi* grid, Dim3Abi* block, std::size_t* shared,
                                    void** stream) {
  if (configGrid_.empty())
    return fail(kInvalidConfiguration, "__cudaPopCallConfiguration", "no <<<...>>> configuration");
  *grid = configGrid_.back();
  *block = configBlock_.back();
  *shared = configShared_.back();
  if (stream) *stream = nullptr;  // streams run in order: one
  configGrid_.pop_back();
  configBlock_.pop_back();
  configShared_.pop_back();
  return kSuccess;
}

CudaError Runtime::kernelHandle(void** handle, const void* hostFunction) {
  const auto f = functions_.find(hostFunction);
  if (f == functions_.end())
    return fail(kInvalidDeviceFunction, "__cudaGetKernel", "not a registered kernel");
  *handle = &f->second;
  return kSuccess;
}

CudaError Runtime::launch(const void* function, bool isHandle, Dim3Abi grid, Dim3Abi block,
                          void** args, std::size_t shared) {
  const char* call = isHandle ? "__cudaLaunchKernel" : "cudaLaunchKernel";
  const Function* f = nullptr;
  if (isHandle) {
    f = static_cast<const Function*>(function);
  } else {
    const auto it = functions_.find(function);
    if (it != functions_.end()) f = &it->second;
  }
  if (!f) return fail(kInvalidDeviceFunction, call, "not a registered kernel");
  const ptx::PtxProgram* program = load(*f->module, call);
  if (!program) return last_;
  Session* s = session(call);
  if (!s) return last_;
  ptx::PtxLaunch l;
  try {
    l.kernel = program->functionIndex(f->name);
  } catch (const ConfigError& e) {
    return fail(kInvalidDeviceFunction, call, e.what());
  }
  const ptx::Function& entry = program->module().functions[l.kernel];
  l.grid = Dim3{grid.x, grid.y, grid.z};
  l.block = Dim3{block.x, block.y, block.z};
  if (l.grid.count() == 0 || l.block.count() == 0 || l.block.count() > 1024)
    return fail(kInvalidConfiguration, call,
                entry.name + ": grid or block empty, or more than 1024 threads a block");
  l.dynamicSharedBytes = static_cast<std::uint32_t>(shared);
  l.instructionBudget = s->ptxCtaBudget();
  for (const auto& [handle, texture] : textures_) l.textures.push_back(texture);
  l.params.assign(entry.paramBytes, 0);
  for (std::size_t i = 0; i < entry.params.size(); ++i)
    std::memcpy(l.params.data() + entry.params[i].offset, args[i], entry.params[i].size);
  const ptx::PtxasFigures* ptxas = s->ptxas(f->name);
  const ptx::Occupancy occupancy = ptxas ? ptx::occupancyFromPtxas(*ptxas, l, "WARPSIM_PTXAS_LOG")
                                         : ptx::occupancyFromPtx(*program, l);
  if (!recorders_.empty()) {
    RecordedLaunch r;
    r.kernel = f->name;
    r.ptx = f->module->ptx;
    r.grid = l.grid;
    r.block = l.block;
    r.dynamicShared = l.dynamicSharedBytes;
    r.textures = l.textures;
    if (ptxas) r.ptxas = *ptxas;
    for (const ptx::Param& p : entry.params)
      r.args.emplace_back(l.params.begin() + p.offset, l.params.begin() + p.offset + p.size);
    notify([&](Recorder& rec) { rec.before(r, *memory_, heap_, *program); });
  }
  std::shared_ptr<const ptx::PtxProgram> shared_program = f->module->program;
  KernelDesc k = ptx::makePtxKernel(shared_program, memory_, std::move(l), occupancy);
  k.name = demangled(k.name);
  try {
    const LaunchOutcome o = s->launch(std::move(k), "from " + occupancy.source);
    if (!o.finished) {
      notify([&](Recorder& r) { r.abandon(entry.name + " failed"); });
      return fail(o.fault ? kIllegalAddress : kLaunchFailure, call, o.error);
    }
    notify([&](Recorder& r) { r.after(*memory_); });
  } catch (const ConfigError& e) {  // a CTA that does not fit on an SM
    notify([&](Recorder& r) { r.abandon(entry.name + " could not be launched"); });
    return fail(kInvalidConfiguration, call, e.what());
  } catch (const std::runtime_error& e) {  // the record could not be written
    return fail(kUnknown, call, e.what());
  }
  return kSuccess;
}

}  // namespace warpsim::cudart
