#!/usr/bin/env python3
"""Measures the projects that prepare.py wrote (WORK/projects.tsv,
WORK/files.tsv) in one run, nnlint against clangd-19 and
`clang++-19 -fsyntax-only` on the same files and databases:

    measure.py NNLINT WORK [--edits N] [--timeout S] [--clangd PATH]

Per file: clang++ -fsyntax-only with the file's compile command; nnlint -p
with the file named, cold (empty cache) and rerun unchanged; the editor:
each server opens the file (timed to its first diagnostics, and to its whole
diagnostics: those published once no work-done progress of the server is
under way -- nnlint's lending of the other files that add to the file's
classes, parsed in the background), then N edits (bench/lsp_edit.py's: a
declaration appended, unsaved), once the whole diagnostics are there, each
timed to the diagnostics of that edit; then nnlint is started again on the
same cache, opens the file once more (open with a kept cache, both
times) and makes one edit as soon as the whole diagnostics are there (the
first edit after a reopen, which finds no warm session yet). The editor's whole diagnostics at the open are compared with the
command line's findings for the same file (`-p --format=json`, rerun on
the cache of the cold run): issue 38's one answer, on real files. Per project: nnlint -p on
the whole database, cold and rerun, and the cache's size. Writes
WORK/files-result.tsv and WORK/projects-result.tsv (report.py prints them),
and nnlint's cache log to WORK/cache.log (which files took which path).
"""
import argparse
import json
import os
import pathlib
import resource
import shutil
import statistics
import subprocess
import sys
import threading
import time

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE.parent.parent / "test" / "lsp"))
from lsp_edit import stop, time_edits  # noqa: E402
from agreement_test import findings_of, report_findings  # noqa: E402
from lsp_test import Client, uri  # noqa: E402

FILE_FIELDS = ["half", "repo", "file", "shapes", "clang_wall", "clang_cpu", "clang_rc",
               "p_cold_wall", "p_cold_cpu", "p_warm_wall", "p_warm_cpu", "p_cache_mb",
               "clangd_open", "clangd_first", "clangd_median", "clangd_max",
               "nnlint_open", "nnlint_first", "nnlint_median", "nnlint_max", "nnlint_open_kept", "nnlint_edits",
               "nnlint_open_whole", "nnlint_open_kept_whole", "agreement", "nnlint_reopen_first"]
PROJECT_FIELDS = ["half", "repo", "files", "whole_cold_wall", "whole_cold_cpu", "whole_cold_rc", "whole_warm_wall",
                  "whole_warm_cpu", "cache_mb", "blocks"]


def timed(command, timeout, log):
    """(wall s, CPU s of the command and the children it waited for, exit
    status); the status is 124 past the timeout."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.monotonic()
    mark(" ".join(command))
    with open(log, "a") as err:
        err.write("$ " + " ".join(command) + "\n")
        err.flush()
        proc = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=err, start_new_session=True)
    # Not proc.wait(timeout): it polls at growing intervals, so a command
    # that ends after 32 ms is seen to end at 64 ms.
    killed = threading.Event()

    def kill():
        killed.set()
        os.killpg(proc.pid, 9)

    timer = threading.Timer(timeout, kill)
    timer.start()
    rc = proc.wait()
    timer.cancel()
    if killed.is_set():
        rc = 124
    wall = time.monotonic() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, rc


def mark(what):
    """A line in nnlint's cache log ($NNLINT_CACHE_LOG: built, hit, plain,
    warm... per file) saying which command the next lines are from."""
    with open(os.environ["NNLINT_CACHE_LOG"], "a") as log:
        log.write("## " + what + "\n")


def size_mb(folder):
    total = 0
    for p in pathlib.Path(folder).rglob("*"):
        if p.is_file() and not p.is_symlink():
            total += p.stat().st_size
    return total / 1e6


def blocks(folder):
    return sum(1 for p in pathlib.Path(folder).rglob("*.pch"))


def open_times(client, path, start, published):
    """(s to the first diagnostics of `path`, s to its whole diagnostics:
    the first published while no work-done progress is under way). The
    server's requests to create a progress token are answered; `published`
    gets the diagnostics last published to each uri."""
    first, under_way = None, set()
    while True:
        m = client.wait(lambda m: True, "diagnostics for " + path)
        if m.get("method") == "window/workDoneProgress/create":
            client.send({"jsonrpc": "2.0", "id": m["id"], "result": None})
            under_way.add(str(m["params"]["token"]))
        elif m.get("method") == "$/progress" and m["params"]["value"].get("kind") == "end":
            under_way.discard(str(m["params"]["token"]))
        elif m.get("method") == "textDocument/publishDiagnostics":
            published[m["params"]["uri"]] = m["params"]["diagnostics"]
            if m["params"]["uri"] != uri(path):
                continue
            now = time.monotonic() - start
            first = now if first is None else first
            if not under_way:
                drain(client, published)
                return first, now


def drain(client, published):
    """Records what the server publishes before it answers a request sent
    now: the rest of the analysis that published last (a server handles
    messages in order), the headers' diagnostics after the file's."""
    client.next_id += 1
    asked = client.next_id
    client.send({"jsonrpc": "2.0", "id": asked, "method": "nnlint/none", "params": {}})
    while True:
        m = client.wait(lambda m: True, "an answer")
        if m.get("id") == asked and "method" not in m:
            return
        if m.get("method") == "textDocument/publishDiagnostics":
            published[m["params"]["uri"]] = m["params"]["diagnostics"]


def lsp_times(command, path, root, edits, published=None):
    """(open s, whole open s, [edit s...]) for one server, or (nan, nan, [])
    if it failed; `published`, when given, gets the whole diagnostics."""
    mark(" ".join(command) + " (editor) " + str(path))
    client = Client(command, dict(os.environ))
    try:
        client.request("initialize", {"processId": os.getpid(), "rootUri": uri(str(root)), "capabilities": {
            "textDocument": {"publishDiagnostics": {"versionSupport": True}}, "window": {"workDoneProgress": True}}})
        client.notify("initialized", {})
        text = pathlib.Path(path).read_text(errors="replace")
        start = time.monotonic()
        client.notify("textDocument/didOpen", {"textDocument": {"uri": uri(str(path)), "languageId": "cpp",
                                                                "version": 1, "text": text}})
        opened, whole = open_times(client, str(path), start, {} if published is None else published)
        # A file whose last line has no newline (`#endif` at the very end)
        # would have the appended declaration on that line.
        base = text if text.endswith("\n") else text + "\n"
        times = time_edits(client, str(path), base, edits)
        stop(client)
        return opened, whole, times
    except (SystemExit, subprocess.TimeoutExpired):
        print(f"measure: {command[0]} on {path}: no answer", file=sys.stderr)
        client.proc.kill()
        client.proc.wait()
        return float("nan"), float("nan"), []


def command_line_findings(nnlint, cache, build, path, timeout):
    """The command line's findings on `path`, as findings_of() reads the
    editor's, or None when it did not answer with findings."""
    try:
        proc = subprocess.run([nnlint, "--format=json", f"--cache-dir={cache}", "-p", str(build), path],
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, timeout=timeout)
        return report_findings(json.loads(proc.stdout))
    except (subprocess.TimeoutExpired, ValueError, KeyError):
        return None


def agreement(editor, command_line):
    """"yes", or how the editor's findings (diagnostics with a check's code)
    and the command line's differ."""
    if command_line is None:
        return "n/a"
    editor = {f for f in editor if f[4]}
    if editor == command_line:
        return "yes (%d)" % len(editor)
    return "no (editor only %d, command line only %d)" % (len(editor - command_line), len(command_line - editor))


def edit_stats(times):
    if not times:
        return [float("nan")] * 3
    return [times[0], statistics.median(times), max(times)]


def measure_file(args, half, repo, build, root, path, shapes, scratch):
    entry = next(e for e in json.loads((build / "compile_commands.json").read_text()) if e["file"] == path)
    compile_args = [a for a in entry["arguments"] if a != "-c"]
    clang = timed(compile_args[:1] + ["-fsyntax-only"] + compile_args[1:], args.timeout, args.log)
    cache = scratch / "p-cache"
    shutil.rmtree(cache, ignore_errors=True)
    nnlint_p = [args.nnlint, "--quiet", "-j2", f"--cache-dir={cache}", "-p", str(build), path]
    cold = timed(nnlint_p, args.timeout, args.log)
    warm = timed(nnlint_p, args.timeout, args.log)
    p_cache = size_mb(cache)

    clangd = [args.clangd, f"--compile-commands-dir={build}", "--background-index=false", "--clang-tidy=false",
              "--log=error", "--pch-storage=memory"]
    clangd_open, _, clangd_edits = lsp_times(clangd, path, root, args.edits)
    lsp_cache = scratch / "lsp-cache"
    shutil.rmtree(lsp_cache, ignore_errors=True)
    server = [args.nnlint, "--lsp", f"--cache-dir={lsp_cache}", "-p", str(build)]
    published = {}
    nn_open, nn_whole, nn_edits = lsp_times(server, path, root, args.edits, published)
    agrees = agreement(findings_of(published), command_line_findings(args.nnlint, cache, build, path, args.timeout))
    nn_open_kept, nn_kept_whole, nn_reopen_edits = lsp_times(server, path, root, 1)
    row = [half, repo, os.path.relpath(path, root), shapes, *clang, *cold[:2], *warm[:2], p_cache,
           clangd_open, *edit_stats(clangd_edits), nn_open, *edit_stats(nn_edits), nn_open_kept,
           ",".join("%.3f" % t for t in nn_edits), nn_whole, nn_kept_whole, agrees,
           nn_reopen_edits[0] if nn_reopen_edits else float("nan")]
    print(f"measure: {repo} {row[2]}: clang++ {clang[0]:.1f} s, -p {cold[0]:.1f}/{warm[0]:.2f} s, "
          f"open {nn_open:.2f}/{nn_whole:.2f} (kept {nn_open_kept:.2f}/{nn_kept_whole:.2f}, then edit {row[-1]:.3f}) vs {clangd_open:.2f} s, edit median "
          f"{row[18]:.3f} vs {row[14]:.3f} s; editor = command line: {agrees}", file=sys.stderr, flush=True)
    return row


def measure_project(args, half, repo, build, count, scratch):
    cache = scratch / "whole-cache"
    shutil.rmtree(cache, ignore_errors=True)
    nnlint_p = [args.nnlint, "--quiet", "-j2", f"--cache-dir={cache}", "-p", str(build)]
    cold = timed(nnlint_p, args.whole_timeout, args.log)
    warm = timed(nnlint_p, args.whole_timeout, args.log)
    row = [half, repo, count, *cold, *warm[:2], size_mb(cache), blocks(cache)]
    print(f"measure: {repo}, whole database ({count} files): cold {cold[0]:.1f} s, rerun {warm[0]:.2f} s, "
          f"cache {row[8]:.0f} MB", file=sys.stderr, flush=True)
    return row


def fmt(value):
    return "%.3f" % value if isinstance(value, float) else str(value)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("nnlint")
    ap.add_argument("work")
    ap.add_argument("--edits", type=int, default=6, help="edits per file: the first, then the steady ones")
    ap.add_argument("--timeout", type=int, default=300, help="seconds for one command on one file")
    ap.add_argument("--whole-timeout", type=int, default=900, help="seconds for a whole database")
    ap.add_argument("--clangd", default="/usr/bin/clangd-19")
    ap.add_argument("--only", action="append", help="measure only these repositories (owner/name)")
    args = ap.parse_args()
    work = pathlib.Path(args.work)
    scratch = work / "scratch"
    scratch.mkdir(parents=True, exist_ok=True)
    args.log = work / "stderr.log"
    args.log.write_text("")
    os.environ["NNLINT_CACHE_LOG"] = str(work / "cache.log")
    files = [line.split("\t") for line in (work / "files.tsv").read_text().splitlines() if line]
    with open(work / "files-result.tsv", "w") as file_out, open(work / "projects-result.tsv", "w") as project_out:
        file_out.write("\t".join(FILE_FIELDS) + "\n")
        project_out.write("\t".join(PROJECT_FIELDS) + "\n")
        for line in (work / "projects.tsv").read_text().splitlines():
            half, repo, root, build, count = line.split("\t")
            if args.only and repo not in args.only:
                continue
            for _, path, shapes in (f for f in files if f[0] == repo):
                row = measure_file(args, half, repo, pathlib.Path(build), pathlib.Path(root), path, shapes, scratch)
                file_out.write("\t".join(map(fmt, row)) + "\n")
                file_out.flush()
            row = measure_project(args, half, repo, pathlib.Path(build), count, scratch)
            project_out.write("\t".join(map(fmt, row)) + "\n")
            project_out.flush()


if __name__ == "__main__":
    main()
