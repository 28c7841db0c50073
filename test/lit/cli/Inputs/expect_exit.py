#!/usr/bin/env python3
"""usage: expect_exit.py CODE COMMAND... -- runs COMMAND, passes its output
through, and fails unless it exits with CODE (lit's `not` accepts any non-zero)."""
import subprocess
import sys

expected = int(sys.argv[1])
code = subprocess.call(sys.argv[2:])
if code != expected:
    print(f"expect_exit: {sys.argv[2]} exited with {code}, expected {expected}", file=sys.stderr)
    sys.exit(1)
