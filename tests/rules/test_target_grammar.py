"""Tests of target phrases the target grammar reads: kinds with qualities of their own, statuses, owners (CR 115.1).

"Target Plains or Island", "target black creature or black planeswalker", "target artifact creature", "target
nonland historic permanent", "target creature you own", "target spell or nonland permanent": each names what
one of its items names (CR 115.1, 205.2a, 205.3, 700.6, 108.3). Every count is worked out by hand with the
arithmetic in the docstring; each scenario runs on every backend (the ``casts`` fixture checks they agree).
"""

from __future__ import annotations

import pytest

from models.abilities import ControllerFilter, Quality, TargetKind
from models.io.card_pool import default_card_database
from models.errors import UnsupportedRuleError
from models.objects import CardType
from models.oracle.parser import parse_card
from solver.legal import legal_casts

P2_PERMANENTS = [
    ("island", "Island"),
    ("snow_island", "Snow-Covered Island"),
    ("swamp", "Swamp"),
    ("skeletons", "Drudge Skeletons"),
    ("liliana", "Liliana of the Veil"),
    ("jace", "Jace Beleren"),
    ("arena", "Phyrexian Arena"),
    ("ring", "Sol Ring"),
    ("isamaru", "Isamaru, Hound of Konda"),
    ("bears", "Grizzly Bears"),
]
"""P2's board: two Islands (one snow), a Swamp; a black creature, a black and a blue planeswalker (both
legendary), a black enchantment, an artifact, a legendary creature and a green creature."""


def targets_of(found) -> set[tuple[str, ...]]:
    """The targets of each cast, all instances together."""
    return {tuple(t for choice in cast.targets for t in choice.targets) for cast in found}


def spell(name: str):
    """What the reader reads of a card of the default card data."""
    return parse_card(default_card_database().get(name))


# ---------------------------------------------------------------------------------------------- lists of kinds
def test_subtypes_joined_by_or(make_state, casts, basics):
    """CR 115.1, 205.3i: Cryoclasm ({2}{R}) destroys "target Plains or Island": a permanent with either land type.

    P1's two Plains, P2's Island and Snow-Covered Island (an Island too) = 4; the Swamp and P1's Mountain are
    neither; nothing else has a land type.
    """
    state = make_state(
        hand=[("clasm", "Cryoclasm")], battlefield=basics("Plains", 2) + basics("Mountain", 1), opponent=P2_PERMANENTS
    )
    assert targets_of(casts(state, "clasm")) == {("pla1",), ("pla2",), ("island",), ("snow_island",)}


def test_each_kind_with_its_own_colour(make_state, casts, basics):
    """CR 115.1, 105.2: Liliana's Defeat ({B}): "target black creature or black planeswalker".

    Drudge Skeletons (black creature) and Liliana of the Veil (black planeswalker) = 2; not Jace Beleren (a blue
    planeswalker), Phyrexian Arena (black, but an enchantment) or Grizzly Bears (green).
    """
    state = make_state(hand=[("defeat", "Liliana's Defeat")], battlefield=basics("Swamp", 1), opponent=P2_PERMANENTS)
    assert targets_of(casts(state, "defeat")) == {("skeletons",), ("liliana",)}


def test_a_subtype_or_a_kind(make_state, casts, basics):
    """CR 115.1, 205.3m: Urgent Exorcism ({1}{W}) destroys "target Spirit or enchantment".

    Kami of Ancient Law (a Spirit creature), Glorious Anthem and Phyrexian Arena (enchantments) = 3; Grizzly Bears
    is neither.
    """
    state = make_state(
        hand=[("exorcism", "Urgent Exorcism")],
        battlefield=basics("Plains", 2),
        opponent=[
            ("kami", "Kami of Ancient Law"),
            ("anthem", "Glorious Anthem"),
            ("arena", "Phyrexian Arena"),
            ("bears", "Grizzly Bears"),
        ],
    )
    assert targets_of(casts(state, "exorcism")) == {("kami",), ("anthem",), ("arena",)}


def test_a_card_type_before_the_kind(make_state, casts, basics):
    """CR 205.2a: Molten Frame ({1}{R}) destroys "target artifact creature": a creature that is an artifact.

    Ornithopter = 1; not Sol Ring (no creature), not Grizzly Bears (no artifact).
    """
    state = make_state(
        hand=[("frame", "Molten Frame")],
        battlefield=basics("Mountain", 2),
        opponent=[("thopter", "Ornithopter"), ("ring", "Sol Ring"), ("bears", "Grizzly Bears")],
    )
    assert targets_of(casts(state, "frame")) == {("thopter",)}


def test_historic_is_artifact_legendary_or_saga(make_state, casts, basics):
    """CR 700.6: Lost to Legend ({W}{W}) puts "target nonland historic permanent" into its owner's library.

    Historic: Sol Ring (artifact), Isamaru, Liliana, Jace (legendary) = 4, and P1's History of Benalia (a Saga)
    = 5; not Grizzly Bears, Drudge Skeletons, Phyrexian Arena, nor any land (none here is historic anyway).
    """
    state = make_state(
        hand=[("lost", "Lost to Legend")],
        battlefield=basics("Plains", 2) + [("history", "History of Benalia")],
        opponent=P2_PERMANENTS,
    )
    assert targets_of(casts(state, "lost")) == {("ring",), ("isamaru",), ("liliana",), ("jace",), ("history",)}


def test_a_qualified_kind_then_a_comma_ends_the_phrase(make_state, casts, basics):
    """CR 115.1, 205.4d: Hallowed Respite ({W}{U}): "Exile target nonlegendary creature, then return it …".

    Grizzly Bears and Drudge Skeletons = 2; Isamaru is legendary, and Liliana and Jace are no creatures.
    """
    state = make_state(
        hand=[("respite", "Hallowed Respite")],
        battlefield=basics("Plains", 1) + basics("Island", 1),
        opponent=P2_PERMANENTS,
    )
    assert targets_of(casts(state, "respite")) == {("bears",), ("skeletons",)}


def test_nonsnow(make_state, casts, basics):
    """CR 205.4a: Chill to the Bone ({3}{B}) destroys "target nonsnow creature": Grizzly Bears = 1, not Boreal Druid."""
    state = make_state(
        hand=[("chill", "Chill to the Bone")],
        battlefield=basics("Swamp", 4),
        opponent=[("druid", "Boreal Druid"), ("bears", "Grizzly Bears")],
    )
    assert targets_of(casts(state, "chill")) == {("bears",)}


# ---------------------------------------------------------------------------------------------- owners, spells
def test_a_creature_you_own(make_state, casts, basics):
    """CR 108.3: Saving Grasp ({U}) returns "target creature you own", whoever controls it.

    P1's Grizzly Bears, and the Hill Giant P1 owns that P2 controls = 2; not P2's own Savannah Lions.
    """
    stolen = {"id": "giant", "card": "Hill Giant", "zone": "battlefield", "controller": "P2", "owner": "P1"}
    state = make_state(
        hand=[("grasp", "Saving Grasp")],
        battlefield=basics("Island", 1) + [("mine", "Grizzly Bears")],
        opponent=[("lions", "Savannah Lions")],
        objects=[stolen],
    )
    assert targets_of(casts(state, "grasp")) == {("mine",), ("giant",)}


def test_a_spell_or_a_nonland_permanent_an_opponent_controls(make_state, casts, basics):
    """CR 115.1, 305.9: Press the Enemy ({2}{U}{U}): "target spell or nonland permanent an opponent controls".

    No spell is a land, so "nonland" takes no spell away. P2's Grizzly Bears spell on the stack, P2's Sol Ring
    and Savannah Lions = 3; not P2's Forest (a land), not P1's own Ornithopter.
    """
    on_stack = {"id": "cast_bears", "card": "Grizzly Bears", "zone": "stack", "controller": "P2"}
    state = make_state(
        hand=[("press", "Press the Enemy")],
        battlefield=basics("Island", 4) + [("thopter", "Ornithopter")],
        opponent=[("ring", "Sol Ring"), ("lions", "Savannah Lions"), ("forest", "Forest")],
        objects=[on_stack],
        stack=["cast_bears"],
        active_player="P2",
        priority="P1",
    )
    assert targets_of(casts(state, "press")) == {("cast_bears",), ("ring",), ("lions",)}


# ---------------------------------------------------------------------------------------------- combat statuses
def test_nonattacking(make_state, casts, basics):
    """CR 508.1k: Alarum ({1}{W}) untaps "target nonattacking creature"; during P2's combat Hill Giant attacks.

    P1's Savannah Lions and P2's Grizzly Bears = 2; not the attacking Hill Giant.
    """
    state = make_state(
        hand=[("alarum", "Alarum")],
        battlefield=basics("Plains", 2) + [("lions", "Savannah Lions")],
        opponent=[("bears", "Grizzly Bears"), ("giant", "Hill Giant", {"attacking": True})],
        phase="combat",
        active_player="P2",
        priority="P1",
    )
    assert targets_of(casts(state, "alarum")) == {("lions",), ("bears",)}


def test_no_creature_is_blocked_outside_combat(make_state, casts, basics):
    """CR 509.1h, 506.4: Smite ({W}) destroys "target blocked creature"; in a main phase no creature is: 0 casts."""
    state = make_state(
        hand=[("smite", "Smite")], battlefield=basics("Plains", 1), opponent=[("bears", "Grizzly Bears")]
    )
    assert casts(state, "smite") == set()


def test_blocked_during_combat_is_unsupported(make_state, basics):
    """CR 509.1h: during combat the state does not say which creatures are blocked: unsupported, never guessed."""
    state = make_state(
        hand=[("smite", "Smite")],
        battlefield=basics("Plains", 1),
        opponent=[("bears", "Grizzly Bears", {"attacking": True})],
        phase="combat",
        active_player="P2",
        priority="P1",
    )
    for backend in ("python-constraint", "brute"):
        with pytest.raises(UnsupportedRuleError):
            legal_casts(state, "smite", backend=backend).count()


# ---------------------------------------------------------------------------------------------- what is read
def test_reader_of_a_list_with_qualities():
    """CR 115.1: "target Forest, green enchantment, or green planeswalker" is read item by item.

    (Forest) or (enchantment and green) or (planeswalker and green): kinds permanent, enchantment, planeswalker;
    the clauses (Forest or enchantment or planeswalker) and (Forest or green).
    """
    (spec,) = spell("Nissa's Defeat").spell_text[0].targets
    assert spec.kinds == {TargetKind.PERMANENT, TargetKind.ENCHANTMENT, TargetKind.PLANESWALKER}
    forest = Quality("subtype", "Forest")
    assert spec.qualities is not None
    assert set(spec.qualities.clauses) == {
        frozenset({forest, Quality("type", CardType.ENCHANTMENT), Quality("type", CardType.PLANESWALKER)}),
        frozenset(
            {
                forest,
                Quality("color", next(q.value for c in spec.qualities.clauses for q in c if q.attribute == "color")),
            }
        ),
    }


def test_reader_of_you_own_and_of_a_spell_or_permanent():
    """CR 108.3, 305.9: "target creature you own" has the owner quality; "spell or nonland permanent" both kinds."""
    (grasp,) = spell("Saving Grasp").spell_text[0].targets
    assert grasp.kinds == {TargetKind.CREATURE} and grasp.qualities is not None
    assert grasp.qualities.clauses == (frozenset({Quality("owner", "you")}),)
    (press,) = spell("Press the Enemy").spell_text[0].targets
    assert press.kinds == {TargetKind.SPELL, TargetKind.PERMANENT}
    assert press.controller is ControllerFilter.OPPONENT and press.qualities is not None
    assert press.qualities.clauses == (frozenset({Quality("type", CardType.LAND, negated=True)}),)


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        # whether "nonblack" is the planeswalker's too is not read
        ("Destroy target nonblack creature or planeswalker.", "a quality before a list of kinds"),
        # "you own and control": the control is not read
        ("Exile target creature you own and control.", "text the grammar cannot read"),
        # abilities on the stack are not in the state
        ("Counter target activated or triggered ability.", "abilities on the stack are not in the state"),
        ("Counter target loyalty ability of a planeswalker.", "abilities on the stack are not in the state"),
        # suspended cards and the ante are not in the state
        ("Return target nonland permanent or suspended card to its owner's hand.", "suspended"),
        ("Exchange target card in the ante with the top card of your library.", "ante"),
    ],
)
def test_phrases_not_read_are_reported(card, text, reason):
    """STYLE.md Errors: a target phrase not read whole is reported with its span and why, never guessed."""
    from models.cards import card_from_record

    found = parse_card(card_from_record(card("Test Spell", "{1}{U}", "Instant", text)))
    assert found.casting_unsupported
    assert any(reason in u.reason for u in found.casting_unsupported), [u.reason for u in found.casting_unsupported]


def _graveyard(*cards: str) -> list[dict]:
    """Cards in P1's graveyard, with ids g0, g1, ..."""
    return [{"id": f"g{i}", "card": card, "zone": "graveyard", "owner": "P1"} for i, card in enumerate(cards)]


GRAVEYARD = ("Grizzly Bears", "Llanowar Elves", "Hill Giant", "Savannah Lions", "Serra Angel")
"""Mana values 2, 1, 4, 1, 5."""


def test_one_or_two_cards_each_with_mana_value(make_state, casts, basics):
    """CR 115.1, 601.2c, 202.3: Leonardo's Technique returns one or two creature cards each of mana value 3 or less.

    "one or two target creature cards each with mana value 3 or less from your graveyard". Of Grizzly Bears (2),
    Llanowar Elves (1), Hill Giant (4), Savannah Lions (1), Serra Angel (5), three have mana value 3 or less: one
    of them 3, two 3 = 6 casts, for {3}{W} (no combat: no sneak).
    """
    state = make_state(
        hand=[("tech", "Leonardo's Technique")], battlefield=basics("Plains", 4), objects=_graveyard(*GRAVEYARD)
    )
    found = casts(state, "tech")
    assert len(found) == 6
    assert {t for cast in found for t in cast.targets[0].targets} == {"g0", "g1", "g3"}


def test_each_with_mana_value_and_the_gift_instead(make_state, casts, basics):
    """CR 115.1, 702.174, 608.2c: Dewdrop Cure returns up to two cards, or three if the gift was promised.

    "up to two target creature cards each with mana value 2 or less"; "instead … up to three". Three candidates
    (Bears, Elves, Lions). No gift: 1 + 3 + 3 = 7 sets; gift promised to P2 (the one opponent): 1 + 3 + 3 + 1 =
    8. 15 casts with three Plains.
    """
    state = make_state(hand=[("cure", "Dewdrop Cure")], battlefield=basics("Plains", 3), objects=_graveyard(*GRAVEYARD))
    assert len(casts(state, "cure")) == 15


@pytest.mark.parametrize(("extra", "expected"), [((), {"g0"}), (("Forest",), {"g0", "g1"})])
def test_mana_value_up_to_the_permanent_cards_in_your_graveyard(make_state, casts, extra, expected):
    """CR 601.2c, 110.4, 202.3: Squirming Emergence's card has a mana value at most the graveyard's permanent cards.

    "target nonland permanent card in your graveyard with mana value less than or equal to the number of permanent
    cards in your graveyard". P1's graveyard: Grizzly Bears (2), Hill Giant (4), a Swamp card and Lightning Bolt
    (no permanent card): three permanent cards, so the Bears alone (the Swamp is a land): 1 cast. With a Forest
    card too, four: the Giant as well, 2 casts. {1}{B}{G} paid with a Swamp, a Forest and a Mountain.
    """
    state = make_state(
        hand=[("emergence", "Squirming Emergence")],
        battlefield=[("s", "Swamp"), ("f", "Forest"), ("m", "Mountain")],
        objects=_graveyard("Grizzly Bears", "Hill Giant", "Swamp", "Lightning Bolt", *extra),
    )
    assert {cast.targets[0].targets[0] for cast in casts(state, "emergence")} == expected


def test_one_target_card_and_the_others_of_its_name(make_state, casts):
    """CR 115.1: Echoing Return targets one creature card; the others of its name it returns are not targeted.

    "Return target creature card and all other cards with the same name as that card from your graveyard". P1's
    graveyard: two Grizzly Bears and a Lightning Bolt; P2's: Hill Giant. 2 casts (either Bears), {B}.
    """
    state = make_state(
        hand=[("echo", "Echoing Return")],
        battlefield=[("s", "Swamp")],
        objects=_graveyard("Grizzly Bears", "Grizzly Bears", "Lightning Bolt")
        + [{"id": "giant", "card": "Hill Giant", "zone": "graveyard", "owner": "P2"}],
    )
    assert {cast.targets[0].targets for cast in casts(state, "echo")} == {("g0",), ("g1",)}


NONCREATURE_GRAVEYARD = ("Sol Ring", "Pacifism", "Glorious Anthem", "Ornithopter", "Grizzly Bears")
"""An artifact (mana value 1), an Aura (2), another enchantment (3), an artifact creature (0), a creature (2)."""


@pytest.mark.parametrize(("plains", "expected"), [(4, 3), (5, 6)])
def test_artifact_or_non_aura_enchantment_card(make_state, casts, basics, plains, expected):
    """CR 115.1, 205.3h: Abuelo's Awakening returns "target artifact or non-Aura enchantment card from your graveyard".

    Of Sol Ring, Pacifism (an Aura), Glorious Anthem, Ornithopter (an artifact) and Grizzly Bears: Sol Ring,
    Anthem, Ornithopter = 3 targets. {X}{3}{W}: four Plains, X = 0: 3 casts; five, X = 0 or 1: 6.
    """
    state = make_state(
        hand=[("abuelo", "Abuelo's Awakening")],
        battlefield=basics("Plains", plains),
        objects=_graveyard(*NONCREATURE_GRAVEYARD),
    )
    found = casts(state, "abuelo")
    assert len(found) == expected
    assert {c.targets[0].targets[0] for c in found} == {"g0", "g2", "g3"}


def test_up_to_x_artifact_and_or_non_aura_enchantment_cards(make_state, casts):
    """CR 115.1, 107.3a, 601.2b-c: Dance of the Manse returns up to X cards, each of mana value X or less.

    "up to X target artifact and/or non-Aura enchantment cards each with mana value X or less from your
    graveyard". Two Plains and two Islands pay {X}{W}{U} with X up to 2. Of the graveyard above, Sol Ring (1),
    Glorious Anthem (3) and Ornithopter (0) are of the kinds. X = 0: no target, 1; X = 1: none or one of Sol Ring,
    Ornithopter, 1 + 2 = 3; X = 2: the same two (the Anthem is 3), 1 + 2 + 1 = 4. 8 casts.
    """
    state = make_state(
        hand=[("dance", "Dance of the Manse")],
        battlefield=[("p1", "Plains"), ("p2", "Plains"), ("i1", "Island"), ("i2", "Island")],
        objects=_graveyard(*NONCREATURE_GRAVEYARD),
    )
    found = casts(state, "dance")
    assert len(found) == 8
    assert {t for c in found for t in c.targets[0].targets} == {"g0", "g3"}
