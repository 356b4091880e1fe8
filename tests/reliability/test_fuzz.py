"""Fuzzing the memory parsers on a fixed budget, and replaying every input a fuzzer ever broke
them with (tests/cases/fuzz/<target>/, one file per crash, named after what broke).

With atheris installed each target gets a seeded, fixed number of libFuzzer runs (about two
seconds) starting from its regression cases; a crash fails the test and names the file to keep.
Without atheris the same targets run under hypothesis with a fixed seed, so CI always fuzzes.
"""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest
from fuzz_targets import MAX_INPUT, TARGETS
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from reliutil import runs, seed, subprocess_env

CASES = Path(__file__).resolve().parents[1] / "cases" / "fuzz"
DRIVER = Path(__file__).resolve().parent / "fuzz_main.py"
HAVE_ATHERIS = importlib.util.find_spec("atheris") is not None


def regression_cases() -> list[tuple[str, Path]]:
    return sorted((case.parent.name, case) for case in CASES.glob("*/*") if case.is_file())


@pytest.mark.parametrize("target, case", regression_cases(),
                         ids=[f"{t}/{c.name}" for t, c in regression_cases()])
def test_every_input_a_fuzzer_ever_broke_a_parser_with_now_passes(target: str, case: Path) -> None:
    TARGETS[target](case.read_bytes())


@pytest.mark.skipif(not HAVE_ATHERIS, reason="atheris is not installed (pip install atheris)")
@pytest.mark.parametrize("target", TARGETS)
def test_atheris_finds_nothing_in_a_fixed_budget(tmp_path: Path, target: str) -> None:
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    seeds = CASES / target
    budget = runs(4000)
    args = [sys.executable, str(DRIVER), target, f"-runs={budget}", "-max_total_time=20",
            f"-seed={seed()}", f"-max_len={MAX_INPUT}", "-rss_limit_mb=2048", "-timeout=10",
            f"-artifact_prefix={tmp_path}/", str(corpus)]
    if seeds.is_dir():
        args.append(str(seeds))
    proc = subprocess.run(args, capture_output=True, text=True, env=subprocess_env(),
                          timeout=120, check=False)
    found = sorted(p for p in tmp_path.iterdir() if p.name.split("-")[0] in
                   ("crash", "timeout", "oom", "leak", "slow"))
    if proc.returncode != 0 or found:
        shown = "\n".join(f"{p.name}: {p.read_bytes()[:200]!r}" for p in found)
        pytest.fail(
            f"atheris broke target {target!r} (seed {seed()}):\n{shown}\n"
            f"keep each input as tests/cases/fuzz/{target}/<what-broke>.bin, then fix it\n"
            f"{proc.stderr[-3000:]}"
        )
    done = [line for line in proc.stderr.splitlines() if line.startswith("Done ")]
    print(f"\natheris {target}: {done[-1] if done else proc.stderr[-200:]}")


FALLBACK = settings(max_examples=300, derandomize=True, deadline=None, database=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
pieces = st.sampled_from([b"---\n", b"---\r\n", b"> ", b"\xc2\xa0> ", b"\x0b>", b"\r", b"- ",
                          b"1. ", b"```\n", b"<!--", b"-->", b"# ", b"name: x\n", b"tags: [a, b]\n",
                          b"a: &a [1]\nb: *a\n", b"{k: v}\n", b"\t", b"\xff", b"\n", b"|", b"*"])
fuzz_inputs = st.one_of(st.binary(max_size=512), st.lists(pieces, max_size=30).map(b"".join))


@pytest.mark.parametrize("target", TARGETS)
def test_hypothesis_fuzzing_with_a_fixed_seed(target: str) -> None:
    """Always runs (also where atheris cannot be installed): structured and random bytes."""
    check = TARGETS[target]

    @FALLBACK
    @given(fuzz_inputs)
    def run(data: bytes) -> None:
        check(data)

    run()
