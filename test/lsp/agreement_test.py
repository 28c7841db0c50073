#!/usr/bin/env python3
"""The editor and the command line publish the same findings for the same
text, in the open file and in the headers it includes.

Each project below is written to disk with a compilation database; the
command line (`nnlint -p --format=json`) analyses the file, and the language
server (one with the parse host, as users get it, one without) opens the same
text. Every finding -- file, line, column, level, check, message and notes --
must be the same on both sides, in the file and in its headers. Exits non-zero
with a message on the first project that differs.

    agreement_test.py NNLINT STUB_INCLUDE_DIR
"""
import json
import os
import queue
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.parse

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lsp_test import Client, expect, uri  # noqa: E402

# name -> {relative path: text}; the first .cpp is the file opened and named.
PROJECTS = {
    # Shape of the issue: the file's own header first (found through -I), a
    # model declared there with a stateless module left unregistered (a note)
    # and an unused submodule, its members defined in the file.
    "header-first": {
        "include/net/net.h": """#pragma once
#include <torch/torch.h>
struct NetImpl : torch::nn::Module {
  NetImpl();
  torch::Tensor forward(torch::Tensor x);
  torch::nn::Linear a{nullptr}, b{nullptr};
  torch::nn::ReLU act;
  torch::nn::Dropout drop;
};
""",
        "src/net.cpp": """#include "net/net.h"

NetImpl::NetImpl() {
  a = register_module("a", torch::nn::Linear(4, 4));
  b = register_module("b", torch::nn::Linear(4, 4));
}
torch::Tensor NetImpl::forward(torch::Tensor x) { return drop(act(a(x))); }
""",
    },
    # The model wholly in a quoted header next to the file, a defect in the file too.
    "model-in-header": {
        "src/model.h": """#pragma once
#include <torch/torch.h>
struct HeadImpl : torch::nn::Module {
  HeadImpl() { fc = torch::nn::Linear(4, 4); }
  torch::Tensor forward(torch::Tensor x) { return act(fc(x)); }
  torch::nn::Linear fc{nullptr};
  torch::nn::ReLU act;
};
""",
        "src/main.cpp": """#include "model.h"
#include <vector>

struct StackImpl : torch::nn::Cloneable<StackImpl> {
  StackImpl() { reset(); }
  void reset() override {
    for (int i = 0; i < 2; ++i) layers_.push_back(register_module("l" + std::to_string(i), torch::nn::Linear(4, 4)));
  }
  torch::Tensor forward(torch::Tensor x) {
    for (auto &l : layers_) x = l(x);
    return x;
  }
  std::vector<torch::nn::Linear> layers_;
};
""",
    },
    # A class split over two files of the project: the file opened defines
    # the constructor, another forward(); the header holds the findings.
    "split": {
        "include/split/net.h": """#pragma once
#include <torch/torch.h>
struct SplitImpl : torch::nn::Module {
  SplitImpl();
  torch::Tensor forward(torch::Tensor x);
  torch::nn::Linear a{nullptr}, b{nullptr};
  torch::nn::ReLU act;
};
""",
        "src/ctor.cpp": """#include "split/net.h"

SplitImpl::SplitImpl() {
  a = register_module("a", torch::nn::Linear(4, 4));
  b = register_module("b", torch::nn::Linear(4, 4));
}
""",
        "src/forward.cpp": """#include "split/net.h"

torch::Tensor SplitImpl::forward(torch::Tensor x) { return act(a(x)); }
""",
    },
}

LEVELS = {"error": 1, "warning": 2, "note": 3}


def write(work, files, stub):
    for rel, text in files.items():
        path = os.path.join(work, rel)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w") as f:
            f.write(text)
    sources = [os.path.join(work, rel) for rel in files if rel.endswith(".cpp")]
    build = os.path.join(work, "build")
    os.makedirs(build)
    args = ["clang++", "-std=c++17", "-isystem", stub, "-I", os.path.join(work, "include"), "-c"]
    with open(os.path.join(build, "compile_commands.json"), "w") as f:
        json.dump([{"directory": build, "file": s, "arguments": args + [s]} for s in sources], f)
    return sources[0], build


def command_line(nnlint, source, build, cache):
    proc = subprocess.run([nnlint, "-p", build, "--cache-dir=" + cache, "--format=json", source],
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, timeout=600)
    expect(proc.returncode in (0, 1), "the command line failed (%d): %s" % (proc.returncode, proc.stderr))
    return report_findings(json.loads(proc.stdout))


def report_findings(report):
    """The findings of a `--format=json` report, as findings_of() reads a server's."""
    found = set()
    for f in report["findings"]:
        notes = tuple(sorted((n["file"], n["line"] - 1, n["message"]) for n in f.get("notes", [])))
        found.add((f["file"], f["line"] - 1, f["column"] - 1, LEVELS[f["severity"]], f["check"], f["message"], notes))
    return found


def logged(log, what):
    if not os.path.exists(log):
        return set()
    with open(log) as f:
        return {line.split(" ", 1)[1].strip() for line in f if line.startswith(what + " ")}


def editor(nnlint, source, build, cache, warm):
    """What the server publishes after opening `source` and editing it (with
    the parse host, until an edit is parsed warm), by file."""
    log = cache + ("-warm.log" if warm else "-usual.log")
    client = Client([nnlint, "--lsp", "-p", build, "--cache-dir=" + cache], dict(os.environ, NNLINT_CACHE_LOG=log))
    client.request("initialize", {"processId": os.getpid(), "rootUri": None, "capabilities": {},
                                  "initializationOptions": {"warmParse": warm}})
    client.notify("initialized", {})
    with open(source) as f:
        text = f.read()
    client.notify("textDocument/didOpen", {"textDocument": {"uri": uri(source), "languageId": "cpp", "version": 1,
                                                            "text": text}})
    published = {}

    def record(m):
        if m.get("method") == "textDocument/publishDiagnostics":
            published[m["params"]["uri"]] = m["params"]["diagnostics"]
        return m.get("method") == "textDocument/publishDiagnostics" and m["params"]["uri"] == uri(source)
    client.wait(record, "diagnostics for " + source)
    for version in range(2, 200 if warm else 3):
        text += "// an edit\n"
        client.notify("textDocument/didChange", {"textDocument": {"uri": uri(source), "version": version},
                                                 "contentChanges": [{"text": text}]})
        client.wait(record, "diagnostics for " + source)
        if not warm or source in logged(log, "warm"):
            break
        time.sleep(0.2)
    expect(not warm or source in logged(log, "warm"), "%s was never parsed warm" % source)
    with open(source, "w") as f:  # the command line reads the final text
        f.write(text)
    # Every file of an analysis is published before the server reads the next message.
    client.next_id += 1
    asked = client.next_id
    client.send({"jsonrpc": "2.0", "id": asked, "method": "nnlint/none", "params": {}})
    client.wait(lambda m: record(m) and False or m.get("id") == asked, "an answer")
    client.request("shutdown", None)
    client.notify("exit", None)
    client.proc.wait(timeout=60)
    return findings_of(published)


def findings_of(published):
    """The findings of what a server published last to each URI."""
    found = set()
    for doc, diagnostics in published.items():
        path = urllib.parse.unquote(doc[len("file://"):])
        for d in diagnostics:
            start = d["range"]["start"]
            notes = tuple(sorted((urllib.parse.unquote(r["location"]["uri"][len("file://"):]),
                                  r["location"]["range"]["start"]["line"], r["message"])
                                 for r in d.get("relatedInformation", [])))
            found.add((path, start["line"], start["character"], d["severity"], d.get("code", ""), d["message"], notes))
    return found


# The class of "split", with one more file of the project that adds to it and
# whose parse the test holds: it includes a FIFO, read until the test writes.
SLOW = """#include "split/net.h"
int before_the_gate;
#include "gate.h"
"""


def cancelled_lenders(nnlint, work, stub):
    """An edit while the project's other files are parsed (the file's own
    classes shown already) cancels that analysis. The files it finished must
    not be parsed again: else typing faster than they parse never shows the
    findings the command line shows (the classes those files add to)."""
    files = dict(PROJECTS["split"], **{"src/slow.cpp": SLOW})
    root = os.path.join(work, "cancelled")
    source, build = write(root, files, stub)
    gate = os.path.join(root, "src", "gate.h")
    os.mkfifo(gate)
    cache, log = os.path.join(root, "cache"), os.path.join(root, "cache.log")
    client = Client([nnlint, "--lsp", "-p", build, "-j", "2", "--cache-dir=" + cache],
                    dict(os.environ, NNLINT_CACHE_LOG=log))
    client.request("initialize", {"processId": os.getpid(), "rootUri": None, "capabilities": {}})
    client.notify("initialized", {})
    with open(source) as f:
        text = f.read()
    client.notify("textDocument/didOpen", {"textDocument": {"uri": uri(source), "languageId": "cpp", "version": 1,
                                                            "text": text}})
    client.diagnostics(source)  # the file's own classes, while the others are parsed
    forward = os.path.join(root, "src", "forward.cpp")
    # Finished: its facts are in the cache (a parse only started may still be cancelled).
    def finished():
        for folder, _, names in os.walk(cache):
            for name in names:
                if name.endswith(".json"):
                    with open(os.path.join(folder, name), errors="replace") as f:
                        if forward in f.read():
                            return True
        return False
    deadline = time.time() + 120
    while not finished():
        expect(time.time() < deadline, "the facts of forward.cpp were never stored")
        time.sleep(0.05)
    text += "// an edit\n"
    client.notify("textDocument/didChange", {"textDocument": {"uri": uri(source), "version": 2},
                                             "contentChanges": [{"text": text}]})
    # Each reader of the FIFO gets a line and its end (the cancelled
    # analysis may still hold it): until the split class is published.
    header = uri(os.path.join(root, "include", "split", "net.h"))
    published = {uri(source): []}
    deadline = time.time() + 120
    while True:
        expect(time.time() < deadline, "the split class's findings never came")
        try:
            fd = os.open(gate, os.O_WRONLY | os.O_NONBLOCK)
            os.write(fd, b"int after_the_gate;\n")
            os.close(fd)
        except OSError:  # ENXIO: no reader now
            pass
        try:
            m = client.inbox.get(timeout=0.1)
        except queue.Empty:
            continue
        if m and m.get("method") == "textDocument/publishDiagnostics":
            published[m["params"]["uri"]] = m["params"]["diagnostics"]
            if m["params"]["uri"] == header:
                break
    # The rest of that analysis was published before the answer to this.
    client.next_id += 1
    asked = client.next_id
    client.send({"jsonrpc": "2.0", "id": asked, "method": "nnlint/none", "params": {}})

    def record(m):
        if m.get("method") == "textDocument/publishDiagnostics":
            published[m["params"]["uri"]] = m["params"]["diagnostics"]
        return m.get("id") == asked
    client.wait(record, "an answer")
    client.request("shutdown", None)
    client.notify("exit", None)
    client.proc.wait(timeout=60)
    with open(log) as f:
        times = sum(1 for line in f if line.split(" ", 1)[1].strip() == forward and not line.startswith("facts "))
    expect(times == 1, "forward.cpp, parsed before the edit, was parsed %d times" % times)
    # The same text on the command line, with the FIFO now a file.
    with open(source, "w") as f:
        f.write(text)
    os.remove(gate)
    with open(gate, "w") as f:
        f.write("int after_the_gate;\n")
    cli = command_line(nnlint, source, build, cache)
    got = findings_of(published)
    expect(got == cli, "cancelled: the editor published %s, the command line %s" % (sorted(got), sorted(cli)))
    print("cancelled: forward.cpp parsed once; %d findings, as on the command line" % len(cli))


def main():
    nnlint, stub = sys.argv[1], os.path.abspath(sys.argv[2])
    work = tempfile.mkdtemp(prefix="nnlint-agree-")
    # Reached through a folder named `include`, as an installed LibTorch is:
    # its headers are library code.
    os.symlink(stub, os.path.join(work, "include"))
    stub = os.path.join(work, "include")
    differ = False
    try:
        for name, files in PROJECTS.items():
            source, build = write(os.path.join(work, name), files, stub)
            cache = os.path.join(work, name, "cache")
            # The project's other files are indexed first, into the cache both
            # sides use: the server then publishes each analysis once, with
            # the facts of the whole project (else it shows the file's own
            # classes first, while it parses the others).
            command_line(nnlint, source, build, cache)
            for warm in (True, False):
                got = editor(nnlint, source, build, cache, warm)
                cli = command_line(nnlint, source, build, cache)
                headers = {f[0] for f in cli} - {source}
                expect(headers, "%s: the command line found nothing in a header: the project tests nothing" % name)
                if got != cli:
                    differ = True
                    print("DIFFERENT: %s (parse host %s)" % (name, "on" if warm else "off"))
                    for f in sorted(cli - got):
                        print("  only the command line: %s" % (f,))
                    for f in sorted(got - cli):
                        print("  only the editor:       %s" % (f,))
            print("%s: %d findings, %d in headers" % (name, len(cli), sum(f[0] in headers for f in cli)))
        cancelled_lenders(nnlint, work, stub)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    if differ:
        sys.exit(1)
    print("agreement_test: PASS")


if __name__ == "__main__":
    main()
