"""Card files people already have (MTGJSON, Scryfall) and the SQLite card index built from them."""

from __future__ import annotations

import bz2
import dataclasses
import gzip
import json
import lzma
import shutil
import sqlite3

import pytest

from models.cards import older_sets_card_database
from models.errors import CardDataError, UnknownCardError
from models.io.card_files import detect_card_file_format, read_card_file
from models.io.card_index import CardIndex, default_index_path, import_card_file, load_card_database
from models.io.state_json import load_state
from models.mana import ManaCost
from legalcasts.cli.main import main
from solver.legal import count_legal_casts
from tests.conftest import ROOT

FIXTURES = ROOT / "tests" / "fixtures" / "cards"
EXAMPLES = ROOT / "examples"
SPLICE_REMINDER = (
    " (As you cast an Arcane spell, you may reveal this card from your hand and pay its splice cost."
    " If you do, add this card's effects to that spell.)"
)
RAY_TEXT = "Glacial Ray deals 2 damage to any target.\nSplice onto Arcane {1}{R}" + SPLICE_REMINDER


def records_of(name: str) -> dict[str, dict]:
    """The records of a fixture file, by face name."""
    contents = read_card_file(FIXTURES / name)
    return {record["name"]: record for record in contents.records}


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize(
    ("name", "layout"),
    [
        ("AtomicCards.json", "mtgjson-atomic"),
        ("AllPrintings.json", "mtgjson-all-printings"),
        ("OTJ.json", "mtgjson-set"),
        ("mtgjson-db-LEA.json", "mtgjson-db-set"),
        ("mtgjson-db-CHK.json", "mtgjson-db-set"),
        ("scryfall-oracle-cards.json", "scryfall"),
        ("scryfall-default-cards.json", "scryfall"),
    ],
)
def test_layout_is_detected(name, layout):
    """Each layout is told by where its first card object sits (data.NAME[0], data.SET.cards[0], ...)."""
    assert detect_card_file_format(FIXTURES / name) == layout


def test_bundled_jsonl_is_detected():
    """The bundled JSON-lines file is a layout of its own."""
    assert detect_card_file_format(ROOT / "models" / "data" / "cards.jsonl") == "jsonl"


def test_atomic_cards_spree_card_all_fields():
    """MTGJSON v5 AtomicCards: Requisition Raid mapped field by field; the French name from foreignData."""
    raid = records_of("AtomicCards.json")["Requisition Raid"]
    assert raid == {
        "name": "Requisition Raid",
        "mana_cost": "{W}",
        "cmc": 1,  # manaValue 1.0 written as an int
        "colors": ["W"],
        "type_line": "Sorcery",
        "supertypes": [],
        "types": ["Sorcery"],
        "subtypes": [],
        "oracle_text": "Spree (Choose one or more additional costs.)\n+ {1} — Destroy target artifact.\n"
        "+ {1} — Destroy target enchantment.\n"
        "+ {1} — Put a +1/+1 counter on each creature target player controls.",
        "keywords": ["Spree"],
        "power": None,
        "toughness": None,
        "loyalty": None,
        "layout": "normal",
        "name_fr": "Pillage de réquisition",  # the German entry comes first and is passed over
        "sets": [],  # AtomicCards lists no set of its own; the printings are kept apart
        "rulings": [],
        "printings": ["OTJ"],
    }


def test_atomic_cards_split_card_one_record_per_face():
    """MTGJSON v5 AtomicCards: 'Alive // Well' is two faces, each with its own cost, mana value, colour, text."""
    records = records_of("AtomicCards.json")
    alive, well = records["Alive"], records["Well"]
    assert (alive["mana_cost"], alive["cmc"], alive["colors"]) == ("{3}{G}", 4, ["G"])  # faceManaValue, not 5
    assert (well["mana_cost"], well["cmc"], well["colors"]) == ("{W}", 1, ["W"])
    assert alive["faces_of"] == well["faces_of"] == "Alive // Well"
    assert (alive["name_fr"], well["name_fr"]) == ("Vivant", "En pleine forme")  # foreignData faceName
    assert well["oracle_text"].startswith("You gain 2 life for each creature you control.")
    assert alive["layout"] == "split" and len(alive["rulings"]) == 1
    assert "Alive // Well" not in records


def test_atomic_cards_phyrexian_and_splice_cards():
    """MTGJSON v5 AtomicCards: a Phyrexian cost (CR 107.4f) and a Splice card read as cards."""
    records = records_of("AtomicCards.json")
    probe = records["Gitaxian Probe"]
    assert (probe["mana_cost"], probe["cmc"], probe["name_fr"]) == ("{U/P}", 1, "Sonde gitaxienne")
    ray = records["Glacial Ray"]
    assert (ray["type_line"], ray["subtypes"], ray["keywords"]) == ("Instant — Arcane", ["Arcane"], ["Splice"])
    assert ray["oracle_text"] == RAY_TEXT
    assert ray["rulings"][0]["date"] == "2013-06-07"
    assert set(records) == {"Requisition Raid", "Alive", "Well", "Glacial Ray", "Gitaxian Probe"}


def test_all_printings_reads_every_set_and_skips_a_bad_cost():
    """MTGJSON v5 AllPrintings: the cards of each set; tokens are not cards; '{HW}' is skipped with its place."""
    contents = read_card_file(FIXTURES / "AllPrintings.json")
    records = {record["name"]: record for record in contents.records}
    assert list(records) == ["Glacial Ray", "Alive", "Well"]  # CHK, then DGM; not the Centaur token of DGM
    assert records["Glacial Ray"]["sets"] == ["CHK"] and records["Alive"]["sets"] == ["DGM"]
    assert records["Well"]["name_fr"] == "En pleine forme"
    assert len(contents.skipped) == 1
    skipped = contents.skipped[0]
    assert "data.UNH.cards[0] (Little Girl).mana_cost" in skipped.where and "'{HW}'" in skipped.reason


def test_set_file_v5():
    """MTGJSON v5 set file: the set code comes from the cards; a land has no mana cost."""
    records = records_of("OTJ.json")
    assert records["Requisition Raid"]["sets"] == ["OTJ"]
    assert records["Requisition Raid"]["name_fr"] == "Pillage de réquisition"
    plains = records["Plains"]
    assert (plains["mana_cost"], plains["cmc"]) == ("", 0)
    assert (plains["supertypes"], plains["subtypes"]) == (["Basic"], ["Plains"])
    assert (plains["name_fr"], plains["oracle_text"]) == ("Plaine", "({T}: Add {W}.)")


def test_older_set_file_colour_words_and_swapped_french_name():
    """mtgjson/db set file: colour words become letters; swapped foreignNames fields still give the French name.

    The set code is the file's.
    """
    records = records_of("mtgjson-db-CHK.json")
    ray = records["Glacial Ray"]
    assert (ray["colors"], ray["cmc"], ray["name_fr"], ray["sets"]) == (["R"], 2, "Rayon glaciaire", ["CHK"])
    assert ray["oracle_text"].startswith("Glacial Ray deals 2 damage to target creature or player.")  # 2016 text
    assert ray["keywords"] == []  # the older files have no keywords


def test_older_set_file_flip_card():
    """mtgjson/db set file: a flip card's two faces from 'names'; an English name given as French is dropped."""
    records = records_of("mtgjson-db-CHK.json")
    bushi, kenzo = records["Bushi Tenderfoot"], records["Kenzo the Hardhearted"]
    assert bushi["faces_of"] == kenzo["faces_of"] == "Bushi Tenderfoot // Kenzo the Hardhearted"
    assert (bushi["layout"], bushi["name_fr"], bushi["power"], bushi["toughness"]) == ("flip", None, "1", "1")
    assert (kenzo["supertypes"], kenzo["power"], kenzo["toughness"]) == (["Legendary"], "3", "4")


def test_older_set_file_splice_dash_and_split_card():
    """mtgjson/db set file: 'Splice onto Arcane-Tap' gets its dash back; split halves get half the French name."""
    talon = records_of("mtgjson-db-BOK.json")["Hundred-Talon Strike"]
    assert "\nSplice onto Arcane—Tap an untapped white creature you control. (As you" in talon["oracle_text"]
    assert talon["name_fr"] == "Frappe des cent ergots"
    records = records_of("mtgjson-db-DGM.json")
    assert (records["Alive"]["name_fr"], records["Well"]["name_fr"]) == ("Vivant", "En pleine forme")
    assert records["Alive"]["faces_of"] == "Alive // Well" and records["Alive"]["colors"] == ["G"]


def test_older_set_file_reprint_in_one_set_is_one_record():
    """mtgjson/db set file: LEA's two Plains are one entry; Bad Moon is black ('Black')."""
    records = records_of("mtgjson-db-LEA.json")
    assert list(records) == ["Bad Moon", "Plains", "Sol Ring"]
    colors = [records[name]["colors"] for name in ("Bad Moon", "Sol Ring", "Plains")]
    assert colors == [["B"], [], []]  # CR 202.2: no coloured mana symbol, no colour


def test_scryfall_oracle_cards_faces():
    """Scryfall oracle-cards: card_faces become one record each.

    Split halves take their colour from their cost; a back face without a cost
    has the front's mana value (CR 202.3b).
    """
    records = records_of("scryfall-oracle-cards.json")
    alive, well = records["Alive"], records["Well"]
    assert (alive["mana_cost"], alive["cmc"], alive["colors"], alive["keywords"]) == ("{3}{G}", 4, ["G"], ["Fuse"])
    assert (well["mana_cost"], well["cmc"], well["colors"]) == ("{W}", 1, ["W"])  # {W}: mana value 1
    assert alive["faces_of"] == "Alive // Well" and alive["name_fr"] is None
    delver, aberration = records["Delver of Secrets"], records["Insectile Aberration"]
    assert (delver["power"], delver["toughness"], delver["keywords"]) == ("1", "1", ["Transform"])
    assert (aberration["mana_cost"], aberration["cmc"], aberration["colors"]) == ("", 1, ["U"])
    assert (aberration["power"], aberration["toughness"], aberration["keywords"]) == ("3", "2", ["Flying"])
    assert (aberration["types"], aberration["subtypes"]) == (["Creature"], ["Human", "Insect"])
    assert records["Gitaxian Probe"]["mana_cost"] == "{U/P}"


def test_scryfall_flip_card_keeps_its_cost_when_flipped():
    """CR 710.1c: the flipped face of a flip card has the card's mana cost and colour ({W}, white)."""
    records = records_of("scryfall-oracle-cards.json")
    bushi, kenzo = records["Bushi Tenderfoot"], records["Kenzo the Hardhearted"]
    assert (kenzo["mana_cost"], kenzo["cmc"], kenzo["colors"], kenzo["supertypes"]) == ("{W}", 1, ["W"], ["Legendary"])
    assert (bushi["power"], kenzo["power"], kenzo["toughness"]) == ("1", "3", "4")
    assert kenzo["keywords"] == ["Bushido", "Double strike"] and bushi["keywords"] == []


def test_scryfall_default_cards_printings_merge_with_french_names():
    """Scryfall default-cards: several printings of a card are one record (sets of all of them).

    A French printing gives name_fr; a token and an unparsable cost are
    skipped and counted.
    """
    contents = read_card_file(FIXTURES / "scryfall-default-cards.json")
    records = {record["name"]: record for record in contents.records}
    assert set(records) == {"Glacial Ray", "Alive", "Well", "Requisition Raid"}
    ray = records["Glacial Ray"]
    assert (ray["name_fr"], ray["sets"]) == ("Rayon glaciaire", ["CHK", "A25"])  # en CHK, fr CHK, en A25
    assert ray["oracle_text"] == RAY_TEXT
    assert (records["Alive"]["name_fr"], records["Well"]["name_fr"]) == ("Vivant", "En pleine forme")
    assert records["Requisition Raid"]["name_fr"] is None  # no French printing in this file
    reasons = [str(skipped) for skipped in contents.skipped]
    assert len(reasons) == 2
    assert "[4] (Little Girl).mana_cost" in reasons[0] and "'{HW}'" in reasons[0]
    assert "[5]" in reasons[1] and "'Centaur'" in reasons[1] and "'token'" in reasons[1]


@pytest.mark.parametrize(
    ("name", "faces"),
    [
        ("AtomicCards.json", ["Requisition Raid", "Alive", "Well"]),
        ("OTJ.json", ["Requisition Raid"]),
        ("AllPrintings.json", ["Alive", "Well"]),
        ("mtgjson-db-DGM.json", ["Alive", "Well"]),
        ("mtgjson-db-CHK.json", ["Bushi Tenderfoot", "Kenzo the Hardhearted"]),
        ("mtgjson-db-LEA.json", ["Bad Moon", "Sol Ring"]),
        (
            "scryfall-oracle-cards.json",
            ["Requisition Raid", "Alive", "Well", "Bushi Tenderfoot", "Kenzo the Hardhearted"],
        ),
        ("scryfall-default-cards.json", ["Requisition Raid", "Alive", "Well"]),
    ],
)
def test_mapped_cards_equal_the_bundled_cards(tmp_path, name, faces):
    """Every format gives the same Card as the 13 older sets for the same card (texts of the same Oracle date)."""
    db = tmp_path / "cards.sqlite"
    import_card_file(FIXTURES / name, db)
    index = CardIndex(db)
    bundled = older_sets_card_database()
    for face in faces:
        card, expected = index.get(face), bundled.get(face)
        assert card.name_fr in (expected.name_fr, None)  # a file without French names gives None
        assert dataclasses.replace(card, name_fr=expected.name_fr) == expected


def test_index_lookups(tmp_path):
    """The index: by name in any case, by French name, in / len / iteration, mana cost as a ManaCost."""
    db = tmp_path / "cards.sqlite"
    import_card_file(FIXTURES / "AtomicCards.json", db)
    index = CardIndex(db)
    assert len(index) == 5  # Requisition Raid, Alive, Well, Glacial Ray, Gitaxian Probe
    assert [card.name for card in index] == ["Alive", "Gitaxian Probe", "Glacial Ray", "Requisition Raid", "Well"]
    assert index.get("REQUISITION raid").name == "Requisition Raid"
    assert index.get("Pillage de réquisition").name == "Requisition Raid"
    assert index.get("pillage de RÉQUISITION").name == "Requisition Raid"
    assert index.get("Sonde gitaxienne").mana_cost == ManaCost.parse("{U/P}")
    assert "glacial ray" in index and "Rayon glaciaire" in index and "Lightning Bolt" not in index
    assert [r["name"] for r in index.find("alive // well")] == ["Alive", "Well"]
    # CR 709.4: the whole split card, built from its halves: {3}{G} + {W} = {3}{W}{G}, mana value 5
    whole = index.get("Alive // Well")
    assert [h.name for h in whole.halves] == ["Alive", "Well"] and whole.mana_value == 5 and "alive // well" in index


def test_index_did_you_mean(tmp_path):
    """A misspelt name: one close name, or a few, in the error; none when nothing is close."""
    db = tmp_path / "cards.sqlite"
    import_card_file(FIXTURES / "OTJ.json", db)
    import_card_file(FIXTURES / "AtomicCards.json", db)
    index = CardIndex(db)
    with pytest.raises(UnknownCardError, match=r"unknown card 'Glacal Ray' \(did you mean 'Glacial Ray'\?\)"):
        index.get("Glacal Ray", path="objects[0].card")
    # 'plaines' is as close to 'plains' as to 'plaine': 2*6/13 = 0.92 each
    with pytest.raises(UnknownCardError, match=r"did you mean 'Plains' or 'Plaine'\?"):
        index.find("Plaines")
    with pytest.raises(UnknownCardError) as info:
        index.find("Qqqqzzzz Xyxyx")
    assert "did you mean" not in str(info.value)


def test_reimport_updates_entries(tmp_path):
    """Importing again: the new record replaces the old one, keeping its French name and both sets."""
    db = tmp_path / "cards.sqlite"
    import_card_file(FIXTURES / "OTJ.json", db)
    import_card_file(FIXTURES / "mtgjson-db-LEA.json", db)
    index = CardIndex(db)
    assert len(index) == 4  # Requisition Raid, Plains (OTJ); Bad Moon, Plains, Sol Ring (LEA): 2 + 3 - 1
    (plains,) = index.find("Plains")
    assert (plains["oracle_text"], plains["sets"], plains["name_fr"]) == ("W", ["OTJ", "LEA"], "Plaine")
    import_card_file(FIXTURES / "mtgjson-db-LEA.json", db)
    assert len(CardIndex(db)) == 4 and CardIndex(db).find("plaine")[0]["sets"] == ["OTJ", "LEA"]


def test_state_counts_the_same_with_the_index(tmp_path):
    """CR 702.172: case 3 counts 26 casts with an index built from MTGJSON files, as with the bundled data.

    2+2+2 with one mode, 4+4+4 with two, 8 with three (tests/counts/seed.jsonl).
    """
    db = tmp_path / "cards.sqlite"
    import_card_file(FIXTURES / "OTJ.json", db)  # Requisition Raid
    import_card_file(FIXTURES / "mtgjson-db-LEA.json", db)  # Plains, Sol Ring, Bad Moon
    state_file = EXAMPLES / "case03-raid-4plains.json"
    assert count_legal_casts(load_state(state_file, load_card_database(db)), player="P1") == 26
    assert count_legal_casts(load_state(state_file), player="P1") == 26


@pytest.mark.parametrize(
    ("suffix", "compress"), [(".gz", gzip.compress), (".bz2", bz2.compress), (".xz", lzma.compress)]
)
def test_compressed_file_and_progress(tmp_path, suffix, compress):
    """A compressed file reads as the plain one; progress reports bytes of the stored file, ending at its size."""
    packed = tmp_path / f"Atomic Cards #1.json{suffix}"
    packed.write_bytes(compress((FIXTURES / "AtomicCards.json").read_bytes()))
    seen: list[int] = []
    contents = read_card_file(packed, on_progress=seen.append)
    assert contents.records == read_card_file(FIXTURES / "AtomicCards.json").records
    assert seen and seen[-1] == packed.stat().st_size and seen == sorted(seen)
    db = tmp_path / "index #1?.sqlite"  # characters that mean something in a URI
    import_card_file(packed, db)
    assert len(CardIndex(db)) == 5


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('{"players": ["P1", "P2"], "objects": []}', "not a known card file layout"),
        ("[1, 2, 3]", "not a known card file layout"),
        (
            '{"meta": {}, "data": {"Glacial Ray": [{"name": "Glacial Ray", "type": "Instant", "types": [',
            r"not valid JSON \(parse error: premature EOF\)$",
        ),
        ("not json at all", r"not valid JSON \(lexical error: invalid string in json text\.\)$"),
    ],
)
def test_bad_file_is_one_error_naming_it(tmp_path, text, message):
    """A file of no known layout (or broken JSON) is one CardDataError naming the file."""
    path = tmp_path / "weird.json"
    path.write_text(text, "utf-8")
    with pytest.raises(CardDataError, match=message) as info:
        read_card_file(path)
    assert str(info.value).startswith(str(path))


def test_truncated_compressed_file_is_one_error(tmp_path):
    """A gzip file cut short is a CardDataError naming the file, not a traceback."""
    packed = tmp_path / "AtomicCards.json.gz"
    packed.write_bytes(gzip.compress((FIXTURES / "AtomicCards.json").read_bytes())[:300])
    with pytest.raises(CardDataError, match="cannot read card file") as info:
        read_card_file(packed)
    assert str(info.value).startswith(str(packed))


def test_cards_of_a_deck_list_before_the_set_cards_do_not_mislead(tmp_path):
    """A set whose deck lists come before its cards is still a set file (the cards are under data.cards)."""
    data = json.loads((FIXTURES / "OTJ.json").read_text("utf-8"))
    raid = data["data"]["cards"][0]
    data["data"] = {
        "decks": [
            {"name": "Starter", "mainBoard": [raid]},
        ],
        **data["data"],
    }
    path = tmp_path / "OTJ.json"
    path.write_text(json.dumps(data), "utf-8")
    assert detect_card_file_format(path) == "mtgjson-set"
    assert [record["name"] for record in read_card_file(path).records] == ["Requisition Raid", "Plains"]


def test_failed_import_leaves_the_index_as_it_was(tmp_path):
    """Nothing half-done: a bad file adds nothing; a missing index is not created; a non-index file is refused."""
    db = tmp_path / "cards.sqlite"
    bad = tmp_path / "state.json"
    shutil.copy(EXAMPLES / "case03-raid-4plains.json", bad)
    with pytest.raises(CardDataError):
        import_card_file(bad, db)
    assert not db.exists()
    import_card_file(FIXTURES / "OTJ.json", db)
    with pytest.raises(CardDataError):
        import_card_file(bad, db)
    assert len(CardIndex(db)) == 2
    with pytest.raises(CardDataError, match="not a card index"):
        import_card_file(FIXTURES / "OTJ.json", bad)
    assert bad.read_bytes() == (EXAMPLES / "case03-raid-4plains.json").read_bytes()


def test_foreign_sqlite_file_is_not_an_index(tmp_path):
    """A SQLite database of another program is refused as an index, with its path."""
    other = tmp_path / "other.sqlite"
    connection = sqlite3.connect(other)
    connection.execute("CREATE TABLE t (x)")
    connection.commit()
    connection.close()
    with pytest.raises(CardDataError, match="not a legalcasts card index"):
        load_card_database(other)
    with pytest.raises(CardDataError, match="no card index here"):
        CardIndex(tmp_path / "absent.sqlite")


def test_default_index_path(monkeypatch, tmp_path):
    """The index: $LEGALCASTS_DB, else $XDG_DATA_HOME/legalcasts/cards.sqlite, else ~/.local/share/..."""
    monkeypatch.setenv("LEGALCASTS_DB", str(tmp_path / "mine.sqlite"))
    assert default_index_path() == tmp_path / "mine.sqlite"
    monkeypatch.delenv("LEGALCASTS_DB")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    assert default_index_path() == tmp_path / "data" / "legalcasts" / "cards.sqlite"
    monkeypatch.delenv("XDG_DATA_HOME")
    monkeypatch.setenv("HOME", str(tmp_path))
    assert default_index_path() == tmp_path / ".local" / "share" / "legalcasts" / "cards.sqlite"


def test_cli_import_and_find(capsys, tmp_path):
    """`cards import` names the layout and the count; `cards find` prints name, cost, type, text, French name."""
    db = tmp_path / "cards.sqlite"
    code, out, err = run(capsys, "cards", "import", str(FIXTURES / "scryfall-default-cards.json"), "--db", str(db))
    assert code == 0 and err == ""
    assert out.splitlines()[0].endswith("scryfall-default-cards.json: Scryfall card array")
    assert f"imported 4 cards into {db}" in out and "(4 cards in the index)" in out  # Ray, Alive, Well, Raid
    assert "skipped 2 records:" in out
    code, out, err = run(capsys, "cards", "find", "rayon glaciaire", "--db", str(db))
    assert code == 0 and err == ""
    assert out.splitlines() == [
        "Glacial Ray  {1}{R}",
        "Instant — Arcane",
        "Glacial Ray deals 2 damage to any target.",
        "Splice onto Arcane {1}{R}" + SPLICE_REMINDER,
        "(French name: Rayon glaciaire; sets: CHK, A25)",
    ]
    code, out, _ = run(capsys, "cards", "find", "ALIVE // WELL", "--db", str(db))
    assert code == 0 and out.startswith("Alive  {3}{G}\nSorcery\n") and "\n\nWell  {W}\nSorcery\n" in out
    assert "(a face of Alive // Well; French name: Vivant; sets: DGM)" in out


def test_cli_exit_codes(capsys, tmp_path, monkeypatch):
    """Exit code 2 and one line on stderr: unknown card (with a suggestion), bad file, no index given with --db."""
    db = tmp_path / "cards.sqlite"
    monkeypatch.setenv("LEGALCASTS_DB", str(db))
    code, out, err = run(capsys, "cards", "find", "Glacial Ray", "--db", str(tmp_path / "absent.sqlite"))
    assert (code, out) == (2, "") and err.count("\n") == 1 and "no card index here" in err
    assert run(capsys, "cards", "import", str(FIXTURES / "AtomicCards.json"))[0] == 0  # into $LEGALCASTS_DB
    code, out, err = run(capsys, "cards", "find", "Glacal Ray")
    assert (code, out) == (2, "")
    assert err == "legalcasts: error: NAME: unknown card 'Glacal Ray' (did you mean 'Glacial Ray'?)\n"
    code, out, err = run(capsys, "cards", "import", str(EXAMPLES / "case03-raid-4plains.json"))
    assert (code, out) == (2, "") and err.count("\n") == 1 and "case03-raid-4plains.json: not a known card file" in err
    code, _, err = run(capsys, "cards", "import", str(tmp_path / "absent.json"))
    assert code == 2 and "cannot read card file" in err
    code, _, err = run(capsys, "cards")
    assert code == 2 and "required: {import,find}" in err


def test_cli_commands_take_an_index_as_cards(capsys, tmp_path):
    """`count --cards INDEX`: a SQLite index is told from JSON lines by its header; case 3 counts 26."""
    db = tmp_path / "cards.sqlite"
    for name in ("OTJ.json", "mtgjson-db-LEA.json"):
        assert run(capsys, "cards", "import", str(FIXTURES / name), "--db", str(db))[0] == 0
    code, out, err = run(capsys, "count", str(EXAMPLES / "case03-raid-4plains.json"), "--cards", str(db))
    assert (code, out, err) == (0, "26\n", "")
    code, _, err = run(capsys, "count", str(EXAMPLES / "case10-mists-ritual-ray.json"), "--cards", str(db))
    assert code == 2 and "unknown card 'Reach Through Mists'" in err


def test_an_imported_index_keeps_its_skipped_records(tmp_path):
    """``cards import``: a plane of the file is kept as skipped; asking for it says why. A card later imported wins."""
    ray = {
        "name": "Glacial Ray",
        "mana_cost": "{1}{R}",
        "type_line": "Instant",
        "oracle_text": "Glacial Ray deals 2 damage to any target.",
    }
    plane = {"name": "Tazeem", "mana_cost": "", "type_line": "Plane — Zendikar", "oracle_text": ""}
    source = tmp_path / "cards.jsonl"
    source.write_text(json.dumps(ray) + "\n" + json.dumps(plane) + "\n", "utf-8")
    db = tmp_path / "cards.sqlite"
    contents = import_card_file(source, db)
    assert [s.name for s in contents.skipped] == ["Tazeem"]
    index = CardIndex(db)
    reason = "a plane card (CR 311.2: plane cards can't be cast)"
    assert [(s.name, s.reason) for s in index.skipped] == [("Tazeem", reason)]
    with pytest.raises(CardDataError) as info:
        index.get("Tazeem", path="objects[1].card")
    assert str(info.value) == f"objects[1].card: 'Tazeem' can't be used: {reason}"
    with pytest.raises(CardDataError, match="'TAZEEM' can't be used: a plane card"):
        index.find("TAZEEM")
    homebrew = {"name": "Tazeem", "mana_cost": "{U}", "type_line": "Instant", "oracle_text": "A homebrew instant."}
    fixed = tmp_path / "fixed.jsonl"
    fixed.write_text(json.dumps(homebrew) + "\n", "utf-8")
    import_card_file(fixed, db)
    assert CardIndex(db).get("Tazeem").oracle_text == "A homebrew instant." and CardIndex(db).skipped == ()


def test_a_face_the_index_lacks_is_one_clear_error(tmp_path):
    """A face that a multi-face card names but the index lacks, or the whole card: one error, not "unknown card"."""
    giant = {
        "name": "Bonecrusher Giant",
        "mana_cost": "{2}{R}",
        "type_line": "Creature — Giant",
        "power": "4",
        "toughness": "3",
        "faces_of": "Bonecrusher Giant // Stomp",
        "layout": "adventure",
    }
    source = tmp_path / "cards.jsonl"
    source.write_text(json.dumps(giant) + "\n", "utf-8")
    db = tmp_path / "cards.sqlite"
    import_card_file(source, db)
    index = CardIndex(db)
    with pytest.raises(CardDataError) as info:
        index.get("stomp", path="objects[0].card")
    assert str(info.value) == (
        "objects[0].card: 'stomp' is a face of 'Bonecrusher Giant // Stomp' whose text the card data lacks"
    )
    with pytest.raises(
        CardDataError,
        match="'Bonecrusher Giant // Stomp' can't be used: the card data lacks the text of its face 'Stomp'",
    ):
        index.find("Bonecrusher Giant // Stomp")
    with pytest.raises(UnknownCardError):
        index.get("Stomps")
