#!/usr/bin/env python3
"""The editor benchmark: time from didChange to publishDiagnostics, for
`nnlint --lsp` and for clangd-19, on the same files with the same flags, in
one run. Each server opens the file (its first diagnostics are the cold
time), then the file is edited EDITS times without saving (a declaration
appended, as a user types code) and each edit waits for that edit's
diagnostics. Prints one line per file and server, then the medians and the
ratio nnlint / clangd:

    lsp_edit.py NNLINT CLANGD CACHE_DIR [--edits N] [--settle S] [--usual] FILE... [-- compiler flags]

--settle gives each server S seconds after its first diagnostics before the
first edit, as a user reads a file before typing. --usual adds a third
server: nnlint without its parse host (`warmParse` off), for comparison.

clangd reads the flags from a compile_commands.json written to a scratch
folder; nnlint gets them after `--`, as on its command line. Each server
runs with its own defaults, debounce included (nnlint has none: a newer edit
cancels a running analysis; clangd's is adaptive), since both are part of
what a user waits for.
"""
import json
import os
import shutil
import statistics
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "test", "lsp"))
from lsp_test import Client, uri  # noqa: E402


def edits_of(text, count):
    # A declaration added at the end: code, not a comment, so the new text
    # must be parsed again by both servers (nothing can be answered from the
    # previous version), and it changes no finding.
    for n in range(count):
        text += "static int nnlint_bench_edit_%d = %d;\n" % (n, n)
        yield text


def time_edits(client, path, text, edits):
    """Seconds from each didChange of `edits` appended declarations to that version's diagnostics."""
    times = []
    for version, edited in enumerate(edits_of(text, edits), start=2):
        start = time.monotonic()
        client.notify("textDocument/didChange", {"textDocument": {"uri": uri(path), "version": version},
                                                 "contentChanges": [{"text": edited}]})
        # clangd may still publish for an older version; wait for this one
        # (nnlint publishes no version: its next publication answers the edit).
        client.wait(lambda m: m.get("method") == "textDocument/publishDiagnostics"
                    and m["params"]["uri"] == uri(path)
                    and m["params"].get("version", version) == version, "diagnostics of version %d" % version)
        times.append(time.monotonic() - start)
    return times


def stop(client):
    client.request("shutdown", None)
    client.notify("exit", None)
    client.proc.wait(timeout=60)


def time_server(command, path, edits, settle, root, init_options):
    client = Client(command, dict(os.environ))
    client.request("initialize", {"processId": os.getpid(), "rootUri": uri(root), "capabilities": {
        "textDocument": {"publishDiagnostics": {"versionSupport": True}}}, "initializationOptions": init_options})
    client.notify("initialized", {})
    with open(path) as f:
        text = f.read()
    start = time.monotonic()
    client.notify("textDocument/didOpen", {"textDocument": {"uri": uri(path), "languageId": "cpp", "version": 1,
                                                            "text": text}})
    client.diagnostics(path)
    opened = time.monotonic() - start
    time.sleep(settle)
    times = time_edits(client, path, text, edits)
    stop(client)
    return opened, times


def main():
    args = sys.argv[1:]
    flags = []
    if "--" in args:
        flags = args[args.index("--") + 1:]
        args = args[:args.index("--")]
    nnlint, clangd, cache = args[0], args[1], args[2]
    args = args[3:]
    options = {"--edits": 5, "--settle": 0}
    usual = False
    while args and (args[0] in options or args[0] == "--usual"):
        if args[0] == "--usual":
            usual, args = True, args[1:]
            continue
        options[args[0]] = float(args[1])
        args = args[2:]
    edits, settle = int(options["--edits"]), options["--settle"]
    files = [os.path.abspath(f) for f in args]
    scratch = tempfile.mkdtemp(prefix="nnlint-lsp-edit-")
    try:
        database = [{"directory": os.path.dirname(f), "file": f,
                     "arguments": ["clang++-19"] + flags + ["-fsyntax-only", f]} for f in files]
        with open(os.path.join(scratch, "compile_commands.json"), "w") as out:
            json.dump(database, out)
        servers = {  # name: (command, initializationOptions)
            "nnlint": ([nnlint, "--lsp", "--cache-dir=" + cache, "--"] + flags, {}),
            "clangd": ([clangd, "--compile-commands-dir=" + scratch, "--background-index=false",
                        "--clang-tidy=false", "--log=error", "--pch-storage=memory"], {}),
        }
        if usual:
            servers["nnlint-usual"] = (servers["nnlint"][0], {"warmParse": False})
        medians = {name: [] for name in servers}
        print("file\tserver\topen_s\tedit_median_s\tedits_s")
        for f in files:
            for name, (command, init_options) in servers.items():
                opened, times = time_server(command, f, edits, settle, os.path.dirname(f), init_options)
                medians[name].append(statistics.median(times))
                print("%s\t%s\t%.3f\t%.3f\t%s" % (os.path.basename(f), name, opened, statistics.median(times),
                                                  ",".join("%.3f" % t for t in times)), flush=True)
        ours, theirs = statistics.median(medians["nnlint"]), statistics.median(medians["clangd"])
        print("median edit->diagnostics: nnlint %.3f s, clangd %.3f s, ratio %.3f" % (ours, theirs, ours / theirs))
        if usual:
            print("median edit->diagnostics without the parse host: %.3f s" % statistics.median(medians["nnlint-usual"]))
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    main()
