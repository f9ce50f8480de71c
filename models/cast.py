"""A cast: one complete set of the choices made while casting a spell (CR 601.2b-h).

This is the "move" of legalcasts. Two casts are equal iff they differ in no
choice the rules make the caster take (see the README, "What counts as one
cast"): modes, spliced cards and their order, the set of objects chosen for
each instance of "target", X, and the objects used to pay costs. How mana is
paid is not a choice that distinguishes casts.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any, NamedTuple

from models.errors import CastFormatError, InputError
from models.mana import ManaCost
from models.objects import ObjectId

__all__ = ["TargetChoice", "Cast", "casts_of_targets"]


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
        """This choice as a JSON object (see :meth:`Cast.to_json`)."""
        return {
            "source": self.source, "mode": self.mode, "instruction": self.instruction,
            "index": self.index, "copy": self.copy, "phrase": self.phrase, "targets": list(self.targets),
            **({"division": list(self.division)} if self.division else {}),
        }


class Cast(NamedTuple):
    """One legal (or proposed) way to cast a spell.

    Parameters
    ----------
    card : ObjectId
        The object cast.
    name : str
        Its card name.
    modes : tuple of int
        Chosen mode indices, printed order (CR 700.2, 702.172).
    splices : tuple of ObjectId
        Spliced cards in the chosen order of their texts (CR 702.47b).
    targets : tuple of TargetChoice
        One per active instance of "target": the spell's own text, then its
        chosen modes in printed order, then each spliced text in splice order.
    discards : tuple of ObjectId
        Cards discarded to pay additional costs, sorted (CR 601.2h).
    without_paying_mana_cost : bool
        Cast with the alternative cost "without paying its mana cost" (CR 118.9).
    total_cost : ManaCost
        The mana part of the total cost (CR 601.2f).
    mana_value : int
        Of the spell: its mana cost only (CR 202.3), never the total cost.
    sacrifices : tuple of ObjectId
        Permanents sacrificed to pay additional costs, sorted (CR 601.2h).
    x : int or None
        The value announced for X (CR 601.2b, 107.3); None when the mana
        cost has no X.
    kicked : bool
        The kicker cost is paid (CR 702.33a, 702.33d).
    exiles : tuple of ObjectId
        Cards exiled to pay costs, sorted (CR 601.2h): from the caster's
        graveyard, or from the hand instead of the mana cost (the Shoals, CR 118.9).
    halves : tuple of str
        For a split card: the half cast, by name (CR 709.3), or both, left
        first, for a fused split spell (CR 702.102a); empty for other cards.
    taps : tuple of ObjectId
        Untapped permanents tapped to pay costs, sorted (CR 601.2h).
    returns : tuple of ObjectId
        Permanents returned to their owner's hand to pay costs, sorted (CR 601.2h).
    awakened : bool
        The awaken cost is paid instead of the mana cost (CR 702.113a, 118.9).
    times_kicked : int
        How many times a multikicker cost is paid (CR 702.33c); ``kicked``
        is then true when it is paid at least once (CR 702.33d-e).
    overloaded : bool
        The overload cost is paid instead of the mana cost: the spell has no
        targets (CR 702.96a-b).

    Notes
    -----
    Equality and hashing use :meth:`choices` only: ``name``, ``phrase``,
    ``total_cost`` and ``mana_value`` follow from the choices.

    A cast is an immutable named tuple rather than a dataclass: enumerators
    make millions of them, and a tuple is built in C (about ten times faster
    than a frozen dataclass's ``__init__``). Use ``cast._replace(...)`` to
    change one choice.
    """

    card: ObjectId
    name: str
    modes: tuple[int, ...] = ()
    splices: tuple[ObjectId, ...] = ()
    targets: tuple[TargetChoice, ...] = ()
    discards: tuple[ObjectId, ...] = ()
    without_paying_mana_cost: bool = False
    total_cost: ManaCost = ManaCost.parse("")
    mana_value: int = 0
    sacrifices: tuple[ObjectId, ...] = ()
    x: int | None = None
    kicked: bool = False
    exiles: tuple[ObjectId, ...] = ()
    halves: tuple[str, ...] = ()
    taps: tuple[ObjectId, ...] = ()
    returns: tuple[ObjectId, ...] = ()
    awakened: bool = False
    times_kicked: int = 0
    overloaded: bool = False

    @classmethod
    def trusted(
        cls,
        card: ObjectId,
        name: str,
        modes: tuple[int, ...],
        splices: tuple[ObjectId, ...],
        targets: tuple[TargetChoice, ...],
        discards: tuple[ObjectId, ...],
        without_paying_mana_cost: bool,
        total_cost: ManaCost,
        mana_value: int,
        sacrifices: tuple[ObjectId, ...] = (),
        x: int | None = None,
        kicked: bool = False,
        exiles: tuple[ObjectId, ...] = (),
        taps: tuple[ObjectId, ...] = (),
        returns: tuple[ObjectId, ...] = (),
    ) -> Cast:
        """Make a cast from values already in canonical form (modes and discards sorted, target tuples sorted).

        The same as the constructor, for enumerators: see also :func:`casts_of_targets`.
        """
        return _new_tuple(cls, (card, name, modes, splices, targets, discards, without_paying_mana_cost,
                                total_cost, mana_value, sacrifices, x, kicked, exiles, (), taps, returns, False, 0, False))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Cast):
            return NotImplemented
        return self.choices() == other.choices()

    def __ne__(self, other: object) -> bool:
        equal = self.__eq__(other)
        return equal if equal is NotImplemented else not equal

    def __hash__(self) -> int:
        return hash(self.choices())

    def choices(self) -> tuple:
        """The choices that tell this cast apart (what equality of casts means).

        Returns
        -------
        tuple
            (card, modes, splices, frozenset of (slot, targets), discards,
            without_paying_mana_cost, sacrifices, x, kicked, exiles, halves, taps, returns, awakened,
            times_kicked, overloaded): each instance's
            targets are keyed by
            their slot, so the order the choices are listed in is not a choice.
        """
        return (
            self.card, self.modes, self.splices,
            frozenset((t.slot, t.targets, t.division) for t in self.targets),
            self.discards, self.without_paying_mana_cost, self.sacrifices, self.x, self.kicked, self.exiles,
            self.halves, self.taps, self.returns, self.awakened, self.times_kicked, self.overloaded,
        )

    def to_json(self) -> dict[str, Any]:
        """This cast as a JSON object: the ``--format jsonl`` line, ids as in the state file.

        Returns
        -------
        dict
            Keys ``card``, ``name``, ``modes``, ``splices``, ``targets`` (list
            of objects with ``source``, ``mode``, ``instruction``, ``index``,
            ``phrase``, ``targets``), ``discards``, ``sacrifices``,
            ``without_paying_mana_cost``, ``total_cost`` (symbols),
            ``mana_value``.
        """
        return {
            "card": self.card,
            "name": self.name,
            "modes": list(self.modes),
            "splices": list(self.splices),
            "targets": [t.to_json() for t in self.targets],
            "discards": list(self.discards),
            "sacrifices": list(self.sacrifices),
            **({"exiles": list(self.exiles)} if self.exiles else {}),
            **({"x": self.x} if self.x is not None else {}),
            **({"kicked": True} if self.kicked else {}),
            **({"halves": list(self.halves)} if self.halves else {}),
            **({"taps": list(self.taps)} if self.taps else {}),
            **({"returns": list(self.returns)} if self.returns else {}),
            **({"awakened": True} if self.awakened else {}),
            **({"times_kicked": self.times_kicked} if self.times_kicked else {}),
            **({"overloaded": True} if self.overloaded else {}),
            "without_paying_mana_cost": self.without_paying_mana_cost,
            "total_cost": str(self.total_cost),
            "mana_value": self.mana_value,
        }

    @classmethod
    def from_json(cls, data: Any, path: str = "cast") -> Cast:
        """Read a cast from the JSON object :meth:`to_json` writes.

        ``total_cost`` and ``mana_value`` may be left out: they follow from
        the choices and are recomputed when the cast is checked.

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
            A missing ``card``, or a field of the wrong shape.
        """
        if not isinstance(data, Mapping):
            raise CastFormatError(path, "expected a JSON object")
        known = {"card", "name", "modes", "splices", "targets", "discards", "sacrifices", "x", "kicked", "exiles",
                 "halves", "taps", "returns", "awakened", "times_kicked", "overloaded", "without_paying_mana_cost",
                 "total_cost",
                 "mana_value"}
        for key in data:
            if key not in known:
                raise CastFormatError(f"{path}.{key}", f"unknown key (value {data[key]!r})")
        card = data.get("card")
        if not isinstance(card, str):
            raise CastFormatError(f"{path}.card", f"expected an object id, got {card!r}")

        def id_list(key: str) -> tuple[str, ...]:
            value = data.get(key, [])
            if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
                raise CastFormatError(f"{path}.{key}", f"expected a list of ids, got {value!r}")
            return tuple(value)

        modes = data.get("modes", [])
        if not isinstance(modes, list) or not all(_is_int(m) for m in modes):
            raise CastFormatError(f"{path}.modes", f"expected a list of mode indices, got {modes!r}")
        targets = []
        raw_targets = data.get("targets", [])
        if not isinstance(raw_targets, list):
            raise CastFormatError(f"{path}.targets", "expected a list")
        slot_keys = {"source", "mode", "instruction", "index", "copy", "phrase", "targets", "division"}
        for i, item in enumerate(raw_targets):
            where = f"{path}.targets[{i}]"
            if not isinstance(item, Mapping):
                raise CastFormatError(where, "expected an object")
            for key in item:
                if key not in slot_keys:
                    raise CastFormatError(f"{where}.{key}", f"unknown key (value {item[key]!r})")
            for key in ("source", "targets"):
                if key not in item:
                    raise CastFormatError(f"{where}.{key}", "missing")
            chosen = item["targets"]
            if not isinstance(chosen, list) or not all(isinstance(v, str) for v in chosen):
                raise CastFormatError(f"{where}.targets", f"expected a list of ids, got {chosen!r}")
            if not isinstance(item["source"], str):
                raise CastFormatError(f"{where}.source", f"expected an object id, got {item['source']!r}")
            mode = item.get("mode")
            if mode is not None and not _is_int(mode):
                raise CastFormatError(f"{where}.mode", f"expected an integer or null, got {mode!r}")
            for key in ("instruction", "index", "copy"):
                if not _is_int(item.get(key, 0)):
                    raise CastFormatError(f"{where}.{key}", f"expected an integer, got {item[key]!r}")
            phrase = item.get("phrase", "")
            if not isinstance(phrase, str):
                raise CastFormatError(f"{where}.phrase", f"expected a string, got {phrase!r}")
            division = item.get("division", [])
            if not isinstance(division, list) or not all(_is_int(d) for d in division) or (
                    division and len(division) != len(chosen)):
                raise CastFormatError(f"{where}.division", f"expected one integer per target, got {division!r}")
            pairs = sorted(zip(chosen, division)) if division else [(t, None) for t in sorted(chosen)]
            targets.append(TargetChoice(
                source=ObjectId(item["source"]), mode=mode,
                instruction=item.get("instruction", 0), index=item.get("index", 0),
                phrase=phrase, targets=tuple(t for t, _ in pairs), copy=item.get("copy", 0),
                division=tuple(d for _, d in pairs) if division else (),
            ))
        total = data.get("total_cost", "")
        if not isinstance(total, str):
            raise CastFormatError(f"{path}.total_cost", "expected mana symbols as a string")
        try:
            total_cost = ManaCost.parse(total, path=f"{path}.total_cost")
        except InputError as exc:
            raise CastFormatError(exc.path, exc.message) from None
        free = data.get("without_paying_mana_cost", False)
        if not isinstance(free, bool):
            raise CastFormatError(f"{path}.without_paying_mana_cost", f"expected true or false, got {free!r}")
        mana_value = data.get("mana_value", 0)
        if not _is_int(mana_value):
            raise CastFormatError(f"{path}.mana_value", f"expected an integer, got {mana_value!r}")
        kicked = data.get("kicked", False)
        if not isinstance(kicked, bool):
            raise CastFormatError(f"{path}.kicked", f"expected true or false, got {kicked!r}")
        x = data.get("x")
        if x is not None and (not _is_int(x) or x < 0):
            raise CastFormatError(f"{path}.x", f"expected a whole number at least 0, got {x!r}")
        overloaded = data.get("overloaded", False)
        if not isinstance(overloaded, bool):
            raise CastFormatError(f"{path}.overloaded", f"expected true or false, got {overloaded!r}")
        times_kicked = data.get("times_kicked", 0)
        if not _is_int(times_kicked) or times_kicked < 0:
            raise CastFormatError(f"{path}.times_kicked", f"expected a whole number at least 0, got {times_kicked!r}")
        awakened = data.get("awakened", False)
        if not isinstance(awakened, bool):
            raise CastFormatError(f"{path}.awakened", f"expected true or false, got {awakened!r}")
        halves = data.get("halves", [])
        if not isinstance(halves, list) or not all(isinstance(h, str) for h in halves) or len(halves) > 2:
            raise CastFormatError(f"{path}.halves", f"expected a list of one or two half names, got {halves!r}")
        name = data.get("name", "")
        if not isinstance(name, str):
            raise CastFormatError(f"{path}.name", f"expected a string, got {name!r}")
        return cls(
            card=ObjectId(card),
            name=name,
            modes=tuple(sorted(modes)),
            splices=tuple(ObjectId(s) for s in id_list("splices")),
            targets=tuple(targets),
            discards=tuple(sorted(ObjectId(d) for d in id_list("discards"))),
            sacrifices=tuple(sorted(ObjectId(d) for d in id_list("sacrifices"))),
            exiles=tuple(sorted(ObjectId(d) for d in id_list("exiles"))),
            x=x,
            kicked=kicked,
            halves=tuple(halves),
            taps=tuple(sorted(ObjectId(d) for d in id_list("taps"))),
            returns=tuple(sorted(ObjectId(d) for d in id_list("returns"))),
            awakened=awakened,
            times_kicked=times_kicked,
            overloaded=overloaded,
            without_paying_mana_cost=free,
            total_cost=total_cost,
            mana_value=mana_value,
        )


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


_new_tuple = tuple.__new__


def casts_of_targets(
    card: ObjectId,
    name: str,
    modes: tuple[int, ...],
    splices: tuple[ObjectId, ...],
    targets: Iterator[tuple[TargetChoice, ...]],
    discards: tuple[ObjectId, ...],
    without_paying_mana_cost: bool,
    total_cost: ManaCost,
    mana_value: int,
    sacrifices: tuple[ObjectId, ...] = (),
    x: int | None = None,
    kicked: bool = False,
    exiles: tuple[ObjectId, ...] = (),
    taps: tuple[ObjectId, ...] = (),
    returns: tuple[ObjectId, ...] = (),
) -> Iterator[Cast]:
    """One :class:`Cast` per tuple of target choices, all other fields shared, built in C.

    Parameters
    ----------
    card, name, modes, splices, discards, without_paying_mana_cost, total_cost, mana_value, sacrifices, x, kicked, exiles,
    taps, returns
        As for :class:`Cast`, in canonical form, shared by every cast made.
    targets : iterator of tuple of TargetChoice
        Each already in canonical order (see :attr:`Cast.targets`).

    Returns
    -------
    iterator of Cast
    """
    same = itertools.repeat
    fields = zip(same(card), same(name), same(modes), same(splices), targets, same(discards),
                 same(without_paying_mana_cost), same(total_cost), same(mana_value), same(sacrifices), same(x), same(kicked),
                 same(exiles), same(()), same(taps), same(returns), same(False), same(0), same(False))
    return map(_new_tuple, same(Cast), fields)
