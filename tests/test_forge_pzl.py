"""Forge puzzle files (``.pzl``) read as game states: zones, modifiers, tokens, errors, the CLI.

The fixture ``tests/fixtures/forge/ps_kamigawa_splice.pzl`` is a Possibility
Storm style puzzle in Forge's format. Human: Reach Through Mists, Glacial
Ray, Kodama's Might and an Island in hand; Island, 2 Mountains, a tapped
Forest, a summoning-sick Llanowar Elves, Grizzly Bears (Id 11, two +1/+1
counters) wearing No-Dachi (Id 10). AI: Silver Knight (Id 20, protection
from red) enchanted with Holy Strength, a tapped Kodama of the North Tree
(shroud), a Soldier token (Id 21), a Treasure token, two tapped Swamps.
"""

from __future__ import annotations

import json

import pytest

from models.errors import StateError, UnsupportedRuleError
from models.io.forge_pzl import AI, HUMAN, PHASES, load_puzzle, puzzle_from_text, token_card
from models.io.states import load_state
from models.mana import Color
from models.objects import CardType, Phase, Zone
from legalcasts.cli.main import main
from solver.legal import count_legal_casts, legal_casts
from tests.conftest import ROOT

FIXTURE = ROOT / "tests" / "fixtures" / "forge" / "ps_kamigawa_splice.pzl"
EXAMPLE = ROOT / "examples" / "forge-cryptic-counter.pzl"


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def names(state, player, zone):
    return [o.name for o in state.objects if o.zone is zone and o.controller == player]


def test_fixture_zones_life_and_turn() -> None:
    """CR 400.1, 119, 500.1: every zone line becomes objects of that player; life, turn and phase are kept."""
    puzzle = load_puzzle(FIXTURE)
    state = puzzle.state
    assert (puzzle.name, puzzle.goal, puzzle.turns, puzzle.difficulty, puzzle.turn) == (
        "Possibility Storm - Kamigawa Splice #1",
        "Win",
        1,
        "Uncommon",
        5,
    )
    # The line with no key continues the Description.
    assert puzzle.description == (
        "Win this turn. Your opponent is at 7 life.\nLlanowar Elves entered the battlefield this turn."
    )
    assert state.players == (HUMAN, AI) and (state.active_player, state.priority) == (HUMAN, HUMAN)
    assert state.phase is Phase.PRECOMBAT_MAIN and state.stack == ()
    assert (state.life_of(HUMAN), state.life_of(AI)) == (12, 7)
    assert names(state, HUMAN, Zone.HAND) == ["Reach Through Mists", "Glacial Ray", "Kodama's Might", "Island"]
    assert names(state, HUMAN, Zone.LIBRARY) == ["Mountain", "Lava Spike"]
    assert names(state, HUMAN, Zone.GRAVEYARD) == ["Grizzly Bears"]
    assert names(state, AI, Zone.GRAVEYARD) == ["Lava Spike"]
    assert names(state, HUMAN, Zone.EXILE) == names(state, AI, Zone.HAND) == []
    assert names(state, HUMAN, Zone.BATTLEFIELD) == [
        "Island",
        "Mountain",
        "Mountain",
        "Forest",
        "Llanowar Elves",
        "No-Dachi",
        "Grizzly Bears",
    ]
    assert names(state, AI, Zone.BATTLEFIELD) == [
        "Silver Knight",
        "Holy Strength",
        "Kodama of the North Tree",
        "Soldier Token",
        "Treasure Token",
        "Swamp",
        "Swamp",
    ]
    assert len(state.objects) == 4 + 2 + 1 + 7 + 1 + 7  # hand, library, graveyards, battlefields


def test_fixture_ids_status_counters_attachments() -> None:
    """CR 110.5, 122.1, 301.5, 302.6: Id, Tapped, Counters, AttachedTo and SummonSick are read."""
    state = load_puzzle(FIXTURE).state
    # Objects without an Id are numbered from 1 within their zone line.
    assert [o.id for o in state.hand(HUMAN)] == ["human-hand-1", "human-hand-2", "human-hand-3", "human-hand-4"]
    tapped = {o.id for o in state.objects if o.tapped}
    assert tapped == {"human-battlefield-4", "ai-battlefield-3", "ai-battlefield-6", "ai-battlefield-7"}
    assert state.object("human-battlefield-4").name == "Forest"
    assert state.object("11").counters == (("+1/+1", 2),)
    assert all(o.counters == () for o in state.objects if o.id != "11")
    assert state.object("10").name == "No-Dachi" and state.object("10").attached_to == "11"
    assert state.object("ai-battlefield-2").name == "Holy Strength"
    assert state.object("ai-battlefield-2").attached_to == "20"
    assert {o.id for o in state.objects if o.attached_to} == {"10", "ai-battlefield-2"}
    assert [o.id for o in state.objects if o.summoning_sick] == ["human-battlefield-5"]  # Llanowar Elves
    assert state.object("20").owner == state.object("20").controller == AI


def test_fixture_tokens() -> None:
    """CR 111.4: Forge token scripts become tokens named after their subtypes, with colour, types and P/T."""
    state = load_puzzle(FIXTURE).state
    soldier, treasure = state.object("21"), state.object("ai-battlefield-5")
    assert [o.id for o in state.objects if o.token] == ["21", "ai-battlefield-5"]
    assert (soldier.card.colors, soldier.card.types, soldier.card.subtypes) == (
        frozenset({Color.WHITE}),
        (CardType.CREATURE,),
        ("Soldier",),
    )
    assert (soldier.card.power, soldier.card.toughness, soldier.card.mana_cost) == ("1", "1", None)
    assert (treasure.name, treasure.card.type_line, treasure.card.colors) == (
        "Treasure Token",
        "Artifact — Treasure",
        frozenset(),
    )
    assert treasure.card.oracle_text == "{T}, Sacrifice this artifact: Add one mana of any color."


def test_fixture_count_worked_out_by_hand(capsys) -> None:
    """CR 302.6, 601.2, 702.16b, 702.18a, 702.47c: the legal casts of the puzzle.

    Mana: Island {U}, two Mountains {R}{R}; the Forest is tapped and the
    Elves are summoning sick, so there is no {G}: Kodama's Might can't be
    cast or spliced (0). Candidates for "any target": human, ai, Elves,
    Bears (11), Soldier (21), Silver Knight (20), never Kodama (shroud).
    - Reach Through Mists {U}: alone 1; with Glacial Ray spliced
      ({1}{U}{R}, three mana, all used) the spell is blue, so the Knight's
      protection from red doesn't stop the Ray text: 6 targets. 1 + 6 = 7.
    - Glacial Ray {1}{R}: red, so not the Knight: 5 targets. Nothing to
      splice (Kodama's Might needs {G}). 5.
    - The Island in hand is played, not cast: 0.
    Total 7 + 5 + 0 + 0 = 12.
    """
    state = load_state(FIXTURE)
    assert [count_legal_casts(state, o.id) for o in state.hand(HUMAN)] == [7, 5, 0, 0]
    code, out, err = run(capsys, "count", str(FIXTURE))
    assert (code, out.strip(), err) == (0, "12", "")
    ray_targets = {t for cast in legal_casts(state, "human-hand-2") for choice in cast.targets for t in choice.targets}
    assert ray_targets == {"human", "ai", "human-battlefield-5", "11", "21"}


def test_summoning_sickness_is_what_stops_the_green() -> None:
    """CR 302.6: without SummonSick the Elves make {G} and Kodama's Might can be cast.

    Kodama's Might {G}, target creature: Elves, Bears, Knight (protection
    from red only), Soldier; not Kodama (shroud): 4. With Glacial Ray
    spliced ({G}{1}{R}, 3 of the 4 mana) the spell is green, so the Ray
    text may target the Knight: human, ai, Elves, Bears, Knight, Soldier
    = 6, times the 4 Might targets = 24. Total 4 + 24 = 28.
    """
    text = FIXTURE.read_text(encoding="utf-8").replace("Llanowar Elves|SummonSick", "Llanowar Elves")
    assert count_legal_casts(puzzle_from_text(text).state, "human-hand-3") == 28
    removed = FIXTURE.read_text(encoding="utf-8").replace("[state]", "[state]\nremovesummoningsickness=true")
    assert not any(o.summoning_sick for o in puzzle_from_text(removed).state.objects)


def test_cli_commands_take_a_puzzle(capsys, tmp_path) -> None:
    """CR 601.2: casts, check and explain work on a .pzl file with its ids."""
    code, out, _ = run(capsys, "casts", str(FIXTURE), "--object", "human-hand-2", "--format", "jsonl")
    lines = [json.loads(line) for line in out.splitlines()]
    assert code == 0 and len(lines) == 5  # Glacial Ray: human, ai, Elves, Bears, Soldier
    cast = next(line for line in lines if line["targets"][0]["targets"] == ["21"])
    path = tmp_path / "cast.json"
    path.write_text(json.dumps(cast))
    assert run(capsys, "check", str(FIXTURE), str(path))[:2] == (0, "legal\n")
    cast["targets"][0]["targets"] = ["20"]  # Silver Knight: protection from red
    path.write_text(json.dumps(cast))
    code, out, _ = run(capsys, "check", str(FIXTURE), str(path))
    assert code == 1 and "CR 702.16b" in out
    code, out, _ = run(capsys, "explain", str(FIXTURE), "--card", "Kodama's Might")
    assert code == 0 and "its cost {G} alone can't be paid" in out


def test_example_cryptic_on_the_ai_turn(capsys) -> None:
    """CR 117.1a, 115.2, 700.2: the human answers a spell on the AI's turn; aiputonstack puts it on the stack.

    Cryptic Command {1}{U}{U}{U} (three Islands and a Mountain), choose two
    of: counter target spell (Lava Spike, Id 9: 1), return target permanent
    (4 human lands + Bears, Zombie token, Swamp; not Kodama, shroud: 7), tap
    (no target), draw (no target). Pairs: counter+bounce 7, counter+tap 1,
    counter+draw 1, bounce+tap 7, bounce+draw 7, tap+draw 1 = 24.
    Glacial Ray (an instant) {1}{R}: human, ai, Bears, Zombie = 4.
    Total 28.
    """
    state = load_state(EXAMPLE)
    assert (state.active_player, state.priority, state.stack) == (AI, HUMAN, ("9",))
    assert state.object("9").zone is Zone.STACK and state.object("9").controller == AI
    assert run(capsys, "count", str(EXAMPLE))[:2] == (0, "28\n")
    assert run(capsys, "count", str(EXAMPLE), "--card", "Cryptic Command")[:2] == (0, "24\n")


@pytest.mark.parametrize(
    ("script", "name", "type_line", "colors", "power", "text"),
    [
        ("w_1_1_soldier", "Soldier Token", "Creature — Soldier", {Color.WHITE}, "1", ""),
        ("r_1_1_goblin_haste", "Goblin Token", "Creature — Goblin", {Color.RED}, "1", "Haste"),
        ("g_3_3_beast", "Beast Token", "Creature — Beast", {Color.GREEN}, "3", ""),
        (
            "c_a_treasure_sac",
            "Treasure Token",
            "Artifact — Treasure",
            set(),
            None,
            "{T}, Sacrifice this artifact: Add one mana of any color.",
        ),
        ("c_1_1_a_thopter_flying", "Thopter Token", "Artifact Creature — Thopter", set(), "1", "Flying"),
        (
            "wu_1_1_spirit_flying_first_strike",
            "Spirit Token",
            "Creature — Spirit",
            {Color.WHITE, Color.BLUE},
            "1",
            "Flying, first strike",
        ),
        (
            "c_1_1_eldrazi_scion_sac",
            "Eldrazi Scion Token",
            "Creature — Eldrazi Scion",
            set(),
            "1",
            "Sacrifice this creature: Add {C}.",
        ),
    ],
)
def test_token_scripts(script, name, type_line, colors, power, text) -> None:
    """CR 111.4, 205.3: a token script name gives the token's name, colours, types, power and text."""
    card = token_card(script)
    assert (card.name, card.type_line, card.colors, card.power, card.oracle_text) == (
        name,
        type_line,
        frozenset(colors),
        power,
        text,
    )


@pytest.mark.parametrize(
    ("script", "fragment"),
    [
        ("ragavan", "'ragavan' is not colour letters"),
        ("w_1_1_soldier_banding", "'banding' is neither a creature type nor a keyword"),
        ("c_a_treasure_draw", "the ability word 'draw' of a Treasure token is not known"),
        ("w_flying", "no power and toughness and no type"),
    ],
)
def test_token_script_that_cannot_be_read(script, fragment) -> None:
    """CR 111.4: a token script name that can't be read is one error naming it."""
    with pytest.raises(StateError, match="can't read token script name") as caught:
        token_card(script, path="p.pzl:2: aibattlefield")
    assert fragment in str(caught.value) and str(caught.value).startswith(
        f"p.pzl:2: aibattlefield: can't read token script name 't:{script}'"
    )


def test_second_faces_face_down_and_owner() -> None:
    """CR 712, 710, 708.2a, 108.3: Transformed and Flipped give the second face; FaceDown a 2/2; Owner.

    A face-down permanent is read as a state file's ``face_down`` object is: a colourless 2/2 creature with no
    text, subtypes or mana cost, its name kept only to name it in messages (no rule reads it, CR 708.2a).
    """
    state = puzzle_from_text(
        "[state]\nhumanbattlefield=Delver of Secrets|Transformed;Bushi Tenderfoot|Flipped;"
        "Grizzly Bears|FaceDown;Silver Knight|Owner:AI\nhumanexile=Glacial Ray|FaceDown|Owner:ai"
    ).state
    delver, bushi, face_down, knight, exiled = state.objects
    assert (delver.name, bushi.name) == ("Insectile Aberration", "Kenzo the Hardhearted")
    assert (
        face_down.name,
        face_down.card.types,
        face_down.card.power,
        face_down.card.colors,
        face_down.card.mana_cost,
    ) == ("Grizzly Bears", (CardType.CREATURE,), "2", frozenset(), None)
    assert (face_down.card.oracle_text, face_down.card.subtypes) == ("", ())
    assert (knight.owner, knight.controller) == (AI, HUMAN)
    assert (exiled.owner, exiled.card.types) == (AI, ())


def test_phased_out_permanents_are_left_out() -> None:
    """CR 702.26b, g: a phased-out permanent, and the Aura attached to it, are treated as though they don't exist."""
    state = puzzle_from_text(
        "[state]\naibattlefield=Grizzly Bears|Id:1|PhasedOut;Holy Strength|AttachedTo:1;Silver Knight"
    ).state
    assert [o.name for o in state.objects] == ["Silver Knight"]
    assert state.objects[0].id == "ai-battlefield-3"


def test_mana_pool_and_phases() -> None:
    """CR 106.4, 500.1: Forge's mana pool text and phase names."""
    state = puzzle_from_text("[state]\nhumanmanapool=R R G\naimanapool=UU C\nactivephase=MAIN2").state
    assert str(state.pool_of(HUMAN)) == "{R}{R}{G}" and str(state.pool_of(AI)) == "{U}{U}{C}"
    assert state.phase is Phase.POSTCOMBAT_MAIN
    # The pool pays: Kodama's Might {G} from the pool, on a creature of the AI's.
    state = puzzle_from_text("[state]\nhumanhand=Kodama's Might\nhumanmanapool=G\naibattlefield=Grizzly Bears").state
    assert count_legal_casts(state, "human-hand-1") == 1  # target: the Bears, the only creature


@pytest.mark.parametrize(
    ("forge", "phase"),
    [
        ("UNTAP", Phase.UNTAP),
        ("upkeep", Phase.UPKEEP),
        ("DRAW", Phase.DRAW),
        ("MAIN1", Phase.PRECOMBAT_MAIN),
        ("COMBAT_DECLARE_ATTACKERS", Phase.COMBAT),
        ("COMBAT_DAMAGE", Phase.COMBAT),
        ("MAIN2", Phase.POSTCOMBAT_MAIN),
        ("END_OF_TURN", Phase.END),
        ("CLEANUP", Phase.CLEANUP),
        ("Main1", Phase.PRECOMBAT_MAIN),
    ],
)
def test_forge_phase_names(forge, phase) -> None:
    """CR 500.1: Forge's phase and step names map onto the phases of the state."""
    assert puzzle_from_text(f"[state]\nactivephase={forge}").state.phase is phase
    assert PHASES[forge.upper()] is phase


def test_sorcery_timing_on_the_ai_turn() -> None:
    """CR 307.1: on the AI's turn the human may cast instants only."""
    text = "[state]\nactiveplayer={}\nhumanhand=Lava Spike\nhumanbattlefield=Mountain"
    # Lava Spike {R}, target player: human or ai = 2 on the human's turn, 0 on the AI's.
    assert count_legal_casts(puzzle_from_text(text.format("human")).state, "human-hand-1") == 2
    assert count_legal_casts(puzzle_from_text(text.format("ai")).state, "human-hand-1") == 0


UNKNOWN = """[metadata]
Name:Typos
[state]
humanhand=Glacal Ray;Reach Through Mists
humanbattlefield=Mountian;Island
aibattlefield=Glacal Ray;Zzyzx Qwerty
"""


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[state]\nactivephase=MAIN3\n", "p.pzl:2: activephase: unknown phase 'MAIN3' (Forge phases: UNTAP, "),
        ("[metadata]\nName:No state\n", "p.pzl: no [state] section"),
        ("[state]\nhumanhand=Island|Tapped\n", "p.pzl:2: humanhand: 'Tapped' is only for permanents"),
        ("[state]\nhumanbattlefield=Holy Strength|AttachedTo:3\n", "p.pzl:2: humanbattlefield: no card has Id:3"),
        ("[state]\nhumanhand=Island|Id:1;Island|Id:1\n", "p.pzl:2: humanhand: Id:1 given twice"),
        ("[state]\nhumanlife=twenty\n", "p.pzl:2: humanlife: expected a whole number, got 'twenty'"),
        ("[state]\nhumanmanapool=R X\n", "p.pzl:2: humanmanapool: 'X' is not mana"),
        ("[state]\nhumanhand=Grizzly Bears|Owner:ai\n", "p.pzl:2: humanhand: a card in human's hand is owned by"),
        ("[state]\nhumanbattlefield=Island|Counters:P1P1\n", "p.pzl:2: humanbattlefield: Counters: expected KIND=N"),
        ("[state]\nhumanhand=t:w_1_1_soldier\n", "a token exists only on the battlefield"),
    ],
)
def test_errors(text, message) -> None:
    """Bad input: one error naming the file, the line, the key and the value."""
    with pytest.raises(StateError) as caught:
        puzzle_from_text(text, source="p.pzl")
    assert message in str(caught.value)


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("[state]\nhumanlife=twenty\n", ":2: humanlife: expected a whole number, got 'twenty'"),
        ("[state]\nactivephase=MAIN3\n", ":2: activephase: unknown phase 'MAIN3'"),
        ("[metadata]\nName:No state\n", ": no [state] section"),
    ],
)
def test_cli_bad_puzzle_is_one_line_and_exit_2(capsys, tmp_path, text, fragment) -> None:
    """The CLI prints one line naming the problem, nothing on stdout, exit code 2."""
    path = tmp_path / "bad.pzl"
    path.write_text(text, encoding="utf-8")
    code, out, err = run(capsys, "count", str(path))
    assert (code, out) == (2, "")
    assert err.count("\n") == 1 and err.startswith(f"legalcasts: error: {path}") and fragment in err


def test_modifiers_that_do_not_bear_on_casting_are_accepted() -> None:
    """CR 508.1, 303.4: Attacking (in the declare attackers step) and EnchantingPlayer are kept.

    Set, Art, Damage, ChosenColor... are ignored.
    """
    state = puzzle_from_text(
        "[state]\nactivephase=COMBAT_DECLARE_ATTACKERS\n"
        "humanbattlefield=Silver Knight|Set:FDN|Art:2|Damage:1|ChosenColor:Red|Renowned|Attacking\n"
        "aibattlefield=Holy Strength|EnchantingPlayer:human"
    ).state
    knight, aura = state.objects
    assert (knight.name, knight.attacking, knight.tapped, knight.counters, knight.granted) == (
        "Silver Knight",
        True,
        False,
        (),
        (),
    )
    assert aura.attached_to == HUMAN


def test_byte_order_mark_and_crlf(tmp_path) -> None:
    """A file saved with a byte-order mark and Windows line ends reads the same."""
    path = tmp_path / "bom.pzl"
    path.write_bytes(
        b"\xef\xbb\xbf[metadata]\r\nName:x\r\n[state]\r\nhumanhand=Glacial Ray\r\nhumanbattlefield=Mountain;Island\r\n"
    )
    state = load_state(path)
    assert count_legal_casts(state, "human-hand-1") == 2  # Glacial Ray {1}{R}: human or ai


def test_split_card_by_its_whole_name(tmp_path):
    """CR 709.3, 702.102a: "Far // Away" in a puzzle hand is the whole split card.

    Far (2 creatures), Away (2 players) or both fused for {3}{U}{B} with five lands (2 * 2): 2 + 2 + 4 = 8.
    """
    path = tmp_path / "fuse.pzl"
    path.write_text(
        "[state]\nhumanlife=20\nailife=20\nturn=1\nactiveplayer=human\nactivephase=MAIN1\n"
        "humanhand=Far // Away\nhumanbattlefield=Island;Island;Swamp;Swamp;Swamp\n"
        "aibattlefield=Grizzly Bears;Silver Knight\n",
        encoding="utf-8",
    )
    state = load_state(path)
    assert count_legal_casts(state) == 8


def test_a_card_the_data_refuses_is_named_with_its_reason():
    """A puzzle naming a plane (CR 311.2) or a face the data lacks: that reason, on its line, not "unknown cards"."""
    from models.cards import CardDatabase, SkippedRecord, card_from_record

    giant = card_from_record(
        {
            "name": "Bonecrusher Giant",
            "mana_cost": "{2}{R}",
            "type_line": "Creature — Giant",
            "faces_of": "Bonecrusher Giant // Stomp",
            "layout": "adventure",
        }
    )
    mountain = card_from_record({"name": "Mountain", "type_line": "Basic Land — Mountain"})
    plane = SkippedRecord("cards.jsonl:3", "a plane card (CR 311.2: plane cards can't be cast)", "Tazeem")
    cards = CardDatabase([giant, mountain], [plane])
    with pytest.raises(StateError) as info:
        puzzle_from_text("[state]\nhumanbattlefield=Mountain\nhumanhand=Stomp\n", cards)
    assert (
        str(info.value) == "line 3: humanhand: 'Stomp' is a face of 'Bonecrusher Giant // Stomp' whose text the "
        "card data lacks"
    )
    with pytest.raises(StateError) as info:
        puzzle_from_text("[state]\nhumanhand=Tazeem\n", cards, source="p.pzl")
    assert (
        str(info.value) == "p.pzl:2: humanhand: 'Tazeem' can't be used: a plane card (CR 311.2: plane cards can't "
        "be cast)"
    )


# Forge's reader (forge-ai GameState.parseLine and processCardsForZone): keys by prefix and suffix in any
# case, p0/p1 for human/ai, modifiers by prefix, unknown ones ignored.


def test_current_format_keys_and_aliases() -> None:
    """CR 102.1, 119, 500.1: p0/p1 keys, activeplayer=p1, ``humanplay``, keys in any case, phase names in any case."""
    puzzle = puzzle_from_text(
        "[state]\nturn=3\nActivePlayer=p1\nActivePhase=Main2\np0life=7\nP1Life=9\np0hand=Lava Spike\n"
        "humanplay=Mountain\np1battlefield=Grizzly Bears\np0speed=2\np1numringtemptedyou=1\np0landsplayed=1\n"
        "p0favourite=Island\n"
    )
    state = puzzle.state
    assert (state.active_player, state.priority, state.phase, puzzle.turn) == (AI, HUMAN, Phase.POSTCOMBAT_MAIN, 3)
    assert (state.life_of(HUMAN), state.life_of(AI)) == (7, 9)
    assert names(state, HUMAN, Zone.HAND) == ["Lava Spike"] and names(state, HUMAN, Zone.BATTLEFIELD) == ["Mountain"]
    assert names(state, AI, Zone.BATTLEFIELD) == ["Grizzly Bears"]
    # Lava Spike is a sorcery and it is the AI's turn (CR 307.1): 0.
    assert count_legal_casts(state, "human-hand-1") == 0
    # Keys Forge does not read are ignored, named in one note.
    assert puzzle.notes == (
        "keys read and ignored (what they set is not modelled): p0speed, p1numringtemptedyou",
        "keys Forge does not read, ignored: p0favourite",
    )


def test_modifiers_by_prefix_unknown_ones_noted() -> None:
    """CR 110.5, 702.26b: modifiers match by prefix (``PhasedOut:ai``); the others are ignored, listed once."""
    puzzle = puzzle_from_text(
        "[state]\nhumanbattlefield=Mountain|Tapped;Grizzly Bears|PhasedOut:human;"
        "Silver Knight|MergedCards:Lava Spike|Taped|ChosenType2:Elf|Set:M10|NoETBTrigs;Island|Solved|Taped\n"
    )
    mountain, knight, island = puzzle.state.objects
    assert (mountain.tapped, knight.name, knight.tapped, island.name) == (True, "Silver Knight", False, "Island")
    assert puzzle.notes == (
        "modifiers ignored (what they record is not modelled, or Forge does not know them): "
        "ChosenType2, MergedCards, Solved, Taped",
    )


def test_exile_modifiers_have_their_effect() -> None:
    """CR 702.143a, 715.4, 601.2: Foretold, ForetoldThisTurn, ExiledWith and OnAdventure set the object's fields.

    Saw It Coming foretold ({1}{U} foretell cost, Island and Mountain) counters target spell: the one spell on the
    stack, Lava Spike, whose target (``->human``) is in its cast record: 1 cast. The copy foretold this turn can't
    be cast until a later turn: 0. Total 1.
    """
    puzzle = puzzle_from_text(
        "[state]\nhumanexile=Saw It Coming|Foretold;Saw It Coming|ForetoldThisTurn;Lava Spike|ExiledWith:3;"
        "Bonecrusher Giant|OnAdventure\nhumanbattlefield=Mountain;Island|Id:3\naiputonstack=Lava Spike->human\n"
    )
    state = puzzle.state
    foretold, this_turn, spike, giant = [o for o in state.objects if o.zone is Zone.EXILE]
    assert (foretold.foretold, this_turn.foretold, spike.exiled_with, giant.on_adventure) == (True, False, "3", True)
    assert state.stack == ("ai-stack-1",)
    assert state.cast_record_of("ai-stack-1") == {
        "card": "ai-stack-1",
        "zone": "hand",
        "targets": [{"source": "ai-stack-1", "instruction": 0, "index": 0, "targets": ["human"]}],
    }
    assert count_legal_casts(state, foretold.id) == 1 and count_legal_casts(state, this_turn.id) == 0


def test_transformed_and_modal_faces() -> None:
    """CR 712.8d: Transformed and Modal put the back face up on the battlefield."""
    state = puzzle_from_text("[state]\nhumanbattlefield=Delver of Secrets|Transformed\n").state
    assert state.objects[0].name == "Insectile Aberration"


def test_old_comma_token_syntax() -> None:
    """CR 111.4: Forge's older token syntax: name, P, T, Color (or the Image's colours), Types, Keywords."""
    state = puzzle_from_text(
        "[state]\naibattlefield=t:Knight,P:2,T:2,Cost:no cost,Types:Creature-Knight,Keywords:Vigilance,"
        "Image:w_2_2_knight_dom;t:Soldier,P:1,T:1,Cost:no cost,Color:W,Types:Creature-Soldier,Keywords:,"
        "Image:w_1_1_soldier_m13\n"
    ).state
    knight, soldier = state.objects
    assert (
        knight.name,
        knight.token,
        knight.card.type_line,
        knight.card.colors,
        knight.card.oracle_text,
        knight.card.power,
        knight.card.toughness,
    ) == ("Knight Token", True, "Creature — Knight", frozenset({Color.WHITE}), "Vigilance", "2", "2")
    assert (soldier.name, soldier.card.colors, soldier.card.oracle_text) == (
        "Soldier Token",
        frozenset({Color.WHITE}),
        "",
    )


def test_precast_tokens_shuffles_and_the_rest() -> None:
    """CR 111.1, 115.1: a precast token script makes tokens; a shuffle is noted; any other precast is unsupported.

    Two Faerie tokens for the AI (blue 1/1 flying). Glacial Ray {1}{R}, two Mountains, any target: human, ai and
    the two Faeries = 4.
    """
    puzzle = puzzle_from_text(
        "[state]\nhumanhand=Glacial Ray\nhumanbattlefield=Mountain;Mountain\n"
        "aiprecast=Faerie Formation:CustomScript:DB$ Token | TokenScript$ u_1_1_faerie_flying;"
        "Faerie Formation:CustomScript:DB$ Token | TokenScript$ u_1_1_faerie_flying\n"
        "humanprecast=Ancestral Knowledge:TrigShuffle\n"
    )
    faeries = [o for o in puzzle.state.objects if o.token]
    assert [(o.id, o.name, o.controller, o.card.oracle_text) for o in faeries] == [
        ("ai-precast-1", "Faerie Token", AI, "Flying"),
        ("ai-precast-2", "Faerie Token", AI, "Flying"),
    ]
    assert count_legal_casts(puzzle.state, "human-hand-1") == 4
    assert puzzle.notes == (
        "humanprecast: 'Ancestral Knowledge:TrigShuffle' shuffles a library; the order of a "
        "library does not bear on casting",
    )
    with pytest.raises(UnsupportedRuleError, match=r"Starnheim Unleashed: .*p.pzl:2: aiprecast: Forge resolves"):
        puzzle_from_text("[state]\naiprecast=Starnheim Unleashed\n", source="p.pzl")
    with pytest.raises(UnsupportedRuleError, match=r"aiputonstack: an ability on the stack \(Name:SVar\) is not"):
        puzzle_from_text("[state]\naiputonstack=Goblin Guide:TrigDig\n")


def test_cleanup_step_gives_no_casts(capsys, tmp_path) -> None:
    """CR 514.3: no player receives priority in the cleanup step, so nothing is cast (Lightning Bolt had 2)."""
    text = "[state]\nactivephase={}\nhumanhand=Lightning Bolt\nhumanbattlefield=Mountain\n"
    assert count_legal_casts(puzzle_from_text(text.format("END_OF_TURN")).state, "human-hand-1") == 2
    state = puzzle_from_text(text.format("CLEANUP")).state
    assert state.phase is Phase.CLEANUP and count_legal_casts(state, "human-hand-1") == 0


def test_phase_advance() -> None:
    """CR 500.4, 502.3, 302.6: activephaseadvance moves on: a new turn untaps its player's permanents.

    From the AI's end step to the human's upkeep: the human's tapped Mountain untaps, the Elves are no longer
    summoning sick, the mana pool empties but persistent mana stays; the AI's tapped Swamp stays tapped.
    """
    puzzle = puzzle_from_text(
        "[state]\nturn=4\nactiveplayer=ai\nactivephase=END_OF_TURN\nactivephaseadvance=UPKEEP\n"
        "humanbattlefield=Mountain|Tapped;Llanowar Elves|SummonSick\naibattlefield=Swamp|Tapped\n"
        "humanmanapool=R\nhumanpersistentmana=G\n"
    )
    state = puzzle.state
    assert (state.active_player, state.phase, puzzle.turn) == (HUMAN, Phase.UPKEEP, 5)
    assert [(o.name, o.tapped, o.summoning_sick) for o in state.objects] == [
        ("Mountain", False, False),
        ("Llanowar Elves", False, False),
        ("Swamp", True, False),
    ]
    assert str(state.pool_of(HUMAN)) == "{G}"
    with pytest.raises(UnsupportedRuleError, match="Phyrexian Arena: .*activephaseadvance enters UPKEEP"):
        puzzle_from_text(
            "[state]\nactiveplayer=ai\nactivephase=CLEANUP\nactivephaseadvance=UPKEEP\n"
            "humanbattlefield=Phyrexian Arena\n"
        )
    with pytest.raises(UnsupportedRuleError, match=r"draws a card \(CR 504.1\)"):
        puzzle_from_text("[state]\nturn=2\nactivephase=UPKEEP\nactivephaseadvance=MAIN1\n")
    # The first turn has no draw (CR 103.8a).
    assert (
        puzzle_from_text("[state]\nturn=1\nactivephase=UPKEEP\nactivephaseadvance=MAIN1\n").state.phase
        is Phase.PRECOMBAT_MAIN
    )


def test_batch_finds_puzzle_files(tmp_path) -> None:
    """``batch DIR`` takes the Forge puzzles of a directory as well as its JSON state files."""
    from legalcasts.batch import find_state_files

    for name in ("a.pzl", "b.json", "c.PZL", "notes.txt"):
        (tmp_path / name).write_text("", encoding="utf-8")
    assert [p.rsplit("/", 1)[-1] for p in find_state_files(str(tmp_path))] == ["a.pzl", "b.json", "c.PZL"]


def test_cli_notes_and_named_targets(capsys, tmp_path) -> None:
    """The CLI prints each note on stderr, one line, and names a puzzle's target objects with their card."""
    path = tmp_path / "p.pzl"
    path.write_text(
        "[state]\nhumanhand=Glacial Ray\nhumanbattlefield=Mountain;Mountain\naibattlefield=Grizzly Bears|Id:5|Taped\n",
        encoding="utf-8",
    )
    code, out, err = run(capsys, "casts", str(path))
    assert code == 0 and "any target: Grizzly Bears (5)" in out
    assert (
        err == f"legalcasts: note: {path}: modifiers ignored (what they record is not modelled, or Forge "
        "does not know them): Taped\n"
    )


def test_script_token_with_an_unknown_ability_word_is_noted() -> None:
    """CR 111.4: a script token whose ability word is not known is read without it, noted; a mana word is refused.

    Lightning Bolt {R}, any target: human, ai and the Mercenary = 3.
    """
    puzzle = puzzle_from_text(
        "[state]\nhumanhand=Lightning Bolt\nhumanbattlefield=Mountain\naibattlefield=t:r_1_1_mercenary_tappump\n"
    )
    mercenary = puzzle.state.objects[-1]
    assert (mercenary.name, mercenary.card.oracle_text, mercenary.card.power) == ("Mercenary Token", "", "1")
    assert puzzle.notes == (
        "aibattlefield: the token t:r_1_1_mercenary_tappump is read without its ability "
        "'tappump', whose text Forge's script name does not give",
    )
    assert count_legal_casts(puzzle.state, "human-hand-1") == 3
    with pytest.raises(StateError, match="'mana' is neither a creature type nor a keyword"):
        puzzle_from_text("[state]\naibattlefield=t:g_0_1_plant_mana\n")
    # A predefined token's ability is the rules' (CR 111.10): a word that is not it is an error.
    with pytest.raises(StateError, match="the ability word 'draw' of a Treasure token is not known"):
        puzzle_from_text("[state]\naibattlefield=t:c_a_treasure_draw\n")


@pytest.mark.parametrize(
    ("name", "count"),
    [
        # Never {1}{B}{B}: destroy target creature or planeswalker, the Bears: 1; Return is cast only from a
        # graveyard (CR 702.127a): 0. Total 1.
        ("Never // Return", 1),
        # Delver of Secrets {U}, its front face (CR 712.8a): 1.
        ("Delver of Secrets // Insectile Aberration", 1),
        # Fire {1}{R}: 2 damage divided among one or two of human, ai, the Bears: 3 + 3 = 6; Ice {1}{U}: tap target
        # permanent, one of 6 lands and the Bears: 7. Total 13.
        ("Fire // Ice", 13),
    ],
)
def test_multi_face_cards_named_whole(name, count) -> None:
    """CR 709.1, 712.2: split, aftermath and double-faced cards may be named whole ("Front // Back")."""
    state = puzzle_from_text(
        f"[state]\nhumanhand={name}\nhumanbattlefield=Swamp;Swamp;Swamp;Mountain;Island;Island\n"
        "aibattlefield=Grizzly Bears\n"
    ).state
    assert count_legal_casts(state, "human-hand-1") == count


@pytest.mark.parametrize(("colour", "expected"), [("Red", 2), ("Blue", 0)])
def test_chosen_color_as_forge_writes_it(colour, expected):
    """``|ChosenColor:Red`` on Coldsteel Heart, read as Forge's GameState reads it (CR 607.2a).

    Red: {R} for Lightning Bolt at P1 or P2 (the human and the AI), 2 casts; blue: 0 (CR 607.2a).
    """
    state = puzzle_from_text(
        f"[state]\nhumanhand=Lightning Bolt\nhumanbattlefield=Coldsteel Heart|ChosenColor:{colour}\nactivephase=MAIN1"
    ).state
    bolt = next(o.id for o in state.objects if o.name == "Lightning Bolt")
    assert legal_casts(state, bolt).count() == expected
