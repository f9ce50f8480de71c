"""Mana abilities of permanents read from a grammar tree: what they add, what they cost (CR 605.1a, 106).

Read by the permanents' lines (:mod:`models.oracle.permanents`) and by abilities an effect gives
(:func:`models.oracle.keywords.parse_granted`: 'Lands you control have "{T}: Add one mana of any color."').
"""

from __future__ import annotations

import dataclasses
import itertools
import re

from lark import Token, Tree

from models.abilities import ControlRequirement, Count, ManaAbility, ObjectFilter, Quality, Requirement
from models.mana import ManaCost, SymbolKind
from models.objects import CardType
from models.oracle.conditions import state_condition
from models.oracle.grammar import tree_tokens
from models.oracle.qualities import spell_qualities
from models.oracle.targets import read_counted
from models.oracle.unread import UnreadText
from models.oracle.words import NUMBER_WORDS, SUBTYPE_BY_WORD

__all__ = ["ABILITY_WORDS", "KICKED_SPELLS", "NO_SPELLS", "mana_ability"]

KICKED_SPELLS = ObjectFilter((frozenset({Quality("kicked", True)}),), "kicked")
"""What "Spend this mana only to cast kicked spells." allows: a spell whose kicker is paid (CR 702.33d), which
the cast chooses: judged by :func:`solver.rules.mana.available_mana_sources`, not as a quality of the card."""

_COLOURS = "WUBRG"


def mana_ability(tree: Tree[Token]) -> ManaAbility:
    """The mana ability a ``mana_ability_line`` tree reads (CR 605.1a).

    Parameters
    ----------
    tree : lark.Tree
        A ``mana_ability_line``.

    Returns
    -------
    ManaAbility

    Raises
    ------
    ValueError
        Generic mana among what it adds ("{T}: Add {2}."): not a type of mana (CR 106.1).
    UnreadText
        A cost, or a shape of cost, that the payer does not weigh exactly: an activation cost with X, Phyrexian or
        snow symbols; life, energy or another permanent sacrificed for an ability without {T} (paid again and
        again, CR 602.1); counters removed beside mana paid; another permanent sacrificed that is not named by
        a subtype ("Sacrifice a creature"); a condition not read; an amount "for each …" the state alone can't
        count.
    """
    tokens = [t for t in tree.children if isinstance(t, Token)]
    costs = {t.type: str(t) for t in tokens}
    line = " ".join(str(t) for t in tokens)
    word = costs.get("ABILITY_WORD", "").removesuffix("—").strip()
    if word and word not in ABILITY_WORDS:  # "Max speed —", "Exhaust —": rules of their own
        raise UnreadText(costs["ABILITY_WORD"], f"{word!r} before a mana ability: not an ability word (CR 207.2c)")
    activation, colours = _activation_cost(costs.get("ACTIVATION_MANA", ""), line)
    counter = re.match(r"remove (an?|[a-z]+) ([a-z+/0-9-]+) counters?", costs.get("REMOVE_COUNTER", ""))
    sacrificed = ""
    if "SACRIFICE_OTHER" in costs:  # "Sacrifice a Forest" (CR 701.21a)
        word = costs["SACRIFICE_OTHER"].split()[-1]
        sacrificed = SUBTYPE_BY_WORD.get(word, "")
        if not sacrificed:
            raise UnreadText(costs["SACRIFICE_OTHER"], f"a mana ability that sacrifices a permanent: {word!r} not read")
    units = _with_counters_removed(_mana_units(tree), costs, line)
    ability = dataclasses.replace(
        units,
        taps="TAP_COST" in costs,
        activation=activation,
        activation_colours=colours,
        sacrifices="SELF_SACRIFICE" in costs,
        from_hand="SELF_EXILE_FROM_HAND" in costs,
        life=int(costs["PAY_LIFE"].split()[1]) if "PAY_LIFE" in costs else 0,
        energy=costs.get("PAY_ENERGY", "").count("{e}"),
        counter=counter.group(2) if counter else "",
        counters_removed=(1 if counter.group(1) in ("a", "an") else NUMBER_WORDS[counter.group(1)]) if counter else 1,
        sacrifices_other=sacrificed,
        taps_other=costs.get("TAP_OTHER", "").removeprefix("tap an untapped ").removesuffix(" you control"),
    )
    _refuse_unweighed_costs(ability, line)
    for only in (str(t) for t in tokens if t.type == "SPEND_ONLY"):  # "Spend this mana only to cast …" (CR 106.6)
        spells, abilities = _spending(only)
        if only == "spend this mana only to cast legendary spells.":  # the supertype (CR 205.4d)
            spells = ObjectFilter((frozenset({Quality("supertype", "Legendary")}),), "legendary")
        if spells is None or ability.spend_only is not None:
            raise UnreadText(only, "a restriction on spending a mana ability's mana not read")
        ability = dataclasses.replace(ability, spend_only=spells, pays_abilities=abilities)
    for rider in (str(t) for t in tokens if t.type == "MANA_RIDER"):
        hurts = re.fullmatch(r"(?:~|this land|this artifact|this creature) deals (\d+) damage to you\.", rider)
        if hurts:  # as it makes mana, before costs are paid (601.2g)
            ability = dataclasses.replace(ability, damage=int(hurts.group(1)))
            continue
        ability = _activation_condition(ability, rider)
    return ability


_RIDERS_CHANGING_NOTHING = re.compile(
    r"(?:~|this land|this artifact) doesn't untap during your next untap step\.|put a depletion counter on "
    r"(?:~|this land)\.|if there are no [a-z]+ counters on (?:~|this land|this artifact), sacrifice it\.|draw a "
    r"card(?: at the beginning of the next turn's upkeep)?\.|(?:if|when) (?:that|this) mana is spent (?:on|to cast) "
    r"[^.]+, [^.]+\.|(?:if|when) you spend this mana to cast [^.]+, [^.]+\."
)
"""What may follow a mana ability's mana and changes nothing of what it makes or when it may be activated: what
happens once its mana is spent on a spell ("If that mana is spent on a creature spell, it gains haste until end
of turn.", "When you spend this mana to cast a Dragon creature spell, scry 2.") comes after the spell's costs are
paid, and changes neither them nor its targets (CR 601.2h-i, 106.6)."""

_KEYWORD_COUNTERS = frozenset(
    "deathtouch decayed exalted flying haste hexproof indestructible lifelink menace reach shadow trample vigilance "
    "shield stun".split()
)
"""Counters that give or take abilities (CR 122.1b-d): a mana ability that puts one is not read."""

_BASIC_LAND = ControlRequirement("you", "", "you control a basic land", CardType.LAND, "Basic")


_DURING = {"your turn": "it's your turn", "an opponent's turn": "it's not your turn"}
"""Whose turn "Activate only during …" asks, as :func:`~models.oracle.conditions.state_condition` reads it."""


_TRON = re.compile(r"you control an urza's ([a-z-]+) and an urza's ([a-z-]+)")
"""Urza's Mine's "If you control an Urza's Power-Plant and an Urza's Tower": two land types, each only ever an
Urza's land's (CR 205.3i)."""


def _instead(ability: ManaAbility, rider: str, condition: str, what: str) -> ManaAbility:
    """The ability with "If you control four or more creatures, add {G}{G} instead." read (CR 614.1a).

    Raises
    ------
    UnreadText
        A condition or a mana not read.
    """
    tron = _TRON.fullmatch(condition)
    read: tuple[Requirement, ...] | None
    if tron is not None and all(word in SUBTYPE_BY_WORD for word in tron.groups()):
        read = tuple(
            ControlRequirement("you", SUBTYPE_BY_WORD[word], f"you control an Urza's {SUBTYPE_BY_WORD[word]}")
            for word in tron.groups()
        )
    else:
        read = state_condition(condition)
    options: tuple[tuple[frozenset[str], ...], ...] = ()
    if re.fullmatch(r"(?:\{[wubrgc]\})+", what):
        options = (tuple(frozenset(letter.upper()) for letter in re.findall(r"\{([wubrgc])\}", what)),)
    elif (one := re.fullmatch(r"(two|three) mana of any one color", what)) is not None:
        options = tuple((frozenset(letter),) * NUMBER_WORDS[one[1]] for letter in _COLOURS)
    if not read or not options or ability.options or ability.per_count or ability.per_power:
        raise UnreadText(rider, "mana made instead under a condition, not read")
    return dataclasses.replace(ability, instead=options, instead_if=read)


def _condition(rider: str) -> tuple[Requirement, ...]:
    """What "Activate only if you control three or more artifacts." asks of the state (CR 602.5b); all must hold.

    Raises
    ------
    UnreadText
        A condition :func:`~models.oracle.conditions.state_condition` does not read.
    """
    found = re.fullmatch(r"activate only (?:if (?P<condition>[^.]+)|during (?P<turn>[^.]+))\.", rider)
    condition = None if found is None else found["condition"] or _DURING.get(found["turn"], "")
    read = state_condition(condition) if condition else None
    if not read:
        raise UnreadText(rider, "a condition of a mana ability not read")
    return read


def _activation_condition(ability: ManaAbility, rider: str) -> ManaAbility:
    """The ability with a rider's condition on its activation (CR 602.5b), or as it is for a rider of no condition.

    "Activate only if you control a Swamp." (``requires``), "… a Swamp or a Mountain." (``requires_one_of``),
    "Activate only if this land entered this turn or if you control a basic land." (``requires_one_of`` and
    ``or_entered_this_turn``), "Activate only once each turn." (``once_each_turn``), "Activate only if you control
    three or more artifacts.", "Activate only during your turn." (``conditions``, as a spell's conditions are read),
    "You gain 2 life." (``life_gained``), "Put a charge counter on this artifact." (``puts_counter``).

    Raises
    ------
    UnreadText
        A condition not read (:func:`_condition`).
    """
    if rider == "activate only once each turn.":  # (CR 602.5b)
        return dataclasses.replace(ability, once_each_turn=True)
    if (instead := re.fullmatch(r"if ([^,.]+), add ([^.]+) instead\.", rider)) is not None:
        return _instead(ability, rider, instead[1], instead[2])
    if (gain := re.fullmatch(r"(?:if [^,.]+, )?you gain (\d+) life\.", rider)) is not None:
        return dataclasses.replace(ability, life_gained=int(gain[1]))  # at most: a condition may stop it
    put = re.fullmatch(r"put (an?|two|three) ([a-z]+) counters? on (?:~|this [a-z]+)\.", rider)
    if put is not None and put[2] not in _KEYWORD_COUNTERS:  # (CR 122.1)
        return dataclasses.replace(ability, puts_counter=put[2])
    if _RIDERS_CHANGING_NOTHING.fullmatch(rider) is not None:
        return ability
    if re.fullmatch(r"activate only if (?:~|this land) entered this turn or if you control a basic land\.", rider):
        return dataclasses.replace(ability, requires_one_of=(_BASIC_LAND,), or_entered_this_turn=True)
    found = re.fullmatch(r"activate only if you control an? ([a-z]+)(?: or an? ([a-z]+))?\.", rider)
    subtypes = [SUBTYPE_BY_WORD.get(word) for word in found.groups() if word is not None] if found else [None]
    if not all(subtypes):  # "Activate only if you control three or more artifacts.", "… during your turn."
        return dataclasses.replace(ability, conditions=ability.conditions + _condition(rider))
    requirements = tuple(ControlRequirement("you", str(t), f"you control a {t}") for t in subtypes)
    if len(requirements) == 1:  # "Activate only if you control a Swamp." (CR 602.5b)
        return dataclasses.replace(ability, requires=ability.requires + requirements)
    return dataclasses.replace(ability, requires_one_of=requirements)  # "… a Swamp or a Mountain."


ABILITY_WORDS = frozenset(
    "adamant, addendum, alliance, battalion, bloodrush, celebration, channel, chroma, cohort, constellation, "
    "converge, council's dilemma, coven, delirium, descend 4, descend 8, domain, eerie, eminence, enrage, fateful "
    "hour, fathomless descent, ferocious, flurry, formidable, grandeur, hellbent, heroic, imprint, inspired, join "
    "forces, kinship, landfall, lieutenant, magecraft, metalcraft, morbid, pack tactics, paradox, parley, radiance, "
    "raid, rally, renew, revolt, secret council, spell mastery, strive, survival, sweep, tempting offer, threshold, "
    "undergrowth, valiant, vivid, void, will of the council".split(", ")
)
"""The ability words of CR 207.2c: they have no rules meaning, so an ability after one is read as without it."""

NO_SPELLS = ObjectFilter((frozenset(),), "no spell")
"""What "Spend this mana only to activate abilities." allows of spells: none (a clause of no quality never holds)."""

_SPELLS = r"cast (?:an? )?(?P<spells>[a-z,/ -]+?) spells?"
_ABILITIES = r"activate (?:abilities|an ability)(?: of (?:an? )?[a-z, -]+?)?"
_SPENDING = (
    re.compile(rf"spend this mana only to {_SPELLS}\."),
    re.compile(rf"spend this mana only to {_SPELLS},? or (?:to )?{_ABILITIES}\."),
    re.compile(rf"spend this mana only to {_ABILITIES},? or (?:to )?{_SPELLS}\."),
    re.compile(rf"spend this mana only to {_ABILITIES}\."),
    re.compile(r"this mana can't be spent to cast (?:an? )?non(?P<spells>[a-z]+) spells?\."),
)
"""The restrictions on spending read (CR 106.6): spells alone, spells or activated abilities, abilities alone; a
Powerstone's "can't be spent to cast a nonartifact spell": artifact spells, and abilities (CR 111.10h)."""


def _spending(only: str) -> tuple[ObjectFilter | None, bool]:
    """What "Spend this mana only to …" lets the mana pay: the spells (None: not read), and whether abilities too.

    "… to cast creature spells." (:func:`~models.oracle.qualities.spell_qualities`), "… to cast kicked spells."
    (:data:`KICKED_SPELLS`), "… to cast artifact spells or activate abilities of artifacts." (the artifact spells,
    and abilities: which abilities is not kept, the payer weighs none of them), "… to activate abilities."
    (:data:`NO_SPELLS`, and abilities).
    """
    for index, pattern in enumerate(_SPENDING):
        found = pattern.fullmatch(only)
        if found is None:
            continue
        words = found.groupdict().get("spells")
        if words is None:
            return NO_SPELLS, True
        if words == "kicked":  # on the choice of the cast (CR 702.33d)
            return (KICKED_SPELLS if index == 0 else None), False
        if re.fullmatch(r"(?:[a-z]+, )+(?:or|and|and/or) [a-z]+", words):  # "cleric, rogue, warrior, or wizard"
            words = re.sub(r",(?: or| and| and/or)? ", " or ", words)  # a spell of one of them (CR 106.6)
        return spell_qualities(words.replace(" and/or ", " or ")), index > 0
    return None, False


def _with_counters_removed(units: ManaAbility, costs: dict[str, str], line: str) -> ManaAbility:
    """What the ability adds when its cost removes any number of counters, or X of them: for all of them.

    "{T}, Remove any number of storage counters from this land: Add {W} for each storage counter removed this
    way.", "{1}, Remove X storage counters from this land: Add X mana in any combination of {W} and/or {U}.": one
    activation removing every such counter the permanent has makes the most mana for the same cost, which any
    other way to activate it never beats (CR 122.8, 107.3, 106.1); the count is of the counters on it.

    Raises
    ------
    UnreadText
        Mana for each counter removed without such a cost, or such a cost whose mana counts something else.
    """
    cost = costs.get("REMOVE_ANY_COUNTERS") or costs.get("REMOVE_X_COUNTERS", "")
    removing = re.match(r"remove (?:any number of|x) ([a-z+/0-9-]+) counters", cost)
    counted = units.per_count.text if units.per_count is not None else ""
    wanted = {f"{removing[1]} {_REMOVED}"} if removing is not None else set()
    if "REMOVE_X_COUNTERS" in costs:
        wanted.add(f"x {_REMOVED}")
    if counted.endswith(" " + _REMOVED) != (removing is not None) or (removing is not None and counted not in wanted):
        raise UnreadText(line, "mana for each counter removed, not read")
    if removing is None:
        return units
    return dataclasses.replace(units, per_count=Count(counters_on=removing[1], text=cost), removes_counted=True)


def _activation_cost(text: str, line: str) -> tuple[int, tuple[frozenset[str], ...]]:
    """The generic part of a mana ability's mana cost, and its coloured symbols' letters (CR 107.4, 605.3)."""
    if not text:
        return 0, ()
    generic = 0
    colours: list[frozenset[str]] = []
    for symbol in ManaCost.parse(text.upper()).symbols:
        if symbol.kind is SymbolKind.GENERIC:
            generic += symbol.amount
        elif symbol.kind in (SymbolKind.COLORED, SymbolKind.HYBRID):
            colours.append(frozenset(c.letter for c in symbol.colors))
        elif symbol.kind is SymbolKind.COLORLESS:
            colours.append(frozenset("C"))
        else:
            raise UnreadText(line, f"a mana ability whose cost has {symbol}: not weighed")
    return generic, tuple(colours)


def _refuse_unweighed_costs(ability: ManaAbility, line: str) -> None:
    """Refuse what the payer (:mod:`solver.rules.mana`) does not weigh exactly; see :func:`mana_ability`."""
    costs_mana = bool(ability.activation or ability.activation_colours)
    if not ability.taps and not ability.sacrifices and not ability.from_hand:
        if ability.life or ability.energy or ability.sacrifices_other:
            raise UnreadText(line, "a mana ability without {T} that pays life, energy or a permanent, again and again")
        if ability.counter and costs_mana:
            raise UnreadText(line, "a mana ability without {T} that pays mana and removes counters")
        if costs_mana and (ability.per_power or (ability.per_count and not ability.removes_counted)):
            raise UnreadText(line, "a mana ability without {T} that pays mana for mana equal to a number")
        if costs_mana and max(len(o) for o in ability.options or (ability.units,)) > ability.activation + len(
            ability.activation_colours
        ):
            raise UnreadText(line, "a mana ability without {T} that makes more mana than it costs, again and again")
    if ability.taps_other and not (ability.taps and _taps_alone(ability)):
        raise UnreadText(line, "a mana ability that taps another permanent and pays more, or not {T}")
    if ability.sacrifices_other and (ability.life or ability.energy or ability.counter or costs_mana):
        raise UnreadText(line, "a mana ability that sacrifices another permanent and pays more")
    if ability.from_hand and (costs_mana or ability.taps or ability.life or ability.energy or ability.counter):
        raise UnreadText(line, "a mana ability of a card in hand with another cost")


def _taps_alone(ability: ManaAbility) -> bool:
    """Whether the ability's cost is {T} and what taps another permanent, nothing else."""
    return not (
        ability.activation
        or ability.activation_colours
        or ability.life
        or ability.energy
        or ability.counter
        or ability.sacrifices
        or ability.sacrifices_other
        or ability.from_hand
        or ability.per_count is not None
        or ability.per_power
    )


def _mana_units(tree: Tree[Token]) -> ManaAbility:
    """What the ability adds: its units, or its options (CR 106.1b)."""
    output = next(c for c in tree.children if isinstance(c, Tree))
    if output.data == "add_symbols":
        return ManaAbility(_symbols(output))
    if output.data == "add_one_of":  # "{R} or {G}"; "{W}{W}, {W}{U}, or {U}{U}"
        options = tuple(_symbols(choice) for choice in output.children if isinstance(choice, Tree))
        if all(len(option) == 1 for option in options):
            return ManaAbility((frozenset().union(*(option[0] for option in options)),))
        return ManaAbility(options[0], options=options)
    if output.data == "add_any_color":
        return ManaAbility((frozenset(_COLOURS),))
    if output.data in _NOT_GIVEN:  # "one mana of the chosen color", "… in your commander's color identity"
        chosen = _NOT_GIVEN[output.data] == "chosen_colour"
        return ManaAbility((frozenset(_COLOURS),), chosen_colour=chosen, commander_identity=not chosen)
    if output.data == "add_could_produce":  # what the lands could produce, in the state (CR 106.7)
        return _could_produce(str(output.children[0]))
    text = str(output.children[0])
    if output.data == "add_in_combination":  # each mana of any of the colours (CR 106.1b)
        amount = NUMBER_WORDS[text.split()[0]]
        named = re.findall(r"\{([wubrg])\}", text)
        letters = frozenset(letter.upper() for letter in named) if named else frozenset(_COLOURS)
        return ManaAbility((letters,) * amount)
    if output.data == "add_of_one_color":  # all of one colour, chosen as it resolves
        amount = NUMBER_WORDS[text.split()[0]]
        options = tuple((frozenset(letter),) * amount for letter in _COLOURS)
        return ManaAbility(options[0], options=options)
    if output.data == "add_of_different_colors":
        options = tuple((frozenset(a), frozenset(b)) for a, b in itertools.combinations(_COLOURS, 2))
        return ManaAbility(options[0], options=options)
    if output.data in ("add_x_in_combination", "add_then_per_count", "add_per_count", "add_per_number"):
        # the words of the output, as printed: its first child may be a tree of mana symbols
        return _counted_output(output, " ".join(str(token) for token in output.scan_values(lambda _: True)))
    # add_per_power: "an amount of {G} equal to ~'s power" or "X mana of any one color, where X is ~'s power"
    symbol = re.match(r"an amount of \{([wubrgc])\}", text)
    if symbol:
        return ManaAbility((frozenset(symbol.group(1).upper()),), per_power=True)
    options = tuple((frozenset(letter),) for letter in _COLOURS)
    return ManaAbility(options[0], options=options, per_power=True)


def _counted_output(output: Tree[Token], text: str) -> ManaAbility:
    """What an ability adds that is counted (CR 106.1, 107.3).

    "{G} for each creature you control" (Gaea's Cradle), "X mana of any one color, where X is the number of Allies
    you control", "{B}, then add an additional {B} for each charge counter removed this way", "X mana in any
    combination of {W} and/or {U}" (X the counters removed).
    """
    if output.data == "add_x_in_combination":  # X the counters "Remove X storage counters" removes
        named = re.findall(r"\{([wubrg])\}", text)
        letters = frozenset(letter.upper() for letter in named) if named else frozenset(_COLOURS)
        return ManaAbility((letters,), per_count=Count(text=f"x {_REMOVED}"))
    if output.data == "add_then_per_count":  # "{B}, then add an additional {B} for each charge counter removed …"
        first, then = (_symbols(c) for c in output.children if isinstance(c, Tree))
        if first != then:
            raise UnreadText(text, "mana and more mana of another kind for each, not read")
        counted = _counted(str(output.children[-1]).removeprefix("for each "), text)
        return ManaAbility(first, per_count=counted, per_count_plus=1)
    if output.data == "add_per_count":  # "{G} for each creature you control" (Gaea's Cradle)
        counted = _counted(str(output.children[-1]).removeprefix("for each "), text)
        symbols = next(c for c in output.children if isinstance(c, Tree))
        return ManaAbility(_symbols(symbols), per_count=counted)
    # add_per_number: "X mana of any one color, where X is the number of Allies you control"
    counted = _counted(_singular(text.split(" where x is the number of ", 1)[1]), text)
    if "of any one color" in text:
        options = tuple((frozenset(letter),) for letter in _COLOURS)
        return ManaAbility(options[0], options=options, per_count=counted)
    return ManaAbility((frozenset(_COLOURS),), per_count=counted)


_NOT_GIVEN = {
    "add_chosen_color": "chosen_colour",
    "add_symbol_or_chosen": "chosen_colour",  # "{B} or one mana of the chosen color"
    "add_commander_identity": "commander_identity",
}
"""Mana of a colour the state does not give: the choice as it entered (a state that gives it has the words
rewritten), the commander's colour identity: see :class:`~models.abilities.ManaAbility`."""


def _could_produce(words: str) -> ManaAbility:
    """What "one mana of any color that a land an opponent controls could produce" may be, its lands kept (CR 106.7).

    "… any color …": at most any colour; "… any type that a Gate you control …": at most any type.
    """
    found = re.fullmatch(
        r"one mana of any (color|type) that an? (.+) (an opponent controls|you control) could produce", words
    )
    if found is None:
        raise UnreadText(words, "what a mana ability's lands could produce, not read")
    letters = frozenset(_COLOURS if found[1] == "color" else _COLOURS + "C")
    who = "opponent" if found[3] == "an opponent controls" else "you"
    return ManaAbility((letters,), could_produce=(found[2], who))


_REMOVED = "counter removed this way"
"""The text of the count of "{W} for each storage counter removed this way", read with the cost that removes them."""

_COUNTERS_ON_ITSELF = re.compile(
    r"(?:(?P<kind>[a-z+/0-9-]+) )?counter on (?:~|this (?:artifact|creature|land|enchantment))"
)


def _counted(words: str, line: str) -> Count:
    """What "for each …" counts in a mana ability, when the state alone counts it (CR 106.1, 122.1).

    "creature you control", "Swamp you control", "Elf on the battlefield", "creature card in your graveyard"
    (:func:`~models.oracle.targets.read_counted`); "+1/+1 counter on this creature", "charge counter on this
    artifact" (the permanent's own counters); "storage counter removed this way" (read with its cost).

    Raises
    ------
    UnreadText
        Anything else: objects named by a phrase with qualities the state must be asked about through a cast
        ("creature you control with defender"), power, devotion, this turn's draws.
    """
    if words.endswith(" " + _REMOVED):
        return Count(text=words)
    if (counters := _COUNTERS_ON_ITSELF.fullmatch(words.replace(" counters on ", " counter on "))) is not None:
        return Count(counters_on=counters["kind"] or "any", text=words)
    count = read_counted(words)
    if count is None or count.objects is not None or count.quantity is not None or count.distinct is not None:
        raise UnreadText(line, f"a mana ability's amount for each {words!r} not read")
    return count


def _singular(words: str) -> str:
    """ "Allies you control" → "ally you control", "Elves on the battlefield" → "elf …" (the first word's plural)."""
    first, _, rest = words.partition(" ")
    for plural, singular in (("ies", "y"), ("ves", "f"), ("s", "")):
        if first.endswith(plural):
            first = first[: -len(plural)] + singular
            break
    return f"{first} {rest}".strip()


def _symbols(cost: Tree[Token]) -> tuple[frozenset[str], ...]:
    """The units of "{R}{R}": one per symbol; generic mana is no type of mana (ValueError, CR 106.1)."""
    units = []
    for token in tree_tokens(cost):
        letter = str(token).strip("{}").upper()
        if letter.isdigit() or letter not in "WUBRGC" or len(letter) != 1:
            raise ValueError(letter)
        units.append(frozenset(letter))
    return tuple(units)
