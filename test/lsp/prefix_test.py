#!/usr/bin/env python3
"""The kept prefix (parse/WarmSession.h): the parse host keeps the open
file's text parsed, and an edit that leaves the start of the text as it was
is parsed from the first declaration it changed (`rest` in
$NNLINT_CACHE_LOG). Every edit must publish what a server without the parse
host publishes for the same text: edits appended at the end, edits inside a
declaration of the prefix (which keeps the declarations before it as the
next prefix), an error in the rest, and a class whose members the rest
defines; an edit well past the prefix's end makes the host keep a longer
one. In a file whose declarations sit in one namespace, edits inside
it are parsed whole, and no prefix is kept after one to be dropped at the
next.

    prefix_test.py NNLINT STUB_INCLUDE_DIR
"""
import os
import shutil
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lsp_test import expect, started, uri  # noqa: E402

SOURCE = """#include <torch/torch.h>

struct NetImpl : torch::nn::Module {
  NetImpl();
  torch::Tensor forward(torch::Tensor x);
  torch::nn::Linear a{nullptr}, b{nullptr};
};

int width() { return 4; }

NetImpl::NetImpl() {
  a = register_module("a", torch::nn::Linear(width(), width()));
  b = register_module("b", torch::nn::Linear(width(), width()));
}

torch::Tensor NetImpl::forward(torch::Tensor x) { return %s; }
"""

# (text, what, whether it is parsed after a kept prefix)
def versions():
    both, one = SOURCE % "a(x) + b(x)", SOURCE % "a(x)"
    return [
        (both + "int extra = 1;\n", "a declaration appended", True),
        (both + "int extra = 1;\nint more() { return extra; }\n", "another appended", True),
        (one, "forward changed: b unused", False),
        (one + "int extra = 2;\n", "appended after the change", True),
        (one.replace("return 4;", "return 5;"), "a change before the prefix's end", False),
        (one.replace("return 4;", "return 5;") + "int broken() { return missing; }\n", "an error in the rest", True),
        (both.replace("return 4;", "return 5;"), "b used again: past the prefix, which grows", True),
        (both.replace("return 4;", "return 5;") + "int tail = 1;\n", "appended after the prefix grew", True),
    ]


# A file whose declarations sit in one namespace: no prefix can end inside it.
WRAPPED = """#include <torch/torch.h>

namespace proj {
struct NetImpl : torch::nn::Module {
  NetImpl() {
    a = register_module("a", torch::nn::Linear(4, 4));
    b = register_module("b", torch::nn::Linear(4, 4));
  }
  torch::Tensor forward(torch::Tensor x) { return %s; }
  torch::nn::Linear a{nullptr}, b{nullptr};
};
int width() { return %d; }
}
"""


def logged(log):
    with open(log) as f:
        return [line.split(" ", 1)[0] for line in f]


def main():
    nnlint, stub = sys.argv[1], os.path.abspath(sys.argv[2])
    work = tempfile.mkdtemp(prefix="nnlint-prefix-")
    try:
        os.symlink(stub, os.path.join(work, "include"))  # as an installed LibTorch is reached
        source = os.path.join(work, "net.cpp")
        text = SOURCE % "a(x) + b(x)"
        with open(source, "w") as f:
            f.write(text)
        flags = ["-std=c++17", "-isystem", os.path.join(work, "include")]
        log = os.path.join(work, "cache.log")
        servers = []
        for warm in (False, True):
            client = started(nnlint, os.path.join(work, "cache"), flags,
                             log if warm else os.path.join(work, "usual.log"), warm)
            client.notify("textDocument/didOpen", {"textDocument": {"uri": uri(source), "languageId": "cpp",
                                                                    "version": 1, "text": text}})
            client.diagnostics(source)
            servers.append(client)
        usual, warm = servers
        expect("prefix" in logged(log), "the open kept no prefix: %s" % logged(log))

        def publish_to(client, path, version, text):
            client.notify("textDocument/didChange", {"textDocument": {"uri": uri(path), "version": version},
                                                     "contentChanges": [{"text": text}]})
            return [(d.get("code"), d["range"]["start"]["line"], d["message"]) for d in client.diagnostics(path)]

        def publish(client, version, text):
            return publish_to(client, source, version, text)

        seen = set()
        logs = []
        for version, (text, what, rest) in enumerate(versions(), start=2):
            open(log, "w").close()
            got, expected = publish(warm, version, text), publish(usual, version, text)
            expect(got == expected, "%s: warm %s, usual %s" % (what, got, expected))
            expect(("rest" in logged(log)) == rest, "%s: parsed %s a kept prefix (log: %s)"
                   % (what, "without" if rest else "after", logged(log)))
            seen.update((code, message) for code, _, message in got)
            logs.append(logged(log))
        # A prefix is kept again (`prefix`, logged once the edit is answered:
        # by the next one's end) after the edit past its end, not after a
        # line appended to it.
        expect("prefix" not in logs[0] + logs[1], "a prefix kept after an appended line: %s" % logs[:2])
        expect("prefix" in logs[-2] + logs[-1], "the prefix did not grow: %s" % logs[-2:])
        # The versions reach a check's finding and the compile error.
        expect(any(code == "nn-unused-parameter" for code, _ in seen), "no version reported b unused: %s" % seen)
        expect(any("missing" in message for _, message in seen), "no version reported the compile error: %s" % seen)
        # Typing inside the namespace: each edit is parsed whole, and the
        # host does not keep a prefix after one edit to drop it at the next.
        wrapped = os.path.join(work, "wrapped.cpp")
        with open(wrapped, "w") as f:
            f.write(WRAPPED % ("a(x)", 9))
        texts = [WRAPPED % (use, n) for n in range(6) for use in ("a(x) + b(x)", "a(x)")]
        for client in servers:
            client.notify("textDocument/didOpen", {"textDocument": {"uri": uri(wrapped), "languageId": "cpp",
                                                                    "version": 1, "text": WRAPPED % ("a(x)", 9)}})
            client.diagnostics(wrapped)
        open(log, "w").close()
        for version, text in enumerate(texts, start=2):
            got = [publish_to(client, wrapped, version, text) for client in (warm, usual)]
            expect(got[0] == got[1], "inside the namespace, version %d: warm %s, usual %s" % (version, *got))
            unused = any(code == "nn-unused-parameter" for code, _, _ in got[0])
            expect(unused == ("b(x)" not in text), "inside the namespace, version %d: %s" % (version, got[0]))
        expect("rest" not in logged(log), "an edit inside the namespace was parsed after a prefix: %s" % logged(log))
        expect(logged(log).count("prefix") <= 1, "prefixes kept and dropped by turns: %s" % logged(log))
        for client in servers:
            client.request("shutdown", None)
            client.notify("exit", None)
            client.proc.wait(timeout=30)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print("prefix_test: PASS")


if __name__ == "__main__":
    main()
