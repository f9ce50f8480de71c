"""Forge puzzles read as Forge's ``GameState`` reads them: what it skips, ignores, finds and runs.

Each key and modifier where Forge is lenient (a card name it does not know, ``|Transformed`` on a one-faced card,
an empty field of the old token syntax) or does something (a card found by its back face, a token effect's
parameters in any order, a predefined token's ability, attackers declared as the game moves on) on a puzzle
written the way Forge's are, with a count worked out by hand.
"""

from __future__ import annotations

import pytest

from models.errors import StateError, UnsupportedRuleError
from models.io.forge_pzl import AI, HUMAN, puzzle_from_text
from models.mana import ManaCost
from models.objects import Phase
from legalcasts.cli.main import main
from solver.legal import count_legal_casts

TYPOS = """[metadata]
Name:Typos
[state]
humanhand=Glacal Ray;Reach Through Mists
humanbattlefield=Mountian;Island
aibattlefield=Glacal Ray;Zzyzx Qwerty
"""


def test_unknown_card_names_are_left_out_with_a_warning() -> None:
    """Forge leaves out a card its data does not have and loads the rest: one warning per card left out.

    Left: Reach Through Mists ({U}, draw a card) in hand, an Island: 1 cast (CR 601.2). The ids keep the
    places written (the Mists is the hand's second card).
    """
    puzzle = puzzle_from_text(TYPOS, source="p.pzl")
    assert [o.id for o in puzzle.state.objects] == ["human-hand-2", "human-battlefield-2"]
    assert puzzle.warnings == (
        "p.pzl:4: humanhand: unknown card 'Glacal Ray' left out, as Forge leaves it out (did you mean 'Glacial Ray'?)",
        "p.pzl:5: humanbattlefield: unknown card 'Mountian' left out, as Forge leaves it out "
        "(did you mean 'Mountain'?)",
        "p.pzl:6: aibattlefield: unknown card 'Glacal Ray' left out, as Forge leaves it out "
        "(did you mean 'Glacial Ray'?)",
        "p.pzl:6: aibattlefield: unknown card 'Zzyzx Qwerty' left out, as Forge leaves it out",
    )
    assert count_legal_casts(puzzle.state, player=HUMAN) == 1


def test_cli_warns_once_a_line_and_counts_the_rest(capsys, tmp_path) -> None:
    """The command prints each warning on stderr, one line each, and the count of what is left (exit 0)."""
    path = tmp_path / "typos.pzl"
    path.write_text(TYPOS, encoding="utf-8")
    code = main(["count", str(path)])
    out, err = capsys.readouterr()
    assert (code, out) == (0, "1\n")  # Reach Through Mists with the Island, as above
    lines = err.splitlines()
    assert len(lines) == 4 and all(line.startswith(f"legalcasts: warning: {path}:") for line in lines)
    assert lines[1] == (
        f"legalcasts: warning: {path}:5: humanbattlefield: unknown card 'Mountian' left out, as Forge leaves it "
        "out (did you mean 'Mountain'?)"
    )


def test_a_card_named_by_its_back_face_is_found_and_turned() -> None:
    """CR 712.2, 712.8d-e: Forge finds a double-faced card by its back face's name; ``|Transformed`` turns it.

    Insectile Aberration is a 3/2 flier, its mana value Delver of Secrets' {U} (CR 712.8e). Plummet {1}{G},
    target creature with flying, two Forests: 1. Without ``|Transformed`` Forge puts Delver of Secrets front
    face up, a 1/1 with no flying: no target, 0, and a note says so.
    """
    text = "[state]\nhumanhand=Plummet\nhumanbattlefield=Forest;Forest\naibattlefield=Insectile Aberration{}\n"
    puzzle = puzzle_from_text(text.format("|Transformed"))
    aberration = puzzle.state.object("ai-battlefield-1")
    assert (aberration.name, aberration.card.power, aberration.card.mana_cost) == (
        "Insectile Aberration",
        "3",
        ManaCost.parse("{U}"),
    )
    assert count_legal_casts(puzzle.state, "human-hand-1") == 1
    front = puzzle_from_text(text.format(""))
    assert front.state.object("ai-battlefield-1").name == "Delver of Secrets"
    assert count_legal_casts(front.state, "human-hand-1") == 0
    assert front.notes == (
        "aibattlefield: 'Insectile Aberration' names the back face of Delver of Secrets: Forge puts the card there "
        "with its front face up (write |Transformed, or |Modal, for the back face)",
    )


def test_transformed_on_a_one_faced_card_is_ignored() -> None:
    """Forge's ``|Transformed`` does nothing on a card with no back face: noted, and the Mountain taps for {R}.

    Shock {R}, any target: human or ai = 2 (CR 115.4).
    """
    puzzle = puzzle_from_text("[state]\nhumanhand=Shock\nhumanbattlefield=Mountain|Transformed\n")
    assert puzzle.state.object("human-battlefield-1").name == "Mountain"
    assert puzzle.notes == (
        "humanbattlefield: 'Mountain|Transformed': Mountain has no transformed face (one face), so Forge's "
        "Transformed does nothing; ignored",
    )
    assert count_legal_casts(puzzle.state, "human-hand-1") == 2


def test_an_empty_field_of_the_old_token_syntax_is_skipped() -> None:
    """Forge skips an empty field (``t:Saproling,,P:1``): a green 1/1 Saproling token.

    Shock {R}, any target: human, ai and the Saproling = 3.
    """
    puzzle = puzzle_from_text(
        "[state]\nhumanhand=Shock\nhumanbattlefield=Mountain\n"
        "aibattlefield=t:Saproling,,P:1,T:1,Cost:no cost,Color:G,,Types:Creature-Saproling\n"
    )
    saproling = puzzle.state.object("ai-battlefield-1")
    assert (saproling.name, saproling.token, saproling.card.power, saproling.card.type_line) == (
        "Saproling Token",
        True,
        "1",
        "Creature — Saproling",
    )
    assert count_legal_casts(puzzle.state, "human-hand-1") == 3


def test_precast_token_effect_takes_its_parameters_in_any_order() -> None:
    """A precast ``DB$ Token`` with ``TokenAmount$`` before ``TokenScript$``: two Treasures (CR 111.10a).

    Glacial Ray {1}{R}, no land: each Treasure adds one mana of any colour, two in all: any target, human or
    ai = 2. ``TokenTapped$ True`` makes them tapped: no mana, 0. ``TokenOwner$ Opponent``: the AI's.
    """
    text = (
        "[state]\nhumanhand=Glacial Ray\n"
        "humanprecast=Treasure Trove:CustomScript:DB$ Token | TokenAmount$ 2 | TokenScript$ c_a_treasure_sac{}\n"
    )
    puzzle = puzzle_from_text(text.format(""))
    assert [(o.id, o.name, o.controller, o.tapped) for o in puzzle.state.objects if o.token] == [
        ("human-precast-1", "Treasure Token", HUMAN, False),
        ("human-precast-2", "Treasure Token", HUMAN, False),
    ]
    assert count_legal_casts(puzzle.state, "human-hand-1") == 2
    tapped = puzzle_from_text(text.format(" | TokenTapped$ True")).state
    assert count_legal_casts(tapped, "human-hand-1") == 0
    theirs = puzzle_from_text(text.format(" | TokenOwner$ Opponent")).state
    assert [o.controller for o in theirs.objects if o.token] == [AI, AI]
    with pytest.raises(UnsupportedRuleError, match=r"aiprecast: Forge resolves this"):  # a parameter not read
        puzzle_from_text(
            "[state]\naiprecast=X:CustomScript:DB$ Token | TokenScript$ w_1_1_soldier | PumpKeywords$ Haste\n"
        )


def test_powerstone_tokens_make_mana_for_artifact_spells_only() -> None:
    """CR 111.10h, 106.6: a Powerstone token's mana can't be spent to cast a nonartifact spell.

    A Mountain and two Powerstones. Mind Stone {2}, an artifact: the Powerstones pay, 1. Glacial Ray {1}{R}, not
    an artifact: the Mountain pays {R} and nothing may pay {1}, 0. Total 1.
    """
    puzzle = puzzle_from_text(
        "[state]\nhumanhand=Mind Stone;Glacial Ray\nhumanbattlefield=Mountain;t:c_a_powerstone;t:c_a_powerstone\n"
    )
    powerstone = puzzle.state.object("human-battlefield-2")
    assert (powerstone.name, powerstone.card.oracle_text) == (
        "Powerstone Token",
        "{T}: Add {C}. This mana can't be spent to cast a nonartifact spell.",
    )
    assert count_legal_casts(puzzle.state, "human-hand-1") == 1
    assert count_legal_casts(puzzle.state, "human-hand-2") == 0
    assert count_legal_casts(puzzle.state, player=HUMAN) == 1


KILL_SHOT = (
    "[state]\nactiveplayer=ai\nactivephase={phase}\n{advance}"
    "humanhand=Kill Shot\nhumanbattlefield=Plains;Plains;Plains\naibattlefield={ai}\n"
)
"""Kill Shot {2}{W}, instant: "Destroy target attacking creature." Three Plains: one cast per attacking creature."""


def test_attackers_written_in_the_declare_blockers_step() -> None:
    """CR 506.3, 508.1: a puzzle starting in the declare blockers step has the attackers ``|Attacking`` marks.

    The Bears attack (tapped, as written), the Knight does not: Kill Shot 1. The AI attacked this turn.
    """
    state = puzzle_from_text(
        KILL_SHOT.format(phase="COMBAT_DECLARE_BLOCKERS", advance="", ai="Grizzly Bears|Attacking|Tapped;Silver Knight")
    ).state
    assert [(o.name, o.attacking, o.tapped) for o in state.battlefield() if o.controller == AI] == [
        ("Grizzly Bears", True, True),
        ("Silver Knight", False, False),
    ]
    assert state.this_turn.attacked == (AI,)
    assert count_legal_casts(state, "human-hand-1") == 1


def test_attackers_declared_as_the_game_moves_on() -> None:
    """CR 508.1a, 508.1f: moving on through declare attackers, the marked creatures attack; all but vigilance tap.

    The Bears and Serra Angel (flying, vigilance) attack, the Knight does not: Kill Shot 2. Once combat is over
    (the postcombat main phase) no creature is attacking (CR 506.4): a puzzle moving on there is refused when
    creatures attack, since the combat damage step between is not modelled (CR 510).
    """
    text = KILL_SHOT.format(
        phase="MAIN1",
        advance="activephaseadvance=COMBAT_DECLARE_BLOCKERS\n",
        ai="Grizzly Bears|Attacking;Serra Angel|Attacking;Silver Knight",
    )
    state = puzzle_from_text(text).state
    assert state.phase is Phase.COMBAT
    assert [(o.name, o.attacking, o.tapped) for o in state.battlefield() if o.controller == AI] == [
        ("Grizzly Bears", True, True),
        ("Serra Angel", True, False),
        ("Silver Knight", False, False),
    ]
    assert count_legal_casts(state, "human-hand-1") == 2
    with pytest.raises(UnsupportedRuleError, match=r"passes the combat damage step with creatures attacking"):
        puzzle_from_text(text.replace("COMBAT_DECLARE_BLOCKERS", "MAIN2"))


def test_unmarked_attackers_are_not_guessed() -> None:
    """CR 508.1a: moving on through the declare attackers step with nothing marked, who attacks is unknown.

    Forge lets the AI choose; the puzzle does not say: refused, naming the step and the creatures that could
    attack. With no creature able to attack (the Bears summoning sick, CR 302.6) nobody attacks: Kill Shot 0.
    """
    advance = "activephaseadvance=COMBAT_DECLARE_BLOCKERS\n"
    with pytest.raises(UnsupportedRuleError) as caught:
        puzzle_from_text(KILL_SHOT.format(phase="MAIN1", advance=advance, ai="Grizzly Bears;Swamp"), source="p.pzl")
    assert str(caught.value) == (
        "activephaseadvance: unsupported rules text (p.pzl:4: the game passes the declare attackers step, and "
        "which creatures ai attacks with is not in the puzzle (it could attack with Grizzly Bears): mark the "
        "attackers |Attacking): 'COMBAT_DECLARE_BLOCKERS'"
    )
    state = puzzle_from_text(KILL_SHOT.format(phase="MAIN1", advance=advance, ai="Grizzly Bears|SummonSick")).state
    assert not any(o.attacking for o in state.objects) and state.this_turn.attacked == ()
    assert count_legal_casts(state, "human-hand-1") == 0


def test_attacking_outside_combat_is_ignored_as_forge_ignores_it() -> None:
    """Forge sets up combat from ``|Attacking`` only in the declare attackers and blockers steps.

    In the AI's precombat main phase the Bears are not attacking: Kill Shot 0, and a note says so.
    """
    puzzle = puzzle_from_text(KILL_SHOT.format(phase="MAIN1", advance="", ai="Grizzly Bears|Attacking"))
    assert not puzzle.state.object("ai-battlefield-1").attacking
    assert count_legal_casts(puzzle.state, "human-hand-1") == 0
    assert puzzle.notes == (
        "Attacking is read when the puzzle starts in COMBAT_DECLARE_ATTACKERS or COMBAT_DECLARE_BLOCKERS, or "
        "moves on through declaring attackers; not in MAIN1: ignored, as Forge ignores it",
    )


def test_an_attack_trigger_is_not_guessed() -> None:
    """CR 508.1m, 603.2: attackers declared as the game moves on trigger "whenever ... attacks": unsupported.

    Nivix Cyclops' "Whenever you cast an instant or sorcery spell, ... can attack this turn" is no attack trigger:
    the Bears attack, Kill Shot 1.
    """
    advance = "activephaseadvance=COMBAT_DECLARE_BLOCKERS\n"
    with pytest.raises(UnsupportedRuleError, match=r"^Goblin Guide: .*p.pzl:4: creatures attack as the puzzle starts"):
        puzzle_from_text(KILL_SHOT.format(phase="MAIN1", advance=advance, ai="Goblin Guide|Attacking"), source="p.pzl")
    state = puzzle_from_text(
        KILL_SHOT.format(phase="MAIN1", advance=advance, ai="Grizzly Bears|Attacking;Nivix Cyclops")
    ).state
    assert count_legal_casts(state, "human-hand-1") == 1


def test_execute_script_is_refused_naming_it() -> None:
    """Forge runs a card's ``ExecuteScript`` SVar as the puzzle starts: what it does is not in the card's text.

    Thief of Sanity's ``DBEffect`` lets its controller cast the cards it exiled, spending mana as though of any
    type: refused, naming the card and the script, never read as nothing.
    """
    with pytest.raises(UnsupportedRuleError) as caught:
        puzzle_from_text(
            "[state]\nhumanbattlefield=Thief of Sanity|Id:1|ExecuteScript:DBEffect\n"
            "aiexile=Titanic Growth|Id:2|ExiledWith:1\n",
            source="p.pzl",
        )
    assert str(caught.value).startswith(
        "Thief of Sanity: unsupported rules text (p.pzl:2: humanbattlefield: Forge runs this script of the card"
    )
    assert "'ExecuteScript:DBEffect'" in str(caught.value)


def test_a_card_the_data_refuses_is_still_an_error() -> None:
    """A name the card data has but refuses (a face whose text it lacks) is not left out: an error at its line."""
    with pytest.raises(StateError, match=r"^line 2: humanhand: 'Fungus Frolic' is a face of"):
        puzzle_from_text("[state]\nhumanhand=Glacial Ray;Fungus Frolic\n")


def test_a_foretold_card_as_forge_writes_it() -> None:
    """CR 702.143a: Forge writes a foretold card ``|FaceDown|Foretold``, and ``|ForetoldThisTurn`` too on its turn.

    Saw It Coming foretold (its foretell cost {1}{U}, an Island and a Mountain) counters target spell, the Lava
    Spike on the stack: 1. Foretold this turn it can't be cast from exile until a later turn: 0.
    """
    text = (
        "[state]\nhumanexile=Saw It Coming|FaceDown|Foretold{}\nhumanbattlefield=Mountain;Island\n"
        "aiputonstack=Lava Spike->human\n"
    )
    state = puzzle_from_text(text.format("")).state
    assert state.object("human-exile-1").foretold and state.object("human-exile-1").name == "Saw It Coming"
    assert count_legal_casts(state, "human-exile-1") == 1
    assert count_legal_casts(puzzle_from_text(text.format("|ForetoldThisTurn")).state, "human-exile-1") == 0


def test_batch_records_the_warnings(tmp_path) -> None:
    """``batch``: a puzzle's cards left out are named in the record's ``warnings``; the rest counted (1, above)."""
    from legalcasts.batch import BatchOptions, solve_state_file

    path = tmp_path / "typos.pzl"
    path.write_text(TYPOS, encoding="utf-8")
    record = solve_state_file(str(path), BatchOptions())
    assert (record["count"], len(record["warnings"])) == (1, 4)
    assert record["warnings"][0] == (
        f"{path}:4: humanhand: unknown card 'Glacal Ray' left out, as Forge leaves it out (did you mean 'Glacial Ray'?)"
    )


def test_only_the_active_players_creatures_attack() -> None:
    """CR 508.1a: the active player declares attackers; a mark on another player's creature is noted and ignored.

    The AI is active: its Bears attack, the human's Silver Knight does not. Kill Shot, the human's: the Bears, 1.
    """
    puzzle = puzzle_from_text(
        KILL_SHOT.format(phase="COMBAT_DECLARE_BLOCKERS", advance="", ai="Grizzly Bears|Attacking|Tapped").replace(
            "Plains;Plains;Plains", "Plains;Plains;Plains;Silver Knight|Attacking"
        )
    )
    assert [(o.name, o.attacking) for o in puzzle.state.battlefield() if o.card.power is not None] == [
        ("Silver Knight", False),
        ("Grizzly Bears", True),
    ]
    assert puzzle.notes == (
        "humanbattlefield: 'Silver Knight|Attacking': only the active player's creatures attack (CR 508.1a), and ai "
        "is active: Attacking ignored",
    )
    assert count_legal_casts(puzzle.state, "human-hand-1") == 1
