"""Starts a command, waits until it has worker processes, sends it SIGTERM, and
fails if any worker is still running 30 seconds later."""
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


proc = subprocess.Popen(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
deadline = time.time() + 60
workers = []
while not workers and time.time() < deadline and proc.poll() is None:
    workers = children(proc.pid)
    time.sleep(0.05)
if not workers:
    sys.exit("no worker process appeared")
proc.send_signal(signal.SIGTERM)
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
    sys.exit("workers still running after SIGTERM: %s" % left)
print("workers stopped: %d" % len(workers))
