"""The embedded card pool: merged files, skipped records, missing faces, the cached index, ``cards find``."""

from __future__ import annotations

import gzip
import json
import os
import subprocess
import sys

import pytest

import models.io.card_pool as card_pool
from models.cards import CardDatabase, card_from_record
from models.io.card_pool import default_card_database
from models.errors import CardDataError
from models.io.card_index import CardIndex, import_card_file
from models.io.card_pool import (
    POOL_FILE,
    build_pool_index,
    cache_dir,
    checked_records,
    merge_pool_records,
    pool_index,
    pool_key,
    pool_records,
)
from legalcasts.cli.main import main
from tests.conftest import ROOT

PLANE_REASON = "a plane card (CR 311.2: plane cards can't be cast)"


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def record(name: str, text: str, type_line: str = "Instant", cost: str = "{R}", **extra) -> dict:
    return {"name": name, "mana_cost": cost, "type_line": type_line, "oracle_text": text, **extra}


# ------------------------------------------------------------------ merging: current wording first


def test_merge_keeps_current_wording_and_fills_french_name_and_rulings():
    """A face in both files: the pool's text, cost and types; the older file's French name and rulings fill gaps."""
    ruling = {"date": "2004-10-04", "text": "It can target a player."}
    merged = dict(
        merge_pool_records(
            [("pool:1", record("Lightning Bolt", "Lightning Bolt deals 3 damage to any target.", name_fr=None))],
            [
                (
                    "old:7",
                    record(
                        "Lightning Bolt",
                        "Lightning Bolt deals 3 damage to target creature or player.",
                        type_line="Instant — Old",
                        cost="{1}",
                        name_fr="Foudre",
                        rulings=[ruling],
                    ),
                )
            ],
        )
    )
    bolt = merged["pool:1"]
    assert bolt["oracle_text"] == "Lightning Bolt deals 3 damage to any target."
    assert (bolt["mana_cost"], bolt["type_line"]) == ("{R}", "Instant")
    assert (bolt["name_fr"], bolt["rulings"]) == ("Foudre", [ruling])


def test_merge_never_replaces_what_the_pool_has():
    """The pool's own French name and rulings stand; the older file's are used only where the pool has none."""
    merged = merge_pool_records(
        [("pool:1", record("Fling", "… to any target.", name_fr="Jet", rulings=[{"t": 1}]))],
        [("old:1", record("fling", "… to target creature or player.", name_fr="Lancer", rulings=[{"t": 2}]))],
    )
    assert [(where, r["name_fr"], r["rulings"]) for where, r in merged] == [("pool:1", "Jet", [{"t": 1}])]


def test_merge_adds_a_second_face_only_the_older_file_has():
    """A face the pool lacks ("Ice" of "Fire // Ice") comes whole from the older file, after the pool's records."""
    fire = record(
        "Fire",
        "Fire deals 2 damage divided as you choose among one or two targets.",
        faces_of="Fire // Ice",
        layout="split",
        cost="{1}{R}",
    )
    ice = record("Ice", "Tap target permanent.\nDraw a card.", faces_of="Fire // Ice", layout="split", cost="{1}{U}")
    merged = merge_pool_records([("pool:1", fire)], [("old:3", ice)])
    assert [(where, r["name"]) for where, r in merged] == [("pool:1", "Fire"), ("old:3", "Ice")]
    whole = CardDatabase([card_from_record(r) for _, r in merged]).get("Fire // Ice")
    assert [half.name for half in whole.halves] == ["Fire", "Ice"]


def test_shipped_pool_has_current_wording_and_french_names():
    """The real merged pool: Fling in current wording ('any target', CR 115.4) with its French name 'Jet'."""
    fling = default_card_database().get("Fling")
    assert fling.oracle_text.endswith("power to any target.") and "this spell" in fling.oracle_text
    assert fling.name_fr == "Jet" and default_card_database().get("jet") == fling
    ray = default_card_database().get("Rayon glaciaire")
    assert ray.name == "Glacial Ray"


# ------------------------------------------------------------------ every record: a card, or skipped with a reason


def test_every_record_of_the_pool_is_a_card_or_skipped_with_its_reason():
    """The whole shipped pool: no exception escapes; each merged record loads as a Card or is skipped, with why."""
    placed, bad = pool_records()
    assert bad == []  # every line is a JSON record with a name
    cards, skipped = checked_records(placed)
    assert len(cards) + len(skipped) == len(placed) == 35368  # cards/README: 35,368 faces; the older file adds none
    assert all(s.reason and s.name and s.where.startswith(POOL_FILE + ":") for s in skipped)
    index = default_card_database()
    loaded = list(index)  # every row read back through card_from_record
    assert len(loaded) == len(index) == len(cards)
    assert {s.name for s in index.skipped} == {s.name for s in skipped}
    # The kinds of records refused: cards never cast (CR 309.2c-315.3, 123.2) and joke types or symbols.
    never_cast = [
        s
        for s in skipped
        if "can't be cast" in s.reason or "not a card)" in s.reason or "remain in the command zone" in s.reason
    ]
    assert len(never_cast) >= 400 and any("'Eaturecray'" in s.reason for s in skipped)


@pytest.mark.parametrize(
    ("name", "reason"),
    [
        ("Tazeem", PLANE_REASON),
        ("tazeem", PLANE_REASON),
        ("Atinlay Igpay", "'Eaturecray' in 'Eaturecray — Igpay' is not a card type or supertype"),
        ("Little Girl", "'{HW}' is not a mana symbol in '{HW}'"),
        ("Cheap Ass", "'{½}' in the text is not a symbol of the rules (CR 107)"),
    ],
)
def test_a_skipped_record_asked_for_says_why(name, reason):
    """A name of a record that can't be a card: the error says why, not "unknown card"."""
    with pytest.raises(CardDataError) as info:
        default_card_database().get(name)
    assert info.value.message == f"{name!r} can't be used: {reason}"
    assert name not in default_card_database()


# ------------------------------------------------------------------ a face the data lacks


def test_a_missing_second_face_is_one_clear_error():
    """'Brightcap Badger // Fungus Frolic': the pool lacks the Adventure; it, or the whole card, is refused."""
    pool = default_card_database()
    assert pool.get("Brightcap Badger").faces == ("Brightcap Badger", "Fungus Frolic")
    with pytest.raises(CardDataError) as info:
        pool.get("fungus frolic", path="objects[2].card")
    assert str(info.value) == (
        "objects[2].card: 'fungus frolic' is a face of 'Brightcap Badger // Fungus Frolic' "
        "whose text the card data lacks"
    )
    with pytest.raises(CardDataError) as info:
        pool.get("Brightcap Badger // Fungus Frolic")
    assert info.value.message == (
        "'Brightcap Badger // Fungus Frolic' can't be used: the card data lacks the text of its face 'Fungus Frolic'"
    )
    assert "Fungus Frolic" not in pool


def test_cli_missing_face_and_skipped_card_are_one_line_exit_2(capsys, tmp_path):
    """A state naming a face the data lacks, or a plane: one line naming the key path, exit 2, no traceback."""
    state = tmp_path / "state.json"
    for name, fragment in [
        (
            "Fungus Frolic",
            "objects[0].card: 'Fungus Frolic' is a face of 'Brightcap Badger // Fungus Frolic' "
            "whose text the card data lacks",
        ),
        ("Tazeem", "objects[0].card: 'Tazeem' can't be used: a plane card (CR 311.2: plane cards can't be cast)"),
    ]:
        state.write_text(
            json.dumps(
                {"players": ["P1", "P2"], "objects": [{"id": "a", "card": name, "zone": "hand", "owner": "P1"}]}
            ),
            "utf-8",
        )
        code, out, err = run(capsys, "count", str(state))
        assert (code, out) == (2, "") and err.count("\n") == 1 and fragment in err and "Traceback" not in err


# ------------------------------------------------------------------ the cached index


@pytest.fixture
def small_pool(monkeypatch):
    """Shipped files replaced by two small ones (the pool: Bolt and a plane; the older file: Bolt's French name)."""
    files = {
        POOL_FILE: gzip.compress(
            (
                json.dumps(record("Lightning Bolt", "Lightning Bolt deals 3 damage to any target."))
                + "\n"
                + json.dumps(record("Tazeem", "", type_line="Plane — Zendikar", cost=""))
                + "\n"
            ).encode()
        ),
        card_pool.OLDER_FILE: (
            json.dumps(record("Lightning Bolt", "… to target creature or player.", name_fr="Foudre")) + "\n"
        ).encode(),
    }
    monkeypatch.setattr(card_pool, "_data_bytes", lambda name: files[name])
    return files


def test_cache_is_built_once_and_reused(tmp_path, monkeypatch, small_pool):
    """First use writes CACHE/legalcasts/pool-<hash>.sqlite; the next use opens it without rebuilding."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert cache_dir() == tmp_path / "legalcasts"
    first = pool_index()
    assert first.path == tmp_path / "legalcasts" / f"pool-{pool_key()[:16]}.sqlite"
    assert first.get("foudre").oracle_text == "Lightning Bolt deals 3 damage to any target."
    with pytest.raises(CardDataError, match="'Tazeem' can't be used: a plane card"):
        first.get("Tazeem")
    built = first.path.stat()
    monkeypatch.setattr(card_pool, "build_pool_index", lambda *a, **k: pytest.fail("rebuilt a current cache"))
    second = pool_index()
    assert second.path == first.path and second.path.stat().st_ino == built.st_ino
    assert [p.name for p in (tmp_path / "legalcasts").iterdir()] == [first.path.name]  # no temporary file left


def test_cache_is_rebuilt_when_the_data_changes(tmp_path, monkeypatch, small_pool):
    """Another pool file is another hash: a new index, with the new text."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    old = pool_index()
    small_pool[POOL_FILE] = gzip.compress((json.dumps(record("Lightning Bolt", "Changed text.")) + "\n").encode())
    new = pool_index()
    assert new.path != old.path and new.get("Lightning Bolt").oracle_text == "Changed text."


def test_a_damaged_cache_file_is_rebuilt(tmp_path, small_pool):
    """A file at the cache's name that is not the index of this data (cut short, or another) is built again."""
    path = tmp_path / f"pool-{pool_key()[:16]}.sqlite"
    path.write_bytes(b"SQLite format 3\x00 and then nothing")
    assert pool_index(tmp_path).get("Lightning Bolt").name == "Lightning Bolt"
    assert CardIndex(path).meta("pool") == pool_key()


def test_an_unwritable_cache_builds_in_memory(tmp_path, monkeypatch, small_pool):
    """When the cache folder can't be made, the index is built in memory for the process, and works."""
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocker))
    index = pool_index()
    assert index.path is None and index.get("Lightning Bolt").name_fr == "Foudre"
    with pytest.raises(CardDataError, match="'Tazeem' can't be used"):
        index.get("Tazeem")


def test_a_failed_write_leaves_nothing(tmp_path, monkeypatch, small_pool):
    """The index is renamed into place whole: a failure before the rename leaves no file, and the pool still works."""

    def fail(*args):
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", fail)
    index = build_pool_index(tmp_path / "pool.sqlite")
    assert index.path is None and index.get("Lightning Bolt").name == "Lightning Bolt"
    assert list(tmp_path.iterdir()) == []


def test_relative_xdg_cache_home_is_ignored(monkeypatch, tmp_path):
    """XDG Base Directory: a relative $XDG_CACHE_HOME is ignored; ~/.cache is used."""
    monkeypatch.setenv("XDG_CACHE_HOME", "relative/cache")
    monkeypatch.setenv("HOME", str(tmp_path))
    assert cache_dir() == tmp_path / ".cache" / "legalcasts"


# ------------------------------------------------------------------ cards find with no index


def test_cards_find_without_an_index_reads_the_pool(tmp_path):
    """Two ``cards find`` started at once, no index imported, an empty cache: both answer from the pool.

    The first use builds the cache; the two processes both build it and rename it into place, and neither reads
    half an index.
    """
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path / "cache"), "XDG_DATA_HOME": str(tmp_path / "data")}
    env.pop("LEGALCASTS_DB", None)
    command = [sys.executable, "-m", "legalcasts.cli.main", "cards", "find"]
    runs = [
        subprocess.Popen([*command, name], cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        for name in ("Lightning Bolt", "fire // ice")
    ]
    (bolt, bolt_err), (fire, fire_err) = (process.communicate(timeout=120) for process in runs)
    assert [process.returncode for process in runs] == [0, 0], (bolt_err, fire_err)
    assert bolt.splitlines() == ["Lightning Bolt  {R}", "Instant", "Lightning Bolt deals 3 damage to any target."]
    assert fire.startswith("Fire  {1}{R}\nInstant\n") and "\n\nIce  {1}{U}\n" in fire
    assert [p.name for p in (tmp_path / "cache" / "legalcasts").iterdir()] == [f"pool-{pool_key()[:16]}.sqlite"]
    assert not (tmp_path / "data").exists()  # nothing imported, nothing written there
    missing = subprocess.run([*command, "Fungus Frolic"], cwd=ROOT, env=env, capture_output=True, text=True)
    assert (missing.returncode, missing.stdout) == (2, "")
    assert missing.stderr == (
        "legalcasts: error: NAME: 'Fungus Frolic' is a face of 'Brightcap Badger // Fungus Frolic' "
        "whose text the card data lacks\n"
    )


def test_cards_find_prefers_the_users_index(capsys, tmp_path, monkeypatch):
    """With an index at $LEGALCASTS_DB, ``cards find`` reads it, not the pool; a name only the pool has is unknown."""
    source = tmp_path / "cards.jsonl"
    source.write_text(json.dumps(record("Lightning Bolt", "Homebrew text.")) + "\n", "utf-8")
    db = tmp_path / "mine.sqlite"
    monkeypatch.setenv("LEGALCASTS_DB", str(db))
    code, out, _ = run(capsys, "cards", "find", "Lightning Bolt")  # no index there yet: the pool
    assert code == 0 and "any target" in out
    import_card_file(source, db)
    code, out, _ = run(capsys, "cards", "find", "Lightning Bolt")
    assert code == 0 and out.splitlines()[2] == "Homebrew text."
    code, _, err = run(capsys, "cards", "find", "Glacial Ray")
    assert code == 2 and "unknown card 'Glacial Ray'" in err


def test_forge_puzzle_naming_a_missing_face_says_so():
    """A Forge puzzle naming a face the data lacks: the line, the key and the reason, not "unknown cards"."""
    from models.errors import StateError
    from models.io.forge_pzl import puzzle_from_text

    with pytest.raises(StateError) as info:
        puzzle_from_text("[state]\nhumanhand=Glacial Ray;Fungus Frolic\n")
    assert str(info.value) == (
        "line 2: humanhand: 'Fungus Frolic' is a face of 'Brightcap Badger // Fungus Frolic' "
        "whose text the card data lacks"
    )
