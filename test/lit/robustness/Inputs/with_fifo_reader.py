#!/usr/bin/env python3
"""usage: with_fifo_reader.py FIFO COPY COMMAND... -- makes FIFO, copies what
is written into it to COPY from a thread, runs COMMAND, and exits with its
exit code once the reader has seen the writer close."""
import os
import subprocess
import sys
import threading

fifo, copy = sys.argv[1], sys.argv[2]
os.mkfifo(fifo)


def read():
    with open(fifo, "rb") as src, open(copy, "wb") as dst:
        dst.write(src.read())


reader = threading.Thread(target=read)
reader.start()
code = subprocess.call(sys.argv[3:])
# The command may never have opened it: let the reader finish. A blocking open
# here would wait for ever if the reader has just finished; a non-blocking one
# fails while no reader waits, so try until the reader is gone.
while reader.is_alive():
    try:
        os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))
    except OSError:
        pass
    reader.join(0.05)
sys.exit(code)
