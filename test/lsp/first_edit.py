#!/usr/bin/env python3
"""The first edit after opening a file is parsed warm: by the time the open's
diagnostics are published, the parse host's session for the file's include
block has warmed up (`warmed` in $NNLINT_CACHE_LOG), so the first didChange
is answered by that warm session, forked before it came (the standby),
which holds the open's text as its prefix and parses only the rest (`rest`,
parse/WarmSession.h). Both when the open builds the block (an empty cache) and when it finds it cached (a second server on the same cache).
An open answered from the facts cache (the same text again) parses nothing,
and its diagnostics wait for the session to warm up. A session opens warm
with the text that warmed the last session of its block up (`rewarmed`,
parse/WarmUpText.h), with no parse of it first.

    first_edit.py NNLINT STUB_INCLUDE_DIR
"""
import glob
import os
import shutil
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lsp_test import expect, started, uri  # noqa: E402

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


def open_then_edit(nnlint, cache, log, source, text, flags, what, facts=False, kept=False):
    open(log, "w").close()
    client = started(nnlint, cache, flags, log, warm=True)
    document = {"uri": uri(source), "version": 1}
    client.notify("textDocument/didOpen", {"textDocument": dict(document, languageId="cpp", text=text)})
    client.diagnostics(source)
    if facts:
        expect(logged(log)[:1] == ["facts"], "%s: the open was not answered from the facts cache: %s"
               % (what, logged(log)))
    warmed = {"warmed", "rewarmed"} & set(logged(log))
    expect(warmed, "%s: the open's diagnostics came before its session warmed up (log: %s)" % (what, logged(log)))
    if kept:
        expect(warmed == {"rewarmed"}, "%s: the session did not warm up with the text kept by the last one (log: %s)"
               % (what, logged(log)))
        # That text was the last session's prefix: kept again as it is, not parsed and checked anew.
        expect("prefix" not in logged(log), "%s: the session kept its prefix anew (log: %s)" % (what, logged(log)))
    open(log, "w").close()
    edited = text + "int edited_%s = 1;\n" % what.replace(" ", "_")
    client.notify("textDocument/didChange", {"textDocument": dict(document, version=2),
                                             "contentChanges": [{"text": edited}]})
    client.diagnostics(source)
    # Parsed by the standby: a fork of the warm session made before the edit
    # came, which holds the open's text as its prefix and parses the rest.
    expect(sorted(logged(log)) == ["rest", "standby", "warm"],
           "%s: the first edit took %s, not one warm parse of the rest by the standby" % (what, logged(log)))
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
        # The session opens warm with the text that warmed the last one up.
        last = open_then_edit(nnlint, cache, log, source, SOURCE + "// reopened\n", flags, "block cached", kept=True)
        # The facts cache holds the last text a server analysed.
        last = open_then_edit(nnlint, cache, log, source, last, flags, "facts cached", facts=True, kept=True)
        # Without a kept text (a cache of an earlier nnlint), the text warms it up.
        for kept_text in glob.glob(os.path.join(cache, "*.warmup")):
            os.remove(kept_text)
        open_then_edit(nnlint, cache, log, source, last, flags, "facts cached, no kept text", facts=True)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print("first_edit: PASS")


if __name__ == "__main__":
    main()
