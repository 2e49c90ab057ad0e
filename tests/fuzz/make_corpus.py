#!/usr/bin/env python3
"""Writes the seed corpora of the libFuzzer harnesses (tests/fuzz/corpus/<harness>/).

Seeds are small: hand-written valid inputs and edge cases, plus a few of the repository's own
files (platforms/*.ini, tests/ptx kernels and records). Run from anywhere; it rewrites the
seeds it names and leaves any other file in the corpus folders (a regression input kept there
on purpose) alone:  python3 tests/fuzz/make_corpus.py
"""
import json
import os
import re

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
MARK = "\n%%%%\n"  # FuzzSupport.h: separates the parts of an input


def write(harness, name, data):
    folder = os.path.join(HERE, "corpus", harness)
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, name), "wb") as f:
        f.write(data.encode() if isinstance(data, str) else data)


def repo(path):
    with open(os.path.join(ROOT, path), "rb") as f:
        return f.read()


# --- ini (the harness's small schema: tests/fuzz/FuzzSchema.h) -----------------------------
write("ini", "fermi.ini", repo("platforms/fermi/fermi.ini"))  # stops at its first other key
write("ini", "sections.ini",
      "# comment\n; comment too\nsim.max_cycles = 1000\ntag = top\n[l1d]\nsets = 32\n"
      "perfect = yes\n[sched]\npolicy = gto   # trailing\n[dram]\nscheduler = fr-fcfs\n"
      "scale = 1.5\n[sm]\nskew = -3\n")
write("ini", "quotes.ini",
      '[workload]\nname = "stream"\ntrace = "a # b ; c"\n'
      'launch_record = "tab\\there \\"quoted\\" back\\\\slash\\nnewline"\n')
write("ini", "units.ini",
      "[clock]\ncore = 1.4GHz\n[sm]\nshared_mem = 0xc000\nshared_mem = 64 KiB\n"
      "shared_mem = 2MB\n[gpu]\nsms = 0x10\n[dram]\nscale = 1e0\n")
write("ini", "bom-crlf.ini", b"\xef\xbb\xbf[l1d]\r\nsets = 16\r\n\r\n[gpu]\r\nsms = 4\r\n")
write("ini", "bad-lines.ini", "[l1d\nsets\n= 3\n[ ]\nx = \"open\n")
write("ini", "unknown.ini", "[l1d]\nsest = 32\nsets = 32 KiB\n[sm]\nskew = -9\n[sim]\n"
      "max_cycles = 1e9\n")
write("ini", "bools.ini", "[l1d]\nperfect = on\nperfect = off\nperfect = 1\nperfect = maybe\n")
write("ini", "empty.ini", "")

# --- command-line (arguments separated by NUL; a newline separates too) ---------------------
for name, args in {
    "workload": ["--workload", "stream", "--sched", "gto", "--max-cycles", "100000"],
    "sets": ["--set", "l1d.sets=32", "--set=sched.policy=lrr", "--set", "clock.core=1GHz"],
    "files": ["--config", "a.ini", "--gpgpusim-config", "g.config", "--accelsim-trace-config",
              "t.config", "--plugin", "p.so", "--stats", "s.json", "--csv", "s.csv"],
    "trace": ["--trace", "traces/kernelslist.g", "--write-trace", "out", "--stats-format",
              "accelsim"],
    "record": ["--launch-record", "benchmarks/records/bfs", "--quiet", "--row-sharing"],
    "flags": ["--list-workloads", "--list-policies", "--help-config", "--dump-config", "-h"],
    "errors": ["--workload", "a", "--trace", "b", "--max-cycles", "-1", "--l1d.size=1",
               "stray", "--sched"],
    "typo": ["--worklaod", "x", "--set", "noequals", "--workload="],
}.items():
    write("command-line", name, "\0".join(args))
write("command-line", "newlines", "--workload\nstream\n--set\nl1d.ways=8\n")

# --- gpgpusim (the gpgpusim.config text, then "%%%%" and a BookSim file) --------------------
write("gpgpusim", "cores.config",
      "# cores and SM resources\n-gpgpu_n_clusters 4\n-gpgpu_n_cores_per_cluster 3\n"
      "-gpgpu_shader_core_pipeline 1536:32\n-gpgpu_shader_cta 16\n"
      "-gpgpu_shader_registers 65536\n-gpgpu_shmem_size 98304\n-gpgpu_num_sched_per_core 4\n"
      "-gpgpu_shmem_num_banks 16\n-gpgpu_smem_latency 24\n-gpgpu_l1_latency 20\n"
      "-gpgpu_scheduler two_level_active:6:0:1\n-gpgpu_kernel_launch_latency 5000\n")
write("gpgpusim", "caches.config",
      "-gpgpu_cache:dl1 N:32:128:4,F:E:f:N:L,A:64:16,16\n"
      "-gpgpu_tex_cache:l1 N:16:128:24,L:R:m:N:L,F:128:4,128:2\n"
      "-gpgpu_const_cache:l1 N:128:64:2,L:R:f:N:L,A:2:64,4\n"
      "-gpgpu_n_sub_partition_per_mchannel 2\n"
      "-gpgpu_cache:dl2 S:64:128:16,L:B:m:W:L,A:256:64,4:0,32\n"
      "-gpgpu_cache:il1 N:8:128:4,L:R:f:N:L,A:2:48,4\n-gpgpu_perfect_mem 0\n-l2_ideal 0\n")
write("gpgpusim", "dram.config",
      "-gpgpu_n_mem 8\n"
      "-gpgpu_dram_timing_opt \"nbk=8:CCD=1:RRD=3:RCD=10:RAS=24:RP=10:RC=34:\n"
      "   CL=10:WL=2:CDLR=3:WR=10:nbkgrp=4:CCDL=2:RTPL=1\"\n"
      "-gpgpu_dram_scheduler 1\n-gpgpu_frfcfs_dram_sched_queue_size 64\n"
      "-gpgpu_dram_buswidth 4\n-gpgpu_n_mem_per_ctrlr 2\n-dram_data_command_freq_ratio 4\n"
      "-gpgpu_dram_burst_length 8\n-gpgpu_simple_dram_model 0\n"
      "-gpgpu_dram_partition_queues 64:64:64:64\n-gpgpu_l2_rop_latency 120\n-dram_latency 100\n"
      "-gpgpu_mem_addr_mapping "
      "dramid@8;00000000.00000000.00000000.00000000.0000RRRR.RRRRRRRR.RBBBCCCC.BCCSSSSS\n")
write("gpgpusim", "clocks-units.config",
      "-gpgpu_clock_domains 1607.0:1607.0:1607.0:2500.0\n"
      "-ptx_opcode_latency_fp 4,13,4,5,39\n-ptx_opcode_initiation_fp 1,2,1,1,4\n"
      "-ptx_opcode_latency_dp 8,19,8,8,330\n-ptx_opcode_initiation_dp 8,8,8,8,130\n"
      "-trace_opcode_latency_initiation_sp 4,1\n-trace_opcode_latency_initiation_sfu 21,8\n"
      "-trace_opcode_latency_initiation_dp 19,16\n-gpgpu_max_cycle 1000000\n")
write("gpgpusim", "booksim.config",
      "-network_mode 1\n-inter_config_file icnt.booksim\n-icnt_flit_size 16\n" + MARK +
      "// mesh\nflit_size = 40;\ntopology = mesh;\nk = 4;\nn = 2;\nvc_buf_size = 12;\n"
      "routing_function = dim_order;\n/* block\ncomment */ use_map = 0;\n"
      "subnets = 2;\nlist = {{1,2},{3}};\n")
write("gpgpusim", "booksim-fly.config",
      "-inter_config_file icnt.booksim\n" + MARK + "topology = fly;\nk = 32;\nn = 1;\n")
write("gpgpusim", "include.config", "-config inc.config\n-gpgpu_shader_cta 8 -gpgpu_scheduler lrr\n")
write("gpgpusim", "not-modelled.config",
      "-gpgpu_num_reg_banks 32\n-power_simulation_enabled 0\n-visualizer_enabled 0\n"
      "-gpgpu_operand_collector_num_units_sp 20\n-gpgpu_frobnicate 3\n-gpgpu_warpdistro_shader -1\n"
      "-flag\n-trace_opcode_latency_initiation_spec_op_3 4,4\n")
write("gpgpusim", "errors.config", "-a 1\n-b 2 3\n-c \"unterminated\n-gpgpu_scheduler fifo\n")

# --- trace (kernel-1.traceg, then "%%%%" and kernel-2.traceg) -------------------------------


def header(grid, block, version=5, binary=80, extra=""):
    h = ("-kernel name = fuzz_kernel\n-kernel id = 1\n-grid dim = %s\n-block dim = %s\n"
         "-shmem = 0\n-nregs = 16\n-binary version = %d\n-cuda stream id = 0\n"
         "-shmem base_addr = 0x00007f0000000000\n-local mem base_addr = 0x00007f0002000000\n"
         "-nvbit version = 1.5.5\n" % (grid, block, binary))
    if version:
        h += "-accelsim tracer version = %d\n" % version
    return h + extra + "\n#traces format = [line_num] PC mask dest_num [reg_dests] opcode " \
        "src_num [reg_srcs] mem_width [adrrescompress?] [mem_addresses] immediate\n\n"


def block(coords, warps):
    b = "#BEGIN_TB\n\nthread block = %s\n\n" % coords
    for w, lines in enumerate(warps):
        b += "warp = %d\ninsts = %d\n" % (w, len(lines)) + "".join(l + "\n" for l in lines) + "\n"
    return b + "#END_TB\n\n"


V5 = ["0000 ffffffff 1 R1 MOV 0 0 0 ",
      "0010 ffffffff 1 R4 IMAD.WIDE 4 R6 R7 R255 R2 0 -12",
      "0020 0000000f 1 R3 LDG.E.64 1 R4 8 1 0x1000 8 0",
      "0030 00000003 0 STG.E.128 2 R4 R3 16 2 0x2000 -32 0",
      "0040 00000005 1 R8 LDG.E.U8 1 R4 1 0 0x3000 0x3003 0",
      "0050 00000001 1 R2 LD.E 1 R4 4 2 0x7f0000000040 0",
      "0060 00000001 1 R2 LDS.U16 1 R4 2 2 0x40 0",
      "0070 00000001 1 R2 ATOM.E.ADD 1 R4 4 2 0x80 0",
      "0080 ffffffff 0 BAR.SYNC 0 0 0",
      "0090 ffffffff 0 EXIT 0 0 0"]
write("trace", "v5.traceg", header("(2,1,1)", "(64,1,1)") +
      block("0,0,0", [V5, V5[:1] + V5[-1:]]) + block("1,0,0", [V5[-1:], []]))
V4 = ["0010 ffffffff 1 R2 LDG.E 1 R4 4 1 0x100 4", "0018 ffffffff 1 R5 FFMA 3 R1 R2 R3 0",
      "0020 ffffffff 0 EXIT 0 0"]
write("trace", "v4.traceg", header("(1,1,1)", "(32,1,1)", 4, 70) + block("0,0,0", [V4]))
write("trace", "v3-turing.traceg", header("(1,2,1)", "(48,1,1)", 3, 75) +
      block("0,1,0", [V4, ["0000 0000ffff 0 EXIT 0 0"]]) +
      block("0,0,0", [["0000 0000ffff 0 EXIT 0 0"], ["0000 0000ffff 0 EXIT 0 0"]]))
write("trace", "prefix-pascal.traceg", header("(1,1,1)", "(32,1,1)", 0, 61) +
      block("0,0,0", [["0 0 0 0 " + l for l in V4]]))
write("trace", "lineinfo.traceg", header("(1,1,1)", "(32,1,1)", 5, 86, "-enable lineinfo = 1\n") +
      block("0,0,0", [["17 0a50 0000ffff 1 R2 FADD 2 R3 R4 0 0", "18 0a60 ffffffff 0 EXIT 0 0 0"]]))
write("trace", "kepler-maxwell.traceg", header("(1,1,1)", "(32,1,1)", 5, 35) +
      block("0,0,0", [["0000 ffffffff 1 R2 LD.E 1 R4 4 1 0x100 4 0", "0010 ffffffff 0 EXIT 0 0 0"]])
      + MARK + header("(1,1,1)", "(32,1,1)", 5, 52) +
      block("0,0,0", [["0000 ffffffff 1 R2 TEXS 1 R4 0 0", "0010 ffffffff 0 EXIT 0 0 0"]]))
write("trace", "ampere-hopper.traceg", header("(1,1,1)", "(32,1,1)", 5, 89) +
      block("0,0,0", [["0000 ffffffff 1 R2 HMMA.16816.F32 2 R4 R6 0 0", "0010 ffffffff 0 EXIT 0 0 0"]])
      + MARK + header("(1,1,1)", "(32,1,1)", 5, 90) +
      block("0,0,0", [["0000 ffffffff 1 R2 LDGSTS.E 1 R4 4 1 0x200 4 0",
                       "0010 ffffffff 0 EXIT 0 0 0"]]))
write("trace", "unknown-opcode.traceg", header("(1,1,1)", "(32,1,1)") +
      block("0,0,0", [["0000 ffffffff 1 R2 FROBNICATE.X 1 R4 0 0 7 extra tokens",
                       "0010 ffffffff 0 EXIT 0 0 0"]]))
write("trace", "truncated.traceg", header("(2,1,1)", "(32,1,1)") + "#BEGIN_TB\nthread block = 0,0,0\n"
      "warp = 0\ninsts = 3\n0000 ffffffff 0 EXIT 0 0 0\n")
write("trace", "raw-nvbit.traceg", "0000 ffffffff 0 EXIT 0 0 0\n")

# --- ptx --------------------------------------------------------------------------------
for f in ("vecadd.ptx", "diverge.ptx", "spin.ptx", "barred.ptx", "tex.ptx", "warpops.ptx",
          "reduce.ptx", "reduce.ptxas.txt"):
    write("ptx", f, repo("tests/ptx/kernels/" + f))
for f in ("calls.ptx", "depot.ptx", "half.ptx", "warp.ptx", "misc.ptx"):
    write("ptx", f, repo("tests/ptx/fixtures/" + f))
write("ptx", "bad-name.ptx",
      ".version 7.5\n.target sm_75\n.address_size 64\n.visible .entry k()\n{\n"
      "\t.reg .b32 %r<2>;\n\tmov.u32 %r1, %undeclared;\n\tret;\n}\n")

# --- launch-record (launch.json, then optionally "%%%%" and the PTX module) ----------------
ARGS = [{"u64": "0x20000000"}, {"u32": 16}, {"f32": 1.5}, {"f64": -2.0}, {"bytes": "0102030405060708"}]


def record(**over):
    r = {"format": "warpsim-launch-record", "version": 1, "ptx": "kernel.ptx",
         "memory": [{"name": "out", "base": "0x20000000", "size": 64, "init": "a.bin"}],
         "launches": [{"kernel": "k", "grid": [2, 1, 1], "block": [32, 1, 1], "args": ARGS}],
         "expect": [{"name": "out", "base": "0x20000000", "file": "a.bin"}]}
    r.update(over)
    return json.dumps(r, indent=1)


write("launch-record", "basic.json", record())
write("launch-record", "ptxas.json", record(
    ptxas_log="kernel.ptxas.txt",
    launches=[{"kernel": "k", "grid": [1], "block": [8, 4], "dynamic_shared": 128,
               "ptxas": {"registers": 24, "shared": 256}, "args": ARGS}]))
write("launch-record", "variables.json", record(
    variables=[{"name": "table", "init": "a.bin"}],
    expect=[{"variable": "counter", "file": "a.bin"}]))
write("launch-record", "textures.json", record(textures=[
    {"handle": 1, "base": "0x20000000", "width": 4, "height": 2, "channels": 2, "format": "u32"}]))
write("launch-record", "errors.json", record(
    memory=[{"base": "0x1000", "size": 0}, {"base": 1, "size": "0x10"}],
    launches=[{"kernel": "twice", "grid": [0], "block": [2048], "args": [{"u8": 1}]}]))
write("launch-record", "not-json.json", '{"format": "warpsim-launch-record", "version": 1,')
# Real records of the repository, with their PTX after the mark; their memory images are
# replaced by the harness's a.bin.
for name in ("vecadd", "diverge", "spin"):
    text = repo("tests/ptx/records/%s/launch.json" % name).decode()
    ptx = re.search(r'"ptx":\s*"([^"]*)"', text).group(1)
    text = text.replace('"%s"' % ptx, '"kernel.ptx"')
    text = re.sub(r'"(init|file)": "[^"]*"', r'"\1": "a.bin"', text)
    write("launch-record", name + ".json",
          text + MARK + repo(os.path.normpath("tests/ptx/records/%s/%s" % (name, ptx))).decode())
