#!/usr/bin/env python3
"""The project's other files that add to the open file's classes (lenders)
are parsed once, by a process that edits do not stop, while the edits are
answered; when they are done, the server publishes the findings they
complete without another edit, the same as the command line's. A client
that takes work-done progress is shown the lending as one piece of work,
which ends before those findings come.

One lender includes a FIFO, so its parse waits until the test writes: every
process that has the FIFO open is one parse of it. Before, each edit killed
the analysis and the next one parsed the lender again, so a lender slower
than typing was parsed again and again and never done.

    lenders_test.py NNLINT STUB_INCLUDE_DIR
"""
import os
import shutil
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from agreement_test import PROJECTS, SLOW, command_line, findings_of, write  # noqa: E402
from lsp_test import Client, expect, uri  # noqa: E402

EDITS = 4


def readers(path):
    """The processes that have `path` open."""
    found = set()
    for pid in os.listdir("/proc"):
        if not pid.isdigit() or int(pid) == os.getpid():
            continue
        try:
            fds = os.listdir("/proc/%s/fd" % pid)
        except OSError:
            continue
        for fd in fds:
            try:
                if os.readlink("/proc/%s/fd/%s" % (pid, fd)) == path:
                    found.add(int(pid))
            except OSError:
                pass
    return found


def main():
    nnlint, stub = sys.argv[1], os.path.abspath(sys.argv[2])
    work = tempfile.mkdtemp(prefix="nnlint-lenders-")
    try:
        os.symlink(stub, os.path.join(work, "include"))
        files = dict(PROJECTS["split"], **{"src/slow.cpp": SLOW})
        source, build = write(os.path.join(work, "p"), files, os.path.join(work, "include"))
        gate = os.path.join(work, "p", "src", "gate.h")
        os.mkfifo(gate)
        # Held open for writing, the FIFO lets a parse open it and wait in its read.
        hold = os.open(gate, os.O_RDWR)
        cache = os.path.join(work, "cache")
        client = Client([nnlint, "--lsp", "-p", build, "-j", "2", "--cache-dir=" + cache], dict(os.environ))
        client.request("initialize", {"processId": os.getpid(), "rootUri": None,
                                      "capabilities": {"window": {"workDoneProgress": True}}})
        client.notify("initialized", {})
        with open(source) as f:
            text = f.read()
        published = {}
        progress = []  # the kinds of the lending's progress, in order

        def record(m):
            if m.get("method") == "window/workDoneProgress/create":
                client.send({"jsonrpc": "2.0", "id": m["id"], "result": None})
            if m.get("method") == "$/progress":
                progress.append(m["params"]["value"]["kind"])
            if m.get("method") == "textDocument/publishDiagnostics":
                published[m["params"]["uri"]] = m["params"]["diagnostics"]
            return m.get("method") == "textDocument/publishDiagnostics" and m["params"]["uri"] == uri(source)
        client.notify("textDocument/didOpen", {"textDocument": {"uri": uri(source), "languageId": "cpp",
                                                                "version": 1, "text": text}})
        client.wait(record, "diagnostics for " + source)
        parses = set()
        for version in range(2, 2 + EDITS):
            # A parse of the slow lender is under way before the next edit.
            deadline = time.time() + 120
            while not readers(gate):
                expect(time.time() < deadline, "nothing ever parsed " + gate)
                time.sleep(0.05)
            parses |= readers(gate)
            text += "// an edit\n"
            client.notify("textDocument/didChange", {"textDocument": {"uri": uri(source), "version": version},
                                                     "contentChanges": [{"text": text}]})
            client.wait(record, "diagnostics for edit %d of %s" % (version - 1, source))
            time.sleep(0.3)
        parses |= readers(gate)
        expect(len(parses) == 1, "the slow lender was parsed by %d processes during %d edits" % (len(parses), EDITS))
        # Let it finish: the header's findings come without another edit.
        header = uri(os.path.join(work, "p", "include", "split", "net.h"))
        os.write(hold, b"int after_the_gate;\n")
        os.close(hold)
        os.remove(gate)  # what a later parse reads
        with open(gate, "w") as f:
            f.write("int after_the_gate;\n")
        client.wait(lambda m: record(m) and False or (m.get("method") == "textDocument/publishDiagnostics"
                                                        and m["params"]["uri"] == header
                                                        and m["params"]["diagnostics"] != []),
                    "the findings the lenders complete")
        expect(progress[:2] == ["begin", "end"], "the lending's progress before its findings: %s" % progress)
        # Everything of that analysis is published before the answer to this.
        client.next_id += 1
        asked = client.next_id
        client.send({"jsonrpc": "2.0", "id": asked, "method": "nnlint/none", "params": {}})
        client.wait(lambda m: record(m) and False or m.get("id") == asked, "an answer")
        client.request("shutdown", None)
        client.notify("exit", None)
        client.proc.wait(timeout=60)
        with open(source, "w") as f:
            f.write(text)
        cli = command_line(nnlint, source, build, os.path.join(work, "cli-cache"))
        got = findings_of(published)
        expect(got == cli, "the editor published %s, the command line %s" % (sorted(got), sorted(cli)))
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print("lenders_test: PASS (one parse of the slow lender over %d edits; %d findings, as on the command line)"
          % (EDITS, len(cli)))


if __name__ == "__main__":
    main()
