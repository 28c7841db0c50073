#!/usr/bin/env python3
"""Runs nnlint on a file whose directory and name are not UTF-8, through
every output (text, JSON, SARIF, baseline), the in-process path without a
cache and the worker path through one, and prints one line per fact for
FileCheck.

  non_utf8_paths.py NNLINT WORKDIR -- COMPILER ARGS
"""
import json
import os
import shutil
import subprocess
import sys

MODEL = b"""#include <torch/torch.h>
struct NetImpl : torch::nn::Module {
  NetImpl() { fc = torch::nn::Linear(4, 4); head = torch::nn::Linear(4, 4); }
  torch::Tensor forward(torch::Tensor x) { return head(fc(x)); }
  torch::nn::Linear fc{nullptr};
  torch::nn::Linear head{nullptr};  // NOLINT(nn-unregistered-submodule)
};
"""


def main():
    nnlint, work = sys.argv[1], sys.argv[2].encode()
    flags = sys.argv[sys.argv.index("--") + 1:]
    shutil.rmtree(work, ignore_errors=True)
    folder = os.path.join(work, b"d\xe9j\xe0")  # Latin-1, not UTF-8
    os.makedirs(folder)
    source = os.path.join(folder, b"model\xff.cpp")
    with open(source, "wb") as f:
        f.write(MODEL)
    other = os.path.join(work, b"plain.cpp")  # a second file, so that -j2 really forks
    with open(other, "wb") as f:
        f.write(MODEL.replace(b"NetImpl", b"OtherImpl"))

    def run(*opts, files=(source, other)):
        p = subprocess.run([nnlint.encode(), b"--quiet", *[o if isinstance(o, bytes) else o.encode() for o in opts], *files, b"--", *[f.encode() for f in flags]],
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=work)
        return p.returncode, p.stdout, p.stderr

    # The plain path with one job, then a cache of its own (in the folder whose
    # name is not UTF-8) with two: built, then answered from the cache.
    cache = b"--cache-dir=" + os.path.join(folder, b"cache")
    text = {}
    for jobs, how in (("-j1", "--no-cache"), ("-j2", cache)):
        rc, out, err = run(how, jobs)
        text[jobs] = out
        lines = [line for line in out.splitlines() if b": warning: " in line]
        exact = [line for line in lines if line.startswith(source + b":")]
        print(f"text {jobs}: rc={rc} warnings={len(lines)} with-exact-path={len(exact)} "
              f"nolint-kept={sum(b'head' in line for line in lines)} stderr={err.decode(errors='replace')!r}")
    print("text -j1 == -j2:", text["-j1"] == text["-j2"])

    rc, out, err = run(cache, "--format=json")
    doc = json.loads(out)
    print(f"json: rc={rc} findings={len(doc['findings'])} stderr={err.decode(errors='replace')!r} "
          f"file-replaced={sum(chr(0xfffd) in f['file'] for f in doc['findings'])}")

    rc, out, err = run(cache, "--format=sarif")
    doc = json.loads(out)
    uris = [r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] for r in doc["runs"][0]["results"]]
    print(f"sarif: rc={rc} results={len(uris)} stderr={err.decode(errors='replace')!r}")
    for uri in sorted(uris):
        print("sarif uri:", uri)

    baseline = os.path.join(work, b"base\xfe.json")
    rc, out, err = run(cache, b"--write-baseline=" + baseline)
    print(f"write-baseline: rc={rc} stderr={err.decode(errors='replace')!r} written={os.path.exists(baseline)}")
    rc, out, err = run(cache, b"--baseline=" + baseline)
    print(f"baseline: rc={rc} out={out.decode(errors='replace')!r} stderr={err.decode(errors='replace')!r}")


if __name__ == "__main__":
    main()
