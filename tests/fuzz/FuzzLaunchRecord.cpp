// libFuzzer harness: the launch-record reader (lib/workload/ptx/LaunchRecord.h):
// ptx::loadLaunchRecord on a scratch folder whose launch.json is the input. The folder also
// holds kernel.ptx, a small valid module (an .entry with one parameter of each kind, a .func
// and a .global variable), a.bin (16 bytes) and kernel.ptxas.txt (`ptxas -v` output), which the
// seed records name. When the input has a line "%%%%", the text after it replaces kernel.ptx,
// so the PTX side of a record (PtxProgram, occupancy, parameters) is fuzzed too.
#include <cstdint>
#include <string>
#include <vector>

#include "FuzzSupport.h"
#include "warpsim/config/ConfigSchema.h"
#include "warpsim/workload/ptx/LaunchRecord.h"

using namespace warpsim;

namespace {

const char* const kPtx = R"(// the launch-record harness's module (tests/fuzz/FuzzLaunchRecord.cpp)
.version 7.5
.target sm_75
.address_size 64

.global .align 4 .u32 counter = 7;
.global .align 4 .b8 table[16];

.func  (.param .b32 ret) twice(.param .b32 x)
{
	.reg .b32 	%r<3>;
	ld.param.u32 	%r1, [x];
	add.s32 	%r2, %r1, %r1;
	st.param.b32 	[ret], %r2;
	ret;
}

.visible .entry k(
	.param .u64 out,
	.param .u32 n,
	.param .f32 scale,
	.param .f64 bias,
	.param .align 8 .b8 pair[8]
)
{
	.reg .pred 	%p<2>;
	.reg .b32 	%r<6>;
	.reg .b64 	%rd<5>;
	.shared .align 4 .b8 buf[64];

	ld.param.u64 	%rd1, [out];
	ld.param.u32 	%r1, [n];
	mov.u32 	%r2, %tid.x;
	setp.ge.u32 	%p1, %r2, %r1;
	@%p1 bra 	DONE;
	ld.global.u32 	%r3, [counter];
	mul.wide.u32 	%rd2, %r2, 4;
	add.s64 	%rd3, %rd1, %rd2;
	st.global.u32 	[%rd3], %r3;
DONE:
	ret;
}
)";

const char* const kPtxasLog =
    "ptxas info    : 0 bytes gmem\n"
    "ptxas info    : Compiling entry function 'k' for 'sm_75'\n"
    "ptxas info    : Function properties for k\n"
    "    0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads\n"
    "ptxas info    : Used 12 registers, 64 bytes smem, 380 bytes cmem[0]\n";

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const fuzz::ScratchDir dir("launch-record");
  static const bool written = [] {  // the files no input changes
    dir.write("a.bin", std::string(16, '\x11'));
    dir.write("kernel.ptxas.txt", kPtxasLog);
    return true;
  }();
  (void)written;
  const std::vector<std::string> part = fuzz::parts(fuzz::text(data, size), 2);
  dir.write("launch.json", part[0]);
  dir.write("kernel.ptx", part[1].empty() ? std::string(kPtx) : part[1]);
  try {
    std::string occupancy;
    const Workload w = ptx::loadLaunchRecord(dir.path(), &occupancy);
    if (w.check) w.check();  // the expected regions against the (unrun) memory
  } catch (const ConfigError& e) {
    fuzz::rejected(e);
  }
  return 0;
}
