"""Draw the reader audit's samples: 'ok' instants and sorceries at random, with a seed, and what the reader read.

A card is 'ok' when the Oracle reader marks it fully read: ``parse_card(card).casting_unsupported`` is empty.

Usage, from the repository's root:

- ``PYTHONPATH=CHECKOUT python scripts/audit_sample.py POOL --list-ok > OK.txt``: print the names of the 'ok'
  instants and sorceries of the reader of CHECKOUT, a checkout of another commit (``git worktree add DIR
  COMMIT``), to get that commit's verdicts; the listing imports nothing but that checkout's ``models``.
- ``python -m scripts.audit_sample POOL --old-ok OK.txt [--seed 20261205] [--first 7] [--count 100]``: write
  ``tests/fidelity/audit/sample-<first>.jsonl``, drawn from the spells 'ok' now and not in ``OK.txt`` (the reads
  added since that commit), and ``sample-<first + 1>.jsonl``, drawn from all the spells 'ok' now. Neither holds
  a card of an earlier sample (``sample-*.jsonl``), of the fidelity cards (``tests/fidelity/cards-*.jsonl``) or
  of the other new sample. One ``random.Random(seed)`` draws both, in that order, from the sorted names; when
  fewer spells than ``--count`` are 'ok' only now, the first sample holds all of them (in the drawn order).
- ``python -m scripts.audit_sample POOL --permanents 1 [--seed 20261207] [--count 100]``: write
  ``tests/fidelity/audit/permanent-sample-1.jsonl`` and ``permanent-sample-2.jsonl``, two disjoint samples of the
  permanents read fully (:func:`permanents_sample`), each line with what the reader made of the card that bears on
  other casts; with ``--only NAMES``, one sample drawn from those names alone (the reads added since a commit).
- ``python -m scripts.audit_sample POOL --mana 1 [--seed 20261206] [--count 40]``: write
  ``tests/fidelity/audit/mana-sample-<k>.jsonl``, drawn by one ``random.Random(seed)`` from the sorted names of the
  cards that are not instants or sorceries, that the reader reads fully (nothing unread bears on casting them or
  on them as permanents) and that have a mana ability read with a cost beyond {T}: generic mana to activate it
  (``activation``), a sacrifice of the permanent, an exile from the hand, or no {T} at all.

Each line is the card (name, mana cost, type line, Oracle text), ``reader`` (its casting structure in the shape of
``tests/fidelity/README.md``), ``unread_not_casting`` (unread text that does not bear on casting it from the hand)
and ``also_read``: the timing restriction, the zone it is cast only from, permissions, its own cost changes,
splice, divisions, gift, face-down and bestow, the alternative and additional costs with their conditions, and
each target phrase with the qualities read from it.
"""

from __future__ import annotations

import argparse
import dataclasses
import enum
import json
import random
import sys
from pathlib import Path

from models.abilities import ObjectFilter
from models.cards import CardDatabase
from models.objects import CardType
from models.oracle.parser import parse_card
from models.oracle.unread import may_change_characteristics

ROOT = Path(__file__).resolve().parent.parent
AUDIT = ROOT / "tests" / "fidelity" / "audit"


def ok_spells(pool: str) -> dict[str, object]:
    """The instants and sorceries of the pool the reader marks fully read, by name."""
    found = {}
    for card in CardDatabase.from_jsonl(pool):
        if not (card.has_type(CardType.INSTANT) or card.has_type(CardType.SORCERY)):
            continue
        if not parse_card(card).casting_unsupported:
            found[card.name] = card
    return found


def _plain(value: object) -> object:
    """A read record as plain JSON, fields left at their defaults left out."""
    if isinstance(value, enum.Enum):
        return value.value
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        if type(value).__name__ == "ManaCost":
            return str(value)
        if isinstance(value, ObjectFilter):
            return {"text": value.text, "clauses": [sorted(_quality(q) for q in c) for c in value.clauses]}
        out = {}
        for field in dataclasses.fields(value):
            item = getattr(value, field.name)
            default = (
                field.default
                if field.default is not dataclasses.MISSING
                else (field.default_factory() if field.default_factory is not dataclasses.MISSING else object())
            )
            if item == default:
                continue
            out[field.name] = _plain(item)
        return out
    if isinstance(value, (frozenset, set)):
        return sorted((_plain(v) for v in value), key=str)
    if isinstance(value, (tuple, list)):
        return [_plain(v) for v in value]
    if isinstance(value, (str, int, float, bool)) or value is None:
        return value
    return str(value)


def _quality(quality) -> str:
    value = quality.value.value if isinstance(quality.value, enum.Enum) else quality.value
    sign = "not " if quality.negated else ""
    compare = "" if quality.comparison == "=" else f" {quality.comparison}"
    return f"{sign}{quality.attribute}{compare}{'' if value is None else ' ' + str(value)}"


def _targets(spec) -> dict:
    plain = _plain(spec)
    assert isinstance(plain, dict)
    return {
        k: v
        for k, v in plain.items()
        if k in ("phrase", "qualities", "card_types", "spells", "relation", "condition", "same_controller")
    }


def describe(card) -> dict:
    """The sample line of one card."""
    from tests.fidelity import structure_of  # type: ignore[attr-defined]  # the harness's shape (tests/fidelity.py)

    abilities = parse_card(card)
    modifiers = [m for m in abilities.cost_modifiers if m.own]
    divisions = [
        {"phrase": t.phrase, "amount": "X" if t.divided_x else t.divided, "what": t.divided_what}
        for i in (*abilities.spell_text, *(m.instruction for m in abilities.modes))
        for t in i.targets
        if t.is_divided
    ]
    return {
        "name": card.name,
        "mana_cost": _mana(card),
        "type_line": card.type_line,
        "oracle_text": card.oracle_text,
        "reader": structure_of(card, abilities),
        "unread_not_casting": [u.span for u in abilities.unsupported if not u.casting_relevant],
        "also_read": {
            "timing_restriction": _plain(abilities.timing_restriction),
            "cast_only_from": _plain(abilities.cast_only_from),
            "cast_permissions": _plain(abilities.cast_permissions),
            "own_cost_changes": _plain(modifiers),
            "splice": _plain(abilities.splice),
            "divisions": divisions,
            "gift": any(c.chooses_opponent for c in abilities.additional_costs),
            "face_down": abilities.face_down,
            "bestow": _plain(abilities.bestow),
            "delve_convoke_improvise": [k for k in ("delve", "convoke", "improvise") if getattr(abilities, k)],
            "alternative_costs": _plain(abilities.alternative_costs),
            "additional_costs": _plain(abilities.additional_costs),
            "mode_choice": _plain(abilities.mode_choice),
            "targets_as_read": [_targets(t) for i in abilities.spell_text for t in i.targets],
            "mode_targets_as_read": [[_targets(t) for t in m.instruction.targets] for m in abilities.modes],
        },
    }


def _costed(ability) -> bool:
    """A mana ability with a cost beyond {T}: generic mana, a sacrifice, an exile from the hand, or no {T}."""
    return ability.activation > 0 or ability.sacrifices or ability.from_hand or not ability.taps


def mana_sample(pool: str, number: int, seed: int, count: int) -> None:
    """Write ``mana-sample-<number>.jsonl``: permanents read fully whose mana abilities have costs beyond {T}."""
    found = {}
    for card in CardDatabase.from_jsonl(pool):
        if card.has_type(CardType.INSTANT) or card.has_type(CardType.SORCERY):
            continue
        abilities = parse_card(card)
        if abilities.casting_unsupported or abilities.permanent_unsupported:
            continue
        if any(_costed(m) for m in abilities.mana_abilities):
            found[card.name] = (card, abilities)
    names = random.Random(seed).sample(sorted(found), min(count, len(found)))
    print(f"{len(found):,} cards read fully with such a mana ability", file=sys.stderr)
    with open(AUDIT / f"mana-sample-{number}.jsonl", "w", encoding="utf-8") as handle:
        for name in names:
            card, abilities = found[name]
            line = {
                **_card_head(card),
                "mana_abilities": [
                    {
                        "units": ["".join(sorted(u, key="WUBRGC".index)) for u in m.units],
                        "taps": m.taps,
                        "sacrifices": m.sacrifices,
                        "from_hand": m.from_hand,
                        "activation": m.activation,
                        "requires": _plain(m.requires),
                    }
                    for m in abilities.mana_abilities
                ],
                "unread": [u.span for u in abilities.unsupported],
            }
            handle.write(json.dumps(line, ensure_ascii=False) + "\n")


def _effect(effect) -> dict:
    """A continuous effect read, its fields that are set (CR 613.1), as plain JSON."""
    plain = _plain(effect)
    assert isinstance(plain, dict)
    return {k: v for k, v in plain.items() if v not in (None, False, (), [], {}, "", [0, 0], (0, 0)) and k != "text"}


def permanents_sample(pool: str, first: int, seed: int, count: int, only: set[str] | None = None) -> None:
    """Write ``permanent-sample-<first>.jsonl`` and ``permanent-sample-<first + 1>.jsonl``: permanents read fully.

    A permanent (a card that is not an instant or sorcery) is read fully as ``legalcasts coverage`` counts it:
    nothing unread bears on casting it or on it as a permanent, and no unread static line may change what
    permanents are (:func:`models.oracle.unread.may_change_characteristics`). One ``random.Random(seed)`` draws
    both samples, disjoint, from the sorted names, none of an earlier permanent sample. Each line gives the card
    and everything the reader made of it that bears on other casts: the continuous effects of its static
    abilities (``static_effects``, CR 613), what it forbids or allows in casting (``casting_rules``, CR 101.2),
    its changes of other spells' costs, its mana abilities, protections and keywords, the lines read as bearing on
    no cast, and the static lines left unread as bearing on nothing a cast reads.
    """
    earlier = set().union(*(_names(p) for p in AUDIT.glob("permanent-sample-*.jsonl")))
    found = {}
    for card in CardDatabase.from_jsonl(pool):
        if card.has_type(CardType.INSTANT) or card.has_type(CardType.SORCERY) or card.name in earlier:
            continue
        abilities = parse_card(card)
        casting = abilities.casting_unsupported if card.is_land else abilities.unsupported_casting_from_any_zone
        if casting or abilities.permanent_unsupported:
            continue
        if any(may_change_characteristics(line) for line in abilities.static_unread):
            continue
        if only is None or card.name in only:
            found[card.name] = (card, abilities)
    drawn = random.Random(seed).sample(sorted(found), min(2 * count, len(found)))
    print(f"{len(found):,} permanents read fully", file=sys.stderr)
    samples = ((first, drawn[:count]), (first + 1, drawn[count:])) if only is None else ((first, drawn[:count]),)
    for number, names in samples:
        with open(AUDIT / f"permanent-sample-{number}.jsonl", "w", encoding="utf-8") as handle:
            for name in names:
                card, abilities = found[name]
                line = {
                    **_card_head(card),
                    "power": card.power,
                    "toughness": card.toughness,
                    "reader": {
                        "static_effects": [{"text": e.text, **_effect(e)} for e in abilities.static_effects],
                        "casting_rules": [_plain(r) for r in abilities.casting_rules],
                        "cost_changes": [_plain(m) for m in abilities.cost_modifiers if not m.own],
                        "mana_abilities": [_plain(m) for m in abilities.mana_abilities],
                        "protections": [p.text for p in abilities.protections],
                        "hexproof": abilities.hexproof,
                        "shroud": abilities.shroud,
                        "hexproof_from": sorted(c.letter for c in abilities.hexproof_from),
                        "controller_hexproof": abilities.controller_hexproof,
                        "controller_shroud": abilities.controller_shroud,
                        "flash": abilities.flash,
                        "keywords": sorted(abilities.keywords),
                        "read_as_bearing_on_no_cast": list(abilities.static_no_cast),
                        "static_lines_left_unread": list(abilities.static_unread),
                    },
                }
                handle.write(json.dumps(line, ensure_ascii=False) + "\n")


def _card_head(card) -> dict:
    """The card as a sample line begins: its name, mana cost, type line and Oracle text."""
    return {"name": card.name, "mana_cost": _mana(card), "type_line": card.type_line, "oracle_text": card.oracle_text}


def _mana(card) -> str:
    return "" if card.mana_cost is None else str(card.mana_cost)


def _names(path: Path) -> set[str]:
    names = set()
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip():
            name = json.loads(line)["name"]
            names |= {name, *name.split(" // ")}
    return names


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("pool")
    parser.add_argument("--list-ok", action="store_true", help="print the names of the 'ok' spells and stop")
    parser.add_argument("--old-ok", help="the names of the 'ok' spells of an earlier reader, one a line")
    parser.add_argument("--seed", type=int, default=20261205)
    parser.add_argument("--first", type=int, default=7)
    parser.add_argument("--count", type=int, default=100)
    parser.add_argument("--mana", type=int, metavar="K", help="draw mana-sample-K.jsonl (see above) and stop")
    parser.add_argument(
        "--permanents", type=int, metavar="K", help="draw permanent-sample-K and K+1 .jsonl (see above) and stop"
    )
    parser.add_argument("--only", help="with --permanents: draw one sample from these names (one a line) alone")
    args = parser.parse_args()
    if args.mana is not None:
        mana_sample(args.pool, args.mana, args.seed, args.count)
        return
    if args.permanents is not None:
        only = set(Path(args.only).read_text(encoding="utf-8").split("\n")) - {""} if args.only else None
        permanents_sample(args.pool, args.permanents, args.seed, args.count, only)
        return
    ok = ok_spells(args.pool)
    if args.list_ok:
        sys.stdout.write("".join(f"{name}\n" for name in sorted(ok)))
        return
    if not args.old_ok:
        parser.error("--old-ok is needed to draw the samples")
    old = set(Path(args.old_ok).read_text(encoding="utf-8").splitlines())
    excluded = set()
    for path in [*sorted(AUDIT.glob("sample-*.jsonl")), *sorted(AUDIT.parent.glob("cards-*.jsonl"))]:
        if path.name not in (f"sample-{args.first}.jsonl", f"sample-{args.first + 1}.jsonl"):
            excluded |= _names(path)
    rng = random.Random(args.seed)
    new = sorted(name for name in ok if name not in old and name not in excluded)
    first = rng.sample(new, min(args.count, len(new)))
    rest = sorted(name for name in ok if name not in excluded and name not in first)
    second = rng.sample(rest, args.count)
    print(
        f"{len(ok):,} 'ok' spells; {len(new):,} 'ok' only now and in no earlier sample; "
        f"{len(rest):,} in no earlier sample",
        file=sys.stderr,
    )
    for number, names in ((args.first, first), (args.first + 1, second)):
        with open(AUDIT / f"sample-{number}.jsonl", "w", encoding="utf-8") as handle:
            for name in names:
                handle.write(json.dumps(describe(ok[name]), ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()
