"""The SPEC file's INI dialect, read line by line so that every error names the file and line.

    # comment                ; comment too
    [sweep]                  # sections: [sweep], [set], [variant LABEL], [workload NAME]
    platforms = fermi owl28  # a trailing comment needs a blank before '#' or ';'
    options = --set gpu.sms=4
      --set l2.perfect=false # an indented line continues the value above it

A key may appear once per section and a section once per file.
"""
import os

SECTION_KINDS = ("sweep", "set", "variant", "workload")
SECTIONS_ALLOWED = "[sweep], [set], [variant LABEL], [workload NAME]"
MAX_SPEC_BYTES = 1 << 20


class SpecError(Exception):
    """A bad SPEC: the message names the file, the line, the key, the value and what is allowed."""


class Item:
    """One `key = value` line (with its continuation lines joined by a blank)."""

    def __init__(self, key, value, line):
        self.key, self.value, self.line = key, value, line


class Section:
    def __init__(self, kind, label, line):
        self.kind, self.label, self.line = kind, label, line
        self.items = []  # in file order

    def title(self):
        return "[%s %s]" % (self.kind, self.label) if self.label else "[%s]" % self.kind


def strip_comment(text):
    """`text` without a trailing comment: '#' or ';' after a blank, outside quotes."""
    quote = None
    for i, c in enumerate(text):
        if quote:
            if c == quote:
                quote = None
        elif c in "\"'":
            quote = c
        elif c in "#;" and (i == 0 or text[i - 1] in " \t"):
            return text[:i].rstrip()
    return text.rstrip()


def read_text(path):
    try:
        if os.path.getsize(path) > MAX_SPEC_BYTES:
            raise SpecError("%s: larger than %d bytes; a SPEC is a small INI file"
                            % (path, MAX_SPEC_BYTES))
        with open(path, encoding="utf-8") as f:
            return f.read()
    except UnicodeDecodeError:
        raise SpecError("%s: not UTF-8 text; a SPEC is a small INI file" % path)
    except OSError as e:
        raise SpecError("cannot read SPEC '%s': %s" % (path, e.strerror or e))


def parse_header(path, number, text, seen):
    inner = text[1:-1].strip()
    kind, _, label = inner.partition(" ")
    label = label.strip()
    if kind not in SECTION_KINDS:
        raise SpecError("%s:%d: unknown section [%s]; allowed: %s" % (path, number, inner,
                                                                      SECTIONS_ALLOWED))
    if kind in ("sweep", "set") and label:
        raise SpecError("%s:%d: [%s] takes no label (got '%s'); allowed: %s"
                        % (path, number, kind, label, SECTIONS_ALLOWED))
    if kind in ("variant", "workload") and not label:
        raise SpecError("%s:%d: [%s] needs a label: [%s %s]; allowed: %s"
                        % (path, number, kind, kind, "LABEL" if kind == "variant" else "NAME",
                           SECTIONS_ALLOWED))
    section = Section(kind, label, number)
    if section.title() in seen:
        raise SpecError("%s:%d: section %s appears twice (first at line %d); allowed: each "
                        "section once" % (path, number, section.title(),
                                          seen[section.title()].line))
    seen[section.title()] = section
    return section


def read_ini(path):
    """The sections of the SPEC at `path`, in file order."""
    sections, seen = [], {}
    section, item = None, None
    for number, raw in enumerate(read_text(path).splitlines(), 1):
        if not raw.strip():
            item = None  # a blank line ends a continued value
            continue
        if raw.lstrip()[0] in "#;":
            continue
        text = strip_comment(raw)
        if not text.strip():
            continue
        if raw[0] in " \t" and item is not None:
            item.value = (item.value + " " + text.strip()).strip()
            continue
        text = text.strip()
        if text.startswith("["):
            if not text.endswith("]"):
                raise SpecError("%s:%d: malformed section header '%s'; allowed: %s"
                                % (path, number, text, SECTIONS_ALLOWED))
            section, item = parse_header(path, number, text, seen), None
            sections.append(section)
            continue
        key, eq, value = text.partition("=")
        key, value = key.strip(), value.strip()
        if not eq or not key:
            raise SpecError("%s:%d: malformed line '%s': expected 'key = value' or '[section]'; "
                            "allowed: key = value lines in the sections %s, comments from '#' "
                            "or ';'" % (path, number, text, SECTIONS_ALLOWED))
        if section is None:
            raise SpecError("%s:%d: %s = '%s' comes before any section; allowed: keys inside "
                            "%s" % (path, number, key, value, SECTIONS_ALLOWED))
        for other in section.items:
            if other.key == key:
                raise SpecError("%s:%d: %s %s = '%s': key given twice (first at line %d); "
                                "allowed: each key once per section"
                                % (path, number, section.title(), key, value, other.line))
        item = Item(key, value, number)
        section.items.append(item)
    return sections
