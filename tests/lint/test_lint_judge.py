"""`gitmem lint --judge` on real repositories with real judge programs (Python scripts the test
writes): the judge decides only what the rules leave undecided, its accepted answers are cached,
its wrong answers are counted and ignored, and nothing but the user's git config names it."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from gitutil import commit_all, git, gitmem, make_repo, write

# a near miss: a duplicate the rules score under the possible band (0.64), so plain lint is silent
NEAR_A = "Run the database migrations before every deploy."
# (issue 16's "Every deployment must be preceded by running the DB migrations" is a possible
# duplicate to the rules since they read paraphrases, so the near miss words it otherwise)
NEAR_B = "Every deployment waits until the DB migrations have run."
# a possible contradiction (GM211 under the match band): two names for one slot
SLOT_A = "Name hook files in camelCase."
SLOT_B = "Name hook files in kebab-case."
# a match-band contradiction: the rules decide it alone
SURE_A = "The project runs PostgreSQL 16 in production."
SURE_B = "The project runs PostgreSQL 14 in production."


def memory(*claims: str) -> str:
    return "---\ntype: project\n---\n" + "".join(f"- {claim}\n" for claim in claims)


def judge_script(tmp_path: Path, body: str) -> str:
    """A judge that logs each request to calls.jsonl, then runs `body` (req: the request)."""
    script = tmp_path / "judge.py"
    calls = tmp_path / "calls.jsonl"
    script.write_text(
        "import json, sys, time\nreq = json.load(sys.stdin)\n"
        f"with open({str(calls)!r}, 'a') as log:\n"
        "    log.write(json.dumps([req['a']['text'], req['b']['text']]) + '\\n')\n"
        "def answer(verdict, reason='the test judge'):\n"
        "    print(json.dumps({'verdict': verdict, 'claim_a': req['a']['text'],\n"
        "                      'claim_b': req['b']['text'], 'reason': reason}))\n" + body)
    return f"{sys.executable} {script}"


# says duplicate for the migrations pair, neither for the rest
BY_TOPIC = "answer('duplicate' if 'migrations' in req['a']['text'] else 'neither')\n"


def calls(tmp_path: Path) -> list[list[str]]:
    log = tmp_path / "calls.jsonl"
    return [json.loads(line) for line in log.read_text().splitlines()] if log.exists() else []


def findings(repo: Path, *args: str) -> tuple[list[dict], str]:
    result = gitmem(repo, "lint", "--format", "json", *args)
    assert result.code in (0, 1), result
    return json.loads(result.out)["findings"], result.err


def codes(found: list[dict]) -> list[str]:
    return sorted(f["code"] for f in found)


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    return make_repo(tmp_path / "m", {"memory/a.md": memory(NEAR_A, SLOT_A, SURE_A),
                                      "memory/b.md": memory(NEAR_B, SLOT_B, SURE_B)})


def configure(repo: Path, command: str) -> None:
    git(repo, "config", "gitmem.judge.command", command)


def test_the_judge_adds_a_near_miss_and_drops_a_possible_finding(repo: Path, tmp_path: Path
                                                                ) -> None:
    plain, _ = findings(repo)
    assert codes(plain) == ["GM211", "GM211"]  # the slot pair and the PostgreSQL pair
    configure(repo, judge_script(tmp_path, BY_TOPIC))
    judged, err = findings(repo, "--judge")
    assert codes(judged) == ["GM201", "GM211"]
    added = next(f for f in judged if f["code"] == "GM201")
    assert added["signals"]["judge"] == "duplicate"
    assert added["signals"]["judge_reason"] == "the test judge"
    assert "decided by the judge" in added["message"]
    sure = next(f for f in judged if f["code"] == "GM211")
    assert "PostgreSQL" in sure["message"] and "judge" not in sure["signals"]
    # the match-band pair is the rules' decision: never sent
    assert sorted(map(tuple, calls(tmp_path))) == sorted([(NEAR_A, NEAR_B), (SLOT_A, SLOT_B)])
    assert "2 undecided pair(s): 0 answered from the cache, 2 asked (2 accepted)" in err
    assert "1 added, 1 dropped" in err


def test_the_judged_json_report_matches_its_schema(repo: Path, tmp_path: Path) -> None:
    from jsonschema import Draft202012Validator

    configure(repo, judge_script(tmp_path, BY_TOPIC))
    result = gitmem(repo, "lint", "--judge", "--format", "json")
    schema = json.loads((Path(__file__).resolve().parents[2] / "docs/schemas/lint.schema.json")
                        .read_text())
    Draft202012Validator(schema).validate(json.loads(result.out))


def test_sarif_carries_the_judge_signal(repo: Path, tmp_path: Path) -> None:
    configure(repo, judge_script(tmp_path, BY_TOPIC))
    result = gitmem(repo, "lint", "--judge", "--format", "sarif")
    results = json.loads(result.out)["runs"][0]["results"]
    judged = [r for r in results if r["properties"]["signals"].get("judge")]
    assert [r["ruleId"] for r in judged] == ["GM201"]


def test_answers_are_cached_and_an_edit_asks_again_about_its_pair_only(
        repo: Path, tmp_path: Path) -> None:
    configure(repo, judge_script(tmp_path, BY_TOPIC))
    first, _ = findings(repo, "--judge")
    assert len(calls(tmp_path)) == 2
    again, err = findings(repo, "--judge")
    assert len(calls(tmp_path)) == 2  # not called again
    assert codes(again) == codes(first)
    assert "2 answered from the cache, 0 asked" in err
    write(repo, {"memory/b.md": memory(NEAR_B, "Name the hook files in kebab-case.", SURE_B)})
    edited, _ = findings(repo, "--judge")
    assert calls(tmp_path)[2:] == [[SLOT_A, "Name the hook files in kebab-case."]]
    assert codes(edited) == ["GM201", "GM211"]
    cache = json.loads((repo / ".git/gitmem/cache/judge-verdicts.json").read_text())
    assert {v["verdict"] for v in cache["verdicts"].values()} == {"duplicate", "neither"}


def test_editing_the_judge_script_asks_again(repo: Path, tmp_path: Path) -> None:
    configure(repo, judge_script(tmp_path, BY_TOPIC))
    findings(repo, "--judge")
    judge_script(tmp_path, BY_TOPIC + "# a new prompt\n")
    findings(repo, "--judge")
    assert len(calls(tmp_path)) == 4


@pytest.mark.parametrize("body, status", [
    ("print('They look the same to me.')\n", "prose"),
    ("answer('maybe')\n", "error"),  # an unknown label
    ("print('{\"verdict\": \"duplicate\"')\n", "prose"),  # cut-off JSON
    ("time.sleep(30)\n", "timeout"),
])
def test_a_wrong_answer_is_counted_ignored_and_not_cached(
        repo: Path, tmp_path: Path, body: str, status: str) -> None:
    configure(repo, judge_script(tmp_path, body))
    git(repo, "config", "gitmem.judge.timeout", "1")
    judged, err = findings(repo, "--judge")
    assert codes(judged) == ["GM211", "GM211"]  # the rules' verdict stands
    assert not any("judge" in f["signals"] for f in judged)
    assert f"rejected 2: 2 {status}" in err
    assert "rejected answer(s) ignored" in err
    findings(repo, "--judge")
    assert len(calls(tmp_path)) == 4  # asked again: a rejected answer is no verdict


def test_a_corrupt_cache_file_is_replaced(repo: Path, tmp_path: Path) -> None:
    configure(repo, judge_script(tmp_path, BY_TOPIC))
    cache = repo / ".git/gitmem/cache/judge-verdicts.json"
    cache.parent.mkdir(parents=True, exist_ok=True)
    cache.write_text('{"schema": 1, "fingerprint": "judge-verdicts", "verdicts": {"x": [1')
    judged, _ = findings(repo, "--judge")
    assert codes(judged) == ["GM201", "GM211"]
    assert len(json.loads(cache.read_text())["verdicts"]) == 2


def test_a_cached_entry_of_the_wrong_shape_is_a_miss(repo: Path, tmp_path: Path) -> None:
    configure(repo, judge_script(tmp_path, BY_TOPIC))
    findings(repo, "--judge")
    cache = repo / ".git/gitmem/cache/judge-verdicts.json"
    data = json.loads(cache.read_text())
    data["verdicts"] = {k: {"verdict": "maybe"} for k in data["verdicts"]}
    cache.write_text(json.dumps(data))
    judged, _ = findings(repo, "--judge")
    assert len(calls(tmp_path)) == 4 and codes(judged) == ["GM201", "GM211"]


def test_the_limit_leaves_pairs_for_the_next_run(repo: Path, tmp_path: Path) -> None:
    configure(repo, judge_script(tmp_path, BY_TOPIC))
    judged, err = findings(repo, "--judge", "--judge-limit", "1")
    assert len(calls(tmp_path)) == 1
    assert "1 undecided pair(s) not asked (at most 1 calls a run" in err
    # the possible finding comes first; the near miss keeps the rules' verdict (unreported)
    assert calls(tmp_path) == [[SLOT_A, SLOT_B]] and codes(judged) == ["GM211"]
    judged, err = findings(repo, "--judge", "--judge-limit", "1")
    assert calls(tmp_path)[1] == [NEAR_A, NEAR_B] and codes(judged) == ["GM201", "GM211"]
    assert "not asked" not in err


def test_limit_zero_uses_only_cached_answers(repo: Path, tmp_path: Path) -> None:
    configure(repo, judge_script(tmp_path, BY_TOPIC))
    judged, _ = findings(repo, "--judge", "--judge-limit", "0")
    assert calls(tmp_path) == [] and codes(judged) == ["GM211", "GM211"]


def test_without_a_judge_the_flag_is_refused_and_nothing_changes(repo: Path) -> None:
    head = git(repo, "rev-parse", "HEAD")
    result = gitmem(repo, "lint", "--judge", "--annotate", "--write-baseline", "base.json")
    assert result.code == 3, result
    assert "git config gitmem.judge.command" in result.err and result.out == ""
    assert not (repo / "base.json").exists() and git(repo, "rev-parse", "HEAD") == head
    assert git(repo, "status", "--porcelain") == ""


def test_a_judge_named_in_gitmem_toml_is_never_run(repo: Path, tmp_path: Path) -> None:
    command = judge_script(tmp_path, BY_TOPIC)
    write(repo, {".gitmem.toml": f"[judge]\ncommand = {json.dumps(command.split())}\n"})
    commit_all(repo, "a cloned repository names a program")
    result = gitmem(repo, "lint", "--judge")
    assert result.code == 3 and "no judge is configured" in result.err
    assert calls(tmp_path) == []


@pytest.mark.parametrize("mode", [["--staged"], ["--diff", "HEAD"]])
def test_judge_with_a_change_mode_is_a_usage_error(repo: Path, tmp_path: Path, mode: list[str]
                                                   ) -> None:
    configure(repo, judge_script(tmp_path, BY_TOPIC))
    result = gitmem(repo, "lint", "--judge", *mode)
    assert result.code == 2 and "cannot be combined" in result.err
    assert calls(tmp_path) == []


def test_exit_code_follows_the_judged_findings(repo: Path, tmp_path: Path) -> None:
    write(repo, {"memory/a.md": memory(NEAR_A, SLOT_A), "memory/b.md": memory(NEAR_B, SLOT_B),
                 ".gitmem.toml": '[lint]\nfail_on = "warning"\n'})
    assert gitmem(repo, "lint").code == 1  # the possible GM211
    configure(repo, judge_script(tmp_path, "answer('neither')\n"))
    assert gitmem(repo, "lint", "--judge").code == 0  # the judge dropped it, added nothing
    assert gitmem(repo, "lint").code == 1  # plain lint never asks the judge
    assert len(calls(tmp_path)) == 2


def test_without_a_pair_rule_the_judge_is_not_asked(repo: Path, tmp_path: Path) -> None:
    configure(repo, judge_script(tmp_path, BY_TOPIC))
    result = gitmem(repo, "lint", "--judge", "--select", "GM3")
    assert result.code == 0 and "no GM2xx rule is selected" in result.err
    assert calls(tmp_path) == []


def test_review_commands_share_the_cached_answers(repo: Path, tmp_path: Path) -> None:
    configure(repo, judge_script(tmp_path, BY_TOPIC))
    findings(repo, "--judge")  # asks about the two undecided pairs
    result = gitmem(repo, "candidates", "--json")
    assert result.code == 0, result
    # only the match-band pair, which lint never sends, is new to the judge
    assert calls(tmp_path)[2:] == [[SURE_A, SURE_B]]
    kinds = {p["a"]["text"]: p["kind"] for p in json.loads(result.out)["pairs"]}
    assert SLOT_A not in kinds  # the cached "neither" drops it here too
    gitmem(repo, "candidates", "--json")
    assert len(calls(tmp_path)) == 3  # and nothing is asked twice


def test_paths_ask_only_about_pairs_they_touch(repo: Path, tmp_path: Path) -> None:
    write(repo, {"notes/c.md": memory("Keep components small and focused."),
                 "notes/d.md": memory("Components should be small and focused on one job.")})
    configure(repo, judge_script(tmp_path, "answer('duplicate')\n"))
    judged, _ = findings(repo, "--judge", "notes/c.md")
    assert calls(tmp_path) == [["Keep components small and focused.",
                                "Components should be small and focused on one job."]]
    assert codes(judged) == ["GM201"]
