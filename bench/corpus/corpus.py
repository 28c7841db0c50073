#!/usr/bin/env python3
"""Runs nnlint over real LibTorch repositories and prints warnings per check.

The repositories are listed, with the commit read, in repos.txt; their code is
never copied into this repository. Bring each one with the fetch tool (its
snapshots land in /work/.mirror/<owner>+<name>/repo) or clone it yourself and
pass --mirrors. Each snapshot is extracted at its pinned commit into
--work (outside the repository), its translation units that define or train
torch::nn modules are analysed one nnlint run per repository, and every
finding is compared with judgments.tsv, where a person recorded, after reading
the code, whether it is a real defect. Findings nobody judged yet are listed
so that a change in noise is visible and gets read.
"""
import argparse
import collections
import csv
import json
import os
import pathlib
import re
import shutil
import subprocess
import sys
import time

HERE = pathlib.Path(__file__).resolve().parent
SOURCE_EXT = {".cpp", ".cc", ".cxx"}
HEADER_EXT = {".h", ".hpp", ".hh", ".hxx"}
# A translation unit worth analysing mentions one of these.
INTERESTING = re.compile(
    r"register_module|register_parameter|torch::nn::Module|nn::Module\b|\.backward\(|torch::load|"
    r"CUDA_VISIBLE_DEVICES|dropout|data_parallel|parallel::replicate")


def read_repos(path):
    repos = []
    for line in path.read_text().splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            name, commit = line.split()
            repos.append((name, commit))
    return repos


def read_judgments(path):
    """(check, repo, file, line) -> (verdict, reason)."""
    out = {}
    if not path.exists():
        return out
    with path.open() as f:
        for row in csv.reader(f, delimiter="\t"):
            if not row or row[0].startswith("#"):
                continue
            check, repo, file, line, verdict, reason = (row + [""] * 6)[:6]
            out[(check, repo, file, int(line))] = (verdict, reason)
    return out


def extract(mirror, commit, dest):
    if (dest / ".extracted").exists():
        return True
    # Snapshots may lack their largest blobs, so take the C++ files one by one
    # rather than with `git archive`.
    git = ["git", "--git-dir", str(mirror)]
    tree = subprocess.run(git + ["ls-tree", "-r", "-z", commit], capture_output=True)
    if tree.returncode != 0:
        return False
    for entry in tree.stdout.split(b"\0"):
        if not entry:
            continue
        meta, path = entry.split(b"\t", 1)
        mode, kind, blob = meta.split()
        rel = pathlib.Path(os.fsdecode(path))
        if kind != b"blob" or mode == b"120000" or rel.suffix not in SOURCE_EXT | HEADER_EXT:
            continue
        content = subprocess.run(git + ["cat-file", "blob", blob.decode()], capture_output=True)
        if content.returncode == 0:
            (dest / rel).parent.mkdir(parents=True, exist_ok=True)
            (dest / rel).write_bytes(content.stdout)
    (dest / ".extracted").touch()
    return True


def translation_units(root):
    units = []
    for p in sorted(root.rglob("*")):
        if p.suffix not in SOURCE_EXT or not p.is_file():
            continue
        try:
            text = p.read_text(errors="replace")
        except OSError:
            continue
        if "torch" in text and INTERESTING.search(text):
            units.append(p)
    return units


# Debian's folders of libraries that the repositories include beside LibTorch
# (libopencv-dev, libeigen3-dev): without them those files are not analysed.
THIRD_PARTY_INCLUDES = ["/usr/include/opencv4", "/usr/include/eigen3"]


def include_dirs(root):
    """The repository's own header folders, as a build would pass them."""
    dirs = {root}
    for p in root.rglob("*"):
        if p.suffix in HEADER_EXT and p.is_file():
            dirs.add(p.parent)
            if p.parent.parent != root.parent:
                dirs.add(p.parent.parent)
    return sorted(dirs)


def run_repo(args, name, root, units, extra=()):
    out = pathlib.Path(args.work) / "results" / (name.replace("/", "+") + ".json")
    if args.reuse and out.exists():
        return json.loads(out.read_text()), 0.0
    out.parent.mkdir(parents=True, exist_ok=True)
    flags = ["-std=c++17", "-w"] + [f"-isystem{d}" for d in args.torch_include + THIRD_PARTY_INCLUDES
                                     if pathlib.Path(d).is_dir()]
    flags += [f"-I{d}" for d in include_dirs(root)]
    cmd = [args.nnlint, "--format=json", f"--output={out}", f"-j{args.jobs}", "--srcroot", str(root), *extra]
    cmd += [str(u) for u in units] + ["--"] + flags
    started = time.time()
    proc = subprocess.run(cmd, capture_output=True, text=True, errors="replace", timeout=args.timeout)
    seconds = time.time() - started
    if not out.exists():
        print(f"corpus: {name}: nnlint wrote no output (exit {proc.returncode}): {proc.stderr.strip()[:300]}",
              file=sys.stderr)
        return None, seconds
    return json.loads(out.read_text()), seconds


def time_repo(args, name, root, units, totals):
    """Both binaries on the same files, back to back, so the machine's load is
    shared, each with a copy of one cache that holds the include blocks of
    both (built by untimed runs: the two may key blocks differently) and no
    facts, so that every file is parsed. The cache is not bounded here: the
    blocks of one binary must not evict the other's."""
    work = pathlib.Path(args.work) / "timing"
    warm = work / "cache"
    shutil.rmtree(work, ignore_errors=True)
    for binary in (args.time_against, args.nnlint):
        untimed = argparse.Namespace(**vars(args))
        untimed.nnlint, untimed.reuse, untimed.work = binary, False, str(work / "warm")
        run_repo(untimed, name, root, units, [f"--cache-dir={warm}", "--cache-size=1000G"])
    shutil.rmtree(warm / "facts", ignore_errors=True)
    seconds = {}
    for key, binary in (("other", args.time_against), ("this", args.nnlint)):
        cache = work / ("cache-" + key)
        shutil.copytree(warm, cache)
        timed = argparse.Namespace(**vars(args))
        timed.nnlint, timed.reuse, timed.work = binary, False, str(work / key)
        seconds[key] = run_repo(timed, name, root, units, [f"--cache-dir={cache}", "--cache-size=1000G"])[1]
        totals[key] += seconds[key]
    totals["files"] += len(units)
    print(f"{name}: {len(units)} files, {seconds['other'] / len(units):.2f} s/file before, "
          f"{seconds['this'] / len(units):.2f} s/file now", flush=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--nnlint", required=True)
    ap.add_argument("--mirrors", default="/work/.mirror")
    ap.add_argument("--work", default="/tmp/nnlint-corpus")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--timeout", type=int, default=3600, help="seconds per repository")
    ap.add_argument("--torch-include", action="append",
                    default=None, help="LibTorch include dir (repeatable); default: Debian's 1.13")
    ap.add_argument("--repos", default=str(HERE / "repos.txt"), help="the list of repositories and commits")
    ap.add_argument("--judgments", default=str(HERE / "judgments.tsv"), help="the judged warnings of those repositories")
    ap.add_argument("--only", action="append", help="analyse only these repositories (owner/name)")
    ap.add_argument("--reuse", action="store_true", help="summarise the results of an earlier run where present")
    ap.add_argument("--list", action="store_true", help="print every finding with its judgment")
    ap.add_argument("--json", help="write every finding with its judgment to this file")
    ap.add_argument("--time-against", metavar="OTHER_NNLINT",
                    help="only time: run OTHER_NNLINT and --nnlint on each repository, one after the other, "
                         "with the same include blocks cached and no facts (every file parsed), and print "
                         "seconds per file and the ratio")
    args = ap.parse_args()
    args.torch_include = args.torch_include or ["/usr/include/torch/csrc/api/include"]

    repos = read_repos(pathlib.Path(args.repos))
    judgments = read_judgments(pathlib.Path(args.judgments))
    per_check = collections.defaultdict(collections.Counter)
    rows = []
    totals = collections.Counter()
    for name, commit in repos:
        if args.only and name not in args.only:
            continue
        mirror = pathlib.Path(args.mirrors) / name.replace("/", "+") / "repo"
        if (mirror / ".git").is_dir():  # a snapshot with a work tree
            mirror = mirror / ".git"
        root = pathlib.Path(args.work) / "src" / name.replace("/", "+")
        if not mirror.exists() or not extract(mirror, commit, root):
            print(f"corpus: {name}: no snapshot at {mirror} (fetch github:{name})", file=sys.stderr)
            totals["missing repositories"] += 1
            continue
        units = translation_units(root)
        if not units:
            continue
        if args.time_against:
            time_repo(args, name, root, units, totals)
            continue
        doc, seconds = run_repo(args, name, root, units)
        totals["files"] += len(units)
        totals["seconds"] += seconds
        if doc is None:
            totals["failed repositories"] += 1
            continue
        failed = {e["file"] for e in doc["errors"]}
        totals["files not analysed"] += len(failed)
        for f in doc["findings"]:
            if f["severity"] != "warning" and f["severity"] != "error":
                per_check[f["check"]]["notes"] += 1
                continue
            rel = os.path.relpath(f["file"], root)
            verdict, reason = judgments.get((f["check"], name, rel, f["line"]), ("unjudged", ""))
            per_check[f["check"]]["warnings"] += 1
            per_check[f["check"]][verdict] += 1
            rows.append({"check": f["check"], "repo": name, "file": rel, "line": f["line"],
                         "message": f["message"], "verdict": verdict, "reason": reason})

    if args.time_against:
        print(f"{totals['files']} files: {args.time_against} {totals['other']:.1f} s, {args.nnlint} "
              f"{totals['this']:.1f} s, ratio {totals['this'] / max(totals['other'], 1e-9):.3f}")
        return
    print(f"{totals['files']} files, {totals['files not analysed']} not analysed, "
          f"{totals['seconds']:.0f} s, {totals['missing repositories']} repositories missing")
    print(f"{'check':34} {'warnings':>8} {'real':>5} {'false':>6} {'debatable':>9} {'unjudged':>8} {'notes':>6}")
    sums = collections.Counter()
    for check in sorted(per_check):
        c = per_check[check]
        sums.update(c)
        print(f"{check:34} {c['warnings']:8} {c['real']:5} {c['false']:6} {c['debatable']:9} {c['unjudged']:8} "
              f"{c['notes']:6}")
    judged = sums["real"] + sums["false"] + sums["debatable"]
    precision = f"{sums['real'] / judged:.2f}" if judged else "n/a"
    print(f"{'total':34} {sums['warnings']:8} {sums['real']:5} {sums['false']:6} {sums['debatable']:9} "
          f"{sums['unjudged']:8} {sums['notes']:6}   precision of judged warnings: {precision}")
    for r in rows:
        if args.list or r["verdict"] == "unjudged":
            print(f"{r['verdict']:9} {r['check']} {r['repo']} {r['file']}:{r['line']}: {r['message']}")
    if args.json:
        pathlib.Path(args.json).write_text(json.dumps(rows, indent=1) + "\n")
    # Judged findings that no longer appear: recall on known real defects.
    seen = {(r["check"], r["repo"], r["file"], r["line"]) for r in rows}
    lost = [k for k, (v, _) in judgments.items() if v == "real" and k not in seen and
            (not args.only or k[1] in args.only)]
    for k in lost:
        print(f"lost      {k[0]} {k[1]} {k[2]}:{k[3]}: a judged real defect is no longer reported")
    return 0


if __name__ == "__main__":
    sys.exit(main())
