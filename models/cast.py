"""A cast: one complete set of the choices made while casting a spell (CR 601.2a-h).

This is the "move" of legalcasts. Two casts are equal iff they differ in no
choice the rules make the caster take (see docs/state-format.md, "What counts
as one cast"): the zone and the half cast, the alternative cost and the optional
additional costs paid, modes, spliced cards and their order, the set of
objects chosen for each instance of "target" and any division, X, and the
objects used to pay costs. How mana is paid is not a choice that
distinguishes casts.

Every field is listed once, in :class:`Cast`; its JSON form is kept beside
it in :data:`CAST_FIELDS`, and a cast is always built by field name.
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any, NamedTuple

from models.choices import CostAction
from models.errors import json_text, CastFormatError, InputError
from models.mana import ManaCost
from models.objects import ObjectId, PlayerId, Zone

__all__ = ["TargetChoice", "Cast", "CastField", "CAST_FIELDS", "COST_OBJECT_FIELDS", "casts_of_targets"]


@dataclass(frozen=True, slots=True, order=True)
class TargetChoice:
    """What was chosen for one instance of the word "target" (CR 115.3, 601.2c).

    Parameters
    ----------
    source : ObjectId
        The card whose text holds the instance: the spell itself, or a
        spliced card.
    mode : int or None
        The 0-based mode index when the instance is in a mode's text.
    instruction : int
        0-based line of the source's spell text (or 0 inside a mode).
    index : int
        0-based instance within that line.
    phrase : str
        The target phrase as printed (``"any target"``).
    targets : tuple of str
        Object and player ids chosen, sorted: a set, not a sequence.
    copy : int
        For a mode chosen more than once, which time (0-based): each is its
        own instance of "target", in sequence (CR 700.2d).
    division : tuple of int
        For damage divided among the targets, the amount each gets, in the
        order of ``targets`` (CR 601.2d); empty when nothing is divided.
    """

    source: ObjectId
    mode: int | None
    instruction: int
    index: int
    phrase: str
    targets: tuple[str, ...]
    copy: int = 0
    division: tuple[int, ...] = ()

    @property
    def slot(self) -> tuple[str, int | None, int, int, int]:
        """The instance this choice is for: (source, mode, instruction, index, copy)."""
        return (self.source, self.mode, self.instruction, self.index, self.copy)

    def to_json(self) -> dict[str, Any]:
        """The choice as a JSON object (see :meth:`Cast.to_json`)."""
        return {
            "source": self.source,
            "mode": self.mode,
            "instruction": self.instruction,
            "index": self.index,
            "copy": self.copy,
            "phrase": self.phrase,
            "targets": list(self.targets),
            **({"division": list(self.division)} if self.division else {}),
        }


class Cast(NamedTuple):
    """One legal (or proposed) way to cast a spell.

    Parameters
    ----------
    card : ObjectId
        The object cast.
    name : str
        Its card name (derived).
    zone : Zone
        The zone it is cast from (CR 601.2a).
    halves : tuple of str
        For a split card: the half cast, by name (CR 709.3), or both, left
        first, for a fused split spell (CR 702.102a); empty for other cards.
    prototyped : bool
        Cast prototyped, with the prototype's mana cost, power and toughness and the colours of that mana cost
        (CR 702.160a, 718.3b). No alternative cost: it may be paid with one, or cast without paying its mana
        cost.
    modes : tuple of int
        Chosen mode indices, printed order (CR 700.2, 702.172); a mode chosen
        more than once appears that many times (CR 700.2d).
    splices : tuple of ObjectId
        Spliced cards in the chosen order of their texts (CR 702.47b).
    targets : tuple of TargetChoice
        One per active instance of "target": the spell's own text, then its
        chosen modes in printed order, then each spliced text in splice order.
    x : int or None
        The value announced for X (CR 601.2b, 107.3); None when the mana
        cost has no X.
    alternative_cost : str or None
        The alternative cost paid instead of the mana cost, by keyword
        (``"overload"``, ``"awaken"``) or, for one with no keyword, as printed
        (CR 118.9); None when the mana cost is paid.
    additional_costs : tuple of (str, int)
        The optional additional costs paid and how many times, printed order
        (``(("kicker", 1),)``, ``(("multikicker", 3),)``, CR 118.8, 702.33).
    gift_recipient : PlayerId or None
        The opponent chosen as the gift cost is paid (CR 702.174a), when
        ``additional_costs`` pays ``"gift"``; None otherwise. Promising the
        gift to one opponent or another are two casts.
    discards, sacrifices, exiles, taps, returns : tuple of ObjectId
        The objects used to pay costs, sorted (CR 601.2h): cards discarded,
        permanents sacrificed, cards exiled (from the graveyard, or from the
        hand for a Shoal), permanents tapped, permanents returned to hand.
    without_paying_mana_cost : bool
        Cast with the alternative cost "without paying its mana cost" (CR 118.9).
    total_cost : ManaCost
        The mana part of the total cost (CR 601.2f), derived.
    mana_value : int
        Of the spell: its mana cost only, X as announced (CR 202.3), derived.

    Notes
    -----
    Equality and hashing use :meth:`choices` only: ``name``, ``phrase``,
    ``total_cost`` and ``mana_value`` follow from the choices.

    A cast is an immutable named tuple rather than a dataclass: enumerators
    make millions of them, and a tuple is built in C (about ten times faster
    than a frozen dataclass's ``__init__``). It is always built by field
    name; use ``cast._replace(...)`` to change one choice.
    """

    card: ObjectId
    name: str = ""
    zone: Zone = Zone.HAND
    halves: tuple[str, ...] = ()
    prototyped: bool = False
    modes: tuple[int, ...] = ()
    splices: tuple[ObjectId, ...] = ()
    targets: tuple[TargetChoice, ...] = ()
    x: int | None = None
    alternative_cost: str | None = None
    additional_costs: tuple[tuple[str, int], ...] = ()
    gift_recipient: PlayerId | None = None
    discards: tuple[ObjectId, ...] = ()
    sacrifices: tuple[ObjectId, ...] = ()
    exiles: tuple[ObjectId, ...] = ()
    taps: tuple[ObjectId, ...] = ()
    returns: tuple[ObjectId, ...] = ()
    without_paying_mana_cost: bool = False
    total_cost: ManaCost = ManaCost.EMPTY
    mana_value: int = 0

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Cast):
            return NotImplemented
        return self.choices() == other.choices()

    def __ne__(self, other: object) -> bool:
        equal = self.__eq__(other)
        return equal if equal is NotImplemented else not equal

    def __hash__(self) -> int:
        return hash(self.choices())

    def choices(self) -> tuple[Any, ...]:
        """The choices that tell this cast apart (what equality of casts means).

        Returns
        -------
        tuple
            Every field that is a choice (see :data:`CAST_FIELDS`), in field
            order; each instance's targets are keyed by their slot and sorted by
            it, so the order the choices are listed in is not a choice, but a
            choice given twice is (it is no cast of the spell, CR 115.3).
        """
        targets = self.targets
        chosen = (
            tuple((t.slot, t.targets, t.division) for t in targets)
            if len(targets) < 2
            else tuple(sorted(((t.slot, t.targets, t.division) for t in targets), key=_choice_order))
        )
        return (
            self.card,
            self.zone,
            self.halves,
            self.prototyped,
            self.modes,
            self.splices,
            chosen,
            self.x,
            self.alternative_cost,
            self.additional_costs,
            self.gift_recipient,
            self.discards,
            self.sacrifices,
            self.exiles,
            self.taps,
            self.returns,
            self.without_paying_mana_cost,
        )

    def canonical_key(self) -> str:
        """The cast's choices as one compact JSON text: equal for equal casts, different for different ones.

        A key for dictionaries and logs in any language: the fields of :meth:`choices`, with JSON's sorted
        keys and no spaces; each instance's choice as ``[source, mode, instruction, index, copy, targets,
        division]``, sorted by instance, so the order the choices are listed in changes nothing. Derived
        fields (name, phrases, total cost, mana value) are left out; ``prototyped`` is there only when true, so
        the key of a cast not prototyped is as it always was.

        Returns
        -------
        str

        Examples
        --------
        >>> Cast(card="bolt", targets=(TargetChoice("bolt", None, 0, 0, "any target", ("P2",)),)).canonical_key()
        '{"additional_costs":[],"alternative_cost":null,"card":"bolt","discards":[],"exiles":[],"gift_recipient":\
null,"halves":[],"modes":[],"returns":[],"sacrifices":[],"splices":[],"taps":[],"targets":[["bolt",null,0,0,0,\
["P2"],[]]],"without_paying_mana_cost":false,"x":null,"zone":"hand"}'
        """
        targets = self.targets
        if len(targets) > 1:
            targets = tuple(sorted(targets, key=_instance_order))
        # the keys in sorted order, written as they come (tuples are JSON arrays)
        return _KEY_ENCODER.encode(
            {
                "additional_costs": self.additional_costs,
                "alternative_cost": self.alternative_cost,
                "card": self.card,
                "discards": self.discards,
                "exiles": self.exiles,
                "gift_recipient": self.gift_recipient,
                "halves": self.halves,
                "modes": self.modes,
                **({"prototyped": True} if self.prototyped else {}),
                "returns": self.returns,
                "sacrifices": self.sacrifices,
                "splices": self.splices,
                "taps": self.taps,
                "targets": [(t.source, t.mode, t.instruction, t.index, t.copy, t.targets, t.division) for t in targets],
                "without_paying_mana_cost": self.without_paying_mana_cost,
                "x": self.x,
                "zone": self.zone.value,
            }
        )

    @classmethod
    def from_key(cls, key: str, path: str = "key") -> Cast:
        """Read a cast back from its :meth:`canonical_key`: the same choices, derived fields left empty.

        The key names every object by id, so it means the same cast in any position that has those objects:
        a stable action key across positions, where an action id is a place in one position's order.

        Parameters
        ----------
        key : str
            A key :meth:`canonical_key` wrote.
        path : str
            Key path for errors.

        Returns
        -------
        Cast
            Equal to the cast whose key it is (its name, phrases, total cost and mana value not given).

        Raises
        ------
        CastFormatError
            Text that is not such a key.

        Examples
        --------
        >>> cast = Cast(card="bolt", targets=(TargetChoice("bolt", None, 0, 0, "any target", ("P2",)),))
        >>> Cast.from_key(cast.canonical_key()) == cast
        True
        """
        try:
            data = json.loads(key) if isinstance(key, str) else None
        except ValueError:
            data = None
        if not isinstance(data, dict) or not isinstance(data.get("targets"), list):
            raise CastFormatError(path, f"not a cast's canonical key: {json_text(key)}")
        record = dict(data)
        targets = []
        for i, item in enumerate(data["targets"]):
            if not isinstance(item, list) or len(item) != 7:
                raise CastFormatError(f"{path}.targets[{i}]", f"expected 7 items, got {json_text(item)}")
            source, mode, instruction, index, copy, chosen, division = item
            targets.append(
                {"source": source, "mode": mode, "instruction": instruction, "index": index, "copy": copy}
                | {"targets": chosen, "division": division}
            )
        record["targets"] = targets
        costs = data.get("additional_costs")
        if isinstance(costs, list) and all(isinstance(c, list) and len(c) == 2 for c in costs):
            record["additional_costs"] = dict(costs)
        for name in ("alternative_cost", "gift_recipient", "x"):
            if record.get(name, 0) is None:
                del record[name]
        return cls.from_json(record, path)

    def times_paid(self, keyword: str) -> int:
        """How many times the optional additional cost of this keyword is paid (0 when it is not)."""
        return dict(self.additional_costs).get(keyword, 0)

    def to_json(self) -> dict[str, Any]:
        """The cast as a JSON object: the ``--format jsonl`` line, ids as in the state file.

        Returns
        -------
        dict
            One key per field of :data:`CAST_FIELDS` (some only when not
            empty), and the older keys ``kicked``, ``times_kicked``,
            ``awakened`` and ``overloaded`` where they apply.
        """
        # written field by field, in CAST_FIELDS order (checked against it in the tests): a page of casts is
        # mostly this
        data: dict[str, Any] = {"card": self.card, "name": self.name, "zone": self.zone.value}
        if self.halves:
            data["halves"] = list(self.halves)
        if self.prototyped:
            data["prototyped"] = True
        data["modes"] = list(self.modes)
        data["splices"] = list(self.splices)
        data["targets"] = [t.to_json() for t in self.targets]
        if self.x is not None:
            data["x"] = self.x
        if self.alternative_cost is not None:
            data["alternative_cost"] = self.alternative_cost
        if self.additional_costs:
            data["additional_costs"] = dict(self.additional_costs)
        if self.gift_recipient is not None:
            data["gift_recipient"] = self.gift_recipient
        data["discards"] = list(self.discards)
        data["sacrifices"] = list(self.sacrifices)
        for name in ("exiles", "taps", "returns"):
            if getattr(self, name):
                data[name] = list(getattr(self, name))
        if self.additional_costs or self.alternative_cost is not None:
            data.update(_legacy_keys(self))
        # the derived fields last, as the record has always ended
        data["without_paying_mana_cost"] = self.without_paying_mana_cost
        data["total_cost"] = str(self.total_cost)
        data["mana_value"] = self.mana_value
        return data

    @classmethod
    def from_json(cls, data: Any, path: str = "cast") -> Cast:
        """Read a cast from the JSON object :meth:`to_json` writes.

        ``name``, ``total_cost`` and ``mana_value`` may be left out: they
        follow from the choices and are recomputed when the cast is checked.
        The older keys ``kicked``, ``times_kicked``, ``awakened`` and
        ``overloaded`` are read as the costs they name.

        Parameters
        ----------
        data : object
            The decoded JSON.
        path : str
            Key path for errors.

        Returns
        -------
        Cast

        Raises
        ------
        CastFormatError
            A missing ``card``, an unknown key, or a field of the wrong shape.
        """
        if not isinstance(data, Mapping):
            raise CastFormatError(path, "expected a JSON object")
        known = {spec.name for spec in CAST_FIELDS} | set(_LEGACY)
        for key in data:
            if key not in known:
                raise CastFormatError(f"{path}.{key}", f"unknown key (value {json_text(data[key])})")
        if "card" not in data:
            raise CastFormatError(f"{path}.card", "missing")
        fields = {
            spec.name: spec.from_json(data[spec.name], f"{path}.{spec.name}")
            for spec in CAST_FIELDS
            if spec.name in data
        }
        _read_legacy_keys(data, fields, path)
        return cls(**fields)


_KEY_ENCODER = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False)


def _choice_order(item: tuple[Any, ...]) -> tuple[Any, ...]:
    """The order of a cast's (slot, targets, division) items in :meth:`Cast.choices`: by slot, as instances sort."""
    (source, mode, instruction, index, copy), targets, division = item
    return (source, -1 if mode is None else mode, instruction, index, copy, targets, division)


def _instance_order(choice: TargetChoice) -> tuple[Any, ...]:
    """The order of instances in a canonical key: by source, mode (the spell's own text first), line, place, copy."""
    return (choice.source, -1 if choice.mode is None else choice.mode, choice.instruction, choice.index, choice.copy)


@dataclass(frozen=True, slots=True)
class CastField:
    """The JSON form of one field of :class:`Cast`.

    Parameters
    ----------
    name : str
        The field's name, which is also its JSON key.
    to_json : callable
        ``to_json(value) -> JSON value``.
    from_json : callable
        ``from_json(JSON value, key path) -> value``; raises CastFormatError.
    always : bool
        Written even when empty (``card``, ``modes``, ...); else only when set.
    """

    name: str
    to_json: Callable[[Any], Any]
    from_json: Callable[[Any, str], Any]
    always: bool = False


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _read_id(value: Any, path: str) -> ObjectId:
    if not isinstance(value, str):
        raise CastFormatError(path, f"expected an object id, got {json_text(value)}")
    return ObjectId(value)


def _read_string(value: Any, path: str) -> str:
    if not isinstance(value, str):
        raise CastFormatError(path, f"expected a string, got {json_text(value)}")
    return value


def _read_optional_string(value: Any, path: str) -> str | None:
    return None if value is None else _read_string(value, path)


def _read_optional_player(value: Any, path: str) -> PlayerId | None:
    if value is None:
        return None
    if not isinstance(value, str):
        raise CastFormatError(path, f"expected a player id or null, got {json_text(value)}")
    return PlayerId(value)


def _read_bool(value: Any, path: str) -> bool:
    if not isinstance(value, bool):
        raise CastFormatError(path, f"expected true or false, got {json_text(value)}")
    return value


def _read_count(value: Any, path: str) -> int:
    if not _is_int(value) or value < 0:
        raise CastFormatError(path, f"expected a whole number at least 0, got {json_text(value)}")
    return int(value)


def _read_optional_count(value: Any, path: str) -> int | None:
    return None if value is None else _read_count(value, path)


def _read_ids(value: Any, path: str) -> tuple[ObjectId, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise CastFormatError(path, f"expected a list of ids, got {json_text(value)}")
    return tuple(ObjectId(v) for v in value)


def _read_id_set(value: Any, path: str) -> tuple[ObjectId, ...]:
    return tuple(sorted(_read_ids(value, path)))


def _read_zone(value: Any, path: str) -> Zone:
    try:
        return Zone(value)
    except ValueError:
        raise CastFormatError(
            path, f"expected one of {', '.join(z.value for z in Zone)}, got {json_text(value)}"
        ) from None


def _read_halves(value: Any, path: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(h, str) for h in value) or len(value) > 2:
        raise CastFormatError(path, f"expected a list of one or two half names, got {json_text(value)}")
    return tuple(value)


def _read_modes(value: Any, path: str) -> tuple[int, ...]:
    if not isinstance(value, list) or not all(_is_int(m) for m in value):
        raise CastFormatError(path, f"expected a list of mode indices, got {json_text(value)}")
    return tuple(sorted(value))


def _read_additional_costs(value: Any, path: str) -> tuple[tuple[str, int], ...]:
    if not isinstance(value, Mapping) or not all(isinstance(k, str) and _is_int(v) and v > 0 for k, v in value.items()):
        raise CastFormatError(
            path, f"expected an object of cost keywords to times paid (1 or more), got {json_text(value)}"
        )
    return tuple(value.items())


def _read_cost(value: Any, path: str) -> ManaCost:
    if not isinstance(value, str):
        raise CastFormatError(path, "expected mana symbols as a string")
    try:
        return ManaCost.parse(value, path=path)
    except InputError as exc:
        raise CastFormatError(exc.path, exc.message) from None


_TARGET_KEYS = {"source", "mode", "instruction", "index", "copy", "phrase", "targets", "division"}


def _read_target(item: Any, where: str) -> TargetChoice:
    if not isinstance(item, Mapping):
        raise CastFormatError(where, "expected an object")
    for key in item:
        if key not in _TARGET_KEYS:
            raise CastFormatError(f"{where}.{key}", f"unknown key (value {json_text(item[key])})")
    for key in ("source", "targets"):
        if key not in item:
            raise CastFormatError(f"{where}.{key}", "missing")
    chosen = item["targets"]
    if not isinstance(chosen, list) or not all(isinstance(v, str) for v in chosen):
        raise CastFormatError(f"{where}.targets", f"expected a list of ids, got {json_text(chosen)}")
    mode = item.get("mode")
    if mode is not None and not _is_int(mode):
        raise CastFormatError(f"{where}.mode", f"expected an integer or null, got {json_text(mode)}")
    for key in ("instruction", "index", "copy"):
        if not _is_int(item.get(key, 0)):
            raise CastFormatError(f"{where}.{key}", f"expected an integer, got {json_text(item[key])}")
    phrase = _read_string(item.get("phrase", ""), f"{where}.phrase")
    division = item.get("division", [])
    if (
        not isinstance(division, list)
        or not all(_is_int(d) for d in division)
        or (division and len(division) != len(chosen))
    ):
        raise CastFormatError(f"{where}.division", f"expected one integer per target, got {json_text(division)}")
    pairs = sorted(zip(chosen, division)) if division else [(t, 0) for t in sorted(chosen)]
    return TargetChoice(
        source=_read_id(item["source"], f"{where}.source"),
        mode=mode,
        instruction=item.get("instruction", 0),
        index=item.get("index", 0),
        phrase=phrase,
        targets=tuple(t for t, _ in pairs),
        copy=item.get("copy", 0),
        division=tuple(d for _, d in pairs) if division else (),
    )


def _read_targets(value: Any, path: str) -> tuple[TargetChoice, ...]:
    if not isinstance(value, list):
        raise CastFormatError(path, "expected a list")
    return tuple(_read_target(item, f"{path}[{i}]") for i, item in enumerate(value))


def _same(value: Any) -> Any:
    return value


CAST_FIELDS: tuple[CastField, ...] = (
    CastField("card", _same, _read_id, always=True),
    CastField("name", _same, _read_string, always=True),
    CastField("zone", lambda zone: zone.value, _read_zone, always=True),
    CastField("halves", list, _read_halves),
    CastField("prototyped", _same, _read_bool),
    CastField("modes", list, _read_modes, always=True),
    CastField("splices", list, _read_ids, always=True),
    CastField("targets", lambda targets: [t.to_json() for t in targets], _read_targets, always=True),
    CastField("x", _same, _read_optional_count),
    CastField("alternative_cost", _same, _read_optional_string),
    CastField("additional_costs", dict, _read_additional_costs),
    CastField("gift_recipient", _same, _read_optional_player),
    CastField("discards", list, _read_id_set, always=True),
    CastField("sacrifices", list, _read_id_set, always=True),
    CastField("exiles", list, _read_id_set),
    CastField("taps", list, _read_id_set),
    CastField("returns", list, _read_id_set),
    CastField("without_paying_mana_cost", _same, _read_bool, always=True),
    CastField("total_cost", str, _read_cost, always=True),
    CastField("mana_value", _same, _read_count, always=True),
)
"""The JSON form of every field of :class:`Cast`, in field order (checked when this module is imported)."""

if tuple(spec.name for spec in CAST_FIELDS) != Cast._fields:  # pragma: no cover - a programming error
    raise RuntimeError("CAST_FIELDS and Cast's fields differ")

COST_OBJECT_FIELDS: dict[CostAction, str] = {
    CostAction.DISCARD: "discards",
    CostAction.SACRIFICE: "sacrifices",
    CostAction.EXILE: "exiles",
    CostAction.TAP: "taps",
    CostAction.RETURN: "returns",
}
"""The field of :class:`Cast` that holds the objects used to pay costs with each action (CR 601.2h)."""

_LEGACY = {"kicked": _read_bool, "times_kicked": _read_count, "awakened": _read_bool, "overloaded": _read_bool}
"""Keys written before costs were records, still written and read: what they say is in the generic fields."""


def _legacy_keys(cast: Cast) -> dict[str, Any]:
    """``kicked`` (CR 702.33d), ``times_kicked``, ``awakened``, ``overloaded``, where they apply."""
    data: dict[str, Any] = {}
    if cast.times_paid("kicker") or cast.times_paid("multikicker"):
        data["kicked"] = True
    if cast.times_paid("multikicker"):
        data["times_kicked"] = cast.times_paid("multikicker")
    if cast.alternative_cost == "awaken":
        data["awakened"] = True
    if cast.alternative_cost == "overload":
        data["overloaded"] = True
    return data


def _read_legacy_keys(data: Mapping[str, Any], fields: dict[str, Any], path: str) -> None:
    """Read the older keys into ``fields``, or check them against the newer ones.

    Two families: ``kicked`` and ``times_kicked`` say what ``additional_costs`` says of kicker and
    multikicker; ``awakened`` and ``overloaded`` what ``alternative_cost`` says. Where the newer key is
    given, it is what the record means, and an older key of its family that says otherwise is refused;
    where only older keys are given, they are read.

    Raises
    ------
    CastFormatError
        An older key that disagrees with the newer one, or two alternative costs.
    """
    legacy = {key: _LEGACY[key](data[key], f"{path}.{key}") for key in _LEGACY if key in data}
    if not legacy:
        return
    if (
        "additional_costs" not in data
        and "kicked" in legacy
        and "times_kicked" in legacy
        and bool(legacy["kicked"]) != bool(legacy["times_kicked"])
    ):
        raise CastFormatError(
            f"{path}.kicked",
            f"kicked says {json.dumps(legacy['kicked'])}, but times_kicked says "
            f"the spell was kicked {legacy['times_kicked']} time(s): give one of "
            "them, or make them agree",
        )
    if "additional_costs" not in data:
        costs: dict[str, int] = {}
        if legacy.get("times_kicked"):
            costs["multikicker"] = legacy["times_kicked"]
        elif legacy.get("kicked"):
            costs["kicker"] = 1
        fields["additional_costs"] = tuple(costs.items())
    if "alternative_cost" not in data:
        named = [keyword for key, keyword in (("awakened", "awaken"), ("overloaded", "overload")) if legacy.get(key)]
        if len(named) > 1:
            raise CastFormatError(
                f"{path}.overloaded",
                "a cast pays one alternative cost at most (CR 118.9a); the record says both awakened and overloaded",
            )
        fields["alternative_cost"] = named[0] if named else None
    implied = _legacy_keys(
        Cast(
            card=ObjectId(""),
            additional_costs=fields.get("additional_costs", ()),
            alternative_cost=fields.get("alternative_cost"),
        )
    )
    for key, value in legacy.items():
        meant = implied.get(key, 0 if key == "times_kicked" else False)
        if value != meant:
            newer = "additional_costs" if key in ("kicked", "times_kicked") else "alternative_cost"
            raise CastFormatError(
                f"{path}.{key}",
                f"the older key says {json.dumps(value)}, but {newer} says "
                f"{json.dumps(meant)}: give one of them, or make them agree",
            )


_new_tuple = tuple.__new__
_TARGETS = Cast._fields.index("targets")


def casts_of_targets(template: Cast, targets: Iterator[tuple[TargetChoice, ...]]) -> Iterator[Cast]:
    """One :class:`Cast` per tuple of target choices, every other field taken from ``template``, built in C.

    Parameters
    ----------
    template : Cast
        In canonical form; its ``targets`` are replaced.
    targets : iterator of tuple of TargetChoice
        Each already in canonical order (see :attr:`Cast.targets`).

    Returns
    -------
    iterator of Cast
    """
    columns: list[Iterator[Any]] = [itertools.repeat(value) for value in template]
    columns[_TARGETS] = targets
    return map(_new_tuple, itertools.repeat(Cast), zip(*columns))
