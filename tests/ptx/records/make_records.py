#!/usr/bin/env python3
"""Writes the launch records the tests replay (doc/cuda.md) from the hand-written kernels in
../kernels: vecadd, diverge, reduce, tex (two launches sharing memory, texture objects),
atomics and warpctl; and scale, from nvcc's calls.ptx in ../fixtures (a by-value struct,
dynamic shared memory, ptxas figures).
Run it after changing a kernel or a record; the expected outputs are computed here in Python."""
import json
import os
import struct

here = os.path.dirname(os.path.abspath(__file__))


def pack(fmt, values):
    return struct.pack('<%d%s' % (len(values), fmt), *values)


def record(name, memory, launches, expect, textures=None, files=None, ptx=None, ptxas_log=None):
    d = os.path.join(here, name)
    os.makedirs(d, exist_ok=True)
    for fname, data in (files or {}).items():
        with open(os.path.join(d, fname), 'wb') as f:
            f.write(data)
    rec = {'format': 'warpsim-launch-record', 'version': 1,
           'ptx': ptx or '../../kernels/%s.ptx' % name, 'memory': memory}
    if ptxas_log:
        rec['ptxas_log'] = ptxas_log
    if textures:
        rec['textures'] = textures
    rec['launches'] = launches
    rec['expect'] = expect
    with open(os.path.join(d, 'launch.json'), 'w') as f:
        json.dump(rec, f, indent=1)
        f.write('\n')


def region(name, base, size, init=None):
    r = {'name': name, 'base': hex(base), 'size': size}
    if init:
        r['init'] = init
    return r


def u64(v):
    return {'u64': hex(v)}


# vecadd: c = a + b over n = 1000 floats.
n = 1000
a = [0.5 * i for i in range(n)]
b = [1000.0 - i for i in range(n)]
record('vecadd',
       [region('a', 0x20000000, 4 * n, 'a.bin'), region('b', 0x20001000, 4 * n, 'b.bin'),
        region('c', 0x20002000, 4 * n)],
       [{'kernel': 'vecadd', 'grid': [4, 1, 1], 'block': [256, 1, 1],
         'args': [u64(0x20000000), u64(0x20001000), u64(0x20002000), {'u32': n}]}],
       [{'name': 'c', 'base': '0x20002000', 'file': 'c.expected.bin'}],
       files={'a.bin': pack('f', a), 'b.bin': pack('f', b),
              'c.expected.bin': pack('f', [x + y for x, y in zip(a, b)])})

# diverge: out[t] = 2t for odd t, 3 * min(t / 2, 7) for even t, 64 threads.
record('diverge', [region('out', 0x20000000, 256)],
       [{'kernel': 'diverge', 'grid': [1, 1, 1], 'block': [64, 1, 1], 'args': [u64(0x20000000)]}],
       [{'name': 'out', 'base': '0x20000000', 'file': 'out.expected.bin'}],
       files={'out.expected.bin': pack('I', [2 * t if t % 2 else 3 * min(t // 2, 7)
                                             for t in range(64)])})

# reduce: 3 CTAs of 128 threads: sums, histograms and odd ballots.
ctas, threads = 3, 128
vals = [((i * 2654435761) % 2**32) >> 20 for i in range(ctas * threads)]
sums, hist, shist, odd = [0] * ctas, [0] * 8, [0] * (ctas * 8), [0] * ctas
for i, v in enumerate(vals):
    c = i // threads
    sums[c] += v
    hist[v & 7] += 1
    shist[c * 8 + (v & 7)] += 1
    if v & 1:
        odd[c] |= 1 << (i % 32)
record('reduce',
       [region('in', 0x20000000, 4 * len(vals), 'in.bin'), region('out', 0x20010000, 4 * ctas),
        region('hist', 0x20020000, 32), region('shist', 0x20030000, 32 * ctas),
        region('odd', 0x20040000, 4 * ctas)],
       [{'kernel': 'reduce', 'grid': [ctas, 1, 1], 'block': [threads, 1, 1],
         'args': [u64(0x20000000), u64(0x20010000), u64(0x20020000), u64(0x20030000),
                  u64(0x20040000)]}],
       [{'name': 'out', 'base': '0x20010000', 'file': 'out.expected.bin'},
        {'name': 'hist', 'base': '0x20020000', 'file': 'hist.expected.bin'},
        {'name': 'shist', 'base': '0x20030000', 'file': 'shist.expected.bin'},
        {'name': 'odd', 'base': '0x20040000', 'file': 'odd.expected.bin'}],
       files={'in.bin': pack('I', vals), 'out.expected.bin': pack('I', sums),
              'hist.expected.bin': pack('I', hist), 'shist.expected.bin': pack('I', shist),
              'odd.expected.bin': pack('I', odd)},
       ptxas_log='../../kernels/reduce.ptxas.txt')  # ptxas -v -arch=sm_75 reduce.ptx

# tex: fetch1d over 40 ints (texture 7), then sample2d over an 8 x 4 float image (texture 9).
lin = [1000 + i for i in range(40)]
W, H = 8, 4
img = [0.25 * i for i in range(W * H)]
out1 = [lin[2 * i] if 2 * i < 40 else 0 for i in range(32)]
out2 = [img[min(y + 1, H - 1) * W + max(x - 1, 0)] for y in range(H) for x in range(W)]
record('tex',
       [region('lin', 0x20000000, 160, 'lin.bin'), region('img', 0x20001000, 4 * W * H, 'img.bin'),
        region('out1', 0x20002000, 128), region('out2', 0x20003000, 4 * W * H)],
       [{'kernel': 'fetch1d', 'grid': [1, 1, 1], 'block': [32, 1, 1],
         'args': [{'u64': 7}, u64(0x20002000)]},
        {'kernel': 'sample2d', 'grid': [H, 1, 1], 'block': [W, 1, 1],
         'args': [{'u64': 9}, u64(0x20003000), {'u32': W}]}],
       [{'name': 'out1', 'base': '0x20002000', 'file': 'out1.expected.bin'},
        {'name': 'out2', 'base': '0x20003000', 'file': 'out2.expected.bin'}],
       textures=[{'handle': 7, 'base': '0x20000000', 'width': 40, 'format': 's32'},
                 {'handle': 9, 'base': '0x20001000', 'width': W, 'height': H, 'format': 'f32'}],
       files={'lin.bin': pack('i', lin), 'img.bin': pack('f', img),
              'out1.expected.bin': pack('i', out1), 'out2.expected.bin': pack('f', out2)})

# atomics: 2 CTAs of 64 threads; every atom and red operation on global and shared memory
# (atomics.ptx has the list). Results are independent of the order of the threads, except the
# exch chains, which follow the documented order: the warps of a CTA in turn, lane by lane.
M32 = 0xffffffff


def s32(v):
    v &= M32
    return v - (1 << 32) if v >> 31 else v


def inc(old, b):
    return 0 if old >= b else old + 1  # PTX ISA atom.inc: wraps to 0 past b


def dec(old, b):
    return b if old == 0 or old > b else old - 1  # atom.dec: wraps to b at 0 (or above b)


ctas, threads = 2, 64
g = [1000, M32, 0x12345678, 0, 7, 0, 0, M32, 7, 7, 0, 0, 0, 0, 0, 0]
g_init = list(g)
out = [0] * (16 * ctas)
for c in range(ctas):
    sh = [5, 0, M32, 256, 0, 0, 9, 7, 0, 13, s32(-100) & M32, 0, 0]
    for t in range(threads):
        gt = c * threads + t
        w = t // 32
        g[0] = min(s32(g[0]), 50 - 3 * gt) & M32
        g[1] &= ~(1 << gt % 29) & M32
        g[2] ^= (gt * 0x01000193) & M32
        g[5] = (g[5] + g[3]) & M32
        g[3] = inc(g[3], 9)
        g[6] = (g[6] + g[4]) & M32
        g[4] = dec(g[4], 5)
        g[7] = min(g[7], (13 * gt) ^ 0x3c)
        g[10 + c] = (g[10 + c] + g[8 + c]) & M32
        g[8 + c] = 100 * c + 11 * (w + 1)
        g[12] ^= gt * 40503
        sh[0] = min(s32(sh[0]), 20 - t) & M32
        sh[1] = max(sh[1], (37 * t) ^ 0x55)
        sh[2] &= ~(1 << t % 20) & M32
        if t % 5 == 0:
            sh[3] |= 1 << t % 24
        sh[4] ^= t * t
        sh[11] += sh[5]
        sh[5] = inc(sh[5], 6)
        sh[12] += sh[6]
        sh[6] = dec(sh[6], 4)
        sh[8] += sh[7]
        sh[7] = 40 + w + 10 * c
        if sh[9] == t:
            sh[9] = 1000 + t
        sh[10] = max(s32(sh[10]), t - 50) & M32
    out[16 * c:16 * c + 13] = sh
record('atomics', [region('g', 0x20000000, 64, 'g.bin'), region('out', 0x20001000, 64 * ctas)],
       [{'kernel': 'atomics', 'grid': [ctas, 1, 1], 'block': [threads, 1, 1],
         'args': [u64(0x20000000), u64(0x20001000)]}],
       [{'name': 'g', 'base': '0x20000000', 'file': 'g.expected.bin'},
        {'name': 'out', 'base': '0x20001000', 'file': 'out.expected.bin'}],
       files={'g.bin': pack('I', g_init), 'g.expected.bin': pack('I', g),
              'out.expected.bin': pack('I', out)})


# warpctl: 2 CTAs of 64 threads, 24 words per thread (warpctl.ptx has the list).
def shfl(mode, lane, b, c, src):
    """PTX ISA shfl.sync: the value lane `lane` gets from `src` (the warp's values) and p."""
    segmask, cval, bval = (c >> 8) & 0x1f, c & 0x1f, b & 0x1f
    max_lane = (lane & segmask) | (cval & ~segmask)
    min_lane = lane & segmask
    if mode == 'up':
        j = lane - bval
        ok = j >= max_lane
    elif mode == 'bfly':
        j = lane ^ bval
        ok = j <= max_lane
    else:  # idx
        j = min_lane | (bval & ~segmask)
        ok = j <= max_lane
    return (src[j] if ok else src[lane]), int(ok)


ctas, threads, words = 2, 64, 24
out = [0] * (ctas * threads * words)
for c in range(ctas):
    for t in range(threads):
        gt, l, w = c * threads + t, t % 32, t // 32
        src = [10 * (c * threads + w * 32 + k) + 1 for k in range(32)]
        o = [0] * words
        o[0] = 4  # %clock: 4 x the warp instructions so far, the reading one included
        o[1] = 4 * 8  # eight instructions later
        o[2] = 100 * w + ctas
        odd = t % 2 == 1
        a_lo, b_lo = (l - 16) & M32, 2 * t
        lo = a_lo + b_lo
        hi = (M32 if odd else gt) + 1 + (lo >> 32)
        o[3], o[4], o[5] = lo & M32, hi & M32, hi >> 32
        p2 = t & 2 != 0
        o[6] = (((l < 12) and p2) + 2 * ((not l < 12) and p2) + 4 * ((t % 3 == 0) or odd)
                + 8 * ((t % 3 != 0) or odd))
        up, pu = shfl('up', l, 3, 0, src)
        bf, pb = shfl('bfly', l, 5, 0x1c1f, src)
        ix, pi = shfl('idx', l, (7 * l) & 31, 0x0f, src)
        o[7], o[8], o[9], o[10] = up, bf, ix, pu + 2 * pb + 4 * pi
        o[11] = 0 + 2 + 4 + 0  # all(l < 31), all(true), uni(warpid == 1), uni(l < 16)
        if odd:
            x = t + 10 * c
            o[12] = (999 if x > 40 else 3 * x) + 1000
        else:
            o[12] = 5
        o[16] = 1 if l % 3 == 0 or l > 25 else 2
        o[17] = 10 + (l % 2) + 11 * (l % 4)
        if t % 8 == 7:
            o[13] = 7  # and exit
        else:
            o[13] = 1
            o[14] = 3 * (gt ^ 32)
            o[15] = 6 * gt + 1
        out[gt * words:(gt + 1) * words] = o
record('warpctl', [region('out', 0x20000000, 4 * len(out))],
       [{'kernel': 'warpctl', 'grid': [ctas, 1, 1], 'block': [threads, 1, 1],
         'args': [u64(0x20000000)]}],
       [{'name': 'out', 'base': '0x20000000', 'file': 'out.expected.bin'}],
       files={'out.expected.bin': pack('I', out)})


# scale: nvcc's scaleKernel (../fixtures/calls.cu) over n = 200 floats in 4 CTAs of 64 threads:
# out[i] = p.scale * buf[63 - tid] + (float)p.bias, buf the CTA's inputs (0 past n) in dynamic
# shared memory; Params {float scale; int n; double bias} passed by value as bytes.
n, block, grid = 200, 64, 4
x = [0.75 * i - 20.0 for i in range(n)]
out = [0.0] * (grid * block)
for i in range(n):
    base, tid = i // block * block, i % block
    mirror = base + block - 1 - tid
    # exact in double (multiples of 1/8 below 2^10), so one rounding to f32 as the fma's
    out[i] = 1.5 * (x[mirror] if mirror < n else 0.0) + 0.25
record('scale', [region('in', 0x20000000, 4 * n, 'in.bin'), region('out', 0x20001000, 4 * grid * block)],
       [{'kernel': '_Z11scaleKernelPfPKf6Params', 'grid': [grid, 1, 1], 'block': [block, 1, 1],
         'dynamic_shared': 4 * block,
         'args': [u64(0x20001000), u64(0x20000000),
                  {'bytes': struct.pack('<fid', 1.5, n, 0.25).hex()}],
         'ptxas': {'registers': 12, 'shared': 0}}],
       [{'name': 'out', 'base': '0x20001000', 'file': 'out.expected.bin'}],
       files={'in.bin': pack('f', x), 'out.expected.bin': pack('f', out)},
       ptx='../../fixtures/calls.ptx')

# spin: two CTAs wait for a flag nothing sets (a spin-wait on another CTA); no expected output:
# the run stops at the CTA's instruction budget (workload.ptx_cta_budget).
record('spin', [region('flag', 0x20000000, 64)],
       [{'kernel': 'spin', 'grid': [2, 1, 1], 'block': [64, 1, 1], 'args': [u64(0x20000000)]}],
       [])
