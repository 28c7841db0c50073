#!/usr/bin/env python3
"""The first edit after opening a file is parsed warm: by the time the open's
diagnostics are published, the parse host's session for the file's include
block has warmed up (`warmed` in $NNLINT_CACHE_LOG), so the first didChange
is answered by that warm session, forked before it came (the standby). Both when the open builds the block (an
empty cache) and when it finds it cached (a second server on the same cache).
An open answered from the facts cache (the same text again) parses nothing:
its diagnostics come at once and the session warms up behind them, before
the first edit.

    first_edit.py NNLINT STUB_INCLUDE_DIR
"""
import os
import shutil
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lsp_test import Client, expect, uri  # noqa: E402

SOURCE = """#include <torch/torch.h>

struct NetImpl : torch::nn::Module {
  NetImpl() { fc = register_module("fc", torch::nn::Linear(4, 4)); }
  torch::Tensor forward(torch::Tensor x) { return fc(x); }
  torch::nn::Linear fc{nullptr};
};
"""


def logged(log):
    with open(log) as f:
        return [line.split(" ", 1)[0] for line in f]


def open_then_edit(nnlint, cache, log, source, text, flags, what, facts=False):
    open(log, "w").close()
    env = dict(os.environ, NNLINT_CACHE_LOG=log)
    client = Client([nnlint, "--lsp", "--cache-dir=" + cache, "--"] + flags, env)
    client.request("initialize", {"processId": os.getpid(), "rootUri": None, "capabilities": {}})
    client.notify("initialized", {})
    document = {"uri": uri(source), "version": 1}
    client.notify("textDocument/didOpen", {"textDocument": dict(document, languageId="cpp", text=text)})
    client.diagnostics(source)
    if facts:
        expect(logged(log)[:1] == ["facts"], "%s: the open was not answered from the facts cache: %s"
               % (what, logged(log)))
        deadline = time.monotonic() + 60
        while "warmed" not in logged(log) and time.monotonic() < deadline:
            time.sleep(0.1)
    expect("warmed" in logged(log), "%s: the open's diagnostics came before its session warmed up (log: %s)"
           % (what, logged(log)))
    open(log, "w").close()
    edited = text + "int edited_%s = 1;\n" % what.replace(" ", "_")
    client.notify("textDocument/didChange", {"textDocument": dict(document, version=2),
                                             "contentChanges": [{"text": edited}]})
    client.diagnostics(source)
    # Parsed by the standby: a fork of the warm session made before the edit came.
    expect(sorted(logged(log)) == ["standby", "warm"], "%s: the first edit took %s, not one warm parse by the standby"
           % (what, logged(log)))
    client.request("shutdown", None)
    client.notify("exit", None)
    client.proc.wait(timeout=30)
    return edited


def main():
    nnlint, stub = sys.argv[1], os.path.abspath(sys.argv[2])
    work = tempfile.mkdtemp(prefix="nnlint-first-edit-")
    try:
        # Reached through a folder named `include`, as an installed LibTorch is.
        os.symlink(stub, os.path.join(work, "include"))
        source = os.path.join(work, "net.cpp")
        with open(source, "w") as f:
            f.write(SOURCE)
        flags = ["-std=c++17", "-isystem", os.path.join(work, "include")]
        cache, log = os.path.join(work, "cache"), os.path.join(work, "cache.log")
        open_then_edit(nnlint, cache, log, source, SOURCE, flags, "block built by the open")
        last = open_then_edit(nnlint, cache, log, source, SOURCE + "// reopened\n", flags, "block cached")
        # The facts cache holds the last text a server analysed.
        open_then_edit(nnlint, cache, log, source, last, flags, "facts cached", facts=True)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print("first_edit: PASS")


if __name__ == "__main__":
    main()
