"""Oracle coverage: the figures the README and docs/coverage.md state are the ones the grammar gives.

The figures of the 13 older sets (``models/data/cards.jsonl``) and of the whole pool (the default card
data, 35,000 cards: about 15 s) are checked on every run. The README states both in a sentence;
docs/coverage.md shows the ``coverage`` output blocks they come from.
"""

from __future__ import annotations

import json
import re

import pytest

from models.cards import older_sets_card_database
from models.io.card_pool import default_card_database
from models.oracle.coverage import REFUSED, oracle_coverage
from models.oracle.statics import sample_choices
from solver.build import refusal_in_an_empty_game
from legalcasts.cli.main import main
from tests.conftest import ROOT

OLDER_SETS = ROOT / "models" / "data" / "cards.jsonl"
README = ROOT / "README.md"
COVERAGE_PAGE = ROOT / "docs" / "coverage.md"
"""Where the ``legalcasts coverage`` output blocks are shown."""


def test_readme_states_the_real_coverage():
    """README contract: 'On the 13 older sets, N of the M instants and sorceries read fully' is measured, not typed."""
    coverage = oracle_coverage(older_sets_card_database(), refusal=refusal_in_an_empty_game)
    for page in (README, COVERAGE_PAGE):
        stated = re.search(
            r"On the 13 older sets, (\d+) of the (\d+) instants and sorceries", page.read_text(encoding="utf-8")
        )
        assert stated, f"{page.name} must state the coverage figures"
        assert (int(stated.group(1)), int(stated.group(2))) == (coverage.modelled, coverage.spells)
    text = COVERAGE_PAGE.read_text(encoding="utf-8")
    share = 100 * coverage.modelled / coverage.spells
    shown = f"{coverage.modelled} of {coverage.spells} instants and sorceries fully modelled ({share:.1f}%)"
    assert shown in text, "docs/coverage.md's coverage output must be the command's"
    others = 100 * coverage.others_modelled / coverage.others
    assert (
        f"{coverage.others_modelled} of {coverage.others} other cards with their casting-relevant text fully "
        f"read ({others:.1f}%)" in text
    )


def test_coverage_counts_every_instant_and_sorcery():
    """Coverage: every instant and sorcery is counted once, modelled or blocked by at least one reason."""
    coverage = oracle_coverage(older_sets_card_database())
    assert coverage.spells == 893  # the bundled data's instants and sorceries (cards/README: 3,159 cards)
    assert coverage.modelled + coverage.unsupported == coverage.spells
    assert sum(count for _, count in coverage.blocking) >= coverage.unsupported


def test_coverage_command(capsys):
    """CLI: ``legalcasts coverage`` prints the share and the reasons, most common first."""
    assert main(["coverage", "--top", "3", "--cards", str(OLDER_SETS)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert "instants and sorceries fully modelled" in lines[0] and len(lines) == 8
    assert "other cards with their casting-relevant text fully read" in lines[4]
    for block in (lines[1:4], lines[5:8]):
        counts = [int(line.split()[0]) for line in block]
        assert counts == sorted(counts, reverse=True)


def test_coverage_of_other_cards():
    """Coverage of permanents: 3,159 cards - 893 instants and sorceries = 2,266 others.

    Silver Knight's "First strike, protection from red" is read. Animate Artifact's "Enchant artifact" is read (an
    Aura spell's target, CR 303.4a), but its enchanted artifact becoming a creature (a type change, CR 613.1d) is
    not; Pacifism's "Enchant creature" and "Enchanted creature can't attack or block." are both read.
    """
    cards = older_sets_card_database()
    coverage = oracle_coverage(cards)
    assert coverage.others == 3159 - 893
    assert oracle_coverage([cards.get("Silver Knight")]).others_modelled == 1
    assert oracle_coverage([cards.get("Animate Artifact")]).others_modelled == 0
    assert oracle_coverage([default_card_database().get("Pacifism")]).others_modelled == 1


@pytest.mark.parametrize(
    ("name", "chosen"),
    [
        ("Icon of Ancestry", {"type": "Elf"}),
        ("Voice of All", {"color": "red"}),
        ("Phantasmal Terrain", {"type": "Island"}),
        ("Cloud Key", {"type": "artifact"}),
        ("Pithing Needle", {"name": "Grizzly Bears"}),
        ("Grizzly Bears", {}),
    ],
)
def test_text_naming_a_choice_is_read_with_a_choice_of_the_kind_asked(name, chosen):
    """CR 607.2a: "the chosen type" is what was chosen as the permanent entered, which a state gives (``chosen``).

    Coverage reads such a card with one choice of the kind its text asks: a creature type, a land type, a card
    type, a colour, a card name. Icon of Ancestry ("Creatures you control of the chosen type get +1/+1.") is then
    read whole: 1 of 1.
    """
    card = default_card_database().get(name)
    assert sample_choices(card) == chosen
    if name == "Icon of Ancestry":
        assert oracle_coverage([card]).others_modelled == 1


@pytest.mark.parametrize(
    ("name", "reason"),
    [
        ("Sadistic Slash", "casting with mayhem from another zone than the hand is not modelled"),
        ("Eelectrocute", "casting from another zone than the hand is not modelled"),
        ("Kindle the Inner Flame", "keyword ability not read"),
    ],
)
def test_a_spell_whose_cast_from_another_zone_is_not_read_is_unsupported(name, reason):
    """CR 601.3, 702.34a: a spell whose permission to be cast from another zone is not read is not modelled.

    Cast from the hand it is answered; from that zone it is refused: 1 spell, 0 modelled, blocked by that
    reason. Lightning Bolt, with nothing unread: 1 of 1.
    """
    coverage = oracle_coverage([default_card_database().get(name)])
    assert (coverage.spells, coverage.modelled, coverage.blocking) == (1, 0, ((reason, 1),))
    assert oracle_coverage([default_card_database().get("Lightning Bolt")]).modelled == 1


def test_another_card_whose_cast_from_another_zone_is_not_read_is_unsupported():
    """CR 601.3, 702.138a: Nethergoyf's escape cost is not read: of 1 other card, 0 read fully.

    Its power and toughness, defined by card types among cards in its controller's graveyard (CR 604.3), are read:
    no second reason.

    A land's unread "Mayhem" (Oscorp Industries) lets it be played from the graveyard, never cast (CR 305.9): it
    is no casting text, and the land is read fully.
    """
    cards = default_card_database()
    coverage = oracle_coverage([cards.get("Nethergoyf")])
    assert (coverage.others, coverage.others_modelled, coverage.others_blocking) == (
        1,
        0,
        (("keyword ability not read", 1),),
    )
    assert oracle_coverage([cards.get("Oscorp Industries")]).others_modelled == 1


def test_coverage_counts_skipped_records(tmp_path, capsys):
    """``coverage --cards FILE`` reads every card to the end and counts the records that are not cards to cast.

    The file has 2 cards to cast and 3 records skipped: two planes (CR 311.2) and one of a joke type. So:
    1 of 1 instant modelled, 1 other card, and "3 records skipped" with the planes' reason first (2 > 1).
    """
    bolt = {
        "name": "Bolt",
        "mana_cost": "{R}",
        "type_line": "Instant",
        "oracle_text": "Bolt deals 3 damage to any target.",
    }
    bear = {"name": "Bear", "mana_cost": "{1}{G}", "type_line": "Creature — Bear", "oracle_text": ""}
    planes = [
        {"name": name, "type_line": "Plane — Zendikar", "oracle_text": "Whenever you roll {CHAOS}, untap."}
        for name in ("Tazeem", "Murasa")
    ]
    joke = {"name": "Atinlay Igpay", "mana_cost": "{5}{W}", "type_line": "Eaturecray — Igpay", "oracle_text": ""}
    path = tmp_path / "pool.jsonl"
    path.write_text("\n".join(json.dumps(r) for r in [bolt, *planes, joke, bear]) + "\n", encoding="utf-8")
    assert main(["coverage", "--cards", str(path)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("1 of 1 instants and sorceries fully modelled (100.0%)")
    assert "1 of 1 other cards" in out
    skipped = out[out.index("3 records skipped") :].splitlines()
    assert skipped[1].split()[0] == "2" and "a plane card (CR 311.2" in skipped[1] and "(e.g. Tazeem)" in skipped[1]
    assert skipped[2].split()[0] == "1" and "'Eaturecray' is not a card type or supertype" in skipped[2]


def test_whole_pool_is_read_and_the_readme_states_its_coverage(capsys):
    """The whole pool, every card: the reader never raises, and the README's figures and ranking are measured.

    ``coverage`` reads every card of the default card data (the 2026 pool) and names on stderr any card the
    reader raises on (a bug): there must be none. The README's "On the whole pool, N of the M instants and
    sorceries read fully (P%), and K of its L other cards (Q%)" must be the measured figures.
    """
    assert main(["coverage", "--top", "15"]) == 0
    out, err = capsys.readouterr()
    assert err == "", err
    ranked = COVERAGE_PAGE.read_text(encoding="utf-8").split("$ .venv/bin/legalcasts coverage --top 15\n")
    assert len(ranked) == 2 and ranked[1].startswith(out), "docs/coverage.md's ranking must be the command's"
    measured = re.match(r"(\d+) of (\d+) instants and sorceries fully modelled \(([\d.]+)%\)", out)
    others = re.search(
        r"^(\d+) of (\d+) other cards with their casting-relevant text fully read \(([\d.]+)%\)", out, re.MULTILINE
    )
    assert measured and others
    for page in (README, COVERAGE_PAGE):
        stated = re.search(
            r"[Oo]n the whole pool, ([\d,]+) of the ([\d,]+) instants and sorceries\s+read fully "
            r"\(([\d.]+)%\), and ([\d,]+) of its ([\d,]+) other cards \(([\d.]+)%\)",
            page.read_text(encoding="utf-8"),
        )
        assert stated, f"{page.name} must state the whole pool's coverage"
        assert [group.replace(",", "") for group in stated.groups()] == [*measured.groups(), *others.groups()]


def test_a_card_the_reader_fails_on_is_named_and_left_out(capsys, monkeypatch, tmp_path):
    """A pool-wide report goes on when the reader raises on one card (a bug): that card is named on stderr."""
    import legalcasts.cli.main

    real = legalcasts.cli.main.parse_card

    def failing(card):
        if card.name == "Lava Spike":
            raise ValueError("a reader bug")
        return real(card)

    monkeypatch.setattr(legalcasts.cli.main, "parse_card", failing)
    cards = tmp_path / "cards.jsonl"
    lines = [
        line
        for line in OLDER_SETS.read_text(encoding="utf-8").splitlines()
        if line.strip() and json.loads(line)["name"] in ("Lava Spike", "Glacial Ray")
    ]
    cards.write_text("\n".join(lines) + "\n", encoding="utf-8")
    for command in ("coverage", "graph"):
        assert main([command, "--cards", str(cards)]) == 0
        out, err = capsys.readouterr()
        assert err == (
            "legalcasts: the Oracle reader fails on 1 card, left out: Lava Spike (ValueError: a reader bug)\n"
        )
    assert main(["coverage", "--cards", str(cards)]) == 0
    assert capsys.readouterr().out.startswith("1 of 1 instants and sorceries fully modelled")  # Glacial Ray only


def test_a_spell_read_fully_but_refused_is_not_counted_modelled():
    """Coverage: a spell whose reading the cast problem refuses, in a game with nothing else, is unsupported.

    Jaws of Stone ("X damage divided as you choose among any number of targets, where X is the number of
    Mountains you control") is read fully; with no Mountain, X is 0 and dividing nothing is refused (CR 601.2d).
    Lightning Bolt is built there: modelled.
    """
    cards = default_card_database()
    jaws, bolt = cards.get("Jaws of Stone"), cards.get("Lightning Bolt")
    assert oracle_coverage([jaws]).modelled == 1  # the reading alone
    found = oracle_coverage([jaws, bolt], refusal=refusal_in_an_empty_game)
    assert (found.spells, found.modelled) == (2, 1)
    assert [reason for reason, _ in found.blocking] == [f"{REFUSED} X divided is 0: nothing to divide"]
