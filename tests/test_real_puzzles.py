"""The real Forge puzzles users have (``../shared/real/forge-puzzles``), read with the full card pool.

Each of Forge's own puzzle files either counts, or is refused with one error naming what bears on casting and
can't be read: a card's text, a ``precast`` effect, a step's triggered ability, a face the card data lacks.
The folder sits beside the repository and is not part of it: these tests are skipped when it is absent.
"""

from __future__ import annotations


import pytest

from models.errors import StateError, UnsupportedRuleError
from models.io.card_index import load_card_database
from models.io.forge_pzl import HUMAN, load_puzzle
from legalcasts.cli.main import main
from solver.legal import count_legal_casts
from tests.conftest import ROOT

REAL = ROOT.parent / "shared" / "real"
PUZZLES = REAL / "forge-puzzles"
POOL = ROOT.parent / "shared" / "cards" / "oracle-2026.jsonl.gz"

pytestmark = pytest.mark.skipif(
    not (PUZZLES.is_dir() and POOL.is_file()), reason="the real files (../shared/real, ../shared/cards) are not here"
)

NAMES = sorted(p.name for p in PUZZLES.glob("*.pzl")) if PUZZLES.is_dir() else []

COUNTS = {
    # Heartbeat of Spring doubles each of the seven lands' mana (CR 106.12a): 14, more than any spell asks. Emerald
    # Charm {G}, choose one: untap target permanent, 14 + 16 = 30; destroy target non-Aura enchantment (Cream of
    # the Crop, Heartbeat, Mobilization, Baneful Omen), 4; target creature loses flying, 3 + 4 = 7: 41. Hornet
    # Sting, any target: 2 players + 7 creatures, 9. Mercy Killing ({G/W}, white): 7 creatures but Peacekeeper
    # (Pentarch Ward: protection from white), 6. Pouncing Wurm kicked or not ({3}{G}{G} + {2}{G}, {2} less by
    # Urza's Incubator naming Wurm), 2; Argothian Wurm 1. 41 + 9 + 6 + 2 + 1 = 59.
    "PC_063015.pzl": 59,
    # Kaya's Ghostform {B}, enchant creature or planeswalker you control: Flux Channeler, Rigging Runner,
    # Spellgorger Weird = 3; Dreadhorde Butcher {B}{R} 1; Merfolk Trickster {U}{U} 1 (its tap is a trigger);
    # Massacre Girl {3}{B}{B} with 8 lands 1. 3 + 1 + 1 + 1 = 6.
    "PS_WAR2.pzl": 6,
    # Six lands, each one mana (three Concealed Courtyards {W} or {B}, Plains, two Swamps). Walking Ballista
    # {X}{X}: X = 0..3, 4; Cleansing Ray {1}{W}, choose one: target Vampire (Vicious Conquistador, Legion
    # Lieutenant, Gifted Aetherborn) 3 or target enchantment (Compulsory Rest, Protection of the Hekma) 2, 5;
    # Tocatli Honor Guard 1; Fatal Push, target creature (its mana value is asked on resolution): 3 of ours and
    # 5 of the AI's, 8; Gideon's Defeat, a white creature that's attacking or blocking: none in the first main
    # phase (CR 506.4), 0. 4 + 5 + 1 + 8 + 0 = 18.
    "PS_RIX1.pzl": 18,
    # Six lands (4 Islands, 2 Plains): Lantern Bearer {U}, By Invitation Only {3}{W}{W} (its number is chosen on
    # resolution), Dreamshackle Geist {1}{U}{U}, Spectral Adversary {1}{U}: one each (disturb is from the
    # graveyard). 1 + 1 + 1 + 1 = 4.
    "PS_VOW1.pzl": 4,
    # Fable of the Mirror-Breaker|Transformed is Reflection of Kiki-Jiki, mana value 3 (its front face's,
    # CR 712.8e). Creatures: Dauthi Voidwalker (2), Reflection (3), Venerated Rotpriest (1), Spellskite (2).
    # Sawblade Scamp 1; Claim the Firstborn (mana value 3 or less) 4; Dismember 4; Gleeful Demolition, target
    # artifact: the Treasure token, Spellskite 2; Roar of Resistance 1. 1 + 4 + 4 + 2 + 1 = 12.
    "PS_ONE1.pzl": 12,
    # Eight lands (4 Swamps, 3 Mountains, Forest); Henrika|Transformed is Henrika, Infernal Seer. Hero's
    # Downfall: 6 creatures; The Meathook Massacre {X}{B}{B}: X = 0..6, 7; Kappa Tech-Wrecker 1 (ninjutsu is
    # an activated ability, not a cast). 6 + 7 + 1 = 14.
    "PS_NEO1.pzl": 14,
    # Eight lands, one mana each (Hall of Oracles' {1},{T} filter adds none). Cabaretti Charm {R}{G}{W}: mode 1
    # targets one of 4 creatures, modes 2 and 3 have no target: 4 + 1 + 1 = 6; Eiganjo Uprising {X}{R}{W}:
    # X = 0..6, 7; Jetmir {1}{R}{G}{W} 1. 6 + 7 + 1 = 14.
    "PS_SNC1.pzl": 14,
    # Five lands making {B} or {G} and four creatures of ours, all black and green (convoke, CR 702.51a).
    # Pile On {3}{B}: any of the 2^4 = 16 sets of our creatures tapped for convoke (the lands pay the rest),
    # times 9 target creatures = 144. Audacity {G}: 9 creatures to enchant. Brambleguard Veteran 1. Season of
    # Loss {3}{B}{B}: up to five pawprints of modes costing 1, 2, 3, repeats allowed: with no 3-mode, 6 + 4 + 2
    # = 12 ways (a + 2b <= 5); with one, 3 + 1 = 4; 16. 144 + 9 + 1 + 16 = 170.
    "PS_BLB1.pzl": 170,
    # Seven lands (4 Islands, 3 Swamps). Brilliant Spectrum {3}{U} 1; Horror of the Broken Lands {4}{B} 1; Elder
    # Deep-Fiend: {8} is more than 7, but emerge {5}{U}{U} less the mana value of the creature sacrificed
    # (CR 702.119a): Shadowstorm Vizier (2) {3}{U}{U}, Archfiend of Ifnir (5) {U}{U}, Stromkirk Condemned (2)
    # {3}{U}{U}: 3; Floodwaters {4}{U}{U}, up to two of 7 creatures: 1 + 7 + C(7,2) 21 = 29. 1 + 1 + 3 + 29 = 34.
    "PS_AKH1.pzl": 34,
    # Six lands (3 Islands, 3 Swamps) and Vodalian Arcanist's {C}, spent only on an instant or sorcery spell
    # (CR 106.6); creatures: 4 of ours (Naru Meha, two Academy Journeymages, the Arcanist) and 5 of the AI's (two
    # Benalish Marshals, three Knight tokens), 9. Supernatural Stamina {B}, target creature: 9. Illusionist's
    # Stratagem {3}{U}, up to two target creatures you control: 1 + 4 + C(4,2) 6 = 11. Hostage Taker {2}{U}{B},
    # its target chosen as its trigger goes on the stack, paid without the Arcanist: 1. Vicious Offering {1}{B},
    # target creature, unkicked 9 or kicked by sacrificing one of our 4 creatures 4 x 9 = 36: 45.
    # 9 + 11 + 1 + 45 = 66.
    "PS_DOM1.pzl": 66,
}
"""Counts worked out by hand from each board."""

READER_REFUSALS = {
    "PS_ELD1.pzl": (UnsupportedRuleError, "The Circle of Loyalty: unsupported rules text (", "aiprecast"),
    "PS_ELD4.pzl": (UnsupportedRuleError, "Enchanted Carriage: unsupported rules text (", "humanprecast"),
    "PS_MID1.pzl": (UnsupportedRuleError, "Starnheim Unleashed: unsupported rules text (", "aiprecast"),
    "PS_BRO1.pzl": (
        UnsupportedRuleError,
        "The Temporal Anchor: unsupported rules text (",
        "activephaseadvance enters UPKEEP",
    ),
    "PS_LCI1.pzl": (
        UnsupportedRuleError,
        "Roar of the Fifth People: unsupported rules text (",
        "a lore counter is put on the Saga",
    ),
    "PS_STX1.pzl": (
        StateError,
        "PS_STX1.pzl:15: humanbattlefield: 'Plargg, Dean of Chaos|Modal'",
        "the card data lacks the text of 'Augusta, Dean of Order', the back face of Plargg, Dean of Chaos",
    ),
}
"""Puzzles the reader refuses, with the error's kind and two fragments of its one line."""


@pytest.fixture(scope="module")
def pool():
    return load_card_database(POOL)


def test_the_folder_has_the_26_puzzles() -> None:
    """The real puzzles are all here, so every test below runs on all of them."""
    assert len(NAMES) == 26


@pytest.mark.parametrize("name", NAMES)
def test_each_real_puzzle_counts_or_names_what_it_cannot_read(pool, name) -> None:
    """CR 601.2: a real puzzle counts; or one error names a card of the puzzle and the text it can't read."""
    path = PUZZLES / name
    try:
        puzzle = load_puzzle(path, pool)
        count = count_legal_casts(puzzle.state, player=HUMAN)
    except UnsupportedRuleError as exc:
        assert name not in COUNTS
        if name in READER_REFUSALS:
            kind, *fragments = READER_REFUSALS[name]
            assert kind is UnsupportedRuleError and all(f in str(exc) for f in fragments), str(exc)
        else:  # a card's text the engine does not read: a card the puzzle names
            assert exc.card in path.read_text(encoding="utf-8-sig") or exc.card.split(" // ")[0] in path.read_text(
                encoding="utf-8-sig"
            ), str(exc)
        assert "\n" not in str(exc)
    except StateError as exc:
        kind, *fragments = READER_REFUSALS[name]
        assert kind is StateError and all(f in str(exc) for f in fragments), str(exc)
    else:
        assert name in COUNTS, f"{name} now counts {count}: work its count out by hand and add it"
        assert count == COUNTS[name]


def test_precast_and_notes_of_real_puzzles(pool) -> None:
    """A precast shuffle is noted, not refused; a precast token script makes its tokens (PS_AFR1's Faeries)."""
    woe = PUZZLES / "PS_WOE1.pzl"
    with pytest.raises(UnsupportedRuleError):  # Cruel Somnophage's Adventure text is not in the pool
        count_legal_casts(load_puzzle(woe, pool).state, player=HUMAN)
    assert load_puzzle(woe, pool).notes == (
        "humanprecast: 'Ancestral Knowledge:TrigShuffle' shuffles a library; the order of a library does not "
        "bear on casting",
    )
    afr = load_puzzle(PUZZLES / "PS_AFR1.pzl", pool).state
    assert [(o.id, o.name, o.controller) for o in afr.objects if o.token] == [
        ("ai-precast-1", "Faerie Token", "ai"),
        ("ai-precast-2", "Faerie Token", "ai"),
    ]
    # p0/p1 keys: MTGP_05 starts in the human's upkeep at 6 life each.
    mtgp = load_puzzle(PUZZLES / "MTGP_05.pzl", pool)
    assert (mtgp.state.active_player, mtgp.state.phase.value, mtgp.state.life) == (
        "human",
        "upkeep",
        (("human", 6), ("ai", 6)),
    )
    # Old comma tokens: PS_DOM1's three white 2/2 Knight tokens with vigilance.
    knights = [o for o in load_puzzle(PUZZLES / "PS_DOM1.pzl", pool).state.objects if o.token]
    assert [(o.name, o.card.oracle_text, o.card.power) for o in knights] == [("Knight Token", "Vigilance", "2")] * 3


@pytest.mark.parametrize(
    ("name", "out", "last"),
    [
        ("PS_WAR2.pzl", "6\n", None),
        ("PS_ELD1.pzl", "", "legalcasts: unsupported: The Circle of Loyalty: unsupported rules text ("),
    ],
)
def test_cli_on_real_puzzles(capsys, name, out, last) -> None:
    """The CLI with the full pool: the count on stdout, or one line on stderr; notes one line each; exit 0 or 3."""
    code = main(["count", str(PUZZLES / name), "--cards", str(POOL)])
    captured = capsys.readouterr()
    assert captured.out == out and "Traceback" not in captured.err
    lines = captured.err.splitlines()
    notes = lines if last is None else lines[:-1]
    assert all(line.startswith("legalcasts: note: ") for line in notes)
    if last is None:
        assert code == 0
    else:
        assert code == 3 and lines[-1].startswith(last)
