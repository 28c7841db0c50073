#!/usr/bin/env python3
"""`nnlint --lsp` and the forms of a file URI (RFC 8089): file://localhost/...,
file:/... and an upper-case host name this machine's files, percent-encoded
bytes decoded once; each open document gets its diagnostics, their notes and
their quick fixes under the URI the client sent. A file of another host is not analysed. Exits non-zero with a
message on the first thing that is not as expected.

    uri_test.py NNLINT STUB_INCLUDE_DIR
"""
import json
import os
import shutil
import sys
import tempfile
import urllib.parse

from lsp_test import HERE, Client, codes, expect

FORMS = [  # (directory, file name, URI prefix before the percent-encoded path)
    ("dir with space", "model.cpp", "file://localhost"),
    ("plain", "model.cpp", "file:"),
    ("plain", "m%41.cpp", "file://LocalHost"),  # '%41' is in the name: decoded once, it stays '%41'
    ("hash #1", "model.cpp", "file://"),
]


def main():
    nnlint, stub = sys.argv[1], sys.argv[2]
    work = tempfile.mkdtemp(prefix="nnlint-uri-")
    try:
        run(nnlint, stub, work)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print("uri_test: PASS")


def run(nnlint, stub, work):
    with open(os.path.join(HERE, "Inputs", "model.cpp")) as f:
        text = f.read()
    paths = []
    for directory, name, _ in FORMS + [("remote", "model.cpp", "")]:
        os.makedirs(os.path.join(work, directory), exist_ok=True)
        paths.append(os.path.join(work, directory, name))
        with open(paths[-1], "w") as f:
            f.write(text)
    database = [{"directory": os.path.dirname(p), "file": p, "arguments": ["clang++", "-std=c++17", "-isystem", stub, "-c", p]}
                for p in paths]
    with open(os.path.join(work, "compile_commands.json"), "w") as f:
        json.dump(database, f)

    client = Client([nnlint, "--lsp", "--cache-dir=" + os.path.join(work, "cache")], dict(os.environ))
    client.request("initialize", {"processId": os.getpid(), "rootUri": "file://localhost" + urllib.parse.quote(work),
                                  "capabilities": {}})
    client.notify("initialized", {})

    seen = []  # the URIs diagnostics were published to
    remote = "file://otherhost" + urllib.parse.quote(paths[-1])
    client.notify("textDocument/didOpen", {"textDocument": {"uri": remote, "languageId": "cpp", "version": 1, "text": text}})
    for (_, _, prefix), path in zip(FORMS, paths):
        sent = prefix + urllib.parse.quote(path)
        client.notify("textDocument/didOpen", {"textDocument": {"uri": sent, "languageId": "cpp", "version": 1, "text": text}})

        def published(m):
            if m.get("method") != "textDocument/publishDiagnostics":
                return False
            seen.append(m["params"]["uri"])
            return m["params"]["uri"] == sent
        diags = client.wait(published, "diagnostics for " + sent)["params"]["diagnostics"]
        expect("nn-unregistered-submodule" in codes(diags), "%s: %s" % (sent, diags))
        # Its notes and quick fix name the document as the client does.
        unreg = next(d for d in diags if d["code"] == "nn-unregistered-submodule")
        related = {r["location"]["uri"] for r in unreg.get("relatedInformation", [])}
        expect(related == {sent}, "%s: notes under %s" % (sent, related))
        actions = client.request("textDocument/codeAction", {"textDocument": {"uri": sent}, "range": unreg["range"],
                                                             "context": {"diagnostics": [unreg]}})
        expect(len(actions) == 1 and list(actions[0]["edit"]["changes"]) == [sent], "%s: %s" % (sent, actions))
    expect(remote not in seen, "a file of another host was analysed: %s" % seen)
    expect(client.request("shutdown", None) is None, "shutdown answers null")
    client.notify("exit", None)
    client.proc.wait(timeout=60)


if __name__ == "__main__":
    main()
