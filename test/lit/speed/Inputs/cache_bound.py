"""Drives cache-bound.test: runs a.cpp, then b.cpp with a limit of 1.5 times
the first block, and prints what the cache holds and which path each run took.

  cache_bound.py NNLINT WORKDIR -- COMPILER ARGS
"""
import glob
import os
import subprocess
import sys

nnlint, work = sys.argv[1], sys.argv[2]
flags = sys.argv[sys.argv.index("--") + 1:]
cache = os.path.join(work, "cache")
log = os.path.join(work, "cache.log")


def run(name, *opts):
    if os.path.exists(log):
        os.remove(log)
    env = dict(os.environ, NNLINT_CACHE_LOG=log)
    subprocess.run([nnlint, "--cache-dir=" + cache, *opts, os.path.join(work, name), "--", *flags],
                   stdout=subprocess.DEVNULL, env=env, check=False)
    with open(log) as f:
        return [line.split()[0] for line in f if line.strip()]


def size():
    files = glob.glob(os.path.join(cache, "*.pch")) + glob.glob(os.path.join(cache, "*.manifest"))
    files += glob.glob(os.path.join(cache, "facts", "*"))
    return sum(os.path.getsize(f) for f in files)


def blocks():
    return len(glob.glob(os.path.join(cache, "*.manifest")))


def edit(name):
    with open(os.path.join(work, name), "a") as f:
        f.write("// edited\n")


run("a.cpp")
print("blocks after a: %d" % blocks())
limit = size() * 3 // 2
run("b.cpp", "--cache-size=%d" % limit)
print("blocks after b: %d, %s" % (blocks(), "within the limit" if size() <= limit else "over %d" % limit))
edit("b.cpp")
print("b again: %s" % " ".join(run("b.cpp", "--cache-size=%d" % limit)))
edit("a.cpp")
print("a again: %s" % " ".join(run("a.cpp", "--cache-size=%d" % limit)))
