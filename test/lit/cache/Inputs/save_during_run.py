#!/usr/bin/env python3
"""usage: save_during_run.py NNLINT WORK -- COMPILER_ARGS...

A model file is saved with its defect fixed while a cold run is under way,
after the run has read the file and before it parses it; meanwhile a second
run on the same cache analyses the saved file. A later run must report what
--no-cache reports for the saved text: nothing. (The first run's findings are
of the old text and must not be cached as the new text's.)

The first run is held at that point by a FIFO that a file before the model
includes: its parse waits until this script writes to it."""
import os
import subprocess
import sys
import time

DEFECT = """#include <torch/torch.h>

struct NetImpl : torch::nn::Module {
  NetImpl() { fc = %s; }
  torch::Tensor forward(torch::Tensor x) { return fc(x); }
  torch::nn::Linear fc{nullptr};
};
"""
OLD = DEFECT % "torch::nn::Linear(4, 4)"
NEW = DEFECT % 'register_module("fc", torch::nn::Linear(4, 4))'


def fail(message):
    print("save_during_run: FAIL: " + message)
    sys.exit(1)


def nnlint(exe, cache, files, args):
    cmd = [exe, "-j", "1", "--cache-dir=" + cache if cache else "--no-cache"] + files + ["--"] + args
    return subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=300)


def open_gate(path, reader, deadline):
    """The FIFO's write end, once the held run has opened it to read."""
    while True:
        try:
            return os.open(path, os.O_WRONLY | os.O_NONBLOCK)
        except OSError:  # ENXIO: no reader yet
            if reader.poll() is not None:
                fail("the first run ended before it read the FIFO:\n" + reader.stdout.read())
            if time.time() > deadline:
                fail("the first run never opened the FIFO")
            time.sleep(0.05)


def main(argv):
    split = argv.index("--")
    exe, work, args = argv[0], argv[1], argv[split + 1:]
    os.makedirs(work, exist_ok=True)
    cache = os.path.join(work, "cache")
    model, gate, gated = (os.path.join(work, n) for n in ("model.cpp", "gate.h", "gated.cpp"))
    with open(model, "w") as f:
        f.write(OLD)
    with open(gated, "w") as f:
        f.write('int before_the_gate;\n#include "gate.h"\n')
    os.mkfifo(gate)

    first = subprocess.Popen([exe, "-j", "1", "--cache-dir=" + cache, gated, model, "--"] + args,
                             stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    fd = open_gate(gate, first, time.time() + 300)
    with open(model, "w") as f:  # saved while the first run is under way
        f.write(NEW)
    second = nnlint(exe, cache, [model], args)
    os.write(fd, b"int after_the_gate;\n")
    os.close(fd)
    first.communicate(timeout=300)

    later = nnlint(exe, cache, [model], args)
    plain = nnlint(exe, None, [model], args)
    print("second run: exit %d\n%s" % (second.returncode, second.stdout))
    print("later run: exit %d\n%s" % (later.returncode, later.stdout))
    if plain.returncode != 0 or plain.stdout.strip():
        fail("--no-cache on the saved text: exit %d\n%s" % (plain.returncode, plain.stdout))
    if later.returncode != 0 or later.stdout != plain.stdout:
        fail("a later run with the cache differs from --no-cache")
    print("save_during_run: PASS")


if __name__ == "__main__":
    main(sys.argv[1:])
