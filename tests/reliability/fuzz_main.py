"""atheris (libFuzzer) driver: `python tests/reliability/fuzz_main.py TARGET [libFuzzer args]`.

For example, a minute on the claim segmenter with the regression corpus as seeds:

    python tests/reliability/fuzz_main.py claims -max_total_time=60 -seed=1 \\
        -artifact_prefix=/tmp/ /tmp/corpus tests/cases/fuzz/claims

A crash leaves `crash-<sha1>` under the artifact prefix: copy it into tests/cases/fuzz/TARGET/
with a name that says what broke, and test_fuzz.py replays it for ever.
"""

from __future__ import annotations

import sys
from pathlib import Path

import atheris

sys.path[:0] = [str(Path(__file__).resolve().parent), str(Path(__file__).resolve().parents[2])]

with atheris.instrument_imports(include=["gitmem"]):
    from fuzz_targets import MAX_INPUT, TARGETS


def main() -> None:
    name = sys.argv.pop(1)
    target = TARGETS[name]

    def one_input(data: bytes) -> None:
        if len(data) <= MAX_INPUT:
            target(data)

    atheris.Setup(sys.argv, one_input)
    atheris.Fuzz()


if __name__ == "__main__":
    main()
