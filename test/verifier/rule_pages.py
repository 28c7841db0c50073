"""Every rule id the verifier can report has a page in docs/rules/ and a row in its index."""
import pathlib
import re
import sys

root = pathlib.Path(__file__).resolve().parents[2]
ids = re.findall(r'inline constexpr const char\* k\w+ = "([\w-]+)";',
                 (root / "runtime_verifier/src/rules.h").read_text())
index = (root / "docs/rules/README.md").read_text()
missing = []
for rule in ids:
    if not (root / "docs/rules" / (rule + ".md")).is_file():
        missing.append(rule + ": no docs/rules/" + rule + ".md")
    if "(" + rule + ".md)" not in index:
        missing.append(rule + ": not listed in docs/rules/README.md")
if not ids:
    missing.append("no rule ids found in runtime_verifier/src/rules.h")
for m in missing:
    print(m)
print("%d rule ids, %d problems" % (len(ids), len(missing)))
sys.exit(1 if missing else 0)
