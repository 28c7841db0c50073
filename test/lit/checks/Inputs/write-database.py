"""Writes OUT_DIR/compile_commands.json for FILES of SRC_DIR, each compiled with FLAGS.

    write-database.py OUT_DIR SRC_DIR "FLAGS" FILE...
"""
import json
import os
import shlex
import sys

out_dir, src_dir, flags, files = sys.argv[1], sys.argv[2], shlex.split(sys.argv[3]), sys.argv[4:]
os.makedirs(out_dir, exist_ok=True)
entries = [{"directory": src_dir, "file": os.path.join(src_dir, f),
            "arguments": ["clang++"] + flags + ["-c", f, "-o", f + ".o"]} for f in files]
with open(os.path.join(out_dir, "compile_commands.json"), "w") as out:
    json.dump(entries, out, indent=1)
