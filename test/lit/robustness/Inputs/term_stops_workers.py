"""Starts a command, waits until it has started WORKERS processes (its
children and theirs), sends it SIGTERM, and fails if any of them is still
running 30 seconds later. With --pipe the command's output is a pipe, which
nnlint's front passes on from the analyzer it starts (driver/Front.cpp): the
analyzer and its workers are then the processes. With --kill the signal is
SIGKILL, which the command cannot pass on.

    term_stops_workers.py [--pipe] [--kill] WORKERS COMMAND...
"""
import os
import signal
import subprocess
import sys
import time


def children(pid):
    found = []
    try:
        for task in os.listdir("/proc/%d/task" % pid):
            with open("/proc/%d/task/%s/children" % (pid, task)) as f:
                found += [int(c) for c in f.read().split()]
    except OSError:
        pass
    return found


def running(pid):
    try:
        with open("/proc/%d/stat" % pid) as f:
            return f.read().rsplit(")", 1)[1].split()[0] not in ("Z", "X")
    except OSError:
        return False


def descendants(pid):
    found = []
    for child in children(pid):
        found += [child] + descendants(child)
    return found


args = sys.argv[1:]
pipe = "--pipe" in args
kill = "--kill" in args
args = [a for a in args if a not in ("--pipe", "--kill")]
wanted = int(args[0])
proc = subprocess.Popen(args[1:], stdout=subprocess.PIPE if pipe else subprocess.DEVNULL, stderr=subprocess.DEVNULL)
deadline = time.time() + 60
# Workers start one after the other: gather every one seen until all have
# started (one may already have finished by then).
workers = []
while len(workers) < wanted and time.time() < deadline and proc.poll() is None:
    workers += [w for w in descendants(proc.pid) if w not in workers]
    time.sleep(0.05)
if not workers:
    sys.exit("no worker process appeared")
proc.send_signal(signal.SIGKILL if kill else signal.SIGTERM)
proc.wait(timeout=30)
# A loaded machine may take a while to deliver the workers' SIGKILL.
deadline = time.time() + 30
left = workers
while left and time.time() < deadline:
    time.sleep(0.1)
    left = [w for w in workers if running(w)]
for w in left:
    os.kill(w, signal.SIGKILL)
if left:
    sys.exit("workers still running after the signal: %s" % left)
print("workers stopped: %d" % len(workers))
