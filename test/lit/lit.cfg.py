# lit configuration for nnlint's tests (one CTest entry per directory, see
# test/CMakeLists.txt). Check tests run nnlint on a small model file against
# the stand-in header (%stub_flags, fast) and against the real LibTorch headers
# (%torch_flags: Debian's 1.13, or the headers named by --param torch_include),
# and FileCheck pins the findings.
import os
import lit.formats

config.name = "nnlint"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".cpp", ".test"]
config.excludes = ["Inputs"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.nnlint_build_dir, "test", "lit")

config.environment["PATH"] = os.pathsep.join(
    [config.llvm_tools_dir, os.path.dirname(config.nnlint_exe), config.environment.get("PATH", os.environ["PATH"])])
for var in ("HOME", "TMPDIR"):
    if var in os.environ:
        config.environment[var] = os.environ[var]
# One cache of precompiled include blocks for the whole test run, inside the
# build tree: tests never touch the user's cache, and share warm blocks.
config.environment["XDG_CACHE_HOME"] = os.path.join(config.nnlint_build_dir, "test", "cache")
# A rerun is not answered from the record of the run before (driver/Front.cpp)
# unless a test asks for it: tests read the cache log of the path each file took.
config.environment["NNLINT_NO_REPLAY"] = "1"

stub = os.path.join(config.nnlint_source_dir, "test", "Inputs", "torch-stub")
config.substitutions.append(("%nnlint", config.nnlint_exe))
config.substitutions.append(("%stub_flags", "-std=c++17 -isystem " + stub))
# --param torch_include=DIR runs the tests against another LibTorch's headers
# (DIR holds torch/csrc/api/include and ATen, c10, ...), in its own exec root
# so that it can run beside the default run.
torch_include = lit_config.params.get("torch_include")
if torch_include:
    version = lit_config.params.get("torch_version", "other")
    if not os.path.exists(os.path.join(torch_include, "torch", "csrc", "api", "include", "torch", "torch.h")):
        lit_config.fatal("torch_include=%s holds no torch/csrc/api/include/torch/torch.h" % torch_include)
    config.name = "nnlint-torch-" + version
    # The default run has already run the lines that do not use these headers:
    # `%if !other-torch %{ ... %}` skips them here.
    config.available_features.add("other-torch")
    config.test_exec_root = os.path.join(config.nnlint_build_dir, "test", "lit-torch-" + version)
    torch_flags = "-std=c++17 -isystem %s -isystem %s" % (
        os.path.join(torch_include, "torch", "csrc", "api", "include"), torch_include)
else:
    torch_flags = "-std=c++17 -isystem " + config.torch_api_include
config.substitutions.append(("%torch_flags", torch_flags))
config.substitutions.append(("%python", config.python_executable))
config.substitutions.append(("%srcroot", config.nnlint_source_dir))
config.substitutions.append(("%validate_sarif", config.python_executable + " " +
                             os.path.join(config.nnlint_source_dir, "test", "lit", "Inputs", "validate_sarif.py")))
config.substitutions.append(("%expect_exit", config.python_executable + " " +
                             os.path.join(config.nnlint_source_dir, "test", "lit", "cli", "Inputs", "expect_exit.py")))
config.substitutions.append(("%builddir", config.nnlint_build_dir))
config.substitutions.append(("%tidy_plugin", os.path.join(config.nnlint_build_dir, "plugin", "libnnlintTidyModule.so")))
