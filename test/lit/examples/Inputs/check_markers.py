"""Checks nnlint's findings on examples/ against the DEFECT(nn-...) markers.

Every marker line must carry a warning of that check, and no other line may
carry a warning: correct examples have no markers, so no warnings at all.
Usage: check_markers.py <nnlint text output> <source files...>
"""
import re
import sys


def main():
    output, sources = sys.argv[1], sys.argv[2:]
    expected = set()
    for path in sources:
        with open(path) as f:
            for number, line in enumerate(f, 1):
                for check in re.findall(r"DEFECT\((nn-[a-z-]+)\)", line):
                    expected.add((path, number, check))
    found = set()
    with open(output) as f:
        for line in f:
            m = re.match(r"(.+?):(\d+):\d+: warning: .* \[(nn-[a-z-]+)\]$", line.rstrip("\n"))
            if m:
                found.add((m.group(1), int(m.group(2)), m.group(3)))
    missing = sorted(expected - found)
    unexpected = sorted(found - expected)
    for path, line, check in missing:
        print(f"missing: {path}:{line}: {check}")
    for path, line, check in unexpected:
        print(f"unexpected: {path}:{line}: {check}")
    print(f"{len(expected)} markers, {len(found)} warnings")
    return 1 if missing or unexpected else 0


if __name__ == "__main__":
    sys.exit(main())
