#!/usr/bin/env python3
"""Runs nnlint over the same files with and without each fast path and checks
that every run gives byte-identical output (stdout, stderr, exit code).

  speed_check.py NNLINT WORKDIR SCENARIO FILES... -- COMPILER ARGS

A FILES argument `one-in-N:GLOB` stands for every Nth file GLOB names (sorted).

Scenarios:
  identical   no cache / cache cold / cache warm / unchanged files answered from
              the facts cache, -j1 / -j2; every library body parsed (every
              fourth file, through the cache, built by two workers at once:
              concurrent); JSON output
  pch-vs-plain  no cache against cache cold (-j1) and warm (-j2) only: the
              short form for the real headers, where every parse is slow
  corrupt     the cached PCH or manifest truncated, garbled or replaced
  concurrent  two nnlint processes on the same cold cache at once
  nocache-dir the cache directory cannot be created
  header-change a header held by a cached block changes (FILES is ignored)
  killed-build  nnlint killed (SIGKILL) while it writes a PCH: the next run
              removes the temporary file and builds the block
  garbled-header  a block header in the cache damaged: repaired, said once
  disk-full   no file can grow past 64 KiB, as on a full disk: the findings
              of the plain path and one warning
Each scenario also checks, through $NNLINT_CACHE_LOG, that the fast path it
means to test was taken, so that it cannot pass by testing nothing.
"""
import glob
import json
import os
import shutil
import subprocess
import sys
import time


def fail(msg):
    print("FAIL: " + msg)
    sys.exit(1)


class Runner:
    def __init__(self, nnlint, work, files, flags):
        self.nnlint, self.work, self.files, self.flags = nnlint, work, files, flags
        self.log = os.path.join(work, "cache.log")

    def start(self, *opts, keep_facts=False, files=None):
        if os.path.exists(self.log):
            os.remove(self.log)
        # The scenarios test the include-block cache, which a file's cached facts would skip.
        for o in opts:
            if o.startswith("--cache-dir=") and not keep_facts:
                shutil.rmtree(os.path.join(o.split("=", 1)[1], "facts"), ignore_errors=True)
        env = dict(os.environ, NNLINT_CACHE_LOG=self.log)
        return subprocess.Popen([self.nnlint, *opts, *(files or self.files), "--", *self.flags], stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, env=env)

    def run(self, *opts, keep_facts=False, files=None):
        p = self.start(*opts, keep_facts=keep_facts, files=files)
        out, err = p.communicate()
        return (p.returncode, out.decode(), err.decode()), self.paths()

    def paths(self):
        if not os.path.exists(self.log):
            return {}
        counts = {}
        for line in open(self.log):
            what = line.split(" ", 1)[0]
            counts[what] = counts.get(what, 0) + 1
        return counts

    def cache(self, name):
        d = os.path.join(self.work, name)
        return d, "--cache-dir=" + d


def same(reference, got, what):
    if got != reference:
        fail(f"{what}: output differs from the plain run\n--- plain: rc={reference[0]}\n{reference[1]}{reference[2]}"
             f"\n--- {what}: rc={got[0]}\n{got[1]}{got[2]}")


def expect(paths, what, key, at_least=1):
    if paths.get(key, 0) < at_least:
        fail(f"{what}: expected at least {at_least} file(s) to take the '{key}' path, got {paths}")


def identical(r):
    # JSON output: every finding and error with its file, compared whole.
    reference, _ = r.run("--no-cache", "-j1", "--format=json")
    if not json.loads(reference[1])["findings"]:
        fail("the plain run found nothing: this test would compare nothing")
    cold, flag = r.cache("cache-j1")
    got, paths = r.run(flag, "-j1", "--format=json")
    same(reference, got, "cold cache -j1")
    expect(paths, "cold cache -j1", "built")
    got, paths = r.run(flag, "-j2", "--format=json")
    same(reference, got, "warm cache -j2")
    expect(paths, "warm cache -j2", "hit", 2)
    # Nothing changed since the run before: every file's facts come from the cache, no parse.
    got, paths = r.run(flag, "-j2", "--format=json", keep_facts=True)
    same(reference, got, "unchanged files")
    expect(paths, "unchanged files", "facts", len(r.files))
    if set(paths) != {"facts"}:
        fail(f"unchanged files: expected no parse at all, got {paths}")

    # Library bodies: skipping them hides errors inside them (documented), so
    # compare the findings outside the files that do not compile with every
    # body parsed (through the cache: its blocks for that mode are built here).
    # Every fourth file: a parse with every body costs as much as the plain
    # reference, and what it changes is the library's part, not the file's.
    some = r.files[::4]
    full, paths = r.run(flag, "-j2", "--no-skip-library-bodies", "--format=json", files=some)
    expect(paths, "all bodies", "built")
    broken = {os.path.abspath(e["file"]) for e in json.loads(full[1])["errors"]}
    if len(broken) == len(some):
        fail("no file compiles with library bodies parsed")
    # Library bodies skipped, through the warm cache: that path gave the plain run's output above.
    skipped, _ = r.run(flag, "-j2", "--format=json", files=some)

    def findings_outside_broken(run):
        return [f for f in json.loads(run[1])["findings"] if os.path.abspath(f["file"]) not in broken]
    if not findings_outside_broken(skipped):
        fail("--no-skip-library-bodies: the files compared have no finding: this would compare nothing")
    if findings_outside_broken(full) != findings_outside_broken(skipped):
        fail("--no-skip-library-bodies: the findings outside the files with errors differ from those with the "
             f"bodies skipped:\n--- skipped\n{skipped[1]}\n--- all bodies\n{full[1]}")


def pch_vs_plain(r):
    reference, _ = r.run("--no-cache", "-j1")
    if not reference[1] and not reference[2]:
        fail("the plain run printed nothing: this test would compare nothing")
    _, flag = r.cache("cache")
    got, paths = r.run(flag, "-j1")
    same(reference, got, "cold cache -j1")
    expect(paths, "cold cache -j1", "built")
    got, paths = r.run(flag, "-j2")
    same(reference, got, "warm cache -j2")
    expect(paths, "warm cache -j2", "hit", len(r.files))


def temporaries(d):
    return [os.path.join(root, f) for root, _, names in os.walk(d) for f in names if ".tmp-" in f]


def killed_build(r):
    reference, _ = r.run("--no-cache", "-j1")
    d, flag = r.cache("cache")
    p = r.start(flag, "-j1")
    deadline = time.time() + 300
    while not temporaries(d) and p.poll() is None and time.time() < deadline:
        time.sleep(0.01)
    left = temporaries(d)
    p.kill()
    p.communicate()
    if not left:
        fail("nnlint wrote no temporary file to be killed in the middle of (rc=%s)" % p.returncode)
    if not temporaries(d):
        fail("the killed run left no temporary file: this test would test nothing")
    got, paths = r.run(flag, "-j1")
    same(reference, got, "after the killed build")
    expect(paths, "after the killed build", "built")
    if temporaries(d):
        fail("temporary files left after the next build: " + str(temporaries(d)))


def garbled_header(r):
    reference, _ = r.run("--no-cache", "-j1")
    d, flag = r.cache("cache")
    same(reference, r.run(flag, "-j1")[0], "cold cache")
    headers = glob.glob(os.path.join(d, "*", "nnlint-include-block.h"))
    if not headers:
        fail("no block header in the cache to damage")
    for h in headers:
        open(h, "w").write("#include <no/such/header.h>\n\x01garbage\n")
    for m in glob.glob(os.path.join(d, "*.manifest")):
        os.remove(m)  # as if the PCH had been lost too: the header must be used again
    rc, out, err = r.run(flag, "-j2")[0]
    warnings = [line for line in err.splitlines() if line.startswith("nnlint: warning: cache: repaired")]
    if len(warnings) != len(headers):
        fail("expected one 'repaired' warning per damaged header, got:\n" + err)
    rest = "".join(line + "\n" for line in err.splitlines() if line not in warnings)
    same(reference, (rc, out, rest), "run that repairs the header")
    got, paths = r.run(flag, "-j1")
    same(reference, got, "after the repair")
    expect(paths, "after the repair", "hit", len(r.files))


def disk_full(r):
    reference, _ = r.run("--no-cache", "-j1")
    d, flag = r.cache("cache")
    for jobs in ("-j1", "-j2"):
        shutil.rmtree(os.path.join(d, "facts"), ignore_errors=True)  # small enough to fit: would answer
        limit = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "robustness", "Inputs",
                             "file_size_limit.py")
        p = subprocess.run([sys.executable, limit, str(64 * 1024), r.nnlint, flag, jobs, *r.files, "--", *r.flags],
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        err = p.stderr.decode()
        warnings = [line for line in err.splitlines() if line.startswith("nnlint: warning: cache: cannot write")]
        if len(warnings) != 1:
            fail(jobs + ": expected one warning about the cache, got:\n" + err)
        rest = "".join(line + "\n" for line in err.splitlines() if line not in warnings)
        same(reference, (p.returncode, p.stdout.decode(), rest), "full disk " + jobs)
        if temporaries(d) or pch_files(d):
            fail(jobs + ": files left in the cache: " + str(temporaries(d) + pch_files(d)))


def pch_files(d):
    return sorted(glob.glob(os.path.join(d, "*.pch")))


def corrupt(r):
    reference, _ = r.run("--no-cache", "-j1")
    d, flag = r.cache("cache")

    def damage(what, how, path_taken=None):
        got, paths = r.run(flag, "-j1")  # (re)build: a good cache to damage
        same(reference, got, "before " + what)
        if not pch_files(d):
            fail("no PCH in the cache to damage")
        how(d)
        got, paths = r.run(flag, "-j1")
        same(reference, got, what)
        if paths.get("hit", 0) == len(r.files):
            fail(f"{what}: every file used the damaged cache: {paths}")
        if path_taken:
            expect(paths, what, path_taken)
        got, paths = r.run(flag, "-j1")
        same(reference, got, "after " + what)

    def each_pch(f):
        return lambda d: [f(p) for p in pch_files(d)]

    def truncate(p):
        os.truncate(p, os.path.getsize(p) // 2)

    def garble(p):
        with open(p, "r+b") as f:
            f.seek(os.path.getsize(p) // 2)
            f.write(b"\xde\xad\xbe\xef" * 4096)

    def empty(p):
        open(p, "w").close()

    def garble_manifest(d):
        for m in glob.glob(os.path.join(d, "*.manifest")):
            with open(m, "w") as f:
                f.write("nnlint-pch 1\npch ../../etc/passwd 1 x\n\x00\x01garbage\n")

    def stale_for_clang_only(d):
        # The manifest is made to agree with a block header touched after the
        # build, so nnlint's own check passes: only Clang's checks on loading
        # the PCH, and the plain re-parse behind them, can catch it.
        for m in glob.glob(os.path.join(d, "*.manifest")):
            lines = open(m).read().split("\n")
            for i, line in enumerate(lines):
                if line.startswith("dep ") and line.endswith("/nnlint-include-block.h"):
                    _, size, _, path = line.split(" ", 3)
                    st = os.stat(path)
                    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns + 100 * 10**9))
                    lines[i] = f"dep {size} {os.stat(path).st_mtime_ns} {path}"
            open(m, "w").write("\n".join(lines))

    damage("truncated PCH", each_pch(truncate))
    damage("garbled PCH", each_pch(garble))
    damage("empty PCH", each_pch(empty))
    damage("garbled manifest", garble_manifest)
    damage("PCH stale for Clang only", stale_for_clang_only, "discarded")


def concurrent(r):
    reference, _ = r.run("--no-cache", "-j1")
    d, flag = r.cache("cache")
    procs = [r.start(flag, "-j2"), r.start(flag, "-j2")]
    for n, p in enumerate(procs):
        out, err = p.communicate()
        same(reference, (p.returncode, out.decode(), err.decode()), f"concurrent run {n + 1}")
    if not pch_files(d):
        fail("the concurrent runs built no PCH")
    if glob.glob(os.path.join(d, "*.tmp-*")):
        fail("temporary files left in the cache: " + str(glob.glob(os.path.join(d, "*.tmp-*"))))
    got, paths = r.run(flag, "-j2")
    same(reference, got, "after the concurrent runs")
    expect(paths, "after the concurrent runs", "hit", len(r.files))


def nocache_dir(r):
    reference, _ = r.run("--no-cache", "-j1")
    blocker = os.path.join(r.work, "not-a-directory")
    open(blocker, "w").close()
    got, paths = r.run("--cache-dir=" + os.path.join(blocker, "cache"), "-j2")
    same(reference, got, "unusable cache directory")
    expect(paths, "unusable cache directory", "plain", len(r.files))


HEADER_OK = """#pragma once
#include <torch/torch.h>
struct NetImpl : torch::nn::Cloneable<NetImpl> {
  NetImpl() { reset(); }
  void reset() override {
    a = register_module("a", torch::nn::Linear(4, 4));
    b = register_module("b", torch::nn::Linear(4, 4));
    cells = {a, b};
  }
  torch::Tensor forward(torch::Tensor x) { for (auto &c : cells) x = c(x); return x; }
  torch::nn::Linear a{nullptr}, b{nullptr};
  std::vector<torch::nn::Linear> cells;
};
"""
# Same size, now filled outside reset(): nn-container-alias.
HEADER_BAD = HEADER_OK.replace("NetImpl() { reset(); }", "NetImpl() { reset(); cells = {a, b}; }").replace(
    "    cells = {a, b};\n", "")


def header_change(r):
    # The model lives in a header that the precompiled block holds: the
    # files' first header defines a macro before its includes, so they have
    # no library lead and their whole block is precompiled (a header after a
    # lead is parsed with each file, see cache-shared-lead.test).
    src = os.path.join(r.work, "src")
    os.makedirs(src)
    configured = lambda header: "#define MODEL_WIDTH 4\n" + header
    open(os.path.join(src, "model.h"), "w").write(configured(HEADER_OK))
    r.flags = r.flags + ["-I" + src]
    r.files = []
    for n in range(2):
        path = os.path.join(src, f"use{n}.cpp")
        open(path, "w").write(f'#include <model.h>\n#include <torch/torch.h>\nint use{n}() {{ return {n}; }}\n')
        r.files.append(path)
    _, flag = r.cache("cache")
    before, paths = r.run(flag, "-j1")
    expect(paths, "first run", "built")
    got, paths = r.run(flag, "-j1")
    same(before, got, "warm run")
    expect(paths, "warm run", "hit", 2)
    if "nn-container-alias" in before[1]:
        fail("the correct header already gives a finding")
    open(os.path.join(src, "model.h"), "w").write(configured(HEADER_BAD))  # same second, often: mtime in ns must tell
    reference, _ = r.run("--no-cache", "-j1")
    if "nn-container-alias" not in reference[1]:
        fail("the changed header gives no finding: this test would compare nothing\n" + reference[1] + reference[2])
    got, paths = r.run(flag, "-j1")
    same(reference, got, "after the header changed")
    expect(paths, "after the header changed", "built")  # not a hit on the stale one


def expanded(arg):
    if not arg.startswith("one-in-"):
        return [arg]
    n, pattern = arg[len("one-in-"):].split(":", 1)
    return sorted(glob.glob(pattern))[::int(n)]


def main():
    nnlint, work, scenario = sys.argv[1:4]
    rest = sys.argv[4:]
    split = rest.index("--")
    files, flags = [f for arg in rest[:split] for f in expanded(arg)], rest[split + 1:]
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    {"identical": identical, "pch-vs-plain": pch_vs_plain, "corrupt": corrupt, "concurrent": concurrent,
     "nocache-dir": nocache_dir, "header-change": header_change, "killed-build": killed_build,
     "garbled-header": garbled_header, "disk-full": disk_full}[scenario](Runner(nnlint, work, files, flags))
    print("OK: " + scenario)


if __name__ == "__main__":
    main()
