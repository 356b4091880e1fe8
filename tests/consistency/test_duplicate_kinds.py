"""Duplicates the checks missed, by kind: each pair is judged as two memory files are."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from gitutil import make_repo

from gitmem.consistency.analyze import find_pairs
from gitmem.consistency.reported import frame, statement_of
from gitmem.model import Claim

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "lint"))


def _kinds(a: str, b: str) -> set[str]:
    claims = [Claim("memory/a.md", 1, a), Claim("memory/b.md", 1, b)]
    return {finding.kind for finding in find_pairs(claims)}


# --- reported speech: who said it is no part of what it says -----------------------------------

@pytest.mark.parametrize(("a", "b"), [
    ("The user said we deploy from the main branch only.", "We deploy from the main branch only."),
    ("The user said to always squash merges.", "Always squash merges."),
    ("The maintainer told the team: every release tag is signed.",
     "Every release tag is signed."),
    ("Every release tag gets signed, the maintainer added.", "Each release tag is signed."),
])
def test_a_statement_reported_as_someone_s_is_a_duplicate_of_the_statement(a: str, b: str
                                                                          ) -> None:
    assert _kinds(a, b) == {"duplicate"}


def test_lint_reports_the_reported_statement_beside_its_plain_copy(tmp_path: Path) -> None:
    from lintutil import cli  # tests/lint's runner of the real CLI

    repo = make_repo(tmp_path / "r", {
        "memory/merging.md": "# Merging\n\n- The user said to always squash merges.\n",
        "memory/git.md": "# Git\n\n- Always squash merges.\n"})
    run = cli(repo, "lint", "--format", "json", "--select", "GM2")
    assert [(f["code"], f["path"], f["related"][0]["path"]) for f in run.json()["findings"]] == [
        ("GM202", "memory/git.md", "memory/merging.md")]  # a possible duplicate


def test_a_speaker_the_other_text_names_stays_in_what_is_compared() -> None:
    # "Priya" is the frame's speaker in one text and the subject in the other: still shared
    assert _kinds("Priya said she reviews every schema migration.",
                  "Priya reviews every schema migration.") == {"duplicate"}


@pytest.mark.parametrize(("a", "b"), [
    ("The lead said the build cache is cold.", "The lead said the docs site is stale."),
    ("The user said to always squash merges.", "The user said to never squash merges."),
])
def test_one_speaker_in_both_frames_makes_no_two_statements_alike(a: str, b: str) -> None:
    assert "duplicate" not in _kinds(a, b)


@pytest.mark.parametrize("text", [
    "Tests said to be flaky are retried twice.",  # passive "said to be": no speaker
    "Use pnpm, not npm, as the lead said.",  # the frame would take "not npm" with it
    "Release notes: keep them short.",  # a "notes" heading is no verb of saying
    "The lead said so.",  # nothing would be left to compare
])
def test_no_frame_is_read_where_it_would_take_the_statement_with_it(text: str) -> None:
    assert frame(text) == (0, 0)
    assert statement_of(text) == text


def test_the_frame_is_cut_at_either_end() -> None:
    assert statement_of("Staging resets nightly, the on-call engineer said.") == "Staging resets nightly"
    assert statement_of("According to the runbook, staging resets nightly.") == (
        "staging resets nightly.")


# --- a list of numbers in another order ---------------------------------------------------------

def test_the_same_numbers_listed_in_another_order_are_one_statement() -> None:
    assert _kinds("CI tests against Python 3.10, 3.11 and 3.12.",
                  "CI tests against Python 3.12, 3.11 and 3.10.") == {"duplicate"}


@pytest.mark.parametrize(("a", "b"), [
    ("Retry 3 times, then wait 5 seconds.", "Retry 5 times, then wait 3 seconds."),
    ("Port 8080 serves the API and 9090 the metrics.",
     "Port 9090 serves the API and 8080 the metrics."),
    ("CI tests against Python 3.10 and 3.11.", "CI tests against Python 3.11 and 3.12."),
])
def test_numbers_that_trade_roles_or_change_stay_apart(a: str, b: str) -> None:
    assert "duplicate" not in _kinds(a, b)


# --- an abbreviation is not the end of a sentence -----------------------------------------------

def test_a_title_before_a_name_adds_no_sentence() -> None:
    assert _kinds("Dr. Okafor approves every schema change.",
                  "Every change to the schema needs approval from Okafor.") == {"duplicate"}


def test_a_second_sentence_still_says_more() -> None:
    assert "duplicate" not in _kinds(
        "Okafor approves every schema change. Data migrations need a second reviewer.",
        "Every change to the schema needs approval from Okafor.")


# --- a negating prefix says what "not" says -----------------------------------------------------

@pytest.mark.parametrize(("a", "b"), [
    ("The retry flag is not documented.", "The retry flag is undocumented."),
    ("The admin endpoint is not authenticated.", "The admin endpoint is unauthenticated."),
    ("The cache is not encrypted at rest.", "The cache is unencrypted at rest."),
    ("This helper is not safe to call from threads.", "This helper is unsafe to call from threads."),
])
def test_not_w_and_a_negating_prefix_on_w_are_one_statement(a: str, b: str) -> None:
    assert _kinds(a, b) == {"duplicate"}


@pytest.mark.parametrize(("a", "b"), [
    ("The retry flag is undocumented.", "The retry flag is documented."),
    ("Uploads are not unlimited.", "Uploads are unlimited."),  # "not" turns the prefixed word
    ("The cache is not encrypted at rest and not replicated.",
     "The cache is unencrypted at rest and replicated."),  # a second denial the other lacks
])
def test_a_prefix_against_the_plain_word_stays_apart(a: str, b: str) -> None:
    assert "duplicate" not in _kinds(a, b)


# --- ... and the contradiction side reads the prefix the same way -------------------------------

@pytest.mark.parametrize(("a", "b"), [
    ("The upload worker is non-blocking.", "The upload worker is not blocking."),
    ("The legacy importer is not used anymore.", "The legacy importer is unused."),
    ("The retry flag is not documented.", "The retry flag is undocumented."),
])
def test_not_w_and_a_prefixed_w_are_no_contradiction(a: str, b: str) -> None:
    assert "contradiction" not in _kinds(a, b)


@pytest.mark.parametrize(("a", "b"), [
    ("The retry flag is undocumented.", "The retry flag is documented."),
    ("Uploads are not unlimited.", "Uploads are unlimited."),
    ("The upload worker is non-blocking.", "The upload worker is blocking."),
    ("Never use non-ASCII names for tables.", "Use non-ASCII names for tables."),
])
def test_a_prefixed_word_against_the_plain_word_is_a_contradiction(a: str, b: str) -> None:
    assert _kinds(a, b) == {"contradiction"}


@pytest.mark.parametrize(("a", "b"), [
    ("Each session token is unique per user.", "Each session token is que per user."),
    ("The request carries a nonce.", "The request carries a once."),
    ("The search index is rebuilt nightly.", "The search dex is rebuilt nightly."),
    ("The panel shows a display of the logs.", "The panel shows a play of the logs."),
    ("The module exposes one interface.", "The module exposes one terface."),
])
def test_a_word_that_only_starts_like_a_prefix_is_no_negation(a: str, b: str) -> None:
    assert "contradiction" not in _kinds(a, b)


def test_non_before_a_word_and_in_on_it_are_one_statement() -> None:
    assert _kinds("Most of the old workers are non-operative now.",
                  "Most of the old workers are inoperative now.") == {"duplicate"}


# --- "neither ... nor" is one denial of every item it names ------------------------------------

@pytest.mark.parametrize(("a", "b"), [
    ("Neither tabs nor spaces matter here.", "Tabs matter here."),
    ("The build uses neither webpack nor rollup.", "The build uses webpack."),
    ("Store neither passwords nor tokens in the repo.", "Store passwords and tokens in the repo."),
])
def test_neither_nor_denies_the_item_the_other_affirms(a: str, b: str) -> None:
    assert _kinds(a, b) == {"contradiction"}


def test_neither_nor_against_another_value_is_no_contradiction() -> None:
    assert "contradiction" not in _kinds("We use neither MySQL nor Oracle.", "We use PostgreSQL.")


# --- a gerund names an action, it does not describe one in progress -----------------------------

@pytest.mark.parametrize(("a", "b"), [
    ("Never merge a pull request without running the linters.",
     "Always run the linters before merging a pull request."),
    ("Ask the owner before deleting any branch.",
     "Don't delete branches without asking the owner."),
    ("Check with the user before force pushing.", "Never force push without asking the user."),
    ("Write the changelog entry before tagging a release.",
     "Before cutting a release tag, write its changelog entry."),
])
def test_a_rule_reworded_around_other_gerunds_is_a_duplicate(a: str, b: str) -> None:
    # "without running" / "before merging": no scene, so no "another action" between them
    assert _kinds(a, b) == {"duplicate"}


@pytest.mark.parametrize(("a", "b"), [
    ("A woman is peeling a potato", "A woman is slicing a potato"),
    ("A man is riding a horse", "A man is feeding a horse"),
    ("The cat has been chasing a mouse", "The cat has been watching a mouse"),
    # an -ing word each task puts as what is done, after no preposition or article
    ("Configure connection pool monitoring for the API",
     "Configure HTTP connection pooling for the API"),
    # gerunds that name two actions, neither a word of the other rule
    ("Always ask the user for approval before creating new modules.",
     "Always ask the user for approval before introducing new dependencies."),
    ("When working with Docker here, follow these steps to keep a clean setup.",
     "When executing commands in the terminal, follow these steps to keep a clean setup."),
])
def test_two_actions_in_progress_are_still_two_scenes(a: str, b: str) -> None:
    assert "duplicate" not in _kinds(a, b)


# --- a word both sides keep is a rewording around it, not a swap of roles -----------------------

@pytest.mark.parametrize(("a", "b"), [
    ("Keep MRs focused.", "Merge requests should be focused."),
    ("Retain DB snapshots for a week.", "Database snapshots are retained for one week."),
    ("Name DB tables in snake_case.", "Database tables are named in snake_case."),
    ("Keep DB credentials in Vault.", "Database credentials are kept in Vault."),
])
def test_a_short_form_in_the_other_voice_is_a_duplicate(a: str, b: str) -> None:
    # "Keep MRs" / "Merge requests should be": the span holds "merge request" on both sides
    assert _kinds(a, b) == {"duplicate"}


@pytest.mark.parametrize(("a", "b"), [
    ("Copy the config from staging to production.", "Copy the config from production to staging."),
    ("The frontend calls the backend.", "The backend calls the frontend."),
    ("A boy is chasing a dog", "A dog is chasing a boy"),
])
def test_words_that_trade_places_are_still_other_roles(a: str, b: str) -> None:
    assert "duplicate" not in _kinds(a, b)


# --- "X, not Y" sets Y aside as "X rather than Y" does ------------------------------------------

@pytest.mark.parametrize(("a", "b"), [
    ("Squash rather than rebase when landing a pull request.",
     "Land pull requests by rebasing them onto main, not by squashing."),
    ("Prefer mocking over patching when isolating a client.",
     "Isolate clients by patching them, not by mocking."),
])
def test_a_choice_set_aside_after_a_comma_the_other_way_round_is_no_duplicate(a: str, b: str
                                                                              ) -> None:
    assert "duplicate" not in _kinds(a, b)


def test_a_choice_set_aside_after_a_comma_the_same_way_is_a_duplicate() -> None:
    assert _kinds("Squash rather than rebase when landing a pull request.",
                  "Land pull requests by squashing them, not by rebasing.") == {"duplicate"}


# --- a statement reported by someone scores as the statement -----------------------------------

def test_a_quoted_rule_with_a_long_frame_is_a_duplicate_of_the_rule_introduced_otherwise() -> None:
    # the frame ("..., the release manager said in ...") weighed down the score of the whole
    # texts; the statements, frames left out, differ by one word in passing ("First")
    assert _kinds('"We never deploy on Fridays because nobody is around to watch the rollout,"'
                  " the release manager said in Monday's planning meeting.",
                  "First, we never deploy on Fridays because nobody is around to watch the"
                  " rollout.") == {"duplicate"}


@pytest.mark.parametrize(("a", "b"), [
    (('"Load tests run against the staging cluster with production-sized data," the performance'
      " lead said in last week's design review."),
     ("Load tests run against the staging cluster with production-sized data and their reports"
      " go to the capacity channel.")),
    (('"We never deploy on Fridays because nobody is around to watch the rollout," the release'
      " manager said in Monday's planning meeting."),
     ("We never deploy on Fridays, and hotfixes wait until Monday unless the release manager"
      " approves them.")),
])
def test_a_reported_statement_against_one_that_says_more_is_no_duplicate(a: str, b: str) -> None:
    assert "duplicate" not in _kinds(a, b)


# --- one identifier for another: the same line said of two named things -----------------------

@pytest.mark.parametrize(("a", "b"), [
    # two entries of one list, the subject's word swapped in its name and in the text
    (("**orderExportCsv** (v2): order export form in table mode (extends baseExportTable + "
      "mail delivery)"),
     ("**orderExportPdf** (v2): order export form in print mode (extends baseExportPrint + "
      "mail delivery)")),
    # two names spelled so alike that one read as a respelling of the other
    ("Use the registerDeviceWithToken mutation with retry: true and traceId for new devices.",
     ("Then use the registerDeviceWithTicket mutation with retry: true and traceId for new "
      "devices.")),
    # one rule page per kind of worker, each line naming its own kind and its own verb
    (("**DraftQueueWorkers** names MUST NOT include `Old` / `New` / `Next` unless the drafted "
      "job name in the queue API includes those words."),
     ("**PublishQueueWorkers** names MUST NOT include `Old` / `New` / `Next` unless the "
      "published job name in the queue API includes those words.")),
])
def test_two_identifiers_each_with_a_word_of_its_own_are_two_entries(a: str, b: str) -> None:
    assert "duplicate" not in _kinds(a, b)


@pytest.mark.parametrize(("a", "b"), [
    # one name only adds a word to the other: a copy that may have drifted, still reported
    ("Use **useEventStream** for server-to-client streaming.",
     "Use **useAgentEventStream** for server-to-client streaming."),
    # the same words in another spelling or case are one name
    ("Invites go through the EventOrganiser service.",
     "Invites go through the EventOrganizer service."),
])
def test_one_identifier_respelled_or_extended_stays_a_duplicate(a: str, b: str) -> None:
    assert _kinds(a, b) == {"duplicate"}



@pytest.mark.parametrize(("a", "b"), [
    # British and American spelling of one word inside the name
    ("Paint every dashboard card through the applyCardColour helper.",
     "Paint every dashboard card through the applyCardColor helper."),
    # a word abbreviated by leaving out its vowels
    ("Load the invoice list with loadCustomerInvoices before the billing tab opens.",
     "Load the invoice list with loadCstmrInvoices before the billing tab opens."),
    # a plural part against its singular
    ("Call syncItem after each edit so the sidebar badge stays current.",
     "Call syncItems after each edit so the sidebar badge stays current."),
    # snake_case against camelCase, one part plural in one and singular in the other
    ("Lower poll_intervals in settings/queue.toml when the queue backs up at night.",
     "Lower pollInterval in settings/queue.toml when the queue backs up at night."),
])
def test_one_identifier_in_two_spellings_stays_a_duplicate(a: str, b: str) -> None:
    assert _kinds(a, b) == {"duplicate"}


@pytest.mark.parametrize(("a", "b"), [
    # a consonant added, or a letter changed, makes another word and so another name
    ("Switch the viewer with setRenderMode when the canvas loads.",
     "Switch the viewer with setRenderModel when the canvas loads."),
    ("Keep the report filter in the exportDate field of the job.",
     "Keep the report filter in the exportData field of the job."),
])
def test_names_a_letter_apart_are_still_two_names(a: str, b: str) -> None:
    assert "duplicate" not in _kinds(a, b)


def test_lint_leaves_two_parallel_entries_of_one_list_apart(tmp_path: Path) -> None:
    from lintutil import cli  # tests/lint's runner of the real CLI

    repo = make_repo(tmp_path / "r", {
        "memory/exports.md": (
            "# Export styles\n\n"
            "- **orderExportCsv** (v2): order export form in table mode (extends baseExportTable"
            " + mail delivery)\n"
            "- **orderExportPdf** (v2): order export form in print mode (extends baseExportPrint"
            " + mail delivery)\n"),
        "memory/notes.md": (
            "# Notes\n\n- **orderExportCsv** (v2): order export form in table mode (extends "
            "baseExportTable + mail delivery)\n")})
    run = cli(repo, "lint", "--format", "json", "--select", "GM201")
    assert [(f["path"], f["line"], f["related"][0]["path"], f["related"][0]["line"])
            for f in run.json()["findings"]] == [("memory/exports.md", 3, "memory/notes.md", 3)]
