#!/usr/bin/env python3
"""Writes the launch records the tests replay (doc/cuda.md) from the hand-written kernels in
../kernels: vecadd, diverge, reduce and tex (two launches sharing memory, texture objects).
Run it after changing a kernel or a record; the expected outputs are computed here in Python."""
import json
import os
import struct

here = os.path.dirname(os.path.abspath(__file__))


def pack(fmt, values):
    return struct.pack('<%d%s' % (len(values), fmt), *values)


def record(name, memory, launches, expect, textures=None, files=None):
    d = os.path.join(here, name)
    os.makedirs(d, exist_ok=True)
    for fname, data in (files or {}).items():
        with open(os.path.join(d, fname), 'wb') as f:
            f.write(data)
    rec = {'format': 'warpsim-launch-record', 'version': 1,
           'ptx': '../../kernels/%s.ptx' % name, 'memory': memory}
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
              'odd.expected.bin': pack('I', odd)})

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
