#!/usr/bin/env python3
"""Validates nnlint's SARIF logs: against the SARIF 2.1.0 JSON schema (with
python3-jsonschema), and for the fields code-scanning services rely on.

usage: validate_sarif.py [--fingerprints] LOG.sarif...
Prints "valid: LOG (N results)" per log, and with --fingerprints one line
"ruleId fingerprint" per result; exits 1 listing the problems otherwise."""
import json
import os
import re
import sys
import urllib.parse

import jsonschema

SCHEMA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "Inputs", "sarif-schema-2.1.0.json")


def region_problems(where, reg):
    problems = []
    start = (reg.get("startLine", 0), reg.get("startColumn", 0))
    end = (reg.get("endLine", 0), reg.get("endColumn", 0))
    if min(start) < 1:
        problems.append(f"{where}: region without startLine/startColumn")
    if end <= start:
        problems.append(f"{where}: region end {end} does not follow its start {start}")
    return problems


def location_problems(where, loc, has_root):
    problems = []
    phys = loc.get("physicalLocation", {})
    art = phys.get("artifactLocation", {})
    uri = art.get("uri", "")
    if art.get("uriBaseId") == "SRCROOT":
        if uri.startswith("/") or ":" in uri:
            problems.append(f"{where}: SRCROOT-relative uri {uri!r} is absolute")
    elif not uri.startswith("file:///"):
        problems.append(f"{where}: uri {uri!r} is neither SRCROOT-relative nor an absolute file uri")
    elif has_root:
        pass  # a file outside the repository: absolute is right
    problems += region_problems(where, phys.get("region", {}))
    return problems


def line_hashes(path):
    """GitHub's primaryLocationLineHash for every line of a file, written from
    codeql-action's description: a rolling hash (base 37, 64-bit) over the next
    100 characters from each line start, spaces/tabs skipped, CR/CRLF read as
    LF, an end marker 65535 and zeros after the last character."""
    with open(path, encoding="utf-8", newline="") as f:
        text = f.read()
    units = list(text.encode("utf-16-le"))
    chars = [units[i] | (units[i + 1] << 8) for i in range(0, len(units), 2)] + [65535]
    # Characters that take part, each with the line it starts (or 0).
    kept, line, at_start, prev_cr = [], 0, True, False
    for c in chars:
        if c in (32, 9) or (prev_cr and c == 10):
            prev_cr = False
            continue
        prev_cr = c == 13
        if prev_cr:
            c = 10
        starts = 0
        if at_start:
            line += 1
            starts, at_start = line, False
        if c == 10:
            at_start = True
        kept.append((c, starts))
    mask = (1 << 64) - 1
    values = [c for c, _ in kept] + [0] * 100
    hashes, counts = {}, {}
    for i, (_, starts) in enumerate(kept):
        if not starts:
            continue
        h = 0
        for c in values[i:i + 100]:
            h = (h * 37 + c) & mask
        key = format(h, "x")
        counts[key] = counts.get(key, 0) + 1
        hashes[starts] = f"{key}:{counts[key]}"
    return hashes


def line_hash_problems(log):
    problems = []
    for run in log.get("runs", []):
        root = run.get("originalUriBaseIds", {}).get("SRCROOT", {}).get("uri", "")
        cache = {}
        for i, res in enumerate(run.get("results", [])):
            given = res.get("partialFingerprints", {}).get("primaryLocationLineHash")
            phys = res["locations"][0]["physicalLocation"]
            uri = phys["artifactLocation"]["uri"]
            if phys["artifactLocation"].get("uriBaseId") == "SRCROOT":
                uri = root + uri
            path = urllib.parse.unquote(urllib.parse.urlparse(uri).path)
            if path not in cache:
                cache[path] = line_hashes(path)
            want = cache[path].get(phys["region"]["startLine"])
            if given != want:
                problems.append(f"result {i}: primaryLocationLineHash {given!r}, GitHub computes {want!r}")
    return problems


def code_scanning_problems(log):
    """What GitHub code scanning and similar services need beyond the schema."""
    problems = []
    if log.get("version") != "2.1.0":
        problems.append("version is not 2.1.0")
    for r, run in enumerate(log.get("runs", [])):
        driver = run["tool"]["driver"]
        for key in ("name", "version", "informationUri"):
            if not driver.get(key):
                problems.append(f"run {r}: tool.driver.{key} missing")
        rules = driver.get("rules", [])
        ids = [rule.get("id") for rule in rules]
        if len(set(ids)) != len(ids):
            problems.append(f"run {r}: duplicate rule ids")
        for rule in rules:
            for key in ("shortDescription", "fullDescription", "help"):
                if not rule.get(key, {}).get("text"):
                    problems.append(f"rule {rule.get('id')}: {key}.text missing")
            if rule.get("id", "").startswith("nn-") and not rule.get("help", {}).get("markdown", "").startswith("# " + rule["id"]):
                problems.append(f"rule {rule.get('id')}: help.markdown is not its rule page")
            if not rule.get("helpUri", "").startswith("https://"):
                problems.append(f"rule {rule.get('id')}: helpUri missing")
            if rule.get("defaultConfiguration", {}).get("level") not in ("note", "warning", "error"):
                problems.append(f"rule {rule.get('id')}: defaultConfiguration.level missing")
        base = run.get("originalUriBaseIds", {}).get("SRCROOT", {}).get("uri", "")
        if not (base.startswith("file:///") and base.endswith("/")):
            problems.append(f"run {r}: SRCROOT uri {base!r} is not an absolute file uri ending in '/'")
        if not run.get("automationDetails", {}).get("id"):
            problems.append(f"run {r}: automationDetails.id missing")
        invocations = run.get("invocations", [])
        if not invocations or not isinstance(invocations[0].get("executionSuccessful"), bool):
            problems.append(f"run {r}: invocations[0].executionSuccessful missing")
        for i, res in enumerate(run.get("results", [])):
            where = f"result {i} ({res.get('ruleId')})"
            if res.get("ruleId") not in ids:
                problems.append(f"{where}: ruleId not among the rules")
            elif ids[res.get("ruleIndex", -1)] != res["ruleId"]:
                problems.append(f"{where}: ruleIndex does not point at its rule")
            if not res.get("message", {}).get("text"):
                problems.append(f"{where}: message.text missing")
            if not res.get("partialFingerprints", {}).get("nnlintFingerprint/v1"):
                problems.append(f"{where}: partialFingerprints missing")
            # Links in the message ([text](id)) must name a related location.
            related_ids = {loc.get("id") for loc in res.get("relatedLocations", [])}
            for link in re.findall(r"(?<!\\)\]\((\d+)\)", res.get("message", {}).get("text", "")):
                if int(link) not in related_ids:
                    problems.append(f"{where}: message links to location {link}, which is not a related location")
            if len(related_ids) != len(re.findall(r"(?<!\\)\]\(\d+\)", res.get("message", {}).get("text", ""))):
                problems.append(f"{where}: not every related location is linked from the message")
            if len(res.get("locations", [])) != 1:
                problems.append(f"{where}: not exactly one primary location")
            for loc in res.get("locations", []) + res.get("relatedLocations", []):
                problems += location_problems(where, loc, bool(base))
            for loc in res.get("relatedLocations", []):
                if "id" not in loc or not loc.get("message", {}).get("text"):
                    problems.append(f"{where}: related location without id or message")
    return problems


def main(argv):
    show_prints = "--fingerprints" in argv
    paths = [a for a in argv if a != "--fingerprints"]
    if not paths:
        print(__doc__, file=sys.stderr)
        return 2
    with open(SCHEMA) as f:
        schema = json.load(f)
    validator = jsonschema.validators.validator_for(schema)(schema)
    failed = False
    for path in paths:
        with open(path) as f:
            log = json.load(f)
        problems = [f"schema: /{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in validator.iter_errors(log)]
        problems += code_scanning_problems(log)
        if not problems:
            problems += line_hash_problems(log)
        if problems:
            failed = True
            print(f"invalid: {path}")
            for p in problems:
                print(f"  {p}")
            continue
        results = [res for run in log["runs"] for res in run.get("results", [])]
        print(f"valid: {os.path.basename(path)} ({len(results)} results)")
        if show_prints:
            for res in results:
                print(res["ruleId"], res["partialFingerprints"]["nnlintFingerprint/v1"])
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
