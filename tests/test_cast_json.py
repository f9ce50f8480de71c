"""Cast records as JSON (the ``--format jsonl`` line; STATE_FORMAT "stack ... cast")."""

from __future__ import annotations

import json

import pytest

from models.cast import CAST_FIELDS, Cast, TargetChoice, _legacy_keys
from models.errors import CastFormatError
from models.mana import ManaCost
from models.objects import ObjectId, PlayerId


def spree_cast(**changes) -> Cast:
    """A cast with every kind of choice: Requisition Raid, modes 0 and 2, two spliced texts, two discards.

    Only the shape matters here (no state checks it); ids are as a state file would give them.
    """
    fields = dict(
        card=ObjectId("raid"),
        name="Requisition Raid",
        modes=(0, 2),
        splices=(ObjectId("might"), ObjectId("ray")),
        targets=(
            TargetChoice(ObjectId("raid"), 0, 0, 0, "target artifact", ("ring",)),
            TargetChoice(ObjectId("raid"), 2, 0, 0, "target player", ("P2",)),
            TargetChoice(ObjectId("might"), None, 0, 0, "target creature", ("bear",)),
            TargetChoice(ObjectId("ray"), None, 0, 0, "any target", ("P1",)),
        ),
        discards=(ObjectId("a"), ObjectId("b")),
        total_cost=ManaCost.parse("{3}{W}{G}{R}"),
        mana_value=1,
    )
    fields.update(changes)
    return Cast(**fields)


def test_round_trip():
    """Cast.to_json / from_json: what is written reads back as an equal cast, through JSON text too."""
    cast = spree_cast()
    data = json.loads(json.dumps(cast.to_json()))
    back = Cast.from_json(data)
    assert back == cast and hash(back) == hash(cast)
    assert back.to_json() == cast.to_json()
    assert back.total_cost == ManaCost.parse("{3}{W}{G}{R}") and back.name == "Requisition Raid"


def test_to_json_shape():
    """Cast.to_json: the keys of every cast, and the slot of each target instance, ``copy`` included (CR 700.2d).

    Keys: card, name, zone, modes, splices, targets, discards, sacrifices, without_paying_mana_cost,
    total_cost, mana_value.
    """
    data = spree_cast().to_json()
    assert data["zone"] == "hand"  # CR 601.2a: a cast names the zone it is cast from
    assert data["modes"] == [0, 2]
    assert data["splices"] == ["might", "ray"]
    assert data["targets"][1] == {
        "source": "raid",
        "mode": 2,
        "instruction": 0,
        "index": 0,
        "copy": 0,
        "phrase": "target player",
        "targets": ["P2"],
    }
    assert data["sacrifices"] == []
    assert data["total_cost"] == "{3}{W}{G}{R}"
    assert data["without_paying_mana_cost"] is False


def test_minimal_record():
    """Cast.from_json: only `card` is needed; total_cost and mana_value may be left out."""
    cast = Cast.from_json({"card": "mists"})
    assert cast == Cast(card=ObjectId("mists"), name="Reach Through Mists")
    assert cast.modes == () and cast.targets == () and cast.total_cost == ManaCost.parse("")


@pytest.mark.parametrize(
    "change",
    [
        {"name": "Another Name"},
        {"total_cost": ManaCost.parse("{9}")},
        {"mana_value": 7},
        {
            "targets": tuple(
                TargetChoice(t.source, t.mode, t.instruction, t.index, "a different phrase", t.targets)
                for t in spree_cast().targets
            )
        },
    ],
    ids=["name", "total_cost", "mana_value", "phrase"],
)
def test_equality_ignores_derived_fields(change):
    """Cast Notes: equality and hashing use the choices only; name, phrase, total_cost, mana_value follow from them."""
    assert spree_cast(**change) == spree_cast()
    assert hash(spree_cast(**change)) == hash(spree_cast())


@pytest.mark.parametrize(
    "change",
    [
        {"modes": (0, 1)},
        {"splices": (ObjectId("ray"), ObjectId("might"))},  # CR 702.47b: splice order is a choice
        {"discards": (ObjectId("a"), ObjectId("c"))},
        {"without_paying_mana_cost": True},
        {
            "targets": spree_cast().targets[:1]
            + (TargetChoice(ObjectId("raid"), 2, 0, 0, "target player", ("P1",)),)
            + spree_cast().targets[2:]
        },
    ],
    ids=["modes", "splice order", "discards", "alternative cost", "target"],
)
def test_equality_sees_every_choice(change):
    """STATE_FORMAT "What counts as one cast": casts differing in any choice are different."""
    assert spree_cast(**change) != spree_cast()


def test_target_sets_are_sets():
    """STATE_FORMAT: the objects chosen for one instance of "target" are a set; from_json sorts them."""
    data = spree_cast().to_json()
    data["targets"][0]["targets"] = ["z", "a"]
    assert Cast.from_json(data).targets[0].targets == ("a", "z")


BAD = [
    ({"name": "x"}, "cast.card"),
    ({"card": 3}, "cast.card"),
    ({"card": "x", "modes": "0"}, "cast.modes"),
    ({"card": "x", "modes": [True]}, "cast.modes"),
    ({"card": "x", "targets": {}}, "cast.targets"),
    ({"card": "x", "targets": [{"source": "x", "targets": "P2"}]}, "cast.targets[0].targets"),
    ({"card": "x", "targets": [{"source": "x"}]}, "cast.targets[0].targets"),
    ({"card": "x", "targets": [{"targets": []}]}, "cast.targets[0].source"),
    ({"card": "x", "targets": ["P2"]}, "cast.targets[0]"),
    ({"card": "x", "targets": [{"source": "x", "targets": [], "mode": "1"}]}, "cast.targets[0].mode"),
    ({"card": "x", "splices": "a"}, "cast.splices"),
    ({"card": "x", "discards": [1]}, "cast.discards"),
    ({"card": "x", "foo": 1}, "cast.foo"),
    ({"card": "x", "total_cost": 3}, "cast.total_cost"),
    pytest.param({"card": "x", "mana_value": "a"}, "cast.mana_value"),
    pytest.param({"card": "x", "without_paying_mana_cost": "no"}, "cast.without_paying_mana_cost"),
    pytest.param({"card": "x", "targets": [{"source": "x", "targets": [], "mode": True}]}, "cast.targets[0].mode"),
    pytest.param({"card": "x", "targets": [{"source": "x", "targets": [], "modes": 1}]}, "cast.targets[0].modes"),
    pytest.param({"card": "x", "total_cost": "2W"}, "cast.total_cost"),
    ([1], "cast"),
]


@pytest.mark.parametrize(("data", "path"), BAD)
def test_from_json_errors_name_the_key_path(data, path):
    """Cast.from_json Raises: a CastFormatError (a ValueError) whose message starts with the key path."""
    with pytest.raises(CastFormatError) as info:
        Cast.from_json(data)
    assert isinstance(info.value, ValueError)
    assert str(info.value).startswith(f"{path}:")


def test_from_json_total_cost_bad_symbols_is_value_error():
    """Cast.from_json: a total_cost that is not mana symbols is at least a ValueError naming the key path and value."""
    with pytest.raises(ValueError, match=r"cast\.total_cost: .*'2W'"):
        Cast.from_json({"card": "x", "total_cost": "2W"})


def test_from_json_custom_path():
    """Cast.from_json path: errors are reported under the caller's key path (a stack object's `cast`)."""
    with pytest.raises(CastFormatError, match=r"^objects\[2\]\.cast\.modes:"):
        Cast.from_json({"card": "x", "modes": "all"}, path="objects[2].cast")


# ---------------------------------------------------------------- every field, from one field list


def every_field_cast() -> Cast:
    """A cast whose every field differs from its default (the shapes only: no state checks it)."""
    from models.objects import Zone

    return Cast(
        card=ObjectId("spell"),
        name="Test Spell",
        zone=Zone.EXILE,
        halves=("Far", "Away"),
        prototyped=True,
        modes=(0, 1, 1),
        splices=(ObjectId("s2"), ObjectId("s1")),
        targets=(TargetChoice(ObjectId("spell"), 1, 0, 0, "any target", ("P1", "bear"), 1, (2, 1)),),
        x=3,
        alternative_cost="overload",
        additional_costs=(("kicker", 1), ("multikicker", 2)),
        gift_recipient=PlayerId("P2"),
        discards=(ObjectId("d"),),
        sacrifices=(ObjectId("s"),),
        exiles=(ObjectId("e"),),
        taps=(ObjectId("t"),),
        returns=(ObjectId("r"),),
        without_paying_mana_cost=True,
        total_cost=ManaCost.parse("{2}{R}"),
        mana_value=5,
    )


def test_every_field_has_a_json_form_and_a_default():
    """Cast is built by name from one field list: CAST_FIELDS names every field, in order, once."""
    from models.cast import CAST_FIELDS

    assert tuple(spec.name for spec in CAST_FIELDS) == Cast._fields
    full = every_field_cast()
    empty = Cast(card=ObjectId("spell"))
    changed = [name for name in Cast._fields if getattr(full, name) != getattr(empty, name)]
    assert changed == [name for name in Cast._fields if name != "card"]  # the test cast sets every field


def test_every_field_round_trips_through_json():
    """Cast.to_json / from_json over every field: each one reads back as written, through JSON text."""
    cast = every_field_cast()
    back = Cast.from_json(json.loads(json.dumps(cast.to_json())))
    for name in Cast._fields:
        assert getattr(back, name) == getattr(cast, name), name
    assert back == cast and back.to_json() == cast.to_json()


def test_older_keys_are_written_and_read():
    """The keys written before costs were records: kicked (CR 702.33d), times_kicked, awakened, overloaded."""
    data = every_field_cast().to_json()
    assert (data["kicked"], data["times_kicked"], data["overloaded"]) == (True, 2, True) and "awakened" not in data
    old = Cast.from_json({"card": "probe", "kicked": True})
    assert old.additional_costs == (("kicker", 1),) and old.times_paid("kicker") == 1
    old = Cast.from_json({"card": "chalice", "kicked": True, "times_kicked": 3})
    assert old.additional_costs == (("multikicker", 3),)
    assert Cast.from_json({"card": "surge", "overloaded": True}).alternative_cost == "overload"
    assert Cast.from_json({"card": "coast", "awakened": True}).alternative_cost == "awaken"
    with pytest.raises(CastFormatError, match="overloaded"):
        Cast.from_json({"card": "surge", "overloaded": True, "alternative_cost": "awaken"})
    with pytest.raises(CastFormatError, match="kicked"):
        Cast.from_json({"card": "chalice", "kicked": False, "times_kicked": 2})
    with pytest.raises(CastFormatError, match="one alternative cost"):
        Cast.from_json({"card": "surge", "overloaded": True, "awakened": True})


def test_newer_keys_are_what_a_record_means():
    """An edited printed record: the newer key is read, and an older key that now disagrees is refused."""
    printed = {"card": "demise", "additional_costs": {"kicker": 1}, "kicked": True}
    assert Cast.from_json(printed).additional_costs == (("kicker", 1),)
    # unkicked in the newer key, kicked still in the older one: refused, never merged
    with pytest.raises(CastFormatError, match="cast.kicked: the older key says true, but additional_costs says"):
        Cast.from_json({**printed, "additional_costs": {}})
    # another family's key may change alone: the kicked record with an alternative cost added reads as both
    both = Cast.from_json({**printed, "alternative_cost": "overload"})
    assert (both.additional_costs, both.alternative_cost) == ((("kicker", 1),), "overload")
    # an overloaded record edited to pay the mana cost: refused while "overloaded" still says true
    with pytest.raises(CastFormatError, match="cast.overloaded"):
        Cast.from_json({"card": "surge", "alternative_cost": None, "overloaded": True})


@pytest.mark.parametrize(
    ("key", "value"),
    [
        ("zone", "sideboard"),
        ("alternative_cost", 3),
        ("additional_costs", {"kicker": 0}),
        ("additional_costs", ["kicker"]),
        ("x", -1),
        ("halves", ["a", "b", "c"]),
    ],
)
def test_bad_fields_are_refused_with_their_path(key, value):
    """STATE_FORMAT: a field of the wrong shape is refused with its key path."""
    with pytest.raises(CastFormatError, match=f"cast.{key}"):
        Cast.from_json({"card": "spell", key: value})


def _json_by_fields(cast: Cast) -> dict:
    """A cast's JSON made from CAST_FIELDS alone (the field list), as the record has always been written."""
    data: dict = {}
    for spec in CAST_FIELDS:
        value = getattr(cast, spec.name)
        if spec.always or not (value is None or value is False or value == ()):
            data[spec.name] = spec.to_json(value)
    data.update(_legacy_keys(cast))
    for name in ("without_paying_mana_cost", "total_cost", "mana_value"):
        data[name] = data.pop(name)
    return data


def test_to_json_writes_what_the_field_list_says() -> None:
    """Cast.to_json, written field by field for speed, gives the field list's record, keys in the same order.

    Every cast of every example state, among them halves, X, alternative and optional costs, gifts and every kind
    of object paying a cost.
    """
    import glob
    import itertools

    from models.io.state_json import load_state
    from solver.legal import LegalCasts, castable_objects
    from tests.conftest import ROOT

    seen = set()
    for path in sorted(glob.glob(str(ROOT / "examples" / "*.json"))):
        state = load_state(path)
        for player in state.players:
            for card in castable_objects(state, player):
                try:
                    view = LegalCasts(state, card, player=player)
                    casts = list(itertools.islice(view, 300))
                except Exception:  # noqa: BLE001 - unsupported text: no casts to write
                    continue
                for cast in casts:
                    assert json.dumps(cast.to_json()) == json.dumps(_json_by_fields(cast))
                    seen.update(key for key, value in cast.to_json().items() if value not in ([], None, False))
    # the fields written only when set were met, and a cast with every one of them set writes them alike
    assert {"halves", "x", "alternative_cost", "additional_costs", "exiles", "taps", "kicked"} <= seen
    every = Cast(
        card=ObjectId("s"),
        name="S",
        halves=("Far", "Away"),
        prototyped=True,
        modes=(0, 0),
        splices=(ObjectId("a"),),
        targets=(TargetChoice(ObjectId("s"), 0, 0, 0, "any target", ("P2",), 1, (2,)),),
        x=3,
        alternative_cost="overload",
        additional_costs=(("multikicker", 2),),
        gift_recipient=PlayerId("P2"),
        discards=(ObjectId("d"),),
        sacrifices=(ObjectId("e"),),
        exiles=(ObjectId("f"),),
        taps=(ObjectId("g"),),
        returns=(ObjectId("h"),),
        without_paying_mana_cost=True,
        total_cost=ManaCost.parse("{2}{R}"),
        mana_value=5,
    )
    assert json.dumps(every.to_json()) == json.dumps(_json_by_fields(every))
    assert set(_json_by_fields(every)) == {spec.name for spec in CAST_FIELDS} | {"kicked", "times_kicked", "overloaded"}
