"""Card databases: the bundled card file, ``--cards`` files, type lines, the build script."""

from __future__ import annotations

import gzip
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from models.cards import (
    CardDatabase,
    card_from_record,
    older_sets_card_database,
    parse_type_line,
)
from models.errors import CardDataError, InputError, UnknownCardError
from models.io.card_pool import default_card_database
from models.mana import Color, ManaCost
from models.objects import CardType

ROOT = Path(__file__).resolve().parent.parent
SHIPPED = ROOT / "models" / "data" / "cards.jsonl"
# The source corpus the shipped file is built from: $LEGALCASTS_SOURCE_CARDS, or the corpus beside the project.
SOURCE = Path(os.environ.get("LEGALCASTS_SOURCE_CARDS", ROOT.parent / "shared" / "cards" / "cards.jsonl"))


def test_bundled_database_has_every_card():
    """README (card data): the older file holds 3159 cards, one per line, each name once; all are in the default."""
    lines = [line for line in SHIPPED.read_text("utf-8").splitlines() if line.strip()]
    assert len(lines) == 3159
    assert len(older_sets_card_database()) == len(lines)
    names = {json.loads(line)["name"] for line in lines}
    assert {card.name for card in older_sets_card_database()} == names
    assert all(name in default_card_database() for name in names)


def test_default_database_is_the_whole_pool():
    """The default card data: the 35,368 faces of the 2026 pool (cards/README), each a card or skipped with a reason."""
    pool = default_card_database()
    assert len(pool) + len(pool.skipped) == 35368  # the older file adds no face the pool lacks
    assert all(skipped.reason and skipped.name for skipped in pool.skipped)


@pytest.mark.parametrize("name", ["Glacial Ray", "glacial ray", "GLACIAL RAY", "gLaCiAl rAy"])
def test_lookup_is_case_insensitive(name):
    """STATE_FORMAT objects.card: card names are looked up case-insensitively."""
    card = default_card_database().get(name)
    assert card.name == "Glacial Ray"
    assert name in default_card_database()


@pytest.mark.parametrize(
    ("french", "english"),
    [("Rayon glaciaire", "Glacial Ray"), ("rayon GLACIAIRE", "Glacial Ray"), ("Île", "Island"), ("Forêt", "Forest")],
)
def test_french_names(french, english):
    """CardDatabase.get: a card's French name (`name_fr`) finds it too."""
    assert default_card_database().get(french).name == english


@pytest.mark.parametrize(
    ("typo", "suggestion"),
    [("Glacal Ray", "Glacial Ray"), ("Lightening Bolt", "Lightning Bolt"), ("Kodamas Might", "Kodama's Might")],
)
def test_did_you_mean(typo, suggestion):
    """STATE_FORMAT: an unknown card name is an error that suggests the closest name."""
    with pytest.raises(UnknownCardError) as info:
        default_card_database().get(typo, path="objects[3].card")
    assert str(info.value) == f"objects[3].card: unknown card {typo!r} (did you mean {suggestion!r}?)"
    assert isinstance(info.value, ValueError)


def test_unknown_card_without_suggestion():
    """STATE_FORMAT: when no name is close, there is no suggestion, only the name."""
    with pytest.raises(UnknownCardError) as info:
        default_card_database().get("Qqqqzzzz Xyxyx")
    assert "did you mean" not in str(info.value) and "'Qqqqzzzz Xyxyx'" in str(info.value)


def write_lines(tmp_path: Path, *lines: str) -> Path:
    path = tmp_path / "cards.jsonl"
    path.write_text("".join(line + "\n" for line in lines), "utf-8")
    return path


BOLT = {
    "name": "Homebrew Bolt",
    "mana_cost": "{R}",
    "type_line": "Instant",
    "oracle_text": "Homebrew Bolt deals 3 damage to any target.",
}
BEAR = {"name": "Homebrew Bear", "mana_cost": "{1}{G}", "type_line": "Creature — Bear", "power": "2", "toughness": "2"}


def test_cards_file(tmp_path):
    """`--cards FILE`: a Scryfall-style JSON-lines file of one card per line; blank lines skipped."""
    path = write_lines(tmp_path, json.dumps(BOLT), "", json.dumps(BEAR))
    cards = CardDatabase.from_jsonl(path)
    assert len(cards) == 2
    bolt, bear = cards.get("homebrew bolt"), cards.get("Homebrew Bear")
    assert bolt.mana_cost == ManaCost.parse("{R}") and bolt.colors == frozenset({Color.RED})
    assert (bear.types, bear.subtypes, bear.power, bear.toughness) == ((CardType.CREATURE,), ("Bear",), "2", "2")
    assert "Glacial Ray" not in cards


@pytest.mark.parametrize(
    ("lines", "where"),
    [
        (["{not json"], ":1"),
        ([json.dumps({"name": "No Type"})], ":1.type_line"),
        ([json.dumps({"mana_cost": "{R}", "type_line": "Instant"})], ":1.name"),
        ([json.dumps(BOLT | {"type_line": "Instnt"})], ":1 (Homebrew Bolt).type_line"),  # issue 16: the card named
        ([json.dumps(BOLT | {"colors": "R"})], ":1 (Homebrew Bolt).colors"),
        ([json.dumps([1, 2])], ":1"),
    ],
)
def test_file_of_no_card_record_is_refused_naming_file_and_line(tmp_path, lines, where):
    """Card file contract: a file none of whose lines is a card is a CardDataError naming file:line (and field)."""
    path = write_lines(tmp_path, *lines)
    with pytest.raises(CardDataError) as info:
        CardDatabase.from_jsonl(path)
    assert f"{path}{where}" in str(info.value)


@pytest.mark.parametrize(
    ("bad", "where"),
    [
        ("{not json", ":2"),
        (json.dumps({"name": "No Type"}), ":2.type_line"),
        (json.dumps(BOLT | {"name": "Bad Colours", "colors": "R"}), ":2 (Bad Colours).colors"),
        (json.dumps({"name": "Tazeem", "type_line": "Plane — Zendikar", "oracle_text": ""}), ":2 (Tazeem).type_line"),
    ],
)
def test_bad_record_among_cards_is_skipped_with_its_place(tmp_path, bad, where):
    """One bad card never stops a run over many: the record is skipped, kept with its place and reason."""
    path = write_lines(tmp_path, json.dumps(BOLT), bad, json.dumps(BEAR))
    cards = CardDatabase.from_jsonl(path)
    assert len(cards) == 2 and "Homebrew Bear" in cards
    assert [s.where for s in cards.skipped] == [f"{path}{where}"]


def test_skipped_card_asked_for_says_why(tmp_path):
    """A plane is never cast (CR 311.2): asked for by name, the error says so, not "unknown card"."""
    plane = {"name": "Tazeem", "type_line": "Plane — Zendikar", "oracle_text": ""}
    path = write_lines(tmp_path, json.dumps(BOLT), json.dumps(plane))
    cards = CardDatabase.from_jsonl(path)
    expected = r"'tazeem' can't be used: a plane card \(CR 311\.2: plane cards can't be cast\)"
    with pytest.raises(CardDataError, match=expected):
        cards.get("tazeem")


def test_bad_mana_cost_in_card_file_is_card_data_error(tmp_path):
    """Card file contract: a record whose mana cost is not mana symbols is a bad record (CardDataError, file:line)."""
    path = write_lines(tmp_path, json.dumps(BOLT | {"mana_cost": "2W"}))
    with pytest.raises(CardDataError, match=r"cards\.jsonl:1 \(Homebrew Bolt\)\.mana_cost"):
        CardDatabase.from_jsonl(path)


def test_bad_mana_cost_in_card_file_names_line(tmp_path):
    """Card file contract: a bad mana cost is a ValueError naming file:line.mana_cost and the value."""
    path = write_lines(tmp_path, json.dumps(BOLT | {"mana_cost": "2W"}))
    with pytest.raises(InputError, match=r"cards\.jsonl:1 \(Homebrew Bolt\)\.mana_cost: .*'2W'"):
        CardDatabase.from_jsonl(path)


def test_missing_cards_file(tmp_path):
    """`--cards FILE`: an unreadable file is a CardDataError naming it."""
    with pytest.raises(CardDataError, match="absent.jsonl"):
        CardDatabase.from_jsonl(tmp_path / "absent.jsonl")


@pytest.mark.parametrize(
    ("type_line", "expected"),
    [
        ("Legendary Creature — Human Soldier", (("Legendary",), (CardType.CREATURE,), ("Human", "Soldier"))),
        ("Instant — Arcane", ((), (CardType.INSTANT,), ("Arcane",))),
        ("Basic Land — Island", (("Basic",), (CardType.LAND,), ("Island",))),
        ("Artifact", ((), (CardType.ARTIFACT,), ())),
        ("Artifact Creature — Golem", ((), (CardType.ARTIFACT, CardType.CREATURE), ("Golem",))),
        ("Tribal Instant — Faerie", ((), (CardType.TRIBAL, CardType.INSTANT), ("Faerie",))),
    ],
)
def test_parse_type_line(type_line, expected):
    """CR 205.1a: a type line is supertypes and card types, then a long dash and the subtypes."""
    assert parse_type_line(type_line) == expected


def test_parse_type_line_rejects_unknown_word():
    """CR 205.2a: a word before the dash that is neither a card type nor a supertype is a CardDataError."""
    with pytest.raises(CardDataError, match="'Sorcerry'"):
        parse_type_line("Sorcerry", path="objects[0].card.type_line")


def test_card_from_record_colors():
    """CR 202.2: colours come from the mana cost unless the record gives `colors`."""
    white_blue = card_from_record({"name": "A", "mana_cost": "{W}{U}", "type_line": "Instant"})
    assert white_blue.colors == {Color.WHITE, Color.BLUE}
    assert card_from_record({"name": "B", "mana_cost": "{2}", "type_line": "Artifact"}).colors == frozenset()
    assert card_from_record({"name": "C", "mana_cost": "", "type_line": "Land"}).mana_cost is None


@pytest.mark.skipif(not SOURCE.exists(), reason="no source card corpus (set LEGALCASTS_SOURCE_CARDS)")
def test_build_script_reproduces_shipped_file(tmp_path):
    """README (card data): scripts/build_card_data.py on the source corpus writes exactly the shipped file."""
    out = tmp_path / "cards.jsonl"
    subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "build_card_data.py"), str(SOURCE), str(out)],
        check=True,
        capture_output=True,
    )
    assert out.read_bytes() == SHIPPED.read_bytes()


def test_a_missing_second_face_in_a_card_file_too(tmp_path):
    """``--cards FILE``: a face that a multi-face card names but the file lacks is one error, never a guess."""
    giant = {
        "name": "Bonecrusher Giant",
        "mana_cost": "{2}{R}",
        "type_line": "Creature — Giant",
        "oracle_text": "",
        "faces_of": "Bonecrusher Giant // Stomp",
        "layout": "adventure",
    }
    cards = CardDatabase.from_jsonl(write_lines(tmp_path, json.dumps(giant)))
    with pytest.raises(
        CardDataError, match="'Stomp' is a face of 'Bonecrusher Giant // Stomp' whose text the card data lacks"
    ):
        cards.get("Stomp")
    with pytest.raises(CardDataError, match="'Bonecrusher Giant // Stomp' can't be used: the card data lacks"):
        cards.get("Bonecrusher Giant // Stomp")
    with pytest.raises(UnknownCardError):
        cards.get("Stomps Giant")


@pytest.mark.parametrize(
    ("text", "symbol"),
    [("Spells you cast cost {½} less to cast.", "{½}"), ("Add {∞}.", "{∞}"), ("{HR}: Draw a card.", "{HR}")],
)
def test_a_text_symbol_not_of_the_rules_is_a_bad_record(text, symbol):
    """CR 107: a braced symbol in the text that is not one of the rules (a joke card's) makes a bad record."""
    with pytest.raises(CardDataError) as info:
        card_from_record({"name": "Joke", "type_line": "Instant", "oracle_text": text}, path="cards.jsonl:3")
    assert str(info.value) == (
        f"cards.jsonl:3 (Joke).oracle_text: {symbol!r} in the text is not a symbol of the rules (CR 107)"
    )


def test_the_symbols_of_the_rules_are_read_in_text():
    """CR 107.4-107.18: mana symbols and {H} {T} {Q} {PW} {CHAOS} {E} {TK} {P}, any case, make no bad record."""
    text = "{T}, {Q}, {E}{E}: Add {C}{S}{W/U/P}{2/B}{C/R}. {CHAOS}: {PW} {TK} {P} {H} {x} {g/p}"
    assert card_from_record({"name": "Many Symbols", "type_line": "Artifact", "oracle_text": text}).oracle_text == text


def test_gzip_compressed_card_file_is_read(tmp_path):
    """`--cards FILE.jsonl.gz`: a gzip-compressed JSON-lines file gives the same cards as the plain file."""
    plain = write_lines(tmp_path, json.dumps(BOLT), json.dumps(BEAR))
    packed = tmp_path / "cards.jsonl.gz"
    packed.write_bytes(gzip.compress(plain.read_bytes()))
    cards = CardDatabase.from_jsonl(packed)
    assert len(cards) == 2 and "Homebrew Bear" in cards
    assert cards.get("Homebrew Bear") == CardDatabase.from_jsonl(plain).get("Homebrew Bear")


def test_damaged_gzip_card_file_is_one_clear_error(tmp_path):
    """A gzip file cut short is a CardDataError naming the file, not a traceback."""
    packed = tmp_path / "cards.jsonl.gz"
    packed.write_bytes(gzip.compress(json.dumps(BOLT).encode())[:12])
    with pytest.raises(CardDataError, match=r"cards\.jsonl\.gz: not a whole gzip file"):
        CardDatabase.from_jsonl(packed)
