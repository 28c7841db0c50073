#!/usr/bin/env python3
"""Validates the verifier's SARIF output against the SARIF 2.1.0 schema.

Runs the test binary's Outputs tests with NNLINT_SARIF_DIR set, then validates every .sarif file
they wrote. Also checks that the validator itself rejects a broken document.
Exit codes: 0 valid, 1 invalid, 77 skipped (no schema or no jsonschema module).
"""
import argparse
import glob
import json
import os
import subprocess
import sys
import tempfile


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--schema", required=True)
    ap.add_argument("--tests", required=True, help="test binary with the Outputs tests")
    args = ap.parse_args()
    try:
        import jsonschema
    except ImportError:
        print("SKIP: python3-jsonschema is not installed")
        return 77
    if not os.path.isfile(args.schema):
        print(f"SKIP: no SARIF schema at {args.schema}")
        return 77
    with open(args.schema) as f:
        schema = json.load(f)
    validator = jsonschema.validators.validator_for(schema)(schema)  # draft-04 for SARIF 2.1.0

    with tempfile.TemporaryDirectory() as out:
        env = dict(os.environ, NNLINT_SARIF_DIR=out)
        subprocess.run([args.tests, "--gtest_filter=Models/Outputs.*"], env=env, check=True,
                       stdout=subprocess.DEVNULL)
        files = sorted(glob.glob(os.path.join(out, "*.sarif")))
        if len(files) < 2:
            print(f"FAIL: expected SARIF files from the tests, got {files}")
            return 1
        failed = 0
        for path in files:
            with open(path) as f:
                doc = json.load(f)
            errors = list(validator.iter_errors(doc))
            results = len(doc["runs"][0]["results"])
            print(f"{os.path.basename(path)}: {results} result(s), {len(errors)} schema error(s)")
            for e in errors[:5]:
                print(f"  {'/'.join(map(str, e.path))}: {e.message}")
            failed += bool(errors)
            broken = dict(doc, version="2.0")  # the validator must be able to say no
            if not list(validator.iter_errors(broken)):
                print("FAIL: the schema accepted version 2.0")
                return 1
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
