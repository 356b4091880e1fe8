"""The external judge plug-in: a user's program that rules on candidate pairs.

For each pair the program gets `{"a": {"path", "line", "text"}, "b": {...}}` as JSON on stdin and
must print `{"verdict": "contradiction"|"duplicate"|"neither", "claim_a", "claim_b", "reason"}`.
Its output is untrusted. Each call is classified:

- valid    a well-formed verdict whose quoted claims appear verbatim in the two files
- empty    nothing printed
- prose    printed text that is not JSON
- error    non-zero exit, JSON of the wrong shape, an unknown verdict
- timeout  still running after `timeout` seconds (the process group is killed)
- unquoted a well-formed verdict whose quotes are not the two claims as their files say them

Output is read up to `MAX_OUTPUT` bytes, so a chatty judge cannot exhaust memory. The command
comes from git config or GITMEM_JUDGE_COMMAND only, never from the committed config (DESIGN §7);
this module just runs what it is given, without a shell.
"""

from __future__ import annotations

import json
import os
import selectors
import signal
import subprocess
import time
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

MAX_OUTPUT = 64 * 1024
GIVE_UP_AFTER = 3  # timeouts in a row
VERDICTS = frozenset({"contradiction", "duplicate", "neither"})


@dataclass(frozen=True)
class ClaimRef:
    path: str
    line: int
    text: str


@dataclass(frozen=True)
class JudgeRequest:
    a: ClaimRef
    b: ClaimRef


@dataclass(frozen=True)
class JudgeResult:
    request: JudgeRequest
    status: str  # valid | empty | prose | error | timeout | unquoted
    verdict: str | None = None
    reason: str = ""
    detail: str = ""  # why a call was rejected


@dataclass(frozen=True)
class JudgeReport:
    results: tuple[JudgeResult, ...]
    rejected: Mapping[str, int] = field(default_factory=dict)  # status -> count, valid excluded

    @property
    def accepted(self) -> tuple[JudgeResult, ...]:
        return tuple(r for r in self.results if r.status == "valid")


def _payload(request: JudgeRequest) -> bytes:
    def side(ref: ClaimRef) -> dict[str, Any]:
        return {"path": ref.path, "line": ref.line, "text": ref.text}

    return json.dumps({"a": side(request.a), "b": side(request.b)}).encode()


def _kill(process: subprocess.Popen[bytes]) -> None:
    try:
        os.killpg(process.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        process.kill()


def _exchange(process: subprocess.Popen[bytes], payload: bytes, deadline: float) -> bytes | None:
    """Write `payload`, read at most MAX_OUTPUT + 1 bytes; None when the deadline passes."""
    assert process.stdin is not None and process.stdout is not None
    selector = selectors.DefaultSelector()
    os.set_blocking(process.stdin.fileno(), False)
    selector.register(process.stdout, selectors.EVENT_READ)
    selector.register(process.stdin, selectors.EVENT_WRITE)
    pending, out = memoryview(payload), bytearray()
    try:
        while selector.get_map():
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                return None
            for key, _ in selector.select(remaining):
                if key.fileobj is process.stdin:
                    try:
                        written = os.write(process.stdin.fileno(), pending[:4096])
                    except (BrokenPipeError, BlockingIOError):
                        written = len(pending)
                    pending = pending[written:]
                    if not pending:
                        selector.unregister(process.stdin)
                        process.stdin.close()
                    continue
                chunk = os.read(process.stdout.fileno(), 8192)
                if not chunk:
                    selector.unregister(process.stdout)
                    continue
                out += chunk
                if len(out) > MAX_OUTPUT:
                    return bytes(out[: MAX_OUTPUT + 1])
        return bytes(out)
    finally:
        selector.close()


def _call(command: Sequence[str], request: JudgeRequest, timeout: float) -> tuple[str, int, bytes]:
    """("ok"|"timeout"|"error", exit code, stdout cut at MAX_OUTPUT bytes)."""
    deadline = time.monotonic() + timeout
    try:
        process = subprocess.Popen(
            list(command),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        )
    except OSError as exc:
        return "error", -1, str(exc).encode()
    try:
        out = _exchange(process, _payload(request), deadline)
        if out is not None and len(out) > MAX_OUTPUT:
            _kill(process)
            process.wait()
            return "error", -1, b"output over the limit"
        if out is not None:
            try:
                code = process.wait(timeout=max(0.0, deadline - time.monotonic()))
                return "ok", code, out
            except subprocess.TimeoutExpired:
                pass
        _kill(process)
        process.wait()
        return "timeout", -1, b""
    finally:
        for stream in (process.stdin, process.stdout):
            if stream is not None and not stream.closed:
                stream.close()


def _words(text: str) -> str:
    return " ".join(text.split())


def _quotes_claim(quote: str, claim: ClaimRef, file_texts: Mapping[str, str]) -> bool:
    """The quote is in the claim's file (line breaks and indentation aside: a claim may span
    lines) and it is that claim: the whole of it, or at least half of it, not any fragment of
    the file ("e", "---") that would let a judge drop a pair by quoting nothing."""
    text = file_texts.get(claim.path)
    quoted, said = _words(quote), _words(claim.text)
    if not quoted or text is None or quoted not in _words(text):
        return False
    return said in quoted or (quoted in said and 2 * len(quoted) >= len(said))


def classify_output(
    request: JudgeRequest, state: str, code: int, out: bytes, file_texts: Mapping[str, str]
) -> JudgeResult:
    """Turn one call's raw outcome into a `JudgeResult` (pure; tested without processes)."""
    if state == "timeout":
        return JudgeResult(request, "timeout", detail="no answer in time")
    if state == "error" or code != 0:
        detail = out.decode("utf-8", "replace")[:200] if state == "error" else f"exit status {code}"
        return JudgeResult(request, "error", detail=detail)
    text = out.decode("utf-8", errors="replace").strip()
    if not text:
        return JudgeResult(request, "empty", detail="no output")
    try:
        data = json.loads(text)
    except ValueError:
        return JudgeResult(request, "prose", detail=text[:200])
    except RecursionError:  # "[[[[..." nested past the parser's limit, well under MAX_OUTPUT
        return JudgeResult(request, "error", detail="JSON nested too deeply")
    if not isinstance(data, dict):
        return JudgeResult(request, "error", detail="output is not a JSON object")
    verdict, quote_a, quote_b = data.get("verdict"), data.get("claim_a"), data.get("claim_b")
    reason = data.get("reason", "")
    if not isinstance(verdict, str) or verdict not in VERDICTS:
        return JudgeResult(request, "error", detail=f"unknown verdict {str(verdict)[:40]!r}")
    if not isinstance(quote_a, str) or not isinstance(quote_b, str) or not isinstance(reason, str):
        return JudgeResult(request, "error", detail="claim_a, claim_b and reason must be strings")
    if not _quotes_claim(quote_a, request.a, file_texts) or not _quotes_claim(
        quote_b, request.b, file_texts
    ):
        return JudgeResult(request, "unquoted", detail="a quote is not the claim in its file")
    return JudgeResult(request, "valid", verdict=str(verdict), reason=" ".join(reason.split())[:500])


def run_judge(
    command: Sequence[str],
    pairs: Sequence[JudgeRequest],
    timeout: float,
    file_texts: Mapping[str, str],
) -> JudgeReport:
    """Ask the judge about each pair in turn; never raises for anything the judge does.

    A judge that times out `GIVE_UP_AFTER` times in a row is not asked again in this run: one
    that hangs would otherwise hold a nightly pass for pairs x timeout."""
    results: list[JudgeResult] = []
    timeouts = 0
    for request in pairs:
        if timeouts >= GIVE_UP_AFTER:
            results.append(JudgeResult(request, "timeout", detail="not asked: the judge timed "
                                       f"out {GIVE_UP_AFTER} times in a row"))
            continue
        state, code, out = _call(command, request, timeout)
        results.append(classify_output(request, state, code, out, file_texts))
        timeouts = timeouts + 1 if results[-1].status == "timeout" else 0
    rejected = Counter(r.status for r in results if r.status != "valid")
    return JudgeReport(tuple(results), dict(sorted(rejected.items())))
