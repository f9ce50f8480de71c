"""The real card files users have (``../shared/real/card-files``): each imports, or gets one line.

MTGJSON's older set layout (mtgjson3), MTGJSON v5 golden outputs and API samples, real Scryfall objects. The
folder sits beside the repository and is not part of it: these tests are skipped when it is absent.
"""

from __future__ import annotations

import pytest

from models.cards import card_from_record
from models.errors import CardDataError
from models.io.card_files import read_card_file
from models.oracle.parser import parse_card
from legalcasts.cli.main import main
from tests.conftest import ROOT

FILES = ROOT.parent / "shared" / "real" / "card-files"

pytestmark = pytest.mark.skipif(not FILES.is_dir(), reason="the real files (../shared/real) are not here")

ALL = sorted(str(p.relative_to(FILES)) for p in FILES.rglob("*") if p.is_file()) if FILES.is_dir() else []

NOT_CARD_FILES = {
    "mtgjson-golden/set_list.json": "it looks like an MTGJSON SetList (sets, without their cards)",
    "mtgjson-golden/slim_all_printings.json": "it looks like MTGJSON card printings without rules text",
    "mtgjson-rust-sdk/marchesa_decklists.json": "it looks like a deck list (card names and counts, no card text)",
}
"""Files that are not card files, and what the one line says they look like."""


def records(name: str) -> dict[str, dict]:
    return {r["name"]: r for r in read_card_file(FILES / name).records}


@pytest.mark.parametrize("name", ALL)
def test_each_real_card_file_imports_or_gets_one_line(name) -> None:
    """Each file reads to at least one card, every one a card record; or one CardDataError naming the file."""
    path = FILES / name
    if name in NOT_CARD_FILES:
        with pytest.raises(CardDataError) as caught:
            read_card_file(path)
        message = str(caught.value)
        assert message.startswith(f"{path}: not a known card file layout: {NOT_CARD_FILES[name]}")
        assert "\n" not in message
        return
    contents = read_card_file(path)
    assert contents.records
    for record in contents.records:
        card_from_record(record)  # each record kept is a card


@pytest.mark.parametrize(
    ("name", "layout", "names"),
    [
        ("mtgjson-golden/set_TST.json", "mtgjson-bare-set", ["Lightning Bolt", "Wear", "Tear", "Funny Card"]),
        ("mtgjson-golden/atomic_cards.json", "mtgjson-bare-atomic", None),
        ("client-mtgjson/CardFormatter-0.json", "mtgjson-cards", ["Jace, Mirror Mage"]),
        ("mtgjson-rust-sdk/split.json", "mtgjson-cards", ["Commit", "Memory"]),
        ("scryfall-api-card-jace.json", "scryfall-card", None),
        ("scryfall-api-search-page.json", "scryfall-list", None),
        ("mtgjson3/LEA.json", "mtgjson-db-set", None),
    ],
)
def test_layout_told_from_the_content(name, layout, names) -> None:
    """The layout is the file's, from its content: a bare v5 set object is not the older layout."""
    contents = read_card_file(FILES / name)
    assert contents.format == layout
    if names is not None:
        assert [r["name"] for r in contents.records] == names


def test_split_card_of_a_bare_v5_set_is_two_faces() -> None:
    """CR 709.1: Wear // Tear of MTGJSON's golden set_TST.json is two halves, each its own record."""
    found = records("mtgjson-golden/set_TST.json")
    assert (found["Wear"]["faces_of"], found["Wear"]["mana_cost"], found["Tear"]["mana_cost"]) == (
        "Wear // Tear",
        "{R}",
        "{W}",
    )


def test_card_objects_without_a_type_line() -> None:
    """An MTGJSON card object without ``type`` gets its type line from its types (Commit // Memory)."""
    found = records("mtgjson-rust-sdk/split.json")
    assert (found["Commit"]["type_line"], found["Memory"]["type_line"]) == ("Instant", "Sorcery")


def test_french_names_per_face_of_older_flip_cards() -> None:
    """A flip card's flipped face does not take the card's (its first face's) French name."""
    bok = records("mtgjson3/BOK.json")
    assert (bok["Callow Jushi"]["name_fr"], bok["Jaraku the Interloper"]["name_fr"]) == ("Jushi novice", None)
    sok = records("mtgjson3/SOK.json")
    # A French name of the flipped face's own is kept; another face's English name is not a French name.
    assert sok["Rune-Tail's Essence"]["name_fr"] == "Essence de Queue-de-runes"
    assert sok["Kuon's Essence"]["name_fr"] is None
    # Transform and split cards keep one French name per face.
    assert (
        records("mtgjson3/DKA.json")["Unhallowed Cathar"]["name_fr"],
        records("mtgjson3/AKH.json")["Return"]["name_fr"],
    ) == ("Cathare maudit", "Retour")


def test_loyalty_lines_are_loyalty_abilities() -> None:
    """CR 606.4, 605.1a: '+1: Add {R}{R}.' of an older file is a loyalty ability, not a mana ability to report."""
    chandra = records("mtgjson3/KLD.json")["Chandra, Torch of Defiance"]
    assert (
        chandra["oracle_text"].startswith("[+1]: Exile the top card")
        and "\n[+1]: Add {R}{R}." in chandra["oracle_text"]
    )
    assert parse_card(card_from_record(chandra)).unsupported == ()
    jace = records("client-mtgjson/SetFormatter-0.json")["Jace, Mirror Mage"]
    assert "\n[0]: Draw a card and reveal it." in jace["oracle_text"]
    assert parse_card(card_from_record(jace)).unsupported == ()


def test_cli_import_of_a_file_that_is_not_a_card_file(capsys, tmp_path) -> None:
    """``cards import`` of a deck list: one line saying what it looks like, exit 2, nothing imported."""
    code = main(
        [
            "cards",
            "import",
            "--db",
            str(tmp_path / "cards.sqlite"),
            str(FILES / "mtgjson-rust-sdk/marchesa_decklists.json"),
        ]
    )
    out, err = capsys.readouterr()
    assert (code, out) == (2, "") and err.count("\n") == 1 and "it looks like a deck list" in err


def test_cli_import_with_no_card_read_is_an_error(capsys, tmp_path) -> None:
    """Never 'imported 0 cards' with exit 0: a file whose every record is skipped is one error, exit 2."""
    path = tmp_path / "cards.json"
    path.write_text(
        '[{"layout": "normal", "manaCost": "{1}", "name": "Xyz", "type": "Widget", "types": ["Widget"], "uuid": "1"}]',
        encoding="utf-8",
    )
    code = main(["cards", "import", "--db", str(tmp_path / "cards.sqlite"), str(path)])
    out, err = capsys.readouterr()
    assert (code, out) == (2, "")
    assert err == (
        f"legalcasts: error: {path}: array of MTGJSON v5 card objects with no card that could be read "
        f"(1 record skipped; the first: {path}: [0] (Xyz).type_line: 'Widget' in 'Widget' is not a "
        "card type or supertype)\n"
    )
