#!/usr/bin/env python3
"""The warm parse (lsp/ParseHost) must publish what the usual parse publishes.

Two servers share one cache: the first with `warmParse` off, the second as
users get it. Each opens every file; the second then takes edits (comments
appended) and publishes again. Every diagnostic of the second server must
equal the first's on open, and the second's edits must have been parsed warm -- except for
the files that never are: a directive after the include block, a user
header in it, or a compile error (the usual parse recovers from it).

    warm_identity.py NNLINT STUB_INCLUDE_DIR FILE... [-- COMPILER FLAGS]

The stand-in header is reached through a folder named `include`, as an
installed LibTorch's is: blocks of library headers only are parsed warm.
Compiler flags, when given, stand for the stand-in's (real LibTorch headers).
"""
import os
import re
import shutil
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lsp_test import Client, expect, fail, uri  # noqa: E402

EDITS = 300  # at most, about a minute: a block of the real headers takes about 6 s to build
INCLUDE_BLOCK = re.compile(r"\A(?:[ \t]*(?:#[ \t]*include[^\n]*|//[^\n]*)?\n)*")


def never_warm(text, errors):
    block = INCLUDE_BLOCK.match(text).end()
    return errors or '#include "' in text[:block] or re.search(r"^[ \t]*#", text[block:], re.MULTILINE) is not None


def logged(log, what):
    """The files the cache log says `what` of ("warm", "error", ...)."""
    if not os.path.exists(log):
        return set()
    with open(log) as f:
        return {line.split(" ", 1)[1].strip() for line in f if line.startswith(what + " ")}


def diagnostics_of(nnlint, cache, log, files, flags, cold_only):
    warm = cold_only is not None
    env = dict(os.environ, NNLINT_CACHE_LOG=log)
    client = Client([nnlint, "--lsp", "--cache-dir=" + cache, "--"] + flags, env)
    client.request("initialize", {"processId": os.getpid(), "rootUri": None, "capabilities": {},
                                  "initializationOptions": {"warmParse": warm}})
    client.notify("initialized", {})
    published = {}
    for path in files:
        with open(path) as f:
            text = f.read()
        document = {"uri": uri(path), "version": 1}
        client.notify("textDocument/didOpen", {"textDocument": dict(document, languageId="cpp", text=text)})
        opened = client.diagnostics(path)
        published[path] = [opened]
        # A block that is not cached yet is built in the background, and the
        # edits are parsed the usual way until it is there.
        for version in range(2, 2 + EDITS if warm else 2):
            text += "// an edit\n"
            client.notify("textDocument/didChange", {"textDocument": dict(document, version=version),
                                                     "contentChanges": [{"text": text}]})
            published[path].append(client.diagnostics(path))
            if path in cold_only or path in logged(log, "warm"):
                break
            time.sleep(0.2)
        client.notify("textDocument/didClose", {"textDocument": {"uri": uri(path)}})
    client.request("shutdown", None)
    client.notify("exit", None)
    client.proc.wait(timeout=30)
    return published


def main():
    args = sys.argv[1:] + ([] if "--" in sys.argv else ["--"])
    nnlint, stub, files = args[0], args[1], [os.path.abspath(f) for f in args[2:args.index("--")]]
    work = tempfile.mkdtemp(prefix="nnlint-warm-")
    try:
        os.symlink(os.path.abspath(stub), os.path.join(work, "include"))
        flags = args[args.index("--") + 1:] or ["-std=c++17", "-isystem", os.path.join(work, "include")]
        cache, usual_log, warm_log = (os.path.join(work, n) for n in ("cache", "usual.log", "warm.log"))
        usual = diagnostics_of(nnlint, cache, usual_log, files, flags, None)
        expect(not logged(usual_log, "warm"), "a server with warmParse off parsed warm")
        errors = logged(usual_log, "error")
        cold_only = set()
        for path in files:
            with open(path) as f:
                if never_warm(f.read(), path in errors):
                    cold_only.add(path)
        warm = diagnostics_of(nnlint, cache, warm_log, files, flags, cold_only)
        parsed_warm = logged(warm_log, "warm")
        for path in files:
            for got in warm[path]:
                expect(got == usual[path][0], "%s: warm %s, usual %s" % (path, got, usual[path][0]))
            expect((path in cold_only) != (path in parsed_warm),
                   "%s: %s" % (path, "parsed warm, but never should be" if path in cold_only else "not parsed warm"))
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print("warm_identity: PASS (%d files, %d parsed warm)" % (len(files), len(parsed_warm)))


if __name__ == "__main__":
    main()
