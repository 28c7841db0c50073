#!/usr/bin/env python3
"""usage: compare_plugin.py NNLINT CLANG_TIDY PLUGIN FILE... -- COMPILER_ARGS...

Runs every file through the standalone nnlint and through clang-tidy with the
nnlint module, one file per run, and compares the warnings (file:line:col,
message, check). Prints each file's warnings, then "same: ..." or the
differences; exits 1 if any file differs or no warning was found at all."""
import concurrent.futures
import re
import subprocess
import sys

WARNING = re.compile(r"^(/\S+:\d+:\d+: (?:warning|error): .* \[nn-[a-z-]+\])$", re.M)


def warnings(cmd):
    proc = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    return sorted(set(WARNING.findall(proc.stdout))), proc.stdout


def compare(nnlint, tidy, plugin, path, args):
    mine, mine_out = warnings([nnlint, path, "--"] + args)
    theirs, theirs_out = warnings([tidy, "-load", plugin, "-checks=-*,nn-*", path, "--"] + args)
    if "error:" in mine_out and not mine:
        return path, mine, theirs, "nnlint failed:\n" + mine_out
    return path, mine, theirs, ""


def main(argv):
    split = argv.index("--")
    nnlint, tidy, plugin, files = argv[0], argv[1], argv[2], argv[3:split]
    args = argv[split + 1:]
    differ = False
    total = 0
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
        for path, mine, theirs, failure in pool.map(lambda f: compare(nnlint, tidy, plugin, f, args), files):
            total += len(mine)
            for w in mine:
                print(w)
            if failure or mine != theirs:
                differ = True
                print(f"DIFFERENT: {path}\n{failure}")
                for w in sorted(set(mine) - set(theirs)):
                    print(f"  only nnlint:     {w}")
                for w in sorted(set(theirs) - set(mine)):
                    print(f"  only clang-tidy: {w}")
    if differ or total == 0:
        return 1
    print(f"same: {len(files)} files, {total} warnings")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
