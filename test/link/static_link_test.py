#!/usr/bin/env python3
"""The Release build links nnlint with Clang's and LLVM's static archives;
the tests' Quick build links the shared libraries. This links the same
objects statically (nnlint_static) and asks both the same questions: the
static one must need no shared Clang or LLVM and give the same answers.

usage: static_link_test.py <nnlint> <nnlint_static> <source>... -- <compiler flags>
"""
import json
import subprocess
import sys


def needed(binary):
    out = subprocess.run(["readelf", "-d", binary], stdout=subprocess.PIPE, text=True, check=True).stdout
    return [line.split("[")[1].split("]")[0] for line in out.splitlines() if "(NEEDED)" in line]


def answer(binary, args):
    proc = subprocess.run([binary] + args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, timeout=300)
    return proc.returncode, proc.stdout, proc.stderr


def main():
    split = sys.argv.index("--")
    shared, static, sources, flags = sys.argv[1], sys.argv[2], sys.argv[3:split], sys.argv[split:]
    failures = []
    if not any(lib.startswith("libclang-cpp") for lib in needed(shared)):
        failures.append(f"{shared} does not need libclang-cpp: is it the shared build?")
    clang = [lib for lib in needed(static) if lib.startswith(("libclang", "libLLVM"))]
    if clang:
        failures.append(f"{static} still needs {clang}")
    questions = [["--version"]] + [["--no-cache", "--format=json", source] + flags for source in sources]
    for args in questions:
        ours, theirs = answer(shared, args), answer(static, args)
        if ours != theirs:
            failures.append(f"nnlint {' '.join(args)}: shared build answered {ours}, static build {theirs}")
        elif "--format=json" in args and not json.loads(ours[1])["findings"]:
            failures.append(f"nnlint {' '.join(args)}: no finding to compare: {ours}")
    for failure in failures:
        print("FAIL:", failure)
    print(f"{len(questions)} questions, {len(failures)} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
