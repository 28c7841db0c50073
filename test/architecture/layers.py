"""Fails when an include line goes against the pipeline's floors.

Reads every #include "..." of the analyzer, the checks and the clang-tidy module
and fails, one line per offence, when a file
  - includes a project header by a bare name ("ModelIndex.h"), so that the line
    does not say which floor it reaches (includes are rooted at analyzer/, and
    at the repository for rules/);
  - includes a header of a higher floor than its own.

  layers.py [REPO_ROOT]
"""
import os
import re
import sys

# Top to bottom; a file may include its own folder and the folders below it.
# docs/architecture.md draws the same list.
FLOORS = [
    "plugin",          # the clang-tidy module (an entry point of its own)
    "driver",          # the command line: the front and the analyzer's main
    "replay",          # the front's records of runs, and which commands they answer
    "lsp",             # the language server
    "report",          # findings -> text, JSON, SARIF, ...; exit codes
    "project",         # one run: settings, compile commands, analyze(), NOLINT
    "cache",           # indexing and storage: worker processes, the facts cache, the cache bound
    "parse",           # one parse: include blocks, warm sessions, error recovery (the plugin's too)
    "rules",           # the checks, one per file
    "rules/support",   # what several checks share
    "flow",            # AST -> facts: the index builder and its analyses
    "index",           # the model facts as data
    "base",            # plain types everyone uses
]

INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)
GENERATED = {"base/Version.h", "report/RulePages.h"}  # written into the build tree


def floor_of(path):
    """The floor of a path relative to analyzer/ or the repository root."""
    best = None
    for f in FLOORS:
        if path.startswith(f + "/") and (best is None or len(f) > len(best)):
            best = f
    return best


def sources(root):
    for top in ("analyzer", "rules", "plugin"):
        for d, _, names in os.walk(os.path.join(root, top)):
            for n in sorted(names):
                if n.endswith((".h", ".cpp")):
                    yield os.path.join(d, n)


def relative(root, path):
    """analyzer/index/ModelIndex.h -> index/ModelIndex.h; rules/Rule.h stays."""
    rel = os.path.relpath(path, root)
    return rel[len("analyzer/"):] if rel.startswith("analyzer/") else rel


def main():
    root = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..", ".."))
    files = list(sources(root))
    known = {relative(root, p) for p in files} | GENERATED
    bare = {os.path.basename(k) for k in known}
    problems = []
    checked = 0
    for path in files:
        me = relative(root, path)
        mine = floor_of(me)
        if mine is None:
            problems.append(f"{me}: in no floor of test/architecture/layers.py")
            continue
        with open(path, encoding="utf-8", errors="replace") as f:
            text = f.read()
        for m in INCLUDE.finditer(text):
            inc = m.group(1)
            line = text.count("\n", 0, m.start()) + 1
            where = f"{me}:{line}"
            if inc not in known:
                if "/" not in inc and inc in bare:
                    problems.append(f'{where}: "{inc}" does not name its folder')
                continue  # a library header
            checked += 1
            theirs = floor_of(inc)
            if FLOORS.index(theirs) < FLOORS.index(mine):
                problems.append(f'{where}: includes "{inc}", a floor above ({theirs} over {mine})')
    for p in problems:
        print(p)
    if problems:
        sys.exit(1)
    print(f"layers: {checked} project includes in {len(files)} files, none upward")


if __name__ == "__main__":
    main()
