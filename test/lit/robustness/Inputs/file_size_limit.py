#!/usr/bin/env python3
"""usage: file_size_limit.py BYTES COMMAND... -- runs COMMAND unable to write
any file past BYTES, as on a full disk: writes fail (EFBIG) instead of the
process being killed by SIGXFSZ."""
import os
import resource
import signal
import sys

limit = int(sys.argv[1])
resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))
signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # stays ignored across exec
os.execvp(sys.argv[2], sys.argv[2:])
