#!/usr/bin/env python3
"""A scripted editor for `nnlint --lsp`: initialize, didOpen, publishDiagnostics,
codeAction, didChange (unsaved text), didSave, a file that does not compile, a
worker that dies, shutdown and exit, a server killed by a signal. Exits
non-zero with a message on the first thing that is not as expected.

    lsp_test.py NNLINT STUB_INCLUDE_DIR
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import queue
import urllib.parse

HERE = os.path.dirname(os.path.abspath(__file__))
TIMEOUT = 90  # seconds for one answer; a parse against the stand-in header takes about one


def fail(message):
    print("lsp_test: FAIL: " + message, file=sys.stderr)
    sys.exit(1)


def uri(path):
    return "file://" + urllib.parse.quote(path)


class Client:
    def __init__(self, command, env):
        self.proc = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=env)
        self.inbox = queue.Queue()
        self.next_id = 0
        threading.Thread(target=self._reader, daemon=True).start()

    def _reader(self):
        out = self.proc.stdout
        while True:
            length = None
            while True:
                line = out.readline()
                if not line:
                    self.inbox.put(None)
                    return
                line = line.strip()
                if not line:
                    break
                name, _, value = line.decode().partition(":")
                if name.lower() == "content-length":
                    length = int(value)
            if length is None:
                fail("a message without Content-Length")
            self.inbox.put(json.loads(out.read(length)))

    def send(self, message):
        body = json.dumps(message).encode()
        self.proc.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.proc.stdin.flush()

    def send_raw(self, data):
        self.proc.stdin.write(data)
        self.proc.stdin.flush()

    def notify(self, method, params):
        self.send({"jsonrpc": "2.0", "method": method, "params": params})

    def request(self, method, params):
        self.next_id += 1
        self.send({"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params})
        reply = self.wait(lambda m: m.get("id") == self.next_id and "method" not in m, method)
        if "error" in reply:
            fail("%s answered an error: %s" % (method, reply["error"]))
        return reply["result"]

    def wait(self, wanted, what):
        while True:
            try:
                message = self.inbox.get(timeout=TIMEOUT)
            except queue.Empty:
                fail("no %s within %d s" % (what, TIMEOUT))
            if message is None:
                fail("the server exited while waiting for %s" % what)
            if wanted(message):
                return message

    def diagnostics(self, path):
        message = self.wait(lambda m: m.get("method") == "textDocument/publishDiagnostics"
                            and m["params"]["uri"] == uri(path), "diagnostics for " + path)
        return message["params"]["diagnostics"]


def started(nnlint, cache, flags, log, warm):
    """A server on `cache` for files compiled with `flags`, initialised, with or
    without its parse host (`warmParse`), its cache log written to `log`."""
    client = Client([nnlint, "--lsp", "--cache-dir=" + cache, "--"] + flags, dict(os.environ, NNLINT_CACHE_LOG=log))
    client.request("initialize", {"processId": os.getpid(), "rootUri": None, "capabilities": {},
                                  "initializationOptions": {"warmParse": warm}})
    client.notify("initialized", {})
    return client


def codes(diagnostics):
    return sorted(d.get("code", "") for d in diagnostics)


def expect(condition, message):
    if not condition:
        fail(message)


def main():
    nnlint, stub = sys.argv[1], sys.argv[2]
    work = tempfile.mkdtemp(prefix="nnlint-lsp-")
    try:
        run(nnlint, stub, work)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print("lsp_test: PASS")


def run(nnlint, stub, work):
    src = os.path.join(work, "src")
    os.makedirs(src)
    for name in ("model.cpp", "broken.cpp"):
        shutil.copy(os.path.join(HERE, "Inputs", name), src)
    shutil.copy(os.path.join(HERE, "Inputs", "model.cpp"), os.path.join(src, "crash.cpp"))
    shutil.copy(os.path.join(HERE, "Inputs", "model.cpp"), os.path.join(src, "editing.cpp"))
    shutil.copy(os.path.join(HERE, "Inputs", "nnlint.yaml"), os.path.join(work, ".nnlint.yaml"))
    # The server finds the compile commands upward from each file, as the command line does.
    shutil.copytree(os.path.join(HERE, "Inputs", "split"), os.path.join(src, "split"))
    database = [{"directory": src, "file": os.path.join(src, name),
                 "arguments": ["clang++", "-std=c++17", "-isystem", stub, "-c", name]}
                for name in ("model.cpp", "broken.cpp", "crash.cpp", "editing.cpp", "split/own.cpp", "split/init.cpp")]
    with open(os.path.join(work, "compile_commands.json"), "w") as f:
        json.dump(database, f)
    model = os.path.join(src, "model.cpp")
    with open(model) as f:
        text = f.read()

    tmp = os.path.join(work, "tmp")  # where the parse host's socket directory goes
    os.makedirs(tmp)
    env = dict(os.environ, NNLINT_LSP_TEST_CRASH="crash.cpp", TMPDIR=tmp)
    client = Client([nnlint, "--lsp", "--cache-dir=" + os.path.join(work, "cache")], env)
    init = client.request("initialize", {"processId": os.getpid(), "rootUri": uri(work), "capabilities": {}})
    caps = init["capabilities"]
    expect(caps["textDocumentSync"]["change"] == 1, "full document sync expected: %s" % caps)
    expect("quickfix" in caps["codeActionProvider"]["codeActionKinds"], "no quick fixes offered: %s" % caps)
    # The parse host is started with the answer to initialize: the first open does not wait for it.
    expect(any(name.startswith("nnlint-parse") for name in os.listdir(tmp)),
           "no parse host after initialize: %s" % os.listdir(tmp))
    client.notify("initialized", {})

    # Open: the findings, without the NOLINT one and the check .nnlint.yaml turns off.
    client.notify("textDocument/didOpen", {"textDocument": {"uri": uri(model), "languageId": "cpp", "version": 1,
                                                            "text": text}})
    diags = client.diagnostics(model)
    expect(codes(diags) == ["nn-container-alias", "nn-unregistered-submodule"], "on open: %s" % diags)
    alias = next(d for d in diags if d["code"] == "nn-container-alias")
    expect(alias["range"]["start"] == {"line": 39, "character": 33}, "alias range: %s" % alias["range"])
    expect(alias["range"]["end"] == {"line": 39, "character": 39}, "alias range end: %s" % alias["range"])
    expect(alias["codeDescription"]["href"].endswith("/docs/rules/nn-container-alias.md"), "link: %s" % alias)
    notes = [(r["location"]["range"]["start"]["line"], r["message"]) for r in alias["relatedInformation"]]
    expect(notes == [(28, "filled here, in the constructor, outside reset()"), (31, "'a' is registered here")],
           "alias notes: %s" % notes)
    expect(alias["severity"] == 2 and alias["source"] == "nnlint", "alias severity/source: %s" % alias)

    # Quick fix for the unregistered submodule.
    unreg = next(d for d in diags if d["code"] == "nn-unregistered-submodule")
    actions = client.request("textDocument/codeAction", {"textDocument": {"uri": uri(model)}, "range": unreg["range"],
                                                         "context": {"diagnostics": [unreg]}})
    expect(len(actions) == 1 and actions[0]["kind"] == "quickfix", "code actions: %s" % actions)
    edits = actions[0]["edit"]["changes"][uri(model)]
    expect(sorted(e["newText"] for e in edits) == [")", 'register_module("proj", '], "fix edits: %s" % edits)
    none = client.request("textDocument/codeAction", {"textDocument": {"uri": uri(model)}, "range": alias["range"],
                                                      "context": {"diagnostics": [alias]}})
    expect(none == [], "a finding without a fix-it got a code action: %s" % none)

    # Change (not saved): the unsaved text is analysed at once. The second
    # change comes while the first one's analysis runs: that analysis is
    # cancelled, and only the last text's diagnostics are published.
    fixed = text.replace("proj = torch::nn::Linear(16, 2);", 'proj = register_module("proj", torch::nn::Linear(16, 2));')
    expect(fixed != text, "the test input changed")
    for version, body in ((2, text + "\n"), (3, fixed)):  # a burst: only the last text counts
        client.notify("textDocument/didChange", {"textDocument": {"uri": uri(model), "version": version},
                                                 "contentChanges": [{"text": body}]})
    diags = client.diagnostics(model)
    expect(codes(diags) == ["nn-container-alias"], "after the change: %s" % diags)

    # A file that does not compile: an error diagnostic at the error, and the server goes on.
    broken = os.path.join(src, "broken.cpp")
    with open(broken) as f:
        client.notify("textDocument/didOpen", {"textDocument": {"uri": uri(broken), "languageId": "cpp",
                                                                "version": 1, "text": f.read()}})
    diags = client.diagnostics(broken)
    errors = [d for d in diags if d["severity"] == 1]
    expect(errors and "undeclared_function" in errors[0]["message"], "broken file: %s" % diags)
    expect(errors[0]["range"]["start"]["line"] == 4, "error position: %s" % errors[0])

    # A statement being typed in forward(): the error, and the class's finding
    # that the statement does not concern (clangd keeps diagnosing too).
    editing = os.path.join(src, "editing.cpp")
    typing = text.replace("{ return proj(h) - spare(h); }", "{ auto y = proj(h) - spare(h); return y.relu(; }")
    expect(typing != text, "the editing scenario no longer matches Inputs/model.cpp")
    client.notify("textDocument/didOpen", {"textDocument": {"uri": uri(editing), "languageId": "cpp", "version": 1,
                                                            "text": typing}})
    diags = client.diagnostics(editing)
    expect(any(d["severity"] == 1 for d in diags), "no error while typing: %s" % diags)
    expect(sorted(c for c in codes(diags) if c.startswith("nn-")) == ["nn-container-alias", "nn-unregistered-submodule"],
           "findings while typing: %s" % diags)

    # A file whose header declares a class that another file of the project
    # adds to: the file's own class is judged and shown before that file is
    # parsed, the split class after, with the facts of both files.
    own, header = os.path.join(src, "split", "own.cpp"), os.path.join(src, "split", "model.h")
    with open(own) as f:
        client.notify("textDocument/didOpen", {"textDocument": {"uri": uri(own), "languageId": "cpp", "version": 1,
                                                                "text": f.read()}})
    shown = []  # (uri, codes) of each publication, in order

    def record(m):
        if m.get("method") == "textDocument/publishDiagnostics" and m["params"]["uri"] in (uri(own), uri(header)):
            shown.append((m["params"]["uri"], codes(m["params"]["diagnostics"])))
        return shown[-1:] == [(uri(header), ["nn-unregistered-submodule"])]
    client.wait(record, "the split class's finding")
    # A request answered after it: whatever the last analysis published came before the answer.
    client.next_id += 1
    asked = client.next_id
    client.send({"jsonrpc": "2.0", "id": asked, "method": "shutdown_not_a_method", "params": {}})
    client.wait(lambda m: record(m) or m.get("id") == asked, "an answer")
    expect(shown[0] == (uri(own), ["nn-unregistered-submodule"]) and
           shown.count((uri(own), ["nn-unregistered-submodule"])) == 2,
           "the open file's own findings first, then with the split class's: %s" % shown)

    # A worker that dies: an error diagnostic on that file, and the server goes on.
    crash = os.path.join(src, "crash.cpp")
    client.notify("textDocument/didOpen", {"textDocument": {"uri": uri(crash), "languageId": "cpp", "version": 1,
                                                            "text": text}})
    diags = client.diagnostics(crash)
    expect(len(diags) == 1 and "crashed" in diags[0]["message"], "crash: %s" % diags)

    # Save: the file on disk now has the fix.
    with open(model, "w") as f:
        f.write(fixed)
    client.notify("textDocument/didSave", {"textDocument": {"uri": uri(model)}})
    diags = client.diagnostics(model)
    expect(codes(diags) == ["nn-container-alias"], "after save: %s" % diags)

    # Close: its diagnostics are cleared.
    client.notify("textDocument/didClose", {"textDocument": {"uri": uri(model)}})
    expect(client.diagnostics(model) == [], "diagnostics left after close")

    # Hostile input: headers that frame nothing, then a request sent with them in one write,
    # which must still be answered; a body nested a million deep is dropped, not a crash.
    client.next_id += 1
    request = json.dumps({"jsonrpc": "2.0", "id": client.next_id, "method": "textDocument/codeAction",
                          "params": {"textDocument": {"uri": uri(model)}, "range": alias["range"],
                                     "context": {"diagnostics": []}}}).encode()
    client.send_raw(b"X-Nothing: 1\r\n\r\nContent-Length: -5\r\n\r\nContent-Length: abc\r\n\r\n"
                    b"Content-Length: %d\r\n\r\n" % len(request) + request)
    asked = client.next_id
    expect(client.wait(lambda m: m.get("id") == asked, "the request after broken headers").get("result") == [],
           "the request after broken headers was not answered with []")
    nested = b"[" * 1000000
    client.send_raw(b"Content-Length: %d\r\n\r\n" % len(nested) + nested)
    deep_params = ('{"jsonrpc": "2.0", "method": "textDocument/didChange", "params": ' + '{"a": ' * 100000 +
                   "1" + "}" * 100000 + "}").encode()
    client.send_raw(b"Content-Length: %d\r\n\r\n" % len(deep_params) + deep_params)
    expect(client.request("textDocument/codeAction", {"textDocument": {"uri": uri(model)}, "range": alias["range"],
                                                      "context": {"diagnostics": []}}) == [],
           "no answer after deeply nested messages")

    expect(client.request("shutdown", None) is None, "shutdown answers null")
    client.notify("exit", None)
    try:
        code = client.proc.wait(timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        client.proc.kill()
        fail("the server did not exit after exit")
    expect(code == 0, "exit code %d after shutdown and exit" % code)
    expect(not parse_host_dirs(tmp), "the parse host's directory was left after exit: %s" % parse_host_dirs(tmp))

    # A server killed by a signal: its parse host removes the socket directory.
    client = Client([nnlint, "--lsp", "--cache-dir=" + os.path.join(work, "cache")], env)
    client.request("initialize", {"processId": os.getpid(), "rootUri": uri(work), "capabilities": {}})
    client.notify("initialized", {})
    client.notify("textDocument/didOpen", {"textDocument": {"uri": uri(model), "languageId": "cpp", "version": 1,
                                                            "text": text}})
    client.diagnostics(model)
    expect(parse_host_dirs(tmp), "no parse host started: the kill below would test nothing")
    client.proc.kill()
    client.proc.wait()
    deadline = time.time() + TIMEOUT
    while parse_host_dirs(tmp) and time.time() < deadline:
        time.sleep(0.05)
    expect(not parse_host_dirs(tmp), "a killed server's parse host left %s" % parse_host_dirs(tmp))


def parse_host_dirs(tmp):
    return [name for name in os.listdir(tmp) if name.startswith("nnlint-parse")]


if __name__ == "__main__":
    main()
