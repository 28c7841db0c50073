#!/usr/bin/env python3
"""Opens FILE of the compilation database in BUILD_DIR in `nnlint --lsp`,
replaces its text by the file's text plus each SUFFIX in turn, and prints,
per step, the paths nnlint's cache log took (NNLINT_CACHE_LOG: built, warm,
warmed, error, ...) and whether what the server published, in the file and
its headers, errors included, is what the command line (`nnlint -p
BUILD_DIR --format=json FILE`, the step's text saved for it)
reports: "same (N)", else the differences. The command line keeps its own
cache (CACHE_DIR.cli), which starts with the include blocks the editor built
for the open: LibTorch's headers are not parsed again at every step, nor
twice for the first (test/lit/speed/ holds the cache's answers to those of
--no-cache). The editor's facts are not passed on: the command line finds
its answers itself.

    editor_vs_cli.py NNLINT FILE BUILD_DIR CACHE_DIR SUFFIX...
"""
import json
import os
import subprocess
import sys
import urllib.parse

sys.dont_write_bytecode = True  # nothing written into the source tree
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "lsp"))
from lsp_test import Client, uri  # noqa: E402

LEVELS = {"error": 1, "warning": 2, "note": 3}


def path_of(doc):
    return urllib.parse.unquote(doc[len("file://"):])


def editor_diagnostics(published):
    """(file, line, column, severity, code, message, notes) of each diagnostic published last, by file."""
    found = set()
    for doc, diagnostics in published.items():
        for d in diagnostics:
            start = d["range"]["start"]
            notes = tuple(sorted((path_of(r["location"]["uri"]), r["location"]["range"]["start"]["line"], r["message"])
                                 for r in d.get("relatedInformation", [])))
            found.add((path_of(doc), start["line"], start["character"], d["severity"], d.get("code", ""),
                       d["message"], notes))
    return found


def report_diagnostics(report, document):
    """The same of a `--format=json` report: findings, and each error as the
    server shows it (lsp/Diagnostics.cpp: at its place in the file, else on
    the file's first line with the place before the message)."""
    found = set()
    for f in report["findings"]:
        notes = tuple(sorted((n["file"], n["line"] - 1, n["message"]) for n in f.get("notes", [])))
        found.add((f["file"], f["line"] - 1, f["column"] - 1, LEVELS[f["severity"]], f["check"], f["message"], notes))
    for e in report.get("errors", []):
        at, message = e.get("location"), e["message"]
        line = column = 0
        if at and at["file"] == document:
            line, column = at["line"] - 1, at["column"] - 1
        elif at:
            message = "%s:%d:%d: %s" % (at["file"], at["line"], at["column"], message)
        if e.get("compileErrors", 0) > 1:
            message += " (and %d more errors)" % (e["compileErrors"] - 1)
        found.add((document, line, column, 1, "", message, ()))
    return found


def link_blocks(cache, into):
    """The precompiled blocks of one cache in another, linked: nnlint never
    writes a cache file in place (it renames a new one over it)."""
    os.makedirs(into)
    for name in os.listdir(cache):
        source = os.path.join(cache, name)
        if name.endswith((".pch", ".manifest")):
            os.link(source, os.path.join(into, name))
        elif os.path.isfile(os.path.join(source, "nnlint-include-block.h")):
            os.makedirs(os.path.join(into, name))
            os.link(os.path.join(source, "nnlint-include-block.h"), os.path.join(into, name, "nnlint-include-block.h"))


def main():
    nnlint, path, build, cache = sys.argv[1:5]
    suffixes = sys.argv[5:]
    log = cache + ".log"
    open(log, "w").close()
    client = Client([nnlint, "--lsp", "-p", build, "--cache-dir=" + cache], dict(os.environ, NNLINT_CACHE_LOG=log))
    client.request("initialize", {"processId": os.getpid(), "rootUri": None, "capabilities": {}})
    client.notify("initialized", {})
    with open(path) as f:
        original = f.read()
    document = {"uri": uri(path), "version": 1}
    published = {}

    def record(m):
        if m.get("method") == "textDocument/publishDiagnostics":
            published[m["params"]["uri"]] = m["params"]["diagnostics"]
        return m.get("method") == "textDocument/publishDiagnostics" and m["params"]["uri"] == uri(path)

    def step(name, text):
        client.wait(record, "diagnostics for " + path)
        # Every file of an analysis is published before the server reads the next message.
        client.next_id += 1
        asked = client.next_id
        client.send({"jsonrpc": "2.0", "id": asked, "method": "nnlint/none", "params": {}})
        client.wait(lambda m: record(m) and False or m.get("id") == asked, "an answer")
        with open(log) as f:
            # Which fork of the warm session parsed (`standby`) is lsp.first-edit's
            # to check, and whether after a kept prefix (`prefix`, `rest`) lsp.prefix's.
            paths = [line.split(" ", 1)[0] for line in f if not line.startswith(("standby ", "prefix ", "rest "))]
        open(log, "w").close()
        print("%s: %s | %s" % (name, " ".join(paths), compare(editor_diagnostics(published), command_line(text))))

    def command_line(text):
        if not os.path.exists(cache + ".cli"):
            link_blocks(cache, cache + ".cli")
        with open(path, "w") as f:
            f.write(text)
        try:
            proc = subprocess.run([nnlint, "-p", build, "--cache-dir=" + cache + ".cli", "--format=json", path],
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, timeout=600)
        finally:
            with open(path, "w") as f:
                f.write(original)
        if proc.returncode not in (0, 1, 2):
            sys.exit("the command line failed (%d): %s" % (proc.returncode, proc.stderr))
        return report_diagnostics(json.loads(proc.stdout), path)

    client.notify("textDocument/didOpen", {"textDocument": dict(document, languageId="cpp", text=original)})
    step("open", original)
    for version, suffix in enumerate(suffixes, start=2):
        text = original + suffix + "\n"
        client.notify("textDocument/didChange", {"textDocument": dict(document, version=version),
                                                 "contentChanges": [{"text": text}]})
        step("edit %d" % (version - 1), text)
    client.request("shutdown", None)
    client.notify("exit", None)
    client.proc.wait(timeout=30)


def compare(got, cli):
    if got == cli:
        return "same (%d)" % len(cli)
    return "; ".join(["only the command line: %s" % (d,) for d in sorted(cli - got)] +
                     ["only the editor: %s" % (d,) for d in sorted(got - cli)])

if __name__ == "__main__":
    main()
