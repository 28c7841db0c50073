#!/usr/bin/env python3
"""Opens a file in `nnlint --lsp`, then replaces its text by the file's text
plus each SUFFIX in turn (a SUFFIX `s/OLD/NEW/` instead replaces OLD in the
file's text by NEW; a SUFFIX `?WORD` changes nothing and waits, up to 60 s,
for WORD in the cache log), and prints, per step, the paths nnlint's cache log
took (NNLINT_CACHE_LOG: built, hit, warm, warmed, error, ...) and the codes
of the diagnostics published for the file.

    editor_log.py NNLINT FILE CACHE_DIR SUFFIX... -- COMPILER_FLAGS...
"""
import os
import sys
import time

sys.dont_write_bytecode = True  # nothing written into the source tree
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "lsp"))
from lsp_test import Client, codes, uri  # noqa: E402


def main():
    split = sys.argv.index("--")
    nnlint, path, cache = sys.argv[1:4]
    suffixes, flags = sys.argv[4:split], sys.argv[split + 1:]
    log = os.path.join(cache + ".log")
    open(log, "w").close()
    client = Client([nnlint, "--lsp", "--cache-dir=" + cache, "--"] + flags, dict(os.environ, NNLINT_CACHE_LOG=log))
    client.request("initialize", {"processId": os.getpid(), "rootUri": None, "capabilities": {}})
    client.notify("initialized", {})
    with open(path) as f:
        text = f.read()
    document = {"uri": uri(path), "version": 1}

    def step(name, diagnostics):
        with open(log) as f:
            # Which fork of the warm session parsed (`standby`) is lsp.first-edit's
            # to check, and whether after a kept prefix (`prefix`, `rest`) lsp.prefix's.
            paths = [line.split(" ", 1)[0] for line in f if not line.startswith(("standby ", "prefix ", "rest "))]
        open(log, "w").close()
        print("%s: %s | %s" % (name, " ".join(paths), " ".join(codes(diagnostics))))

    client.notify("textDocument/didOpen", {"textDocument": dict(document, languageId="cpp", text=text)})
    step("open", client.diagnostics(path))
    version = 1
    for suffix in suffixes:
        if suffix.startswith("?"):
            deadline = time.time() + 60
            while suffix[1:] not in open(log).read().split() and time.time() < deadline:
                time.sleep(0.1)
            step("wait for " + suffix[1:], [])
            continue
        version += 1
        if suffix.startswith("s/") and suffix.endswith("/") and suffix.count("/") == 3:
            old, new = suffix[2:-1].split("/")
            changed = text.replace(old, new, 1)
        else:
            changed = text + suffix + "\n"
        client.notify("textDocument/didChange", {"textDocument": dict(document, version=version),
                                                 "contentChanges": [{"text": changed}]})
        step("edit %d" % (version - 1), client.diagnostics(path))
    client.request("shutdown", None)
    client.notify("exit", None)
    client.proc.wait(timeout=30)


if __name__ == "__main__":
    main()
