#!/usr/bin/env python3
"""Extracts the repositories of repos.txt at their pinned commits into a
scratch folder, writes a compile_commands.json per project and picks the
files to measure, one per shape, deterministically:

    prepare.py [--half tuning|held-out|all] [--work DIR] [--files-per-project N]

Writes WORK/projects.tsv (half, repository, project folder, number of files
in its database) and WORK/files.tsv (repository, file, shapes). A file is
picked only if every header it reaches resolves on this machine (LibTorch,
OpenCV and Eigen from Debian, the project's own folders), so that both
compilers see the code they would see in the project's own build.
"""
import argparse
import json
import os
import pathlib
import re
import sys

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "corpus"))
from corpus import HEADER_EXT, INTERESTING, SOURCE_EXT, THIRD_PARTY_INCLUDES, extract, include_dirs  # noqa: E402

TORCH_INCLUDES = ["/usr/include/torch/csrc/api/include"]
SYSTEM_INCLUDES = ["/usr/include/c++/12", "/usr/include/x86_64-linux-gnu/c++/12", "/usr/include/x86_64-linux-gnu",
                   "/usr/include", "/usr/lib/llvm-19/lib/clang/19/include"]
INCLUDE = re.compile(r'^\s*#\s*include\s*([<"])([^>"]+)[>"]')
CONDITIONAL_OPEN = re.compile(r"^\s*#\s*if")
CONDITIONAL_CLOSE = re.compile(r"^\s*#\s*endif")
DIRECTIVE = re.compile(r"^\s*#\s*(define|undef|if|ifdef|ifndef|pragma|include)\b")
# A vendored library: a header of the project's tree this long.
VENDORED_LINES = 5000
# Which shape to cover first when a project has more of them than files to pick.
PREFERENCE = ["V", "B", "D", "C", "H", "O", "plain"]


def read_repos(half):
    for line in (HERE / "repos.txt").read_text().splitlines():
        fields = line.split("#", 1)[0].split()
        if len(fields) >= 4 and half in ("all", fields[0]):
            yield fields[0], fields[1], fields[2], fields[3]


def lines_of(path):
    try:
        return path.read_text(errors="replace").splitlines()
    except OSError:
        return []


def leading_includes_end(lines):
    """Index of the first line after the file's leading #include lines
    (comments, blank lines and a header's include guard do not end it)."""
    in_comment = False
    for i, line in enumerate(lines):
        s = line.strip()
        if in_comment:
            in_comment = "*/" not in s
            continue
        if not s or s.startswith("//") or INCLUDE.match(s) or s == "#pragma once":
            continue
        if s.startswith("/*"):
            in_comment = "*/" not in s
            continue
        return i
    return len(lines)


class Resolver:
    def __init__(self, project_dirs):
        self.angle = [pathlib.Path(d) for d in TORCH_INCLUDES + THIRD_PARTY_INCLUDES + SYSTEM_INCLUDES]
        self.quoted = [pathlib.Path(d) for d in project_dirs]

    def find(self, kind, name, including):
        dirs = ([including.parent] + self.quoted if kind == '"' else []) + self.quoted + self.angle
        for d in dirs:
            p = d / name
            if p.is_file():
                return p
        return None

    def closure(self, source, root):
        """(project headers reached, angle includes named, all resolved?),
        following the project's own headers only."""
        seen, angles, todo, ok = set(), set(), [(source, False)], True
        while todo:
            path, conditional = todo.pop()
            lines = lines_of(path)
            first = next((l for l in lines if l.strip().startswith("#")), "")
            guard = 1 if re.match(r"\s*#\s*ifndef\b", first) else 0
            depth = 0
            for line in lines:
                if CONDITIONAL_OPEN.match(line):
                    depth += 1
                elif CONDITIONAL_CLOSE.match(line):
                    depth -= 1
                m = INCLUDE.match(line)
                if not m:
                    continue
                found = self.find(m.group(1), m.group(2), source)
                if found is None:
                    # A header behind #if (<windows.h> under _WIN32) may be
                    # missing; the compilers will tell.
                    ok = ok and (conditional or depth > guard)
                    continue
                if root in found.parents:
                    if found not in seen:
                        seen.add(found)
                        todo.append((found, conditional or depth > guard))
                else:
                    angles.add(m.group(2))
        return seen, angles, ok


def shapes_of(source, root, resolver):
    lines = lines_of(source)
    headers, angles, ok = resolver.closure(source, root)
    if not ok:
        return None
    shapes = set()
    first = next((INCLUDE.match(l) for l in lines if INCLUDE.match(l)), None)
    if first and first.group(1) == '"':
        shapes.add("H")
    text = "\n".join(lines)
    if re.search(r"^\s*[\w:<>]+\s+\w+::~?\w+\s*\(", text, re.M) or re.search(r"^\w+::\w+\s*\(", text, re.M):
        shapes.add("O")
    if any(len(lines_of(h)) >= VENDORED_LINES for h in headers):
        shapes.add("V")
    if any(a.startswith("boost/") for a in angles):
        shapes.add("B")
    if any(a.startswith("opencv") for a in angles):
        shapes.add("C")
    end = leading_includes_end(lines)
    if any(DIRECTIVE.match(l) for l in lines[end:]):
        shapes.add("D")
    return shapes or {"plain"}


def prepare(half, repo, commit, folder, work, mirrors, per_project, files_out):
    mirror = pathlib.Path(mirrors) / repo.replace("/", "+") / "repo"
    if (mirror / ".git").is_dir():
        mirror = mirror / ".git"
    checkout = work / "src" / repo.replace("/", "+")
    checkout.mkdir(parents=True, exist_ok=True)
    if not mirror.exists() or not extract(mirror, commit, checkout):
        sys.exit(f"prepare: {repo}: no snapshot at {mirror} (fetch github:{repo})")
    root = (checkout / folder).resolve()
    sources = sorted(p for p in root.rglob("*") if p.suffix in SOURCE_EXT and p.is_file())
    dirs = include_dirs(root)
    # Boost 1.74's MPL casts -1 to an enum, which Clang 19 rejects unless
    # told otherwise (clangd users of Boost.Log need the same flag).
    flags = ["-std=c++17", "-w", "-Wno-error=enum-constexpr-conversion"] + [f"-isystem{d}" for d in TORCH_INCLUDES + THIRD_PARTY_INCLUDES
                                     if pathlib.Path(d).is_dir()] + [f"-I{d}" for d in dirs]
    database = [{"directory": str(root), "file": str(s), "arguments": ["clang++-19", *flags, "-c", str(s)]}
                for s in sources]
    build = work / "build" / repo.replace("/", "+")
    build.mkdir(parents=True, exist_ok=True)
    (build / "compile_commands.json").write_text(json.dumps(database, indent=1))
    resolver = Resolver(dirs)
    picked, covered = [], set()
    candidates = []
    for s in sources:
        text = "\n".join(lines_of(s))
        if "torch" not in text or not INTERESTING.search(text):
            continue
        shapes = shapes_of(s, root, resolver)
        if shapes is not None:
            candidates.append((s, shapes))
    for shape in PREFERENCE:
        for s, shapes in candidates:
            if len(picked) < per_project and shape in shapes and shape not in covered and s not in picked:
                picked.append(s)
                covered |= shapes
                files_out.write(f"{repo}\t{s}\t{' '.join(sorted(shapes))}\n")
                break
    # Then the files that register the most modules: model files.
    rest = sorted((s for s, _ in candidates if s not in picked),
                  key=lambda s: (-"\n".join(lines_of(s)).count("register_module"), str(s)))
    for s in rest[:max(0, per_project - len(picked))]:
        picked.append(s)
        files_out.write(f"{repo}\t{s}\t{' '.join(sorted(dict(candidates)[s]))}\n")
    print(f"prepare: {half} {repo}: {len(sources)} files, {len(candidates)} candidates, measuring "
          + ", ".join(f"{p.relative_to(root)}" for p in picked), file=sys.stderr)
    return root, build, len(sources)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--half", default="tuning", choices=["tuning", "held-out", "all"])
    ap.add_argument("--work", default="/tmp/nnlint-realprojects")
    ap.add_argument("--mirrors", default="/work/.mirror")
    ap.add_argument("--files-per-project", type=int, default=2)
    args = ap.parse_args()
    work = pathlib.Path(args.work)
    work.mkdir(parents=True, exist_ok=True)
    with open(work / "files.tsv", "w") as files, open(work / "projects.tsv", "w") as projects:
        for half, repo, commit, folder in read_repos(args.half):
            root, build, count = prepare(half, repo, commit, folder, work, args.mirrors,
                                         args.files_per_project, files)
            projects.write(f"{half}\t{repo}\t{root}\t{build}\t{count}\n")


if __name__ == "__main__":
    main()
