#!/usr/bin/env python3
"""A judge for `gitmem lint --judge` built on an LLM command-line tool (standard library only).

    git config gitmem.judge.command "python3 /abs/path/llm-judge.py -- llm -m gpt-4o-mini"
    git config gitmem.judge.command "python3 /abs/path/llm-judge.py -- claude -p"

Everything after `--` is the LLM command (default: `llm`, Simon Willison's tool); the prompt
goes to it on stdin. gitmem sends one pair as JSON on stdin ({"a": {"path", "line", "text"},
"b": {...}}); this script prints {"verdict", "claim_a", "claim_b", "reason"}, quoting the two
claims itself so the model only has to choose. A reply it cannot read as a verdict is passed
through unchanged: gitmem counts it (prose, unknown verdict) and keeps the rules' verdict.
"""

import json
import re
import subprocess
import sys

PROMPT = """You compare two statements from an AI coding agent's memory files (project rules
and facts). Reply with one JSON object and nothing else: {{"verdict": "...", "reason": "..."}}
where verdict is one of:
- "contradiction": they cannot both be followed or be true in the same scope (another tool or
  value for the same purpose, opposite instructions);
- "duplicate": they say the same thing in other words;
- "neither": compatible (different scopes, a refinement or exception, history against the
  present) or unrelated.
reason: one short sentence.

Statement A ({a[path]}:{a[line]}): {a[text]}
Statement B ({b[path]}:{b[line]}): {b[text]}
"""


def main(argv: list[str]) -> int:
    llm = argv[argv.index("--") + 1:] if "--" in argv else ["llm"]
    pair = json.load(sys.stdin)
    run = subprocess.run(llm, input=PROMPT.format(a=pair["a"], b=pair["b"]),
                         capture_output=True, text=True, check=False)
    if run.returncode != 0:
        sys.stderr.write(run.stderr)
        return run.returncode  # gitmem counts an error; the rules' verdict stands
    reply = run.stdout
    found = re.search(r"\{.*\}", reply, re.DOTALL)  # models like to wrap JSON in ``` fences
    try:
        answer = json.loads(found.group(0)) if found else None
    except ValueError:
        answer = None
    if not isinstance(answer, dict) or not isinstance(answer.get("verdict"), str):
        sys.stdout.write(reply)  # not a verdict: gitmem rejects it and says so
        return 0
    print(json.dumps({"verdict": answer["verdict"].strip().lower(),
                      "claim_a": pair["a"]["text"], "claim_b": pair["b"]["text"],
                      "reason": str(answer.get("reason", ""))}))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
