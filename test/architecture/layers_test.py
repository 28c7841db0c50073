"""layers.py must fail on an upward include and on a bare one, and pass a tree
whose includes all run down."""
import os
import subprocess
import sys
import tempfile

LAYERS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "layers.py")


def tree(files):
    root = tempfile.mkdtemp()
    for path, text in files.items():
        os.makedirs(os.path.dirname(os.path.join(root, path)), exist_ok=True)
        with open(os.path.join(root, path), "w") as f:
            f.write(text)
    return root


def run(root):
    p = subprocess.run([sys.executable, LAYERS, root], capture_output=True, text=True)
    return p.returncode, p.stdout.splitlines()


failures = []
good = {
    "analyzer/index/ModelIndex.h": '#include "base/SourcePoint.h"\n#include <map>\n',
    "analyzer/base/SourcePoint.h": "#pragma once\n",
    "analyzer/flow/IndexBuilder.cpp": '#include "index/ModelIndex.h"\n#include "clang/Basic/Version.h"\n',
    "rules/Rule.h": '#include "index/ModelIndex.h"\n',
    "rules/support/Describe.h": '#include "index/ModelIndex.h"\n',
    "rules/Check.cpp": '#include "rules/Rule.h"\n#include "rules/support/Describe.h"\n',
}
code, out = run(tree(good))
if code != 0:
    failures.append(f"a downward tree failed: {out}")

bad = dict(good)
bad["analyzer/index/ModelIndex.h"] = '#include "flow/IndexBuilder.h"\n'
bad["analyzer/flow/IndexBuilder.h"] = "#pragma once\n"
bad["rules/support/Describe.h"] = '#include "rules/Rule.h"\n'
bad["analyzer/flow/IndexBuilder.cpp"] = '#include "ModelIndex.h"\n'
code, out = run(tree(bad))
expected = {
    'index/ModelIndex.h:1: includes "flow/IndexBuilder.h", a floor above (flow over index)',
    'rules/support/Describe.h:1: includes "rules/Rule.h", a floor above (rules over rules/support)',
    'flow/IndexBuilder.cpp:1: "ModelIndex.h" does not name its folder',
}
if code != 1 or set(out) != expected:
    failures.append(f"an upward tree gave exit {code} and {out}, expected exit 1 and {sorted(expected)}")

for f in failures:
    print(f)
sys.exit(1 if failures else 0)
