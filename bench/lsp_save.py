#!/usr/bin/env python3
"""Times the editor loop of `nnlint --lsp`: open a file (cold: the first
analysis builds its precompiled include block), then save it N times, each
after an edit, and prints the seconds from didSave to publishDiagnostics.

    lsp_save.py NNLINT FILE CACHE_DIR [N] [-- compiler args]
"""
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "test", "lsp"))
from lsp_test import Client, uri  # noqa: E402


def main():
    args = sys.argv[1:]
    extra = []
    if "--" in args:
        extra = args[args.index("--"):]
        args = args[:args.index("--")]
    nnlint, path, cache = args[0], os.path.abspath(args[1]), args[2]
    saves = int(args[3]) if len(args) > 3 else 3
    client = Client([nnlint, "--lsp", "--cache-dir=" + cache] + extra, dict(os.environ))
    client.request("initialize", {"processId": os.getpid(), "rootUri": uri(os.path.dirname(path)), "capabilities": {}})
    client.notify("initialized", {})
    with open(path) as f:
        text = f.read()
    start = time.monotonic()
    client.notify("textDocument/didOpen", {"textDocument": {"uri": uri(path), "languageId": "cpp", "version": 1,
                                                            "text": text}})
    client.diagnostics(path)
    print("open %.3f" % (time.monotonic() - start))
    for n in range(saves):
        text += "// edit %d\n" % n
        with open(path, "w") as f:
            f.write(text)
        start = time.monotonic()
        client.notify("textDocument/didSave", {"textDocument": {"uri": uri(path)}})
        client.diagnostics(path)
        print("save %.3f" % (time.monotonic() - start))
    client.request("shutdown", None)
    client.notify("exit", None)
    client.proc.wait(timeout=30)


if __name__ == "__main__":
    main()
