#!/usr/bin/env python3
"""Validates a Code Climate issue list as GitLab's Code Quality report reads it.

usage: validate_codeclimate.py REPORT.json
Checks the fields the Code Climate spec requires of an issue (type, check_name,
description, categories, location with path and lines or positions) and the
ones GitLab requires (fingerprint, severity, location.path, a begin line).
Prints "valid: REPORT (N issues)" or the problems, exit code 1."""
import json
import os
import sys

CATEGORIES = {"Bug Risk", "Clarity", "Compatibility", "Complexity", "Duplication", "Performance", "Security", "Style"}
SEVERITIES = {"info", "minor", "major", "critical", "blocker"}


def begin_line(location):
    if "lines" in location:
        return location["lines"].get("begin")
    return location.get("positions", {}).get("begin", {}).get("line")


def issue_problems(i, issue):
    where = f"issue {i}"
    problems = []
    if issue.get("type") != "issue":
        problems.append(f"{where}: type is not 'issue'")
    for key in ("check_name", "description", "fingerprint"):
        if not isinstance(issue.get(key), str) or not issue[key]:
            problems.append(f"{where}: {key} missing")
    cats = issue.get("categories")
    if not isinstance(cats, list) or not cats or not set(cats) <= CATEGORIES:
        problems.append(f"{where}: categories {cats!r} not a non-empty list of spec categories")
    if issue.get("severity") not in SEVERITIES:
        problems.append(f"{where}: severity {issue.get('severity')!r} not one of {sorted(SEVERITIES)}")
    locations = [issue.get("location", {})] + issue.get("other_locations", [])
    for loc in locations:
        path = loc.get("path", "")
        if not path or path.startswith("/"):
            problems.append(f"{where}: location path {path!r} is not relative to the repository")
        line = begin_line(loc)
        if not isinstance(line, int) or line < 1:
            problems.append(f"{where}: location without a begin line")
    return problems


def main(argv):
    if len(argv) != 1:
        print(__doc__, file=sys.stderr)
        return 2
    with open(argv[0]) as f:
        issues = json.load(f)
    if not isinstance(issues, list):
        print(f"invalid: {argv[0]}\n  not a JSON array")
        return 1
    problems = [p for i, issue in enumerate(issues) for p in issue_problems(i, issue)]
    prints = [issue.get("fingerprint") for issue in issues]
    if len(set(prints)) != len(prints):
        problems.append("fingerprints are not unique")
    if problems:
        print(f"invalid: {argv[0]}")
        for p in problems:
            print(f"  {p}")
        return 1
    print(f"valid: {os.path.basename(argv[0])} ({len(issues)} issues)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
