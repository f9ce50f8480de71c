"""Read Forge puzzle files (``.pzl``) as game states.

Forge, the open-source MTG engine, stores its puzzles (the Possibility Storm
puzzles among them) in an INI-like text format::

    [metadata]
    Name:Possibility Storm - Kamigawa Splice #1
    Goal:Win
    Turns:1
    Difficulty:Uncommon
    Description:Win this turn.
    [state]
    humanlife=12
    ailife=7
    activeplayer=human
    activephase=MAIN1
    humanhand=Reach Through Mists;Glacial Ray
    humanbattlefield=Island;Mountain|Tapped;Llanowar Elves|SummonSick
    aibattlefield=Silver Knight|Id:20;Holy Strength|AttachedTo:20;t:w_1_1_soldier

``[metadata]`` lines are ``Key:Value``; ``Name``, ``URL``, ``Goal``,
``Turns``, ``Difficulty`` and ``Description`` are kept on :class:`Puzzle`,
other keys are ignored, and a line with no key continues the value above
it. ``[state]`` lines are ``key=value``; blank lines and lines starting with
``#`` are skipped everywhere.

The two players are ``human`` and ``ai`` (their player ids in the state, in
that turn order); the current format's ``p0`` and ``p1`` are the same two.
**The human player is the caster: they hold priority in the active player's
phase or step** (Forge puzzles are nearly always set on the human's turn);
``--player ai`` casts for the other side.

Keys are read as Forge's ``GameState`` reads them: in any case, a player key
is the player prefix (``human``, ``ai``, ``p0``, ``p1``) then what it sets:

- ``life`` (default 20); ``activeplayer``: ``human``/``p0`` (default) or
  ``ai``/``p1``; ``activephase``: a Forge phase (see :data:`PHASES`, any
  case; default ``MAIN1``; the combat steps all read as ``combat``).
- ``activephaseadvance``: the game moves on to that step (the next turn when
  it comes before): a new turn goes to the other player, whose permanents
  untap and are no longer summoning sick (CR 502.3, 302.6); the mana pool
  empties (CR 500.4). Passing the declare attackers step, the creatures
  marked ``Attacking`` attack and tap, but those with vigilance (CR 508.1f);
  with none marked and a creature that could attack, which attack is not in
  the puzzle (Forge lets the player choose): unsupported, naming them. Once
  the combat phase ends no creature is attacking (CR 506.4). An ability that
  triggers at the beginning of a step entered or on an attack, a Saga's lore
  counter (CR 714.3b), a draw (CR 504.1) and combat damage (CR 510) are
  reported unsupported, naming the card.
- ``turn``: the turn number, kept on :class:`Puzzle`.
- ``hand``, ``library``, ``graveyard``, ``exile``, ``battlefield`` (alias
  ``play``) and ``putonstack`` (spells on the stack, bottom first in the
  order written): ``;``-separated card entries. On the stack,
  ``Name->target`` gives the spell's one target (an ``Id`` number, or a
  player), read into its cast record; ``Name:SVar`` (an ability) is
  unsupported.
- ``manapool``, ``persistentmana``: mana in the pool, as Forge writes it
  (``R R G``; ``RRG`` and ``{R}{R}{G}`` are read too; ``C`` is colourless).
- ``precast``: ``;``-separated spells and abilities Forge resolves before
  the puzzle starts. A custom token effect (``Name:CustomScript:DB$ Token |
  TokenScript$ u_1_1_faerie_flying``, its parameters in any order:
  ``TokenAmount$``, ``TokenTapped$``, ``TokenOwner$ You`` or ``Opponent``)
  makes its tokens (ids ``<player>-precast-N``); a shuffle
  (``Name:TrigShuffle``) is noted; any other is reported unsupported,
  naming it.
- ``removesummoningsickness=true``: no permanent is summoning sick.
- Accepted and ignored, since nothing in them bears on casting:
  ``sideboard`` (outside the game), ``counters`` (player counters such as
  poison), ``landsplayed``, ``landsplayedlastturn``.
- A non-empty ``command`` is an error (the command zone is not modelled).
- ``speed``, ``numringtemptedyou`` and ``abilityX`` (an ability for the
  ``Ability:`` modifier) are read and ignored, named in a note: what they
  set is not modelled. Any other key is ignored, as Forge ignores keys it
  does not know, and named in another note.

A card entry is a card name, or ``t:`` and a Forge token, then
``|``-separated modifiers, each matched by the start of its name as Forge
does (``PhasedOut:ai`` is ``PhasedOut``):

- ``Tapped``; ``SummonSick`` (CR 302.6: its {T} mana abilities can't be used
  unless it has haste); ``Counters:P1P1=2,LOYALTY=3`` (``P1P1`` is
  ``+1/+1``, ``M1M1`` is ``-1/-1``, any other kind is its name in lower
  case: ``loyalty``); ``IsToken``.
- ``Attacking``: as Forge sets up combat, an attacking creature when the
  puzzle starts in the declare attackers or declare blockers step (the
  active player attacked this turn); when the game moves on through the
  declare attackers step, the attackers declared. Elsewhere ignored, noted.
- ``Id:N``: the object's id is ``N``. An object without one gets the id
  ``<player>-<zone>-<position>``, the position counted from 1 in its line:
  ``human-battlefield-3`` is the third entry of ``humanbattlefield``,
  ``ai-stack-1`` the first of ``aiputonstack``. These are the ids that
  ``--object``, ``check`` and the cast records use.
- ``AttachedTo:N`` (also written ``Attaching:N``): attached to the object
  with ``Id:N`` (CR 301.5, 303.4); ``EnchantingPlayer:human`` attaches it to
  a player.
- ``Owner:human`` / ``Owner:ai``: the owner, when not the player of the line
  (a permanent whose control changed; a card in exile).
- ``FaceDown``: a face-down permanent is a 2/2 colourless creature with no
  text and no mana cost (CR 708.2a); a face-down card in exile has no
  characteristics, but a foretold one. ``Transformed``, ``Modal``,
  ``Flipped`` and ``Meld`` put the card's back face up on the battlefield
  (``Transformed`` and ``Modal`` on the stack too) when the card has that
  face (a transforming, modal double-faced, flip or meld card, CR 712,
  710); elsewhere, or on a card without that face, Forge does nothing, and
  it is noted. A double-faced card named by its back face is found by it
  (CR 712.2), front face up unless a modifier turns it.
- In exile: ``Foretold`` (castable for its foretell cost, CR 702.143a;
  ``ForetoldThisTurn`` is not, until a later turn), ``Plotted``,
  ``OnAdventure`` (castable as the creature, CR 715.4), ``ExiledWith:N``
  (exiled by the object with ``Id:N``).
- ``PhasedOut``: the permanent, and what is attached to it, are left out of
  the state: it is treated as though it does not exist (CR 702.26b, g).
- ``ExecuteScript:SVar``: Forge runs an ability of the card's Forge script
  as the puzzle starts, which the card's text does not name: unsupported,
  naming the card and the script.
- ``Set``, ``Art`` and ``NoETBTrigs`` are ignored. Every other modifier
  (``Damage``, ``ChosenColor``, ``ChosenType``, ``NamedCard``,
  ``MergedCards``, ``ClassLevel``, ... and any Forge does not know) is
  ignored and named in one note: what they record is not modelled; text
  that would need it is reported unsupported when a cast depends on it.

Tokens: ``t:`` then ``<colours>_[<power>_<toughness>_][a_|e_]<types and
keywords>``, as Forge names its token scripts: ``t:w_1_1_soldier`` (a
white 1/1 Soldier creature token), ``t:r_1_1_goblin_haste``,
``t:c_1_1_a_thopter_flying`` (a colourless artifact creature),
``t:c_a_treasure_sac``. Colours are letters among ``wubrg``, or ``c``;
``a`` and ``e`` make it an artifact or an enchantment; each further word is
a subtype (CR 205.3g, h, m) or a keyword (``flying``, ``haste``,
``hexproof``...). A predefined token (Treasure, Food, Gold, Shard, Clue,
Blood, Powerstone, Map, Junk, Lander, CR 111.10) and Eldrazi Spawn and Scion
have their ability, with or without their script's word (``sac``,
``draw``). A
token is named after its subtypes plus "Token" (CR 111.4). A script name
that can't be read this way is an error naming it. Forge's older syntax
describes the token instead: ``t:Soldier,P:1,T:1,Cost:no cost,Color:W,
Types:Creature-Soldier,Keywords:Lifelink,Image:w_1_1_soldier`` (without
``Color``, the colours of its ``Image``; an empty field is skipped, as Forge
skips it).

The puzzle is read into a state file (the state format's JSON, kept as
:attr:`Puzzle.state_json` and written by :func:`export_state`), and the
state is that file's, read by :func:`models.io.state_json.state_from_data`:
one reader of objects for both.

Errors are :class:`models.errors.StateError`, naming the file, the line and
the key: ``puzzle.pzl:14: humanlife: expected a whole number, got 'twenty'``.
A card name missing from the card database is left out, as Forge leaves it
out, with a warning (:attr:`Puzzle.warnings`) naming the file, the line, the
key, the name and the closest known name.
"""

from __future__ import annotations

import copy
import dataclasses
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypedDict

from models.cards import CardDatabase
from models.io.card_pool import default_card_database
from models.errors import CardDataError, InputError, StateError, UnknownCardError, UnsupportedRuleError
from models.mana import Color, ManaCost
from models.objects import Card, CardType, Phase, PlayerId, Zone
from models.oracle.parser import parse_card
from models.state import GameState
from models.io.state_json import state_from_data
from models.io.text import read_input_text

__all__ = [
    "Puzzle",
    "load_puzzle",
    "puzzle_from_text",
    "export_state",
    "inline_card",
    "token_card",
    "PHASES",
    "HUMAN",
    "AI",
]

HUMAN = PlayerId("human")
"""The player id of Forge's human player: the caster by default."""

AI = PlayerId("ai")
"""The player id of Forge's AI player."""

PHASES: Mapping[str, Phase] = {
    "UNTAP": Phase.UNTAP,
    "UPKEEP": Phase.UPKEEP,
    "DRAW": Phase.DRAW,
    "MAIN1": Phase.PRECOMBAT_MAIN,
    "COMBAT_BEGIN": Phase.COMBAT,
    "COMBAT_DECLARE_ATTACKERS": Phase.COMBAT,
    "COMBAT_DECLARE_BLOCKERS": Phase.COMBAT,
    "COMBAT_FIRST_STRIKE_DAMAGE": Phase.COMBAT,
    "COMBAT_DAMAGE": Phase.COMBAT,
    "COMBAT_END": Phase.COMBAT,
    "MAIN2": Phase.POSTCOMBAT_MAIN,
    "END_OF_TURN": Phase.END,
    "CLEANUP": Phase.CLEANUP,
}
"""Forge's phase and step names (``PhaseType``) and the phase each is (CR 500.1)."""

_ZONES = {
    "hand": Zone.HAND,
    "library": Zone.LIBRARY,
    "graveyard": Zone.GRAVEYARD,
    "exile": Zone.EXILE,
    "battlefield": Zone.BATTLEFIELD,
    "putonstack": Zone.STACK,
}
_IGNORED_KEYS = ("sideboard", "counters")
_INTEGER_KEYS = ("landsplayed", "landsplayedlastturn")
_UNMODELLED_KEYS = ("speed", "numringtemptedyou")  # a player's speed (CR 702.179), the Ring's temptations
_ZONE_ALIASES = {"play": "battlefield"}  # Forge reads ``humanplay`` as ``humanbattlefield``
_PLAYERS = {"human": HUMAN, "ai": AI, "p0": HUMAN, "p1": AI}
"""Forge's player prefixes of keys and values: ``human``/``p0`` is the first player, ``ai``/``p1`` the second."""


@dataclass(frozen=True, slots=True)
class Puzzle:
    """A Forge puzzle: its game state and what its ``[metadata]`` says.

    Parameters
    ----------
    state : GameState
        Players ``human`` and ``ai``; the human has priority.
    name, url, goal, difficulty, description : str
        From ``[metadata]``; empty when not given.
    turns : int or None
        ``Turns``: how many turns the puzzle allows.
    turn : int or None
        ``turn`` of ``[state]``: the turn number the game is at (after ``activephaseadvance``).
    notes : tuple of str
        What was read and ignored: keys and modifiers Forge ignores or that do not bear on casting,
        ``precast`` effects that do not bear on casting. One line each.
    warnings : tuple of str
        What Forge leaves out of the game as it loads the puzzle: a card name its card data does not have.
        One line each, naming the file, the line, the key and the name, with the closest known name.
    source : str
        The file name, as errors name it.
    state_json : dict or None
        The state file (the state format's JSON) of the state read: see :func:`export_state`. None when the
        state format can't say it (``not_exportable`` says why).
    not_exportable : str
        Why the state can't be written as a state file, or "".
    """

    state: GameState
    name: str = ""
    url: str = ""
    goal: str = ""
    turns: int | None = None
    difficulty: str = ""
    description: str = ""
    turn: int | None = None
    notes: tuple[str, ...] = ()
    warnings: tuple[str, ...] = ()
    source: str = ""
    state_json: dict[str, Any] | None = field(default=None, compare=False, repr=False)
    not_exportable: str = ""


class _Metadata(TypedDict):
    """The kept ``[metadata]`` values, by their :class:`Puzzle` field names."""

    name: str
    url: str
    goal: str
    difficulty: str
    description: str
    turns: int | None


@dataclass(slots=True)
class _Entry:
    """One card entry of a zone line, read but not yet looked up."""

    line: int
    key: str
    player: PlayerId
    zone: Zone
    position: int
    name: str
    text: str
    token: bool = False
    tapped: bool = False
    summoning_sick: bool = False
    face_state: str | None = None
    scripts: list[str] = field(default_factory=list)
    phased_out: bool = False
    face_down: bool = False
    attacking: bool = False
    id: str | None = None
    attach: str | None = None
    owner: PlayerId | None = None
    counters: dict[str, int] = field(default_factory=dict)
    foretold: bool = False
    foretold_this_turn: bool = False
    plotted: bool = False
    on_adventure: bool = False
    exiled_with: str | None = None
    chosen: dict[str, str] = field(default_factory=dict)
    stack_target: str | None = None
    ignored: list[str] = field(default_factory=list)


def load_puzzle(path: str | Path, cards: CardDatabase | None = None) -> Puzzle:
    """Read a Forge puzzle file.

    Parameters
    ----------
    path : str or Path
    cards : CardDatabase or None
        Where card names are looked up; the bundled database by default.

    Returns
    -------
    Puzzle

    Raises
    ------
    StateError
        An unreadable file, or any error of :func:`puzzle_from_text`.
    """
    path = Path(path)
    return puzzle_from_text(read_input_text(path, "puzzle file"), cards, source=str(path))


def puzzle_from_text(text: str, cards: CardDatabase | None = None, source: str = "") -> Puzzle:
    r"""Parse the text of a Forge puzzle file (format in the module docstring).

    Parameters
    ----------
    text : str
    cards : CardDatabase or None
        Where card names are looked up; the bundled database by default.
    source : str
        The file name, put before the line number in error messages.

    Returns
    -------
    Puzzle

    Raises
    ------
    StateError
        The first problem found, naming the line and the key: no ``[state]``
        section, a line that is not ``key=value``, a bad phase, player,
        number or mana, a token script name that can't be read, an ``Id``
        given twice or an ``AttachedTo``/``ExiledWith`` with no such id, a
        modifier in a zone it can't be in, a card name the database refuses
        (a record it skipped, such as a plane, or a face whose text it lacks:
        that reason), what the state file's reader refuses of an object (said
        at its entry's line). Unknown keys and modifiers are not errors: they
        are in ``notes``; a card name not in the database is left out, in
        ``warnings``.
    UnsupportedRuleError
        What bears on casting and can't be read, naming the card: a
        ``precast`` effect other than tokens and shuffles, an ``ExecuteScript``,
        an ability put on the stack, a step's or an attack's triggered
        ability, Saga lore counter, draw, combat damage or attackers not
        marked, passed by ``activephaseadvance``.

    Examples
    --------
    >>> puzzle = puzzle_from_text("[state]\nhumanhand=Glacial Ray\nhumanbattlefield=Mountain|Tapped")
    >>> [(o.id, o.name, o.tapped) for o in puzzle.state.objects]
    [('human-hand-1', 'Glacial Ray', False), ('human-battlefield-1', 'Mountain', True)]
    """
    cards = default_card_database() if cards is None else cards

    def where(line: int) -> str:
        return f"{source}:{line}" if source else f"line {line}"

    sections = _sections(text, where, source)
    metadata = _metadata(sections.get("metadata", []), where)
    if "state" not in sections:
        raise StateError(source, "no [state] section: a puzzle file needs one with the game state")
    values: dict[str, tuple[int, str]] = {}
    for number, line in sections["state"]:
        key_text, equals, value = line.partition("=")
        if not equals or not key_text.strip():
            raise StateError(where(number), f"expected key=value, got {line.strip()!r}")
        key = key_text.strip().casefold()
        if key in values:
            raise StateError(where(number), f"{key}: given twice (also line {values[key][0]})")
        values[key] = (number, value.strip())

    keys = _StateKeys()
    for key, (number, value) in values.items():
        keys.read(key, number, value, _failer(where(number), key))
    notes: list[str] = []
    warnings: list[str] = []
    if keys.unmodelled:
        notes.append(f"keys read and ignored (what they set is not modelled): {', '.join(keys.unmodelled)}")
    if keys.ignored:
        notes.append(f"keys Forge does not read, ignored: {', '.join(keys.ignored)}")
    ignored_modifiers = sorted({m for entry in keys.entries for m in entry.ignored}, key=str.casefold)
    if ignored_modifiers:
        notes.append(
            "modifiers ignored (what they record is not modelled, or Forge does not know them): "
            f"{', '.join(ignored_modifiers)}"
        )
    entries = keys.entries + _precast_entries(keys.precasts, notes, where)
    _refuse_scripts(entries, where)
    reading = _Reading(cards, where, notes, warnings)
    found = [reading.card_of(entry) for entry in entries]
    data, object_entries = _state_data(keys, [(e, c) for e, c in zip(entries, found) if c is not None], where)
    state = _load_data(data, cards, object_entries, where)  # the one reader of objects: the state file's
    _add_stack_casts(data, object_entries, state, notes, where)
    phase_name, turn = _combat_and_advance(data, state, keys, object_entries, notes, where)
    not_exportable = _not_exportable(phase_name, object_entries, where)
    data["phase"] = _file_phase(phase_name)
    state = _load_data(data, cards, object_entries, where)
    return Puzzle(
        state=_with_phase_and_face_down(state, phase_name, object_entries),
        turn=turn,
        notes=tuple(notes),
        warnings=tuple(warnings),
        source=source,
        state_json=None if not_exportable else data,
        not_exportable=not_exportable,
        **metadata,
    )


@dataclasses.dataclass
class _StateKeys:
    """What the ``[state]`` keys of a puzzle say, read one key at a time (Forge's ``GameState.applyToGame``)."""

    life: dict[PlayerId, int] = dataclasses.field(default_factory=lambda: {HUMAN: 20, AI: 20})
    active: PlayerId = HUMAN
    phase_name: str = "MAIN1"
    phase_line: int = 0
    advance_to: str | None = None
    advance_line: int = 0
    turn: int | None = None
    pools: dict[PlayerId, list[str]] = dataclasses.field(default_factory=dict)
    persistent: dict[PlayerId, list[str]] = dataclasses.field(default_factory=dict)
    entries: list[_Entry] = dataclasses.field(default_factory=list)
    precasts: list[tuple[int, str, PlayerId, str]] = dataclasses.field(default_factory=list)
    ignored: list[str] = dataclasses.field(default_factory=list)
    unmodelled: list[str] = dataclasses.field(default_factory=list)
    keep_sickness: bool = True

    def read(self, key: str, number: int, value: str, fail: Callable[[str], StateError]) -> None:
        """Read one key: a player's (``humanlife``, ``aibattlefield``, ...) or the game's (``turn``, ...)."""
        player_name = next((p for p in _PLAYERS if key.startswith(p)), None)
        if key.startswith("active"):  # Forge: activeplayer, activephase, activephaseadvance
            self._read_active(key, number, value, fail)
        elif key == "turn":
            self.turn = _integer(value, fail)
        elif key == "removesummoningsickness":
            if value.casefold() not in ("true", "false"):
                raise fail(f"expected true or false, got {value!r}")
            self.keep_sickness = value.casefold() == "false"
        elif player_name is None:
            (self.unmodelled if key.startswith("ability") else self.ignored).append(key)
        else:
            self._read_player_key(key, key[len(player_name) :], _PLAYERS[player_name], number, value, fail)

    def _read_active(self, key: str, number: int, value: str, fail: Callable[[str], StateError]) -> None:
        if key.endswith("player"):
            self.active = _player(value, fail)
        elif key.endswith("phaseadvance"):
            self.advance_to, self.advance_line = _phase_name(value, fail), number
        elif key.endswith("phase"):
            self.phase_name, self.phase_line = _phase_name(value, fail), number
        else:
            self.ignored.append(key)

    def _read_player_key(
        self, key: str, rest: str, player: PlayerId, number: int, value: str, fail: Callable[[str], StateError]
    ) -> None:
        if rest == "life":
            self.life[player] = _integer(value, fail)
        elif (zone_key := _zone_key(rest)) is not None:
            self.entries += _entries(value, number, key, player, _ZONES[zone_key], fail)
        elif rest in ("manapool", "persistentmana"):
            self.pools.setdefault(player, []).append(_mana(value, fail))
            if rest == "persistentmana":
                self.persistent.setdefault(player, []).append(_mana(value, fail))
        elif rest == "precast":
            self.precasts += [(number, key, player, part.strip()) for part in value.split(";") if part.strip()]
        elif rest == "command":
            if value:
                raise fail("the command zone is not modelled")
        elif rest in _INTEGER_KEYS:
            _integer(value, fail)
        elif rest in _IGNORED_KEYS:
            return
        elif rest in _UNMODELLED_KEYS:
            _integer(value, fail)
            self.unmodelled.append(key)
        else:
            self.ignored.append(key)


def _sections(text: str, where: Callable[[int], str], source: str) -> dict[str, list[tuple[int, str]]]:
    """The lines of each ``[section]``, with their line numbers; comments and blanks dropped."""
    sections: dict[str, list[tuple[int, str]]] = {}
    current: str | None = None
    for number, line in enumerate(text.splitlines(), start=1):
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        header = re.fullmatch(r"\[\s*([A-Za-z]+)\s*\]", stripped)
        if header:
            current = header.group(1).casefold()
            if current not in ("metadata", "state"):
                raise StateError(where(number), f"unknown section [{header.group(1)}] (expected [metadata] or [state])")
            if current in sections:
                raise StateError(where(number), f"section [{current}] given twice")
            sections[current] = []
        elif current is None:
            raise StateError(where(number), f"{stripped!r} is outside any section ([metadata] or [state])")
        else:
            sections[current].append((number, stripped))
    return sections


def _metadata(lines: list[tuple[int, str]], where: Callable[[int], str]) -> _Metadata:
    """The kept ``[metadata]`` values, as :class:`Puzzle` fields; a line without a key continues the one above."""
    values: dict[str, str] = {}
    last: str | None = None
    for number, line in lines:
        match = re.fullmatch(r"([A-Za-z]+)\s*[:=](.*)", line)
        if match:
            last = match.group(1).casefold()
            values[last] = match.group(2).strip()
        elif last is not None:
            values[last] = f"{values[last]}\n{line}"
        else:
            raise StateError(where(number), f"[metadata]: expected Key:Value, got {line!r}")
    turns = None
    if values.get("turns"):
        if not values["turns"].isdigit():
            number = next(n for n, line in lines if line.casefold().startswith("turns"))
            raise StateError(where(number), f"Turns: expected a number, got {values['turns']!r}")
        turns = int(values["turns"])
    return {
        "name": values.get("name", ""),
        "url": values.get("url", ""),
        "goal": values.get("goal", ""),
        "difficulty": values.get("difficulty", ""),
        "description": values.get("description", ""),
        "turns": turns,
    }


def _failer(path: str, key: str) -> Callable[[str], StateError]:
    def fail(message: str) -> StateError:
        return StateError(path, f"{key}: {message}")

    return fail


def _phase_name(value: str, fail: Callable[[str], StateError]) -> str:
    """A Forge phase or step name (``MAIN1``, ``Main1``, ``cleanup``) as :data:`PHASES` spells it."""
    name = value.strip().upper()
    if name not in PHASES:
        raise fail(f"unknown phase {value!r} (Forge phases: {', '.join(PHASES)})")
    return name


def _zone_key(rest: str) -> str | None:
    """The zone word of a player key (``battlefield``, or Forge's alias ``play``), or None."""
    rest = _ZONE_ALIASES.get(rest, rest)
    return rest if rest in _ZONES else None


_TOKEN_KEYS = ("tokenscript", "tokenamount", "tokentapped", "tokenowner", "spelldescription", "stackdescription")
"""The parameters of Forge's ``DB$ Token`` effect read: the script, how many, tapped, whose; descriptions."""


def _token_effect(script: str) -> tuple[str, int, bool, bool] | None:
    """A Forge ``DB$ Token`` effect's token script name, amount, whether tapped and whether the opponent's.

    Its parameters are ``Key$ Value``, ``|``-separated, in any order (``TokenAmount$ 2 | TokenScript$
    c_a_treasure_sac``); ``TokenOwner$ You`` (the default) or ``Opponent``. Anything else is not a token effect
    read here: None.
    """
    kind, *parts = [part.strip() for part in script.split("|")]
    if re.fullmatch(r"(?:DB|SP|AB)\$\s*Token", kind) is None:
        return None
    params: dict[str, str] = {}
    for part in parts:
        key, dollar, value = part.partition("$")
        if not dollar or key.strip().casefold() not in _TOKEN_KEYS:
            return None
        params[key.strip().casefold()] = value.strip()
    name, amount = params.get("tokenscript", ""), params.get("tokenamount", "1")
    owner, tapped = params.get("tokenowner", "You").casefold(), params.get("tokentapped", "False").casefold()
    if not re.fullmatch(r"\w+", name) or not amount.isdigit() or owner not in ("you", "opponent"):
        return None
    if tapped not in ("true", "false"):
        return None
    return name, int(amount), tapped == "true", owner == "opponent"


def _token_entries(
    effect: tuple[str, int, bool, bool], player: PlayerId, line: int, key: str, text: str, made: int
) -> list[_Entry]:
    """The tokens a Forge token effect makes, onto the battlefield, ids ``<player>-precast-N`` from ``made``."""
    name, amount, tapped, opponent = effect
    controller = (AI if player == HUMAN else HUMAN) if opponent else player
    return [
        _Entry(
            line=line,
            key=key,
            player=controller,
            zone=Zone.BATTLEFIELD,
            position=made + number,
            name=name,
            text=text,
            token=True,
            tapped=tapped,
            id=f"{player}-precast-{made + number}",
        )
        for number in range(1, amount + 1)
    ]


def _precast_entries(
    precasts: list[tuple[int, str, PlayerId, str]], notes: list[str], where: Callable[[int], str]
) -> list[_Entry]:
    """The tokens ``precast`` entries make; a shuffle is noted; any other effect is unsupported.

    Forge resolves each ``precast`` entry (``Name``, ``Name->target``, ``Name:SVar``,
    ``Name:CustomScript:...``) before the puzzle starts. Only two kinds are read: a custom script that
    makes tokens from a token script (``DB$ Token | TokenScript$ u_1_1_faerie_flying``, its parameters in any
    order), whose tokens are put onto the battlefield under the caster's control; and a card script ability
    named for a shuffle (``Ancestral Knowledge:TrigShuffle``), noted, since the order of a library does not
    bear on casting.
    """
    made: list[_Entry] = []
    for number, key, player, spell in precasts:
        name, _, script = spell.partition(":")
        name, script = name.split("->")[0].strip(), script.rsplit("->", 1)[0].strip()
        custom = script.partition(":")[2] if script.casefold().startswith("customscript:") else ""
        effect = _token_effect(custom) if custom else None
        if effect is not None:
            made += _token_entries(effect, player, number, key, spell, sum(e.key == key for e in made))
            continue
        if script and "->" not in spell and re.fullmatch(r"\w*shuffle\w*", script, re.IGNORECASE):
            notes.append(f"{key}: {spell!r} shuffles a library; the order of a library does not bear on casting")
            continue
        raise UnsupportedRuleError(
            name,
            spell,
            f"{where(number)}: {key}: Forge resolves this before the puzzle starts; what it does "
            "is not modelled (only token scripts and shuffles are read)",
        )
    return made


def _refuse_scripts(entries: list[_Entry], where: Callable[[int], str]) -> None:
    """Unsupported, naming the card and the script: a card's ``ExecuteScript`` modifier.

    Forge runs each script of a card as the puzzle starts: ``ExecuteScript:SVar`` runs an ability of the card's
    Forge script (``ExecuteScript:DBEffect``), which its Oracle text does not name; a custom script can't be
    written there, since Forge cuts the entry at each ``|``. What the script does can't be known from the
    puzzle and the card's text, so any answer could be wrong: none is given.

    Raises
    ------
    UnsupportedRuleError
        The first card with a script.
    """
    for entry in entries:
        for script in entry.scripts:
            raise UnsupportedRuleError(
                entry.name,
                f"ExecuteScript:{script}",
                f"{where(entry.line)}: {entry.key}: Forge runs this script of the card as the puzzle starts; what "
                "it does is in Forge's card script, not in the card's text",
            )


def _integer(value: str, fail: Callable[[str], StateError]) -> int:
    if not re.fullmatch(r"-?\d+", value):
        raise fail(f"expected a whole number, got {value!r}")
    return int(value)


def _player(value: str, fail: Callable[[str], StateError]) -> PlayerId:
    player = _PLAYERS.get(value.strip().casefold())
    if player is None:
        raise fail(f"expected human or ai, got {value!r}")
    return player


def _mana(value: str, fail: Callable[[str], StateError]) -> str:
    """Forge's mana-pool text (``R R G``, ``RRG`` or ``{R}{R}{G}``) as mana symbols."""
    symbols = []
    for word in value.replace(",", " ").split():
        if word.startswith("{"):
            symbols.append(word)
        elif all(letter in "WUBRGC" for letter in word.upper()):
            symbols += [f"{{{letter}}}" for letter in word.upper()]
        else:
            raise fail(f"{word!r} is not mana (write colour letters W U B R G or C, e.g. 'R R G')")
    text = "".join(symbols)
    try:
        ManaCost.parse(text)
    except InputError as exc:
        raise fail(f"{value!r} is not mana ({exc.message})") from None
    return text


def _counter_kind(kind: str) -> str:
    """Forge's counter type as the state file names it: ``P1P1`` is ``+1/+1``, ``LOYALTY`` is ``loyalty``."""
    match = re.fullmatch(r"([PM])(\d+)([PM])(\d+)", kind.upper())
    if match:
        sign = {"P": "+", "M": "-"}
        return f"{sign[match.group(1)]}{match.group(2)}/{sign[match.group(3)]}{match.group(4)}"
    return kind.casefold().replace("_", " ")


def _entries(
    value: str, number: int, key: str, player: PlayerId, zone: Zone, fail: Callable[[str], StateError]
) -> list[_Entry]:
    """The card entries of one zone line, with their modifiers read."""
    entries = []
    texts = [t.strip() for t in value.split(";")]
    position = 0
    for text in texts:
        if not text:
            continue
        position += 1
        name, *modifiers = [part.strip() for part in text.split("|")]
        if not name:
            raise fail(f"entry {text!r} has no card name")
        target = ""
        if zone is Zone.STACK:
            if ":" in name.split("->")[0]:  # Forge: Name:SVar puts that ability of the card on the stack
                raise UnsupportedRuleError(
                    name.split(":")[0].strip(),
                    name,
                    f"{fail('').path}: {key}: an ability "
                    "on the stack (Name:SVar) is not modelled; while it is there no sorcery "
                    "can be cast (CR 307.1)",
                )
            # Name->target: the spell's one target, read into its cast record (see _stack_casts)
            name, _, target = (part.strip() for part in name.partition("->"))
        entry = _Entry(line=number, key=key, player=player, zone=zone, position=position, name=name, text=text)
        if zone is Zone.STACK and target:
            entry.stack_target = target
        if name.casefold().startswith("t:"):
            entry.token, entry.name = True, name[2:].strip()
            if zone is not Zone.BATTLEFIELD:
                raise fail(f"token {text!r}: a token exists only on the battlefield (CR 111.7)")
        for modifier in modifiers:
            if modifier.casefold().startswith("executescript:"):  # run as the puzzle starts: _script_entries
                entry.scripts.append(modifier.partition(":")[2].strip())
            else:
                _apply_modifier(entry, modifier, fail)
        entries.append(entry)
    return entries


_MODIFIERS = (
    # (prefix, what it sets), matched as Forge matches them: the first prefix the modifier starts with, any case.
    ("tapped", "tapped"),
    ("summonsick", "summoning_sick"),
    ("phasedout", "phased_out"),
    ("counters:", "counters"),
    ("facedown", "face_down"),
    ("transformed", "face_state"),
    ("flipped", "face_state"),
    ("meld", "face_state"),
    ("modal", "face_state"),
    ("onadventure", "on_adventure"),
    ("foretoldthisturn", "foretold_this_turn"),
    ("foretold", "foretold"),
    ("plotted", "plotted"),
    ("istoken", "token"),
    ("id:", "id"),
    ("attaching:", "attach"),
    ("attachedto:", "attach"),
    ("enchantingplayer:", "attach_player"),
    ("owner:", "owner"),
    ("exiledwith:", "exiled_with"),
    ("attacking", "attacking"),
    ("chosencolor:", "chosen_color"),
    ("chosentype:", "chosen_type"),
    ("namedcard:", "chosen_name"),
)
"""Forge's card modifiers that bear on casting, by the prefix Forge matches; every other modifier is ignored."""

_SILENT_MODIFIERS = ("set:", "art:", "noetbtrigs")
"""Modifiers ignored without a note: the printing of a card, and that its enters triggers were not run."""


def _apply_modifier(entry: _Entry, modifier: str, fail: Callable[[str], StateError]) -> None:  # noqa: C901
    """Read one ``|``-separated modifier into the entry.

    One that Forge does not know, or that does not bear on casting, is kept in ``entry.ignored`` for the note.
    """
    label, _, value = modifier.partition(":")
    label, value = label.strip(), value.strip()
    folded = modifier.strip().casefold()
    kind = next((what for prefix, what in _MODIFIERS if folded.startswith(prefix)), None)
    on_battlefield = entry.zone is Zone.BATTLEFIELD
    if kind is None:
        if folded.startswith(_SILENT_MODIFIERS):
            return
        if label and label not in entry.ignored:
            entry.ignored.append(label)
        return
    if kind in ("tapped", "summoning_sick", "phased_out", "attacking") and not on_battlefield:
        raise fail(f"{label!r} is only for permanents, in {entry.text!r} ({entry.zone.value})")
    if kind == "face_state":  # which face: how Forge reads it depends on the card (see _Reading.face)
        entry.face_state = next(state for state in _FACE_STATES if folded.startswith(state))
    elif kind in ("tapped", "summoning_sick", "phased_out", "attacking", "token"):
        setattr(entry, kind, True)  # PhasedOut:<player> and Attacking:<id> name whose: not needed here
    elif kind in ("foretold", "foretold_this_turn", "plotted", "on_adventure", "exiled_with"):
        if entry.zone is not Zone.EXILE:
            raise fail(f"{label!r} is only for a card in exile, in {entry.text!r} ({entry.zone.value})")
        if kind == "exiled_with":
            if not value.isdigit():
                raise fail(f"ExiledWith: expected the Id of a card, got {value!r} in {entry.text!r}")
            entry.exiled_with = "#" + str(int(value))
        else:
            setattr(entry, kind, True)
    elif kind == "face_down":
        if entry.zone not in (Zone.BATTLEFIELD, Zone.EXILE):
            raise fail(f"'FaceDown' is only read on the battlefield or in exile, in {entry.text!r}")
        entry.face_down = True
    elif kind == "id":
        if not value.isdigit():
            raise fail(f"Id: expected a number, got {value!r} in {entry.text!r}")
        entry.id = str(int(value))
    elif kind in ("attach", "attach_player"):
        if not on_battlefield:
            raise fail(f"{label!r} is only for permanents, in {entry.text!r}")
        if kind == "attach_player":
            entry.attach = _player(value, fail)
        elif value.isdigit():
            entry.attach = "#" + str(int(value))
        else:
            raise fail(f"{label}: expected the Id of a permanent, got {value!r} in {entry.text!r}")
    elif kind in ("chosen_color", "chosen_type", "chosen_name"):  # as Forge's ChosenColor, ChosenType, NamedCard
        if not on_battlefield:
            raise fail(f"{label!r} is only for permanents, in {entry.text!r}")
        entry.chosen[kind.removeprefix("chosen_")] = value
    elif kind == "owner":
        entry.owner = _player(value, fail)
        if entry.owner != entry.player and entry.zone in (Zone.HAND, Zone.LIBRARY, Zone.GRAVEYARD):
            raise fail(
                f"a card in {entry.player}'s {entry.zone.value} is owned by {entry.player} "
                f"(CR 400.3), in {entry.text!r}"
            )
    else:  # counters
        for part in value.split(","):
            counter, equals, amount = part.partition("=")
            if not equals or not counter.strip() or not amount.strip().isdigit():
                raise fail(f"Counters: expected KIND=N[,KIND=N], got {value!r} in {entry.text!r}")
            name = _counter_kind(counter.strip())
            entry.counters[name] = entry.counters.get(name, 0) + int(amount)


def _whole_card(cards: CardDatabase, name: str) -> str | None:
    """The front face's name of the multi-face card whose whole name this is (``Front // Back``), or None.

    Split and aftermath cards are found by their whole name in the card data (CR 709.1); a transform, flip,
    meld, modal double-faced or Adventure card is its front face with its faces (CR 712.2, 710.1, 715.2).
    """
    if " // " not in name:
        return None
    front = name.split(" // ")[0].strip()
    if front not in cards:
        return None
    try:
        card = cards.get(front)
    except (CardDataError, UnknownCardError):
        return None
    return card.name if " // ".join(card.faces).casefold() == name.casefold() else None


_FACE_STATES = {"transformed": "transform", "modal": "modal_dfc", "flipped": "flip", "meld": "meld"}
"""Forge's face modifiers and the layout of the cards that have that face (Forge's card states)."""

_DOUBLE_FACED = ("transform", "modal_dfc", "meld")
"""Layouts of double-faced cards (CR 712.1): named by the back face, they are found by it (CR 712.2)."""


@dataclass(slots=True)
class _Reading:
    """The card of each entry, looked up as Forge looks it up; what Forge skips or ignores warned or noted."""

    cards: CardDatabase
    where: Callable[[int], str]
    notes: list[str]
    warnings: list[str]

    def card_of(self, entry: _Entry) -> dict[str, Any] | None:
        """The state file's ``card`` of an entry with the face it shows; None for a card Forge leaves out.

        Forge skips a name its card data does not have, with an error line, and loads the rest: so does this,
        with a warning naming the line and the closest name. A name the card data has but refuses (a record
        it skipped, a face whose text it lacks) is an error.

        Raises
        ------
        StateError
            A name the card data refuses, a token script name that can't be read.
        """
        if entry.token:
            return {"card": self.token(entry)}
        name = entry.name
        if name not in self.cards and (whole := _whole_card(self.cards, name)) is not None:
            name = whole  # "Delver of Secrets // Insectile Aberration": the card, by its front face
        try:
            card = self.cards.get(name)
        except CardDataError as exc:  # a record the data skipped, or a face it lacks: that reason, not "unknown"
            raise StateError(self.where(entry.line), f"{entry.key}: {exc.message}") from None
        except UnknownCardError:
            close = self.cards.suggest(name)
            hint = f" (did you mean {close!r}?)" if close else ""
            self.warnings.append(
                f"{self.where(entry.line)}: {entry.key}: unknown card {name!r} left out, as Forge leaves it out{hint}"
            )
            return None
        value: dict[str, Any] = {"card": name}
        if card.layout in _DOUBLE_FACED and len(card.faces) > 1 and card.name == card.faces[1]:
            value["card"] = card.faces[0]  # Forge finds the card by its back face's name, front face up
            if entry.face_state is None and entry.zone in (Zone.BATTLEFIELD, Zone.STACK):
                self.notes.append(
                    f"{entry.key}: {entry.text!r} names the back face of {card.faces[0]}: Forge puts the card "
                    "there with its front face up (write |Transformed, or |Modal, for the back face)"
                )
        if entry.face_state is not None:
            value.update(self.face(entry, card))
        return value

    def face(self, entry: _Entry, card: Card) -> dict[str, Any]:
        """The state file's keys of Forge's ``Transformed``, ``Modal``, ``Flipped`` or ``Meld`` (CR 712, 710).

        Forge turns the card to that face when it has one; on a card without that face (a one-faced card, a
        modal double-faced card said ``Transformed``) the modifier does nothing, and is noted. Outside the
        battlefield and the stack a card has its front face's characteristics (CR 712.8a): noted and ignored.
        """
        state = entry.face_state or ""
        label = state.capitalize()
        if card.layout != _FACE_STATES[state] or len(card.faces) < 2:
            self.notes.append(
                f"{entry.key}: {entry.text!r}: {card.name} has no {label.casefold()} face ({card.layout or 'one face'}"
                f"), so Forge's {label} does nothing; ignored"
            )
            return {}
        if entry.zone is Zone.BATTLEFIELD:  # the state file's words: transformed, flipped, or the back face up
            return (
                {"flipped": True}
                if state == "flipped"
                else {"face": "back"}
                if state == "modal"
                else {"transformed": True}
            )
        if entry.zone is Zone.STACK and state in ("modal", "transformed"):
            return {"face": "back"}
        self.notes.append(
            f"{entry.key}: {entry.text!r}: {entry.zone.where} a card has its front face up (CR 712.8a, 710.1); "
            f"{label} ignored"
        )
        return {}

    def token(self, entry: _Entry) -> dict[str, Any]:
        """The inline card of a token entry (``t:`` and a Forge token script name), as the state file writes it."""
        words: list[str] = []
        card = token_card(entry.name, path=f"{self.where(entry.line)}: {entry.key}", unknown_abilities=words)
        if words:
            self.notes.append(
                f"{entry.key}: the token t:{entry.name} is read without its ability "
                f"{', '.join(repr(word) for word in words)}, whose text Forge's script name does not give"
            )
        return inline_card(card)


def inline_card(card: Card) -> dict[str, Any]:
    """A card as the state file writes one inline: Scryfall field names, those with no value left out.

    Parameters
    ----------
    card : Card
        A token's characteristics (:func:`token_card`).

    Returns
    -------
    dict
        ``name``, ``type_line``, ``oracle_text``, ``colors`` (letters, WUBRG order), ``mana_cost``, ``power``
        and ``toughness`` when it has them.
    """
    record: dict[str, Any] = {"name": card.name, "type_line": card.type_line, "oracle_text": card.oracle_text}
    record["colors"] = [c.value for c in Color if c in card.colors]
    if card.mana_cost is not None and str(card.mana_cost):
        record["mana_cost"] = str(card.mana_cost)
    if card.power is not None:
        record["power"], record["toughness"] = card.power, card.toughness
    return record


def _state_data(
    keys: _StateKeys, kept: list[tuple[_Entry, dict[str, Any]]], where: Callable[[int], str]
) -> tuple[dict[str, Any], list[_Entry]]:
    """The state file (STATE_FORMAT's JSON) of the puzzle as written, and the entry of each of its objects.

    Ids are assigned, attachments and ``ExiledWith`` resolved, phased-out permanents left out with what is
    attached to them (CR 702.26b, g). The human has priority.

    Raises
    ------
    StateError
        An ``Id`` given twice; an ``AttachedTo`` or ``ExiledWith`` naming no card, or not another permanent.
    """
    entries = [entry for entry, _ in kept]
    ids: dict[str, _Entry] = {}
    for entry in entries:
        if entry.id is not None:
            if entry.id in ids:
                raise StateError(
                    where(entry.line),
                    f"{entry.key}: Id:{entry.id} given twice (also line {ids[entry.id].line}, {ids[entry.id].text!r})",
                )
            ids[entry.id] = entry
    zone_names = {zone: name.replace("putonstack", "stack") for name, zone in _ZONES.items()}
    object_ids = [entry.id or f"{entry.player}-{zone_names[entry.zone]}-{entry.position}" for entry in entries]
    attached = [_attached_to(entry, ids, where) for entry in entries]
    phased = {object_id for entry, object_id in zip(entries, object_ids) if entry.phased_out}
    changed = True
    while changed:  # CR 702.26g: what is attached to a phased-out permanent phases out with it
        more = {i for i, a in zip(object_ids, attached) if a in phased} - phased
        phased |= more
        changed = bool(more)
    objects: list[dict[str, Any]] = []
    object_entries: list[_Entry] = []
    for (entry, card), object_id, attached_to in zip(kept, object_ids, attached):
        if object_id not in phased:
            objects.append(_object_data(entry, card, object_id, attached_to, ids, keys.keep_sickness, where))
            object_entries.append(entry)
    pools = {p: "".join(symbols) for p, symbols in keys.pools.items() if "".join(symbols)}
    data: dict[str, Any] = {
        "players": [HUMAN, AI],
        "life": {HUMAN: keys.life[HUMAN], AI: keys.life[AI]},
        "active_player": keys.active,
        "priority": HUMAN,
        "phase": _file_phase(keys.phase_name),
        "stack": [o["id"] for o in objects if o["zone"] == "stack"],
        "objects": objects,
    }
    if pools:
        data["mana_pool"] = pools
    return data, object_entries


def _file_phase(phase_name: str) -> str:
    """A Forge step's phase as the state file names it.

    The cleanup step, which the state file has no name for, is written as the end phase it is part of (CR 514): a
    state in it is not exported, and gets its step back once read.
    """
    return PHASES[phase_name].value if phase_name != "CLEANUP" else Phase.END.value


def _attached_to(entry: _Entry, ids: dict[str, _Entry], where: Callable[[int], str]) -> str | None:
    """The id of the permanent (or the player) an entry's ``AttachedTo`` or ``EnchantingPlayer`` names."""
    if entry.attach is None or not entry.attach.startswith("#"):
        return entry.attach
    target = ids.get(entry.attach[1:])
    if target is None:
        raise StateError(where(entry.line), f"{entry.key}: no card has Id:{entry.attach[1:]}, in {entry.text!r}")
    if target.zone is not Zone.BATTLEFIELD or target is entry:
        raise StateError(
            where(entry.line), f"{entry.key}: Id:{entry.attach[1:]} is not another permanent, in {entry.text!r}"
        )
    return target.id


def _object_data(
    entry: _Entry,
    card: dict[str, Any],
    object_id: str,
    attached_to: str | None,
    ids: dict[str, _Entry],
    keep_sickness: bool,
    where: Callable[[int], str],
) -> dict[str, Any]:
    """One object of the state file: an entry, its card and what its modifiers say (defaults left out)."""
    owner = entry.owner or entry.player
    obj: dict[str, Any] = {"id": object_id, "card": card["card"], "zone": entry.zone.value, "owner": owner}
    if entry.zone in (Zone.BATTLEFIELD, Zone.STACK):
        obj["controller"] = entry.player
    obj.update({key: value for key, value in card.items() if key != "card"})
    if entry.exiled_with is not None:
        exiler = ids.get(entry.exiled_with[1:])
        if exiler is None:
            raise StateError(
                where(entry.line), f"{entry.key}: no card has Id:{entry.exiled_with[1:]}, in {entry.text!r}"
            )
        obj["exiled_with"] = exiler.id
    flags = {
        "tapped": entry.tapped,
        "token": entry.token,
        "summoning_sick": entry.summoning_sick and keep_sickness,
        # foretold this turn: not castable until a later turn (CR 702.143a); face down, as a foretold card is
        "foretold": entry.foretold and not entry.foretold_this_turn,
        "plotted": entry.plotted,
        "on_adventure": entry.on_adventure,
        "face_down": entry.face_down and entry.zone is Zone.BATTLEFIELD,
    }
    obj.update({flag: True for flag, value in flags.items() if value})
    if entry.counters:
        obj["counters"] = dict(sorted(entry.counters.items()))
    if attached_to is not None:
        obj["attached_to"] = attached_to
    if entry.chosen:
        obj["chosen"] = dict(entry.chosen)
    return obj


_OBJECT_PATH = re.compile(r"objects\[(\d+)\](?:\.(\S+))?")


def _load_data(
    data: dict[str, Any], cards: CardDatabase, object_entries: list[_Entry], where: Callable[[int], str]
) -> GameState:
    """The state the puzzle's state file describes, read by the state file's reader (one reader of objects).

    An error about an object is said at the line of its entry, with the entry, as every error of a puzzle is.
    """
    try:
        return state_from_data(data, cards)
    except StateError as exc:
        match = _OBJECT_PATH.fullmatch(exc.path)
        if match is None or int(match.group(1)) >= len(object_entries):
            raise
        entry = object_entries[int(match.group(1))]
        raise StateError(where(entry.line), f"{entry.key}: {entry.text!r}: {exc.message}") from None


def _add_stack_casts(
    data: dict[str, Any],
    object_entries: list[_Entry],
    state: GameState,
    notes: list[str],
    where: Callable[[int], str],
) -> None:
    """The cast records of ``putonstack`` spells written ``Name->target``, put on their objects (``cast``).

    Forge chooses the one target given (an ``Id`` number, or ``human``/``ai``/``p0``/``p1``) for the spell's
    first ability. When the spell's text has exactly one instance of "target" for one object or player and no
    modes, the record names it (cast from the hand, as Forge makes the card there); otherwise the target is
    noted, and a rule that asks what the spell targets says it is not in the state (CR 115.9).

    Raises
    ------
    StateError
        A target that is neither a player nor the ``Id`` of a card.
    """
    for entry, obj_data in zip(object_entries, data["objects"]):
        if entry.stack_target is None:
            continue
        obj = state.object(obj_data["id"])
        wanted = entry.stack_target.casefold()
        target = _PLAYERS.get(wanted) or (str(int(wanted)) if wanted.isdigit() else None)
        if target is None or not (target in state.players or state.has_object(target)):
            raise StateError(
                where(entry.line),
                f"{entry.key}: no card has Id:{entry.stack_target} and no player is named so, in {entry.text!r}",
            )
        try:
            abilities = parse_card(obj.card)
        except UnsupportedRuleError:
            abilities = None
        slots = (
            []
            if abilities is None
            else [
                (line, index, spec)
                for line, instruction in enumerate(abilities.spell_text)
                for index, spec in enumerate(instruction.targets)
            ]
        )
        if abilities is None or abilities.modes or len(slots) != 1 or slots[0][2].count != 1:
            notes.append(
                f"{entry.key}: the target {entry.stack_target} of {obj.name} ({obj.id}) is not recorded: "
                "its text does not have exactly one target"
            )
            continue
        line, index, _ = slots[0]
        obj_data["cast"] = {
            "card": obj.id,
            "zone": "hand",
            "targets": [{"source": obj.id, "instruction": line, "index": index, "targets": [target]}],
        }


_DECLARED_IN = ("COMBAT_DECLARE_ATTACKERS", "COMBAT_DECLARE_BLOCKERS")
"""The steps Forge sets up combat in from ``Attacking`` modifiers, when the puzzle starts in one of them."""


@dataclass(slots=True)
class _Game:
    """The puzzle's state file as the game moves on (``activephaseadvance``), and the cards of its objects."""

    data: dict[str, Any]
    state: GameState
    entries: dict[str, _Entry]
    path: str
    notes: list[str]

    def objects(self) -> list[dict[str, Any]]:
        """The state file's objects on the battlefield."""
        return [o for o in self.data["objects"] if o["zone"] == "battlefield"]

    def card(self, obj: dict[str, Any]) -> Card:
        """The characteristics of one object of the state file."""
        return self.state.object(obj["id"]).card

    def marked(self) -> list[dict[str, Any]]:
        """The permanents Forge's ``Attacking`` marks, of the active player; the others' marks noted, ignored."""
        active = self.data["active_player"]
        marked = [o for o in self.objects() if self.entries[o["id"]].attacking]
        for obj in marked:
            entry = self.entries[obj["id"]]
            note = (
                f"{entry.key}: {entry.text!r}: only the active player's creatures attack (CR 508.1a), and {active} "
                "is active: Attacking ignored"
            )
            if obj["controller"] != active and note not in self.notes:
                self.notes.append(note)
        return [o for o in marked if o["controller"] == active]

    def attack_with(self, attackers: list[dict[str, Any]], tap: bool) -> None:
        """Attackers declared: attacking, tapped unless they have vigilance (CR 508.1f), the player attacked.

        An ability that triggers on an attack is unsupported, naming the card: its effect is not modelled.
        """
        for obj in self.objects():
            text = self.card(obj).oracle_text
            trigger = re.search(r"[^.\n]*\bwhenever\b[^,.\n]*\battacks?\b[^,.\n]*,[^.\n]*", text, re.IGNORECASE)
            if attackers and trigger is not None:
                raise UnsupportedRuleError(
                    self.card(obj).name,
                    trigger.group(0).strip(),
                    f"{self.path}: creatures attack as the puzzle starts, and this triggers; its effect is not "
                    "modelled",
                )
        for obj in attackers:
            obj["attacking"] = True
            if tap and not re.search(r"\bvigilance\b", self.card(obj).oracle_text, re.IGNORECASE):
                obj["tapped"] = True
        if attackers:
            self.data["this_turn"] = {"attacked": [self.data["active_player"]]}

    def could_attack(self) -> list[str]:
        """The names of the active player's creatures that could be declared as attackers (CR 508.1a, 302.6)."""
        found = []
        for obj in self.objects():
            card = self.card(obj)
            text = card.oracle_text.casefold()
            if (
                obj["controller"] != self.data["active_player"]
                or CardType.CREATURE not in card.types
                or obj.get("tapped")
                or (obj.get("summoning_sick") and "haste" not in text)
                or re.search(r"^defender\b", text, re.MULTILINE)
            ):
                continue
            found.append(card.name or "a face-down creature")
        return found

    def declare_attackers(self, advance: str) -> None:
        """The declare attackers step begins as the game moves on: attackers are declared (CR 508.1).

        Forge lets the active player choose; the puzzle's ``Attacking`` modifiers say which. With none, a
        creature that could attack makes the state unknown: unsupported, naming the step and the creatures.
        """
        attackers = self.marked()
        if not attackers:
            able = self.could_attack()
            if able:
                raise UnsupportedRuleError(
                    "activephaseadvance",
                    advance,
                    f"{self.path}: the game passes the declare attackers step, and which creatures "
                    f"{self.data['active_player']} attacks with is not in the puzzle (it could attack with "
                    f"{', '.join(able)}): mark the attackers |Attacking",
                )
        self.attack_with(attackers, tap=True)

    def new_turn(self) -> None:
        """The untap step of the next turn: the other player's, whose permanents untap (CR 502.3).

        They are no longer summoning sick (CR 302.6); no creature attacks, and nothing has happened this turn.
        """
        active = AI if self.data["active_player"] == HUMAN else HUMAN
        self.data["active_player"] = active
        self.data.pop("this_turn", None)
        for obj in self.objects():
            obj.pop("attacking", None)
            if obj["controller"] == active:
                obj.pop("tapped", None)
                obj.pop("summoning_sick", None)


def _combat_and_advance(
    data: dict[str, Any],
    state: GameState,
    keys: _StateKeys,
    object_entries: list[_Entry],
    notes: list[str],
    where: Callable[[int], str],
) -> tuple[str, int | None]:
    """Combat as Forge sets it up, then the game moved on to ``activephaseadvance``; the phase and turn reached.

    Forge reads ``Attacking`` when the puzzle starts in the declare attackers or declare blockers step (the
    attackers are declared as written); in another step it is ignored, and noted, unless the game moves on
    through the declare attackers step, where the marks say who attacks (see :func:`_advance`).
    """
    entries = {o["id"]: e for o, e in zip(data["objects"], object_entries)}
    game = _Game(data, state, entries, where(keys.phase_line), notes)
    phase_name, advance = keys.phase_name, keys.advance_to
    if phase_name in _DECLARED_IN:
        game.attack_with(game.marked(), tap=False)  # written as Forge writes a combat: tapped or not, as said
    elif any(e.attacking for e in object_entries) and not (advance and _passes(phase_name, advance, _DECLARED_IN[0])):
        notes.append(
            "Attacking is read when the puzzle starts in COMBAT_DECLARE_ATTACKERS or COMBAT_DECLARE_BLOCKERS, or "
            f"moves on through declaring attackers; not in {phase_name}: ignored, as Forge ignores it"
        )
    if advance is None or advance == phase_name:
        return phase_name, keys.turn
    game.path = where(keys.advance_line)
    data["mana_pool"] = {p: "".join(kept) for p, kept in keys.persistent.items() if "".join(kept)}
    if not data["mana_pool"]:  # mana empties between steps (CR 500.4), but persistent mana
        del data["mana_pool"]
    return _advance(game, phase_name, advance, keys.turn)


def _passes(start: str, advance: str, step: str) -> bool:
    """Whether moving on from ``start`` to ``advance`` begins ``step`` (the next turn's, when it comes before)."""
    order = list(PHASES)
    index = order.index(start)
    while order[index] != advance:
        index = (index + 1) % len(order)
        if order[index] == step:
            return True
    return False


_STEP_TRIGGERS = {
    "UPKEEP": "upkeep",
    "DRAW": "draw step",
    "MAIN1": "(?:precombat|first)? ?main phase",
    "COMBAT_BEGIN": "combat",
    "END_OF_TURN": "end step",
}
"""Forge steps and the words of abilities that trigger at their beginning (CR 503.1, 504.2, 505.4, 507.1, 513.1)."""


def _advance(game: _Game, start: str, advance: str, turn: int | None) -> tuple[str, int | None]:
    """The game moved on from ``start`` to ``advance`` (Forge's ``activephaseadvance``), step by step.

    Each step begun does what the rules do at its start that bears on casting. A new turn goes to the other
    player, whose permanents untap and are no longer summoning sick (CR 502.3, 302.6). Attackers are declared
    in the declare attackers step (:meth:`_Game.declare_attackers`), and are no
    longer attacking once the combat phase ends (CR 506.4, 511.3). What can't be done without resolving card
    text or a player's choice is unsupported, naming the card: an ability that triggers at the beginning of a
    step begun, a Saga's lore counter in the precombat main phase (CR 714.3b), a card drawn (CR 504.1), combat
    damage dealt (CR 510).
    """
    order = list(PHASES)
    index = order.index(start)
    while order[index] != advance:
        index = (index + 1) % len(order)
        step = order[index]
        if step == "UNTAP":
            game.new_turn()
            turn = turn + 1 if turn is not None else None
        if step == "DRAW" and turn not in (None, 1):
            raise UnsupportedRuleError(
                "activephaseadvance",
                advance,
                f"{game.path}: passing the draw step, {game.data['active_player']} draws a card (CR 504.1); which "
                "card is not modelled",
            )
        _step_triggers(game, step)
        if step == "COMBAT_DECLARE_ATTACKERS":
            game.declare_attackers(advance)
        if step in ("COMBAT_FIRST_STRIKE_DAMAGE", "COMBAT_DAMAGE") and any(o.get("attacking") for o in game.objects()):
            raise UnsupportedRuleError(
                "activephaseadvance",
                advance,
                f"{game.path}: the game passes the combat damage step with creatures attacking: the damage they "
                "deal (CR 510) is not modelled",
            )
        if step == "MAIN2":
            for obj in game.objects():
                obj.pop("attacking", None)
    return advance, turn


def _step_triggers(game: _Game, step: str) -> None:
    """Unsupported, naming the card: an ability triggering at the beginning of ``step``, a Saga's lore counter."""
    words = _STEP_TRIGGERS.get(step)
    for obj in game.objects():
        card = game.card(obj)
        sentence = (
            re.search(rf"[^.\n]*\bat the beginning of [^.\n]*\b{words}\b[^.\n]*", card.oracle_text, re.IGNORECASE)
            if words
            else None
        )
        if sentence is not None:
            raise UnsupportedRuleError(
                card.name,
                sentence.group(0).strip(),
                f"{game.path}: activephaseadvance enters {step}, where this triggers; its effect is not modelled",
            )
        if step == "MAIN1" and obj["controller"] == game.data["active_player"] and "Saga" in card.subtypes:
            raise UnsupportedRuleError(
                card.name,
                "lore counter",
                f"{game.path}: activephaseadvance enters the "
                "precombat main phase: a lore counter is put on the Saga and its "
                "chapter ability triggers (CR 714.3b); not modelled",
            )


_FACE_DOWN_CARD = Card(name="", mana_cost=None, colors=frozenset(), type_line="")
"""A face-down card in exile: no characteristics (CR 708.2, 406.3)."""


def _not_exportable(phase_name: str, object_entries: list[_Entry], where: Callable[[int], str]) -> str:
    """Why the puzzle's state can't be written as a state file, or "": what the state format has no words for."""
    if phase_name == "CLEANUP":
        return (
            "the game is in the cleanup step, where no player gets priority (CR 514.3): the state format has no "
            "cleanup step"
        )
    for entry in object_entries:
        if _face_down_in_exile(entry):
            return f"{where(entry.line)}: {entry.key}: {entry.text!r}: the state format has no face-down card in exile"
    return ""


def _face_down_in_exile(entry: _Entry) -> bool:
    """A face-down card in exile but a foretold one, which is face down as foretold cards are (CR 702.143a)."""
    return entry.face_down and entry.zone is Zone.EXILE and not entry.foretold


def _with_phase_and_face_down(state: GameState, phase_name: str, object_entries: list[_Entry]) -> GameState:
    """The state with what the state file can't say: the cleanup step, face-down cards in exile (CR 708.2)."""
    face_down = {o.id for o, e in zip(state.objects, object_entries) if _face_down_in_exile(e)}
    if face_down:
        state = dataclasses.replace(
            state,
            objects=tuple(
                dataclasses.replace(o, card=_FACE_DOWN_CARD) if o.id in face_down else o for o in state.objects
            ),
        )
    return dataclasses.replace(state, phase=PHASES[phase_name])


def export_state(puzzle: Puzzle) -> dict[str, Any]:
    """The state file (the JSON of the state format) of a puzzle as it was read: it loads to the same state.

    Parameters
    ----------
    puzzle : Puzzle

    Returns
    -------
    dict
        Players, life, active player, priority (the human), phase, stack, objects (cards by name, tokens
        inline), mana pools, ``this_turn.attacked`` when creatures attack, cast records of the stack's spells.

    Raises
    ------
    StateError
        What the state format has no words for: the cleanup step, a face-down card in exile.
    """
    if puzzle.state_json is None:
        raise StateError(puzzle.source, f"can't export: {puzzle.not_exportable}")
    return copy.deepcopy(puzzle.state_json)


_CREATURE_TYPES = frozenset(
    """
Advisor Aetherborn Alien Ally Angel Antelope Ape Archer Archon Armadillo Army Artificer Assassin
Assembly-Worker Astartes Atog Aurochs Avatar Azra Badger Balloon Barbarian Bard Basilisk Bat Bear Beast
Beaver Beeble Beholder Berserker Bird Bison Blinkmoth Boar Bringer Brushwagg Camarid Camel Capybara Caribou
Carrier Cat Centaur Child Chimera Citizen Cleric Clown Cockatrice Construct Coward Coyote Crab Crocodile
C'tan Custodes Cyberman Cyclops Dalek Dauthi Demigod Demon Deserter Detective Devil Dinosaur Djinn Doctor
Dog Dragon Drake Dreadnought Drix Drone Druid Dryad Dwarf Echidna Efreet Egg Elder Eldrazi Elemental
Elephant Elf Elk Employee Eye Faerie Ferret Fish Flagbearer Fox Fractal Frog Fungus Gamer Gargoyle Germ
Giant Gith Glimmer Gnoll Gnome Goat Goblin God Golem Gorgon Graveborn Gremlin Griffin Guest Hag Halfling
Hamster Harpy Hedgehog Hellion Hero Hippo Hippogriff Homarid Homunculus Horror Horse Human Hydra Hyena
Illusion Imp Incarnation Inkling Inquisitor Insect Jackal Jellyfish Juggernaut Kangaroo Kavu Kirin Kithkin
Knight Kobold Kor Kraken Llama Lamia Lammasu Leech Lemur Leviathan Lhurgoyf Licid Lizard Lobster Manticore
Masticore Mercenary Merfolk Metathran Minion Minotaur Mite Mole Monger Mongoose Monk Monkey Moogle Moonfolk
Mount Mouse Mutant Myr Mystic Nautilus Necron Nephilim Nightmare Nightstalker Ninja Noble Noggle Nomad
Nymph Octopus Ogre Ooze Orb Orc Orgg Otter Ouphe Ox Oyster Pangolin Peasant Pegasus Pentavite Performer
Pest Phelddagrif Phoenix Phyrexian Pilot Pincher Pirate Plant Platypus Porcupine Possum Praetor Primarch
Prism Processor Qu Rabbit Raccoon Ranger Rat Rebel Reflection Rhino Rigger Robot Rogue Sable Salamander
Samurai Sand Saproling Satyr Scarecrow Scientist Scion Scorpion Scout Sculpture Seal Serf Serpent Servo
Shade Shaman Shapeshifter Shark Sheep Siren Skeleton Skunk Slith Sliver Sloth Slug Snail Snake Soldier
Soltari Sorcerer Spawn Specter Spellshaper Sphinx Spider Spike Spirit Splinter Sponge Squid Squirrel
Starfish Surrakar Survivor Symbiote Synth Tentacle Tetravite Thalakos Thopter Thrull Tiefling Toy
Treefolk Trilobite Triskelavite Troll Turtle Tyranid Unicorn Vampire Varmint Vedalken Villain Volver Wall
Walrus Warlock Warrior Weasel Weird Werewolf Whale Wizard Wolf Wolverine Wombat Worm Wraith Wurm Yeti
Zombie Zubera
""".split()
)
"""Creature types (CR 205.3m), the one two-word type aside."""

_ARTIFACT_TYPES = frozenset(
    """Attraction Blood Bobblehead Clue Contraption Equipment Food Fortification Gold
Incubator Infinity Junk Lander Map Powerstone Spacecraft Stone Treasure Vehicle""".split()
)
"""Artifact types (CR 205.3g)."""

_ENCHANTMENT_TYPES = frozenset("Aura Background Cartouche Case Class Curse Role Room Rune Saga Shard Shrine".split())
"""Enchantment types (CR 205.3h)."""

_KEYWORDS = {
    "flying": "Flying",
    "haste": "Haste",
    "vigilance": "Vigilance",
    "lifelink": "Lifelink",
    "deathtouch": "Deathtouch",
    "trample": "Trample",
    "reach": "Reach",
    "menace": "Menace",
    "defender": "Defender",
    "hexproof": "Hexproof",
    "indestructible": "Indestructible",
    "shroud": "Shroud",
    "flash": "Flash",
    "prowess": "Prowess",
    "infect": "Infect",
    "wither": "Wither",
    "changeling": "Changeling",
    "firststrike": "First strike",
    "doublestrike": "Double strike",
}
"""Keyword words of Forge token script names and the keyword they give (CR 702)."""

_TOKEN_ABILITIES = {
    "Treasure": ("sac", "{T}, Sacrifice this artifact: Add one mana of any color."),
    "Food": ("sac", "{2}, {T}, Sacrifice this artifact: You gain 3 life."),
    "Gold": ("sac", "Sacrifice this artifact: Add one mana of any color."),
    "Shard": ("draw", "{2}, Sacrifice this enchantment: Scry 1, then draw a card."),
    "Clue": ("draw", "{2}, Sacrifice this artifact: Draw a card."),
    "Blood": ("draw", "{1}, {T}, Discard a card, Sacrifice this artifact: Draw a card."),
    "Powerstone": ("", "{T}: Add {C}. This mana can't be spent to cast a nonartifact spell."),
    "Map": (
        "sac",
        "{1}, {T}, Sacrifice this artifact: Target creature you control explores. Activate only as a sorcery.",
    ),
    "Junk": (
        "sac",
        "{T}, Sacrifice this artifact: Exile the top card of your library. You may play that card this turn. "
        "Activate only as a sorcery.",
    ),
    "Lander": (
        "sac",
        "{2}, {T}, Sacrifice this artifact: Search your library for a basic land card, put it onto the battlefield "
        "tapped, then shuffle.",
    ),
    "Eldrazi Spawn": ("sac", "Sacrifice this creature: Add {C}."),
    "Eldrazi Scion": ("sac", "Sacrifice this creature: Add {C}."),
}
"""The ability of each predefined token (CR 111.10), and of Eldrazi Spawn and Scion tokens, by their subtypes:
the word Forge's script name may give it (``c_a_treasure_sac``, ``c_a_powerstone``) and its text."""


def token_card(script: str, path: str = "token", unknown_abilities: list[str] | None = None) -> Card:
    """The characteristics of a token from its Forge token script name (CR 111.4).

    Parameters
    ----------
    script : str
        Without ``t:``: ``<colours>_[<power>_<toughness>_][a_|e_]<words>``,
        e.g. ``w_1_1_soldier``, ``c_1_1_a_thopter_flying``,
        ``c_a_treasure_sac`` (see the module docstring).
    path : str
        Where the name came from, for the error message.
    unknown_abilities : list of str or None
        When given, an ability word of the script name whose ability is not
        known (``tappump`` of ``r_1_1_mercenary_tappump``) is appended here
        and the token is read without that ability, instead of an error. A
        word naming mana (``..._mana``) is still an error: a mana ability bears
        on casting.

    Returns
    -------
    Card
        No mana cost; colours from the letters; a creature when power and
        toughness are given (``x`` reads as ``*``); named after its subtypes
        plus "Token"; keywords, and the ability of a predefined token, as
        its text.

    Raises
    ------
    StateError
        A name that can't be read: the colours, a word that is neither a
        subtype of the token's types nor a known keyword, no subtype.

    Forge's older token syntax describes the token instead:
    ``Name,P:1,T:1,Cost:no cost,Color:W,Types:Creature-Soldier,Keywords:Lifelink,Image:w_1_1_soldier``
    (types joined by ``-``, keywords by ``&``; with no ``Color`` the colours of the ``Image`` script name).

    Examples
    --------
    >>> card = token_card("r_1_1_goblin_haste")
    >>> card.name, card.type_line, card.oracle_text, card.power, card.toughness
    ('Goblin Token', 'Creature — Goblin', 'Haste', '1', '1')
    """

    def fail(message: str) -> StateError:
        return StateError(path, f"can't read token script name 't:{script}': {message}")

    if "," in script:
        return _described_token(script, fail)
    words = script.casefold().split("_")
    colors = _token_colors(words[0], fail)
    power, toughness, types, words = _token_types(words[1:], fail)
    subtypes, keywords, ability_words = _token_words(words, types, unknown_abilities, fail)
    text_lines = [", ".join([keywords[0]] + [k.lower() for k in keywords[1:]])] if keywords else []
    text_lines += _token_abilities(subtypes, ability_words, unknown_abilities, fail)
    type_line = " ".join(t.value for t in types) + " — " + " ".join(subtypes)
    return Card(
        name=" ".join(subtypes) + " Token",
        mana_cost=None,
        colors=colors,
        type_line=type_line,
        types=tuple(types),
        subtypes=tuple(subtypes),
        oracle_text="\n".join(text_lines),
        power=power,
        toughness=toughness,
    )


def _token_colors(colours_word: str, fail: Callable[[str], StateError]) -> frozenset[Color]:
    """The colours of a token script name's first word: WUBRG letters, or ``c`` for colourless (CR 105.2).

    Raises
    ------
    StateError
        Made by ``fail``: a word that is not colour letters.
    """
    if colours_word == "c":
        return frozenset()
    if colours_word and all(letter in "wubrg" for letter in colours_word):
        return frozenset(Color.from_letter(letter.upper()) for letter in colours_word)
    raise fail(f"{colours_word!r} is not colour letters (w, u, b, r, g, or c for colourless)")


def _token_types(
    words: list[str], fail: Callable[[str], StateError]
) -> tuple[str | None, str | None, list[CardType], list[str]]:
    """The power, toughness and card types a token script name's words begin with, and the words after them.

    Power and toughness (``x`` read as ``*``) make a creature (CR 208.1); ``a_`` and ``e_`` an artifact and an
    enchantment, before it.

    Raises
    ------
    StateError
        Made by ``fail``: neither power and toughness nor a type.
    """
    power = toughness = None
    types: list[CardType] = []
    if len(words) >= 2 and all(re.fullmatch(r"\d+|x", w) for w in words[:2]):
        power, toughness = (w.replace("x", "*") for w in words[:2])
        words = words[2:]
        types.append(CardType.CREATURE)
    while words and words[0] in ("a", "e"):
        types.insert(0, CardType.ARTIFACT if words.pop(0) == "a" else CardType.ENCHANTMENT)
    if not types:
        raise fail("no power and toughness and no type (a_ for artifact, e_ for enchantment)")
    return power, toughness, types, words


def _subtypes_of_types(types: list[CardType]) -> set[str]:
    """The subtypes a token of these card types may have: creature, artifact, enchantment types (CR 205.3)."""
    allowed: set[str] = set()
    if CardType.CREATURE in types:
        allowed |= _CREATURE_TYPES
    if CardType.ARTIFACT in types:
        allowed |= _ARTIFACT_TYPES
    if CardType.ENCHANTMENT in types:
        allowed |= _ENCHANTMENT_TYPES
    return allowed


def _token_words(
    words: list[str],
    types: list[CardType],
    unknown_abilities: list[str] | None,
    fail: Callable[[str], StateError],
) -> tuple[list[str], list[str], list[str]]:
    """The subtypes, keywords and ability words of a token script name's last words, in order.

    Subtypes come first, then keywords (``first_strike`` and ``double_strike`` are two words each); an ability
    word (``sac``, ``draw``, or any word but one naming mana when ``unknown_abilities`` is given) follows a
    subtype.

    Raises
    ------
    StateError
        Made by ``fail``: a word that is neither a subtype of the token's types nor a known keyword, or no
        subtype.
    """
    allowed = _subtypes_of_types(types)
    subtypes: list[str] = []
    keywords: list[str] = []
    ability_words: list[str] = []
    index = 0
    while index < len(words):
        word = words[index]
        pair = word + (words[index + 1] if index + 1 < len(words) else "")
        if pair in ("firststrike", "doublestrike") and word in ("first", "double"):
            keywords.append(_KEYWORDS[pair])
            index += 2
            continue
        if word.capitalize() in allowed and not keywords:
            subtypes.append(word.capitalize())
        elif word in _KEYWORDS:
            keywords.append(_KEYWORDS[word])
        elif subtypes and (word in ("sac", "draw") or (unknown_abilities is not None and "mana" not in word)):
            ability_words.append(word)
        else:
            kinds = " or ".join(t.value.lower() for t in types)
            raise fail(f"{word!r} is neither a {kinds} type nor a keyword legalcasts knows")
        index += 1
    if not subtypes:
        raise fail("no subtype to name the token after")
    return subtypes, keywords, ability_words


def _token_abilities(
    subtypes: list[str],
    ability_words: list[str],
    unknown_abilities: list[str] | None,
    fail: Callable[[str], StateError],
) -> list[str]:
    """The printed abilities of a token: a predefined token's (:data:`_TOKEN_ABILITIES`, CR 111.10).

    A predefined token has its ability with or without the word Forge's script name gives it
    (``c_a_treasure_sac``, ``c_a_powerstone``); another word is an error. Of another token, an ability word
    whose ability is not known is appended to ``unknown_abilities`` and gives none, unless it names mana.

    Raises
    ------
    StateError
        Made by ``fail``: a word of a predefined token that is not its own; an ability word not known, without
        ``unknown_abilities`` or naming mana.
    """
    kind = " ".join(subtypes)
    if kind in _TOKEN_ABILITIES:
        word, ability = _TOKEN_ABILITIES[kind]
        wrong = [w for w in ability_words if w != word]
        if wrong:
            raise fail(f"the ability word {wrong[0]!r} of a {kind} token is not known")
        return [ability]
    for word in ability_words:
        if unknown_abilities is None or "mana" in word:
            raise fail(f"the ability word {word!r} of a {' '.join(subtypes)} token is not known")
        unknown_abilities.append(word)
    return []


_SUPERTYPES = frozenset({"Legendary", "Snow", "Basic", "World"})


def _described_token(script: str, fail: Callable[[str], StateError]) -> Card:
    """A token in Forge's older syntax: its name, then ``Key:Value`` parts (see :func:`token_card`)."""
    name, *parts = [part.strip() for part in script.split(",")]
    fields: dict[str, str] = {}
    for part in parts:
        if not part:  # an empty field (``t:Saproling,,P:1``): Forge skips it
            continue
        label, colon, value = part.partition(":")
        if not colon:
            raise fail(f"{part!r} is not Key:Value")
        fields[label.strip().casefold()] = value.strip()
    if not name:
        raise fail("no token name")
    colour_text = fields.get("color", "")
    if not colour_text and "image" in fields:  # the colours of the token's picture, as its author saw it
        letters = fields["image"].split("_")[0].casefold()
        colour_text = letters if letters and all(letter in "wubrg" for letter in letters) else ""
    colour_letters = [c for c in colour_text.upper() if c.isalpha()]
    if any(letter not in "WUBRGC" for letter in colour_letters):
        raise fail(f"Color: {colour_text!r} is not colour letters (W, U, B, R, G, or C for colourless)")
    colors = frozenset(Color.from_letter(letter) for letter in colour_letters if letter != "C")
    words = [w for w in re.split(r"[-\s]+", fields.get("types", "")) if w]
    by_name = {t.value.casefold(): t for t in CardType}
    types = [by_name[w.casefold()] for w in words if w.casefold() in by_name]
    supertypes = [w for w in words if w in _SUPERTYPES]
    subtypes = [w for w in words if w.casefold() not in by_name and w not in _SUPERTYPES]
    if not types:
        raise fail(f"Types: {fields.get('types', '')!r} names no card type (Creature, Artifact, ...)")
    power, toughness = fields.get("p"), fields.get("t")
    if CardType.CREATURE in types and (power is None or toughness is None):
        raise fail("a creature token needs P: and T:")
    keywords = [k.strip() for k in fields.get("keywords", "").split("&") if k.strip()]
    cost = fields.get("cost", "no cost")
    if cost.casefold() not in ("no cost", ""):
        raise fail(f"Cost: a token has no mana cost unless it is a copy (CR 111.4), got {cost!r}")
    type_line = " ".join(supertypes + [t.value for t in types])
    if subtypes:
        type_line += " — " + " ".join(subtypes)
    return Card(
        name=name if name.casefold().endswith("token") else f"{name} Token",
        mana_cost=None,
        colors=colors,
        type_line=type_line,
        types=tuple(types),
        subtypes=tuple(subtypes),
        supertypes=tuple(supertypes),
        oracle_text="\n".join(keywords),
        power=power,
        toughness=toughness,
    )
