#!/usr/bin/env python3
"""Regenerates the platform tables of doc/config-reference.md from the platforms' .ini files and
the programs' own view of them (`--dump-config`, `--help-config-markdown`).

Usage: python3 doc/studies/platform_tables.py BUILD_DIR [--check]
Writes the part between the "platform tables" markers; with --check, exits 1 if it would change
(tests/CMakeLists.txt runs that check). `make docs` runs it.
"""
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DOC = os.path.join(ROOT, "doc", "config-reference.md")
PLATFORMS = ["fermi", "owl28", "ccws30"]
BEGIN = "<!-- BEGIN GENERATED: platform tables (doc/studies/platform_tables.py) -->\n"
END = "<!-- END GENERATED: platform tables -->"


def run(build, platform, *args):
    return subprocess.run([os.path.join(build, "bin", "warpsim-" + platform)] + list(args),
                          check=True, capture_output=True, text=True).stdout


def defaults(build):
    """option -> default, from the schema's markdown table."""
    out = {}
    for line in run(build, "fermi", "--help-config-markdown").splitlines():
        m = re.match(r"\| `([^`]+)` \| [^|]+ \| `([^`]*)` \|", line)
        if m:
            out[m.group(1)] = m.group(2)
    return out


def ini_entries(platform):
    """[(option, value, source comment)] in file order; a key without its own comment takes the
    comment block above it in its section."""
    entries, section, block, in_block = [], "", "", False
    with open(os.path.join(ROOT, "platforms", platform, platform + ".ini")) as f:
        for raw in f:
            line = raw.rstrip("\n")
            was_block, in_block = in_block, line.lstrip().startswith("#")
            if line.startswith("["):
                section, block = line.strip("[] "), ""
            elif in_block:  # a comment block starts afresh after a key
                text = line.lstrip("# ").strip()
                block = (block + " " + text).strip() if was_block and section else text
            elif "=" in line and section:
                key, rest = line.split("=", 1)
                value, _, comment = rest.partition("#")
                entries.append(("%s.%s" % (section, key.strip()), value.strip(),
                                comment.strip() or block))
            elif not line.strip():
                block = ""
    return entries


def effective(build, platform):
    """option -> value as the program runs it (--dump-config)."""
    out, section = {}, ""
    for line in run(build, platform, "--dump-config").splitlines():
        if line.startswith("["):
            section = line.strip("[] ")
        elif "=" in line and section:
            key, rest = line.split("=", 1)
            out["%s.%s" % (section, key.strip())] = rest.split("#")[0].strip()
    return out


def cell(text):
    return text.replace("|", "\\|")


def generate(build):
    d = defaults(build)
    eff = {p: effective(build, p) for p in PLATFORMS}
    ini = {p: ini_entries(p) for p in PLATFORMS}
    options = sorted({k for p in PLATFORMS for k, _, _ in ini[p]})
    lines = ["| option | default | " + " | ".join(PLATFORMS) + " |",
             "|---|---|" + "---|" * len(PLATFORMS)]
    for o in options:
        values = []
        for p in PLATFORMS:
            v = eff[p].get(o, "")
            values.append("**%s**" % v if o in {k for k, _, _ in ini[p]} else v)
        lines.append("| `%s` | %s | %s |" % (o, cell(d.get(o, "")), " | ".join(
            cell(v) for v in values)))
    lines.append("")
    lines.append("Bold: set by the platform's `.ini` (the tables below give the source of each).")
    for p in PLATFORMS:
        lines += ["", "### warpsim-%s: %s.ini" % (p, p), "",
                  "| option | value | source given in %s.ini |" % p, "|---|---|---|"]
        for key, value, comment in ini[p]:
            lines.append("| `%s` | `%s` | %s |" % (key, cell(value), cell(comment)))
    return "\n".join(lines) + "\n\n"


def main():
    args = [a for a in sys.argv[1:] if a != "--check"]
    build = args[0] if args else os.path.join(ROOT, "build")
    with open(DOC) as f:
        doc = f.read()
    if BEGIN not in doc or END not in doc:
        sys.exit("%s: the platform-table markers are missing" % DOC)
    start = doc.index(BEGIN) + len(BEGIN)
    stop = doc.index(END)
    new = generate(build)
    if doc[start:stop] == new:
        print("%s: the platform tables are current" % DOC)
        return
    if "--check" in sys.argv:
        sys.exit("%s: the platform tables are stale; run `make docs`" % DOC)
    with open(DOC, "w") as f:
        f.write(doc[:start] + new + doc[stop:])
    print("%s: platform tables rewritten" % DOC)


if __name__ == "__main__":
    main()
