"""`eval_real_repos.py agree`: two judges' verdicts on the same findings, compared per code."""

import json

from benchmarks import eval_real_repos


def _write(path, verdicts):
    rows = [{"repo": "o/r", "commit": "0" * 40, "code": code, "path": "CLAUDE.md", "line": line,
             "related": [], "digest": "d", "verdict": verdict, "note": "n"}
            for code, line, verdict in verdicts]
    path.write_text("".join(json.dumps(row) + "\n" for row in rows))
    return path


def test_agreement_and_kappa_are_counted_only_where_both_judges_decided(tmp_path, capsys):
    first = _write(tmp_path / "first.jsonl", [
        ("GM201", 1, "true"), ("GM201", 2, "true"), ("GM201", 3, "false"), ("GM201", 4, "false"),
        ("GM201", 5, "unsure"), ("GM311", 1, "true")])
    second = _write(tmp_path / "second.jsonl", [
        ("GM201", 1, "true"), ("GM201", 2, "false"), ("GM201", 3, "false"), ("GM201", 4, "false"),
        ("GM201", 5, "true"), ("GM311", 1, "true"), ("GM311", 9, "false")])
    assert eval_real_repos.main(["agree", "--judged", str(first), "--judged", str(second)]) == 0
    rows = {line.split("|")[1].strip(): [cell.strip() for cell in line.split("|")[2:-1]]
            for line in capsys.readouterr().out.splitlines()[2:]}
    # GM201: 4 decided by both (the unsure one is left out), 3 agree; kappa (0.75 - 0.5) / 0.5
    assert rows["GM201"] == ["4", "75%", "0.50", "50%", "25%"]
    # GM311: one finding both judged (the other only the second judge saw); kappa undefined
    assert rows["GM311"] == ["1", "100%", "-", "100%", "100%"]


def test_agree_needs_two_judges(tmp_path):
    only = _write(tmp_path / "only.jsonl", [("GM201", 1, "true")])
    try:
        eval_real_repos.main(["agree", "--judged", str(only)])
    except SystemExit as stop:
        assert "--judged" in str(stop)
    else:
        raise AssertionError("agree ran with one judge")
