"""Hermetic git for every test: no user or system config leaks in; a known identity is set."""

from __future__ import annotations

import os
import signal
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

SHARED = Path(__file__).resolve().parents[1].parent / "shared"

# A suite started in the background by a shell without job control (`.ci/run &`, nohup)
# inherits SIGINT ignored: Python then raises no KeyboardInterrupt and every child it starts
# ignores Ctrl-C too, so the interrupt tests would test nothing. Give the suite the
# interpreter's usual Ctrl-C, which its children get back as the default on exec.
if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)


@pytest.fixture(autouse=True)
def hermetic_git(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    home = tmp_path_factory.mktemp("home")
    config = home / ".gitconfig"
    config.write_text(
        "[user]\n\tname = Test User\n\temail = test@example.com\n"
        "[init]\n\tdefaultBranch = main\n[commit]\n\tgpgsign = false\n"
    )
    for key in list(os.environ):
        if key.startswith(("GIT_", "GITMEM_")):
            monkeypatch.delenv(key)
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home / ".config"))
    monkeypatch.setenv("GIT_CONFIG_GLOBAL", str(config))
    monkeypatch.setenv("GIT_CONFIG_NOSYSTEM", "1")
    # libgit2 (inside pygit2, in this process) caches where it looks for config: point it at
    # the hermetic home too, or it reads the machine's real ~/.gitconfig.
    import pygit2

    empty = home / "empty"
    empty.mkdir(exist_ok=True)
    levels = pygit2.enums.ConfigLevel
    pygit2.settings.search_path[levels.GLOBAL] = str(home)
    pygit2.settings.search_path[levels.XDG] = str(empty)
    pygit2.settings.search_path[levels.SYSTEM] = str(empty)


@pytest.fixture
def shared_dir() -> Path:
    if not SHARED.is_dir():
        pytest.skip("../shared is not present")
    return SHARED
