#!/usr/bin/env python3
"""Writes the launch records the tests replay (doc/cuda.md): vecadd with n = 1000 floats."""
import json
import os
import struct

here = os.path.dirname(os.path.abspath(__file__))


def write(path, floats):
    with open(path, 'wb') as f:
        f.write(struct.pack('<%df' % len(floats), *floats))


n = 1000
a = [0.5 * i for i in range(n)]
b = [1000.0 - i for i in range(n)]
d = os.path.join(here, 'vecadd')
write(os.path.join(d, 'a.bin'), a)
write(os.path.join(d, 'b.bin'), b)
write(os.path.join(d, 'c.expected.bin'), [x + y for x, y in zip(a, b)])
record = {
    'format': 'warpsim-launch-record',
    'version': 1,
    'ptx': '../../kernels/vecadd.ptx',
    'memory': [
        {'name': 'a', 'base': '0x20000000', 'size': 4 * n, 'init': 'a.bin'},
        {'name': 'b', 'base': '0x20001000', 'size': 4 * n, 'init': 'b.bin'},
        {'name': 'c', 'base': '0x20002000', 'size': 4 * n},
    ],
    'launches': [{
        'kernel': 'vecadd', 'grid': [4, 1, 1], 'block': [256, 1, 1],
        'args': [{'u64': '0x20000000'}, {'u64': '0x20001000'}, {'u64': '0x20002000'},
                 {'u32': n}],
    }],
    'expect': [{'name': 'c', 'base': '0x20002000', 'file': 'c.expected.bin'}],
}
with open(os.path.join(d, 'launch.json'), 'w') as f:
    json.dump(record, f, indent=1)
    f.write('\n')
