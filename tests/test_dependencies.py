"""pyproject.toml tells the truth: every package the code imports is declared, nothing else is.

A package that arrives only as somebody else's dependency (PyYAML came through
python-frontmatter) breaks the day that package stops needing it, and a declared package nothing
imports is weight every user installs.
"""

from __future__ import annotations

import ast
import re
import sys
import tomllib
from functools import cache
from importlib.metadata import packages_distributions
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())
# Import names of packages that may not be installed here (optional extras).
KNOWN = {"yaml": "pyyaml", "frontmatter": "python-frontmatter", "wn": "wn", "numpy": "numpy",
         "atheris": "atheris", "pygit2": "pygit2"}
# Tools the tests run as commands rather than import.
COMMANDS = {"pre-commit", "check-jsonschema"}


def _name(requirement: str) -> str:
    return re.split(r"[<>=!~\[; ]", requirement, maxsplit=1)[0].lower().replace("_", "-")


def _declared(*groups: str) -> set[str]:
    project = PYPROJECT["project"]
    found = {_name(r) for r in project["dependencies"]} if "core" in groups else set()
    for group, requirements in project["optional-dependencies"].items():
        if group in groups:
            found |= {_name(r) for r in requirements}
    return found


@cache
def _installed() -> dict[str, list[str]]:
    return packages_distributions()


def _distribution(module: str) -> str:
    if module in KNOWN:
        return KNOWN[module]
    names = _installed().get(module, [module])
    return names[0].lower().replace("_", "-")


def _imports(folder: Path, local: frozenset[str] = frozenset()) -> tuple[set[str], set[str]]:
    """Third-party packages imported under `folder`: (plain imports, imports that are guarded by
    an `except ImportError`, so optional). `local`: module names that are files of our own."""
    plain: set[str] = set()
    optional: set[str] = set()
    for path in folder.rglob("*.py"):
        tree = ast.parse(path.read_text(), str(path))
        guarded = {
            id(node)
            for handler_try in ast.walk(tree) if isinstance(handler_try, ast.Try)
            if any("ImportError" in ast.unparse(h.type or ast.Name("")) for h in handler_try.handlers)
            for stmt in handler_try.body for node in ast.walk(stmt)
        }
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                modules = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                modules = [node.module]
            else:
                continue
            for module in modules:
                top = module.split(".")[0]
                if top in sys.stdlib_module_names or top in local or top in ("gitmem", "benchmarks"):
                    continue
                (optional if id(node) in guarded else plain).add(_distribution(top))
    return plain, optional


def test_every_package_gitmem_imports_is_a_declared_dependency() -> None:
    plain, optional = _imports(ROOT / "gitmem")
    assert plain - _declared("core") == set(), "declare these in [project] dependencies"
    assert optional - _declared("core", "bench", "fuzz") == set(), "declare these in an extra"


def test_every_declared_dependency_is_imported_by_gitmem() -> None:
    plain, _ = _imports(ROOT / "gitmem")
    assert _declared("core") - plain == set(), "nothing imports these: drop them"


def test_the_test_extra_holds_what_the_tests_import_and_run() -> None:
    tests = ROOT / "tests"  # pytest puts each test folder on sys.path: helpers import by name
    helpers = {p.stem for p in tests.rglob("*.py")} | {p.name for p in tests.rglob("*/")}
    plain, optional = _imports(tests, frozenset(helpers))
    test_extra = _declared("test")
    # tests/reliability/fuzz_main.py imports atheris; it runs only when the fuzz extra is there
    assert plain - _declared("core", "test", "fuzz") == set(), "add these to the test extra"
    assert optional - _declared("core", "test", "fuzz") == set()
    assert test_extra - plain - COMMANDS == set(), "nothing in the tests uses these"
    assert COMMANDS <= test_extra


def test_benchmarks_declare_their_optional_packages() -> None:
    plain, optional = _imports(ROOT / "benchmarks")
    assert (plain | optional) - _declared("core", "test", "bench") == set()


def test_pygit2_is_imported_only_by_gitrepo() -> None:
    """Every git access goes through gitmem/gitrepo.py (DESIGN: THE ONLY module that imports
    pygit2), for all of gitmem/, not only its lint rules."""
    gitrepo = ROOT / "gitmem" / "gitrepo.py"
    outside = []
    for path in (ROOT / "gitmem").rglob("*.py"):
        tree = ast.parse(path.read_text(), str(path))
        for node in ast.walk(tree):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else (
                [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
            if any(n.split(".")[0] == "pygit2" for n in names) and path != gitrepo:
                outside.append(str(path.relative_to(ROOT)))
    assert outside == [], "import pygit2 only in gitmem/gitrepo.py"
