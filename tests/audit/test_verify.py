"""`papyrus verify` on a real exported game: it passes untouched, and names the record a forger changed."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import msgspec

from papyrus.cli import main
from services.audit.verify import Verdict, verify_export
from tests.audit.conftest import PlayedGame
from tests.audit.forgery import Line, events, forged


def failed(lines: list[str]) -> Verdict:
    verdict = verify_export(lines)
    assert not verdict.ok, "verify accepted a forged export"
    return verdict


def problems_text(verdict: Verdict) -> str:
    return "\n".join(str(problem) for problem in verdict.problems)


def middle_event(records: list[Line], type_suffix: str) -> Line:
    found = [record for record in events(records) if record["type"].endswith(type_suffix)]
    return found[len(found) // 2]


def test_an_untouched_export_verifies_with_the_services_final_scores(played: PlayedGame) -> None:
    verdict = verify_export(played.export)
    assert verdict.ok, problems_text(verdict)
    result = played.service.view(played.game_id, None).result
    assert verdict.result is not None
    assert (verdict.result.ranking, verdict.result.scores) == (result.ranking, result.scores)
    assert verdict.refusals_checked >= played.refused > 0


def test_the_export_endpoint_serves_the_verified_log_as_json_lines(played: PlayedGame) -> None:
    response = played.app.test_client().get(f"/api/games/{played.game_id}/export")
    assert response.status_code == 200
    assert response.mimetype == "application/x-ndjson"
    lines = response.get_data(as_text=True).splitlines()
    assert lines == played.export
    header = json.loads(lines[0])
    result = played.service.view(played.game_id, None).result
    assert header["seed"] and header["result"] == msgspec.to_builtins(result)


def test_a_changed_field_is_named_by_line_and_seq(played: PlayedGame) -> None:
    def edit(records: list[Line]) -> None:
        placed = middle_event(records, ".ship_placed")
        placed["data"]["seat"] = (placed["data"]["seat"] + 1) % 3
        edit.seq = placed["seq"]  # type: ignore[attr-defined]

    verdict = failed(forged(played.export, edit, recompute_chain=False))
    seq = edit.seq  # type: ignore[attr-defined]
    assert f"(event seq {seq}): hash" in problems_text(verdict)


def test_a_dropped_event_breaks_the_chain_where_it_was(played: PlayedGame) -> None:
    def edit(records: list[Line]) -> None:
        records.remove(events(records)[50])

    text = problems_text(failed(forged(played.export, edit, recompute_chain=False)))
    assert "(event seq 52): seq is 52, expected 51" in text
    assert "prev_hash" in text


def test_a_dropped_event_with_a_recomputed_chain_does_not_follow_from_the_rules(played: PlayedGame) -> None:
    def edit(records: list[Line]) -> None:
        dropped = middle_event(records, ".score_changed")
        edit.seq = dropped["seq"]  # type: ignore[attr-defined]
        records.remove(dropped)
        for offset, record in enumerate(events(records), start=1):
            record["seq"] = offset

    verdict = failed(forged(played.export, edit, recompute_chain=True))
    seq = edit.seq  # type: ignore[attr-defined]
    assert len(verdict.problems) == 1, problems_text(verdict)
    assert f"(event seq {seq}): " in str(verdict.problems[0])


def test_a_truncated_export_is_refused(played: PlayedGame) -> None:
    text = problems_text(failed(played.export[: len(played.export) // 2]))
    assert "no record reveals the seed" in text
    assert "header: version is" in text


def test_two_swapped_events_are_found(played: PlayedGame) -> None:
    def edit(records: list[Line]) -> None:
        first = records.index(events(records)[60])
        records[first], records[first + 1] = records[first + 1], records[first]

    text = problems_text(failed(forged(played.export, edit, recompute_chain=False)))
    assert "(event seq 62): seq is 62, expected 61" in text
    assert "(event seq 61): seq is 61, expected 62" in text


def test_swapped_events_with_a_recomputed_chain_do_not_follow_from_the_rules(played: PlayedGame) -> None:
    def edit(records: list[Line]) -> None:
        placed = middle_event(records, ".ship_placed")
        first = records.index(placed)
        records[first], records[first + 1] = records[first + 1], records[first]
        for offset, record in enumerate(events(records), start=1):
            record["seq"] = offset

    verdict = failed(forged(played.export, edit, recompute_chain=True))
    assert len(verdict.problems) == 1, problems_text(verdict)


def test_a_forged_seed_does_not_match_its_commitment(played: PlayedGame) -> None:
    other = bytes(32).hex()

    def edit(records: list[Line]) -> None:
        events(records)[-1]["data"]["seed"] = other
        records[0]["seed"] = other

    text = problems_text(failed(forged(played.export, edit, recompute_chain=True)))
    assert "sha256 of the revealed seed is not the commitment" in text


def test_a_forged_seed_with_a_forged_commitment_does_not_deal_the_recorded_setup(played: PlayedGame) -> None:
    other = bytes(32)

    def edit(records: list[Line]) -> None:
        events(records)[-1]["data"]["seed"] = other.hex()
        events(records)[0]["data"]["seed_commitment"] = hashlib.sha256(other).hexdigest()
        records[0]["seed"] = other.hex()
        records[0]["seed_commitment"] = hashlib.sha256(other).hexdigest()

    verdict = failed(forged(played.export, edit, recompute_chain=True))
    assert len(verdict.problems) == 1, problems_text(verdict)
    assert "(event seq 1): egizia.game_set_up does not follow from the rules" in str(verdict.problems[0])


def test_a_forged_score_is_caught_by_replay_even_with_a_recomputed_chain(played: PlayedGame) -> None:
    def edit(records: list[Line]) -> None:
        scored = [record for record in events(records) if record["type"].endswith(".score_changed")][-1]
        scored["data"]["delta"] += 10
        seat = scored["data"]["seat"]
        records[0]["result"]["scores"][seat] += 10
        edit.seq = scored["seq"]  # type: ignore[attr-defined]

    verdict = failed(forged(played.export, edit, recompute_chain=True))
    seq = edit.seq  # type: ignore[attr-defined]
    assert len(verdict.problems) == 1, problems_text(verdict)
    assert f"(event seq {seq}): egizia.score_changed does not follow from the rules: delta" in str(
        verdict.problems[0]
    )


def test_a_declared_result_that_the_moves_do_not_give_is_refused(played: PlayedGame) -> None:
    def edit(records: list[Line]) -> None:
        records[0]["result"]["scores"][0] += 1

    text = problems_text(failed(forged(played.export, edit, recompute_chain=True)))
    assert text.startswith("header: declares the result")


def test_an_export_written_before_results_had_places_still_verifies(played: PlayedGame) -> None:
    """Its header declares only the ranking and the scores: they are checked, nothing else is asked of it."""

    def old_shape(records: list[Line]) -> None:
        records[0]["result"] = {key: records[0]["result"][key] for key in ("ranking", "scores")}

    verdict = verify_export(forged(played.export, old_shape, recompute_chain=False))
    assert verdict.ok, problems_text(verdict)

    def old_and_forged(records: list[Line]) -> None:
        old_shape(records)
        records[0]["result"]["ranking"].reverse()

    text = problems_text(failed(forged(played.export, old_and_forged, recompute_chain=False)))
    assert text.startswith("header: declares the result")


def test_declared_places_that_the_moves_do_not_give_are_refused(played: PlayedGame) -> None:
    def edit(records: list[Line]) -> None:
        records[0]["result"]["places"] = [1] * len(records[0]["result"]["places"])

    text = problems_text(failed(forged(played.export, edit, recompute_chain=True)))
    assert text.startswith("header: declares the result")


def test_a_refusal_with_a_forged_reason_is_found(played: PlayedGame) -> None:
    def edit(records: list[Line]) -> None:
        refused = next(
            r
            for r in records
            if r["kind"] == "command"
            and r["command_id"].startswith("wrong-turn")
            and r["outcome"]["status"] == "rejected"
        )
        refused["outcome"]["violation"]["code"] = "invented.reason"
        edit.command_id = refused["command_id"]  # type: ignore[attr-defined]

    text = problems_text(failed(forged(played.export, edit, recompute_chain=True)))
    assert f"(command {edit.command_id!r})" in text and "invented.reason" in text  # type: ignore[attr-defined]


def test_the_command_prints_ok_or_the_broken_record_and_exits_non_zero(
    played: PlayedGame, tmp_path: Path, capsys: object
) -> None:
    good = tmp_path / "game.jsonl"
    good.write_text("\n".join(played.export) + "\n", encoding="utf-8")
    assert main(["verify", str(good)]) == 0
    records = [json.loads(line) for line in played.export]
    events(records)[10]["data"]["seat"] = 9
    bad = tmp_path / "forged.jsonl"
    bad.write_text("\n".join(json.dumps(r) for r in records), encoding="utf-8")
    assert main(["verify", str(bad)]) == 1
    assert main(["verify", str(tmp_path / "missing.jsonl")]) == 2
