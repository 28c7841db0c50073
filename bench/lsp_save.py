#!/usr/bin/env python3
"""Times the editor loop of `nnlint --lsp`: open a file (cold: the first
analysis builds its precompiled include block), then save it N times, each
after an edit, and prints the seconds from didSave to publishDiagnostics (wall, and CPU of
the server and its workers).

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
    def cpu():
        # The server's CPU seconds and those of the workers it has reaped.
        fields = open("/proc/%d/stat" % client.proc.pid).read().rsplit(")", 1)[1].split()
        return sum(int(x) for x in fields[11:15]) / os.sysconf("SC_CLK_TCK")

    start, used = time.monotonic(), cpu()
    client.notify("textDocument/didOpen", {"textDocument": {"uri": uri(path), "languageId": "cpp", "version": 1,
                                                            "text": text}})
    client.diagnostics(path)
    print("open %.3f %.2f" % (time.monotonic() - start, cpu() - used))
    for n in range(saves):
        text += "// edit %d\n" % n
        with open(path, "w") as f:
            f.write(text)
        start, used = time.monotonic(), cpu()
        client.notify("textDocument/didSave", {"textDocument": {"uri": uri(path)}})
        client.diagnostics(path)
        print("save %.3f %.2f" % (time.monotonic() - start, cpu() - used))
    client.request("shutdown", None)
    client.notify("exit", None)
    client.proc.wait(timeout=30)


if __name__ == "__main__":
    main()
