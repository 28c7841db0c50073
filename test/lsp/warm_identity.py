#!/usr/bin/env python3
"""The warm parse (lsp/ParseHost) must publish what the usual parse publishes.

Two servers share one cache: the first with `warmParse` off, the second as
users get it. Each opens every file; the second then takes edits (comments
appended) and publishes again. Every diagnostic of the second server must
equal the first's on open, and the second's edits must have been parsed warm,
those with compile errors included (indexed as Clang recovered them, with the
usual parse's recovery, in a fork; such a text warms the session up without
the declarations that hold its errors, and the edit after it must agree too): errors in
a method body, in a class declaration, at file scope, in a template's
instantiation, and in the file's own header after its library lines (the
session's tail; a text with no error of its own there warms the session
up). A file with a directive after its include block is parsed
warm too, in a fork that never warms the session up. Then a user header in a file's
include block is edited on disk: the next edit of the file must see it.

    warm_identity.py NNLINT STUB_INCLUDE_DIR FILE... [-- COMPILER FLAGS]

The stand-in header is reached through a folder named `include`, as an
installed LibTorch's is: blocks of library headers only are parsed warm.
Compiler flags, when given, stand for the stand-in's (real LibTorch headers).
"""
import os
import shutil
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lsp_test import expect, fail, started, uri  # noqa: E402

EDITS = 300  # at most, about a minute: a block of the real headers takes about 6 s to build


def logged(log, what):
    """The files the cache log says `what` of ("warm", "error", ...)."""
    if not os.path.exists(log):
        return set()
    with open(log) as f:
        return {line.split(" ", 1)[1].strip() for line in f if line.startswith(what + " ")}


def diagnostics_of(nnlint, cache, log, files, flags, warm):
    client = started(nnlint, cache, flags, log, warm)
    published = {}
    for path in files:
        with open(path) as f:
            text = f.read()
        document = {"uri": uri(path), "version": 1}
        client.notify("textDocument/didOpen", {"textDocument": dict(document, languageId="cpp", text=text)})
        opened = client.diagnostics(path)
        published[path] = [opened]
        # A block that is not cached yet is built in the background, and the
        # edits are parsed the usual way until it is there.
        for version in range(2, 2 + EDITS if warm else 2):
            text += "// an edit\n"
            client.notify("textDocument/didChange", {"textDocument": dict(document, version=version),
                                                     "contentChanges": [{"text": text}]})
            published[path].append(client.diagnostics(path))
            if path in logged(log, "warm"):
                break
            time.sleep(0.2)
        client.notify("textDocument/didClose", {"textDocument": {"uri": uri(path)}})
    client.request("shutdown", None)
    client.notify("exit", None)
    client.proc.wait(timeout=30)
    return published


# A model whose forward() is in the header the file's include block reads:
# the header decides whether 'b' gets a gradient.
HEADER = """#include <torch/torch.h>
struct NetImpl : torch::nn::Module {
  NetImpl();
  torch::Tensor forward(torch::Tensor x) { return %s; }
  torch::nn::Linear a{nullptr}, b{nullptr};
};
"""
SOURCE = """#include "net.h"

NetImpl::NetImpl() {
  a = register_module("a", torch::nn::Linear(4, 4));
  b = register_module("b", torch::nn::Linear(4, 4));
}
"""


def header_edit(nnlint, work, flags):
    """Edits of a file parsed warm against a block that holds its header, then
    the header changed on disk: the next diagnostics are the new header's."""
    src = os.path.join(work, "src")
    os.makedirs(src)
    header, source, log = os.path.join(src, "net.h"), os.path.join(src, "net.cpp"), os.path.join(work, "edit.log")
    with open(header, "w") as f:
        f.write(HEADER % "a(x)")
    with open(source, "w") as f:
        f.write(SOURCE)
    client = started(nnlint, os.path.join(work, "edit-cache"), flags, log, warm=True)
    text, version = SOURCE, 1
    client.notify("textDocument/didOpen", {"textDocument": {"uri": uri(source), "languageId": "cpp", "version": 1,
                                                            "text": text}})

    def edit_until_warm(expected, what):
        nonlocal text, version
        open(log, "w").close()
        for _ in range(EDITS):
            text += "// an edit\n"
            version += 1
            client.notify("textDocument/didChange", {"textDocument": {"uri": uri(source), "version": version},
                                                     "contentChanges": [{"text": text}]})
            got = [d["code"] for d in client.diagnostics(source)]
            expect(got == expected, "%s: %s, expected %s" % (what, got, expected))
            if source in logged(log, "warm"):
                return
            time.sleep(0.2)
        fail("%s: never parsed warm" % what)

    client.diagnostics(source)
    edit_until_warm(["nn-unused-parameter"], "b unused in the header")
    with open(header, "w") as f:
        f.write(HEADER % "a(x) + b(x)")
    edit_until_warm([], "the header now uses b")
    client.request("shutdown", None)
    client.notify("exit", None)
    client.proc.wait(timeout=30)


# A project's usual layout: the header declares the model in a namespace and
# the file reopens it to define the members, beside an anonymous namespace.
# Taking such a text back out of a session (parse/PartUnloader) must leave
# the session as it was: each later version is parsed warm and publishes
# what a server without the parse host publishes.
PROJECT_HEADER = """#include <torch/torch.h>
namespace proj {
struct NetImpl : torch::nn::Module {
  NetImpl();
  torch::Tensor forward(torch::Tensor x);
  torch::nn::Linear a{nullptr}, b{nullptr};
};
int layers();
}
"""
PROJECT_SOURCE = """#include "proj.h"
#include <vector>

namespace {
int width() { return 4; }
%s
}

namespace proj {
int layers() { return 2; }
NetImpl::NetImpl() {
  a = register_module("a", torch::nn::Linear(width(), width()));
  b = register_module("b", torch::nn::Linear(width(), width()));
}
torch::Tensor NetImpl::forward(torch::Tensor x) { return %s; }
}
"""
HIDDEN_MODEL = """struct HiddenImpl : torch::nn::Module {
  HiddenImpl() { for (int i = 0; i < 2; ++i) layers.push_back(torch::nn::Linear(2, 2)); }
  torch::Tensor forward(torch::Tensor x) { return x; }
  std::vector<torch::nn::Linear> layers;
};"""
PROJECT_VERSIONS = [("", "a(x) + b(x)"), ("", "a(x)"), (HIDDEN_MODEL, "a(x)"), (HIDDEN_MODEL, "a(x) + b(x)"),
                    ("", "a(x) + b(x)"), ("", "b(x)")]


def project_edits(nnlint, work, flags):
    src = os.path.join(work, "project")
    os.makedirs(src)
    source, log = os.path.join(src, "net.cpp"), os.path.join(work, "project.log")
    with open(os.path.join(src, "proj.h"), "w") as f:
        f.write(PROJECT_HEADER)
    texts = [PROJECT_SOURCE % version for version in PROJECT_VERSIONS]
    with open(source, "w") as f:
        f.write(texts[0])
    servers = []
    for warm in (False, True):
        client = started(nnlint, os.path.join(work, "project-cache"), flags,
                         log if warm else os.path.join(work, "project-usual.log"), warm)
        client.notify("textDocument/didOpen", {"textDocument": {"uri": uri(source), "languageId": "cpp",
                                                                "version": 1, "text": texts[0]}})
        client.diagnostics(source)
        servers.append(client)
    usual, warm = servers
    version, seen = 1, set()

    def publish(client, text):
        client.notify("textDocument/didChange", {"textDocument": {"uri": uri(source), "version": version},
                                                 "contentChanges": [{"text": text}]})
        return [(d["code"], d["range"]["start"]["line"]) for d in client.diagnostics(source)]

    def edit(text, what):
        nonlocal version
        version += 1
        got, expected = publish(warm, text), publish(usual, text)
        expect(got == expected, "%s: warm %s, usual %s" % (what, got, expected))
        seen.update(code for code, _ in got)

    for attempt in range(EDITS):
        edit(texts[1] + "// %d\n" % attempt, "before the session warmed up")
        if source in logged(log, "warmed") | logged(log, "dropped"):
            break
        time.sleep(0.2)
    expect(source in logged(log, "warmed"), "the session never warmed up on a text it can take back")
    expect(source not in logged(log, "dropped"), "a session taken back from the text gave another index")
    open(log, "w").close()
    for n, text in enumerate(texts[2:] + texts[:2], start=2):
        # A text no earlier version had, nor the file on disk: the facts
        # cache (which keeps an editor buffer's facts) cannot answer it.
        edit(text + "// version %d\n" % n, "version %d" % n)
        expect(source in logged(log, "warm"), "version %d: not parsed warm" % n)
        open(log, "w").close()
    expect({"nn-unused-parameter", "nn-unregistered-submodule"} <= seen, "the versions' findings: %s" % seen)
    for client in servers:
        client.request("shutdown", None)
        client.notify("exit", None)
        client.proc.wait(timeout=30)


# Classes with errors in a declaration, in a method body and in a template's
# instantiation (ERRORS and TAIL_ERROR_HEADER).
BROKEN_CLASSES = """struct BrokenDeclImpl : torch::nn::Module {
  BrokenDeclImpl() { fc = torch::nn::Linear(4, 4); }
  torch::Tensor forward(torch::Tensor x) { return fc(x); }
  torch::nn::Linear fc{nullptr};
  NoSuchType other;
};

struct TypingImpl : torch::nn::Module {
  TypingImpl() {
    a = register_module("a", torch::nn::Linear(4, 4));
    b = torch::nn::Linear(4, 4);
  }
  torch::Tensor forward(torch::Tensor x) {
    auto h = a(b(x));
    h = h.relu(;
    return h;
  }
  torch::nn::Linear a{nullptr}, b{nullptr};
};

template <typename T> T twice(T x) { return x.no_such(); }
"""
# Compile errors of several kinds: the warm parse must index what Clang
# recovered as the usual parse does, and report the same errors. The
# `using namespace` and the unnamed declarations crashed Clang 19's clean-up
# of a part that failed (the edits took the usual path).
ERRORS = """#include <torch/torch.h>

using namespace torch;
namespace { int hidden = 1; }
struct { int a; } unnamed;

namespace proj {
undeclared_type stray;
int width = undeclared_width;

""" + BROKEN_CLASSES + """int useTwice() { return twice(3); }
}
"""
# The only error comes from a template's instantiation, at the end of the file.
INSTANTIATION_ERROR = """#include <torch/torch.h>

template <typename T> T twice(T x) { return x.no_such(); }

struct NetImpl : torch::nn::Module {
  NetImpl() { fc = torch::nn::Linear(4, 4); }
  torch::Tensor forward(torch::Tensor x) { return fc(x) * twice(2); }
  torch::nn::Linear fc{nullptr};
};
"""
# Errors in the file's own header, after the library lead: no block can
# hold the header, so the session parses it when it opens (its tail) and
# adds its errors to every answer. The text has none of its own: it warms
# the session up.
TAIL_ERROR_HEADER = """#pragma once
#include <torch/torch.h>

namespace proj {
int width = undeclared_width;

struct NetImpl : torch::nn::Module {
  NetImpl();
  torch::Tensor forward(torch::Tensor x);
  torch::nn::Linear a{nullptr}, b{nullptr};
};

""" + BROKEN_CLASSES + """inline int useTwice() { return twice(3); }
}
"""
TAIL_ERROR_SOURCE = """#include <torch/torch.h>
#include "tail_error.h"

namespace proj {
NetImpl::NetImpl() {
  a = register_module("a", torch::nn::Linear(4, 4));
  b = register_module("b", torch::nn::Linear(4, 4));
}
torch::Tensor NetImpl::forward(torch::Tensor x) { return a(x); }
}
"""


def main():
    args = sys.argv[1:] + ([] if "--" in sys.argv else ["--"])
    nnlint, stub, files = args[0], args[1], [os.path.abspath(f) for f in args[2:args.index("--")]]
    work = tempfile.mkdtemp(prefix="nnlint-warm-")
    try:
        os.symlink(os.path.abspath(stub), os.path.join(work, "include"))
        flags = args[args.index("--") + 1:] or ["-std=c++17", "-isystem", os.path.join(work, "include")]
        os.makedirs(os.path.join(work, "errors"))
        for name, text in (("errors.cpp", ERRORS), ("instantiation_error.cpp", INSTANTIATION_ERROR),
                           ("tail_error.cpp", TAIL_ERROR_SOURCE), ("tail_error.h", TAIL_ERROR_HEADER)):
            path = os.path.join(work, "errors", name)
            with open(path, "w") as f:
                f.write(text)
            if name.endswith(".cpp"):
                files.append(path)
        tail_error = files[-1]
        cache, usual_log, warm_log = (os.path.join(work, n) for n in ("cache", "usual.log", "warm.log"))
        usual = diagnostics_of(nnlint, cache, usual_log, files, flags, False)
        expect(not logged(usual_log, "warm"), "a server with warmParse off parsed warm")
        errors = logged(usual_log, "error") | logged(usual_log, "error-kept")
        expect(set(files[-3:]) <= errors, "the files with errors took no error path: %s" % sorted(errors))
        warm = diagnostics_of(nnlint, cache, warm_log, files, flags, True)
        parsed_warm = logged(warm_log, "warm")
        for path in files:
            for got in warm[path]:
                expect(got == usual[path][0], "%s: warm %s, usual %s" % (path, got, usual[path][0]))
            expect(path in parsed_warm, "%s: not parsed warm" % path)
        # Without the declarations that hold its errors, a text with errors
        # of its own warms its session up; the edit after it is compared above.
        expect((errors - {tail_error}) & logged(warm_log, "warmed"), "no text with errors of its own warmed up")
        expect(tail_error in logged(warm_log, "warmed"), "a text whose only errors are its header's never warmed up")
        header_edit(nnlint, work, flags)
        project_edits(nnlint, work, flags)
        # Read last: a session warms up after its answer.
        dropped, warmed = logged(warm_log, "dropped"), logged(warm_log, "warmed")
        expect(not dropped, "a warm-up changed the index of %s" % sorted(dropped))
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print("warm_identity: PASS (%d files, %d parsed warm, %d of them with errors, %d warmed a session up; a header "
          "edited under a warm file; a project's file edited in a warm session)"
          % (len(files), len(parsed_warm), len(errors & parsed_warm), len(warmed)))


if __name__ == "__main__":
    main()
