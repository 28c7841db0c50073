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
if reader.is_alive():
    with open(fifo, "wb"):  # the command never opened it: let the reader finish
        pass
reader.join()
sys.exit(code)
