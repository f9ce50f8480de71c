"""Cards of the whole 2026 pool that the Oracle reader once misread or crashed on, one class per test.

Each card is written here as its record (current Oracle text), so the test does not depend on which card
file is the default. Expected readings are worked out from the Oracle text and the rule cited.
"""

from __future__ import annotations

import dataclasses
import json

import pytest

from models.abilities import Quality, TargetKind
from models.cards import card_from_record
from models.io.card_pool import default_card_database
from models.errors import CardDataError
from models.mana import Color, ManaCost
from models.objects import CardType, Zone
from models.oracle.conditions import COMMANDER_CONTROLLED
from models.oracle.parser import parse_card, read_line
from legalcasts.cli.main import main


def read(text: str, type_line: str = "Sorcery", cost: str = "{1}", name: str = "Test Card"):
    """The abilities parse_card reads from a card of this text."""
    return parse_card(card_from_record({"name": name, "mana_cost": cost, "type_line": type_line, "oracle_text": text}))


def test_colour_list_then_another_quality_is_both():
    """Display of Dominance: "target blue or black noncreature permanent" is (blue or black) and noncreature.

    CR 105.2 and 115.1: a permanent that is blue or black, and not a creature. The reader once crashed on it.
    """
    card = read(
        "Choose one —\n• Destroy target blue or black noncreature permanent.\n"
        "• Permanents you control can't be the targets of blue or black spells your opponents control "
        "this turn.",
        type_line="Instant",
        cost="{1}{G}",
        name="Display of Dominance",
    )
    assert not card.unsupported
    (spec,) = card.modes[0].instruction.targets
    assert spec.kinds == frozenset({TargetKind.PERMANENT})
    assert set(spec.qualities.clauses) == {
        frozenset({Quality("color", Color.BLUE), Quality("color", Color.BLACK)}),
        frozenset({Quality("type", CardType.CREATURE, negated=True)}),
    }


def test_subtype_of_two_words():
    """Time Lord Regeneration: "target Time Lord you control" is one subtype of two words (CR 205.3m)."""
    card = read(
        'Until end of turn, target Time Lord you control gains "When this creature dies, draw a card."',
        type_line="Instant",
        cost="{2}{U}",
        name="Time Lord Regeneration",
    )
    assert not card.unsupported
    (spec,) = card.spell_text[0].targets
    assert spec.qualities.clauses == (frozenset({Quality("subtype", "Time Lord")}),)


def test_symbol_no_rule_defines_is_unsupported_with_its_line():
    """Cheap Ass: "{½}" is no symbol of CR 107: refused by the card data, reported by the reader.

    A card built without the loader still gets its line reported, never read as another symbol.
    """
    record = {
        "name": "Cheap Ass",
        "mana_cost": "{1}{W}",
        "type_line": "Creature — Donkey Townsfolk",
        "oracle_text": "Spells you cast cost {½} less to cast.",
    }
    with pytest.raises(CardDataError, match="CR 107"):
        card_from_record(record)
    valid = card_from_record(record | {"oracle_text": "Spells you cast cost {1} less to cast."})
    card = parse_card(dataclasses.replace(valid, oracle_text=record["oracle_text"]))
    (unread,) = card.unsupported
    assert unread.span == "Spells you cast cost {½} less to cast." and "{½}" in unread.reason
    assert unread.permanent_relevant and not card.cost_modifiers


def test_keyword_matches_whole_words_only():
    """Lightning Greaves: "Equipped creature has shroud" is no "Equip" line (CR 702.6): it grants shroud.

    It is read as what the Equipment gives the creature it is attached to (CR 702.18a, 613.1f): shroud and
    haste; the "Equip {0}" line is an activated ability that bears on no cast.
    """
    card = read(
        "Equipped creature has shroud and haste.\nEquip {0}",
        type_line="Artifact — Equipment",
        cost="{2}",
        name="Lightning Greaves",
    )
    (effect,) = card.static_effects
    assert card.unsupported == () and effect.add_keywords == ("shroud", "haste")
    assert effect.affected.scope.value == "attached" and card.static_unread == ()
    reducer = read(
        "Equipment spells you cast cost {1} less to cast.",
        type_line="Creature — Human",
        cost="{1}{W}",
        name="Bureau Headmaster",
    )
    (modifier,) = reducer.cost_modifiers
    assert modifier.amount == -1 and modifier.qualities.clauses == (frozenset({Quality("subtype", "Equipment")}),)


def test_unknown_or_unread_keyword_lines_are_reported():
    """Keyword lines the grammar does not read are never spell text (CR 702).

    "Flashforward {4}{R}" is in no CR edition we follow, and its reminder text is not read; "Kicker—Forage." is
    kicker paid with an action not read (CR 702.33a): both make casting the card unsupported.
    """
    for text in (
        "Flashforward {4}{R}\nReturn target creature to its owner's hand.",
        "Kicker—Forage.\nDestroy target artifact.",
    ):
        card = read(text, type_line="Instant")
        assert [u.span for u in card.casting_unsupported] == [text.split("\n")[0]]


def test_unread_other_zone_keyword_bears_on_that_zone_only():
    """Mayhem lets the card be cast from the graveyard (not read): from the hand it is cast as usual.

    Only other zones are unsupported.
    """
    card = read("Target player draws two cards.\nMayhem {1}{U}", cost="{3}{U}", name="Mayhem Test")
    (unread,) = card.unsupported
    assert not unread.casting_relevant and Zone.HAND not in unread.zones and Zone.GRAVEYARD in unread.zones


def test_ward_with_another_cost_is_ward():
    """Ward with a cost of life is ward (CR 702.21a): a trigger, never a limit on targeting, whatever its cost."""
    card = read("Flying\nWard—Pay 2 life.", type_line="Creature — Spirit", cost="{2}{U}")
    assert card.ward and not card.unsupported


def test_unread_permanent_text_bears_on_every_topic_it_names():
    """A ban naming spells' mana values (CR 202.3), not mana made, bears on casting ("cost") only.

    The chosen number is not in the state, so the line is not read. "Protection from mana value 3 or greater"
    bears on targeting (CR 702.16) and not on mana.
    """
    winnower = read(
        "Your opponents can't cast spells with mana value equal to the chosen number.",
        type_line="Artifact",
        cost="{3}",
        name="Number Ban",
    )
    (ban,) = winnower.permanent_unsupported
    assert ban.topics == {"cost"}
    skulk = read("Lifelink, protection from mana value 3 or greater", type_line="Creature — Rat", cost="{1}{W}")
    (protection,) = skulk.permanent_unsupported
    assert protection.topics == {"targeting"} and not protection.casting_relevant


ROBE = {
    "name": "Robe of Mirrors",
    "mana_cost": "{U}",
    "type_line": "Enchantment — Aura",
    "oracle_text": "Enchant creature\nEnchanted creature has shroud.",
}
JODAH = {
    "name": "Jodah, Archmage Eternal",
    "mana_cost": "{1}{U}{R}{W}",
    "type_line": "Legendary Creature — Human Wizard",
    "oracle_text": "Flying\nOnce each turn, you may pay {W}{U}{B}{R}{G} rather than pay the mana cost for a spell you "
    "cast.",
    "power": "4",
    "toughness": "3",
}
"""Jodah with its grant limited to once each turn: whether it was used this turn is not in the state."""
SHOCK = {
    "name": "Shock",
    "mana_cost": "{R}",
    "type_line": "Instant",
    "oracle_text": "Shock deals 2 damage to any target.",
}


@pytest.mark.parametrize("permanent", [ROBE, JODAH], ids=["Robe of Mirrors", "Jodah, Archmage Eternal"])
@pytest.mark.parametrize("controller", ["P1", "P2"])
def test_unread_permanent_on_either_side_makes_the_answer_unsupported(capsys, tmp_path, permanent, controller):
    """A permanent whose unread text may bear on the cast gives exit 3 whoever controls it (never a guess).

    Jodah (its grant made "once each turn") gives its controller an alternative cost for a spell (CR 118.9), in
    words not read, since the state does not say whether it was used this turn; Robe of
    Mirrors, an Aura the state does not say is attached to anything (it always is, CR 303.4c), gives some creature
    shroud (CR 702.18a). Shock's count can't be told with either on the battlefield.
    """
    state = {
        "players": ["P1", "P2"],
        "active_player": "P1",
        "phase": "precombat_main",
        "objects": [
            {"id": "s", "zone": "hand", "owner": "P1", "card": SHOCK},
            {"id": "m", "zone": "battlefield", "controller": "P1", "card": "Mountain"},
            {"id": "p", "zone": "battlefield", "controller": controller, "card": permanent},
        ],
    }
    path = tmp_path / "state.json"
    path.write_text(json.dumps(state), encoding="utf-8")
    code = main(["count", str(path)])
    out, err = capsys.readouterr()
    assert (code, out) == (3, "") and permanent["name"] in err and "unsupported" in err


def count_casts(tmp_path, capsys, spell: dict, battlefield: list[dict], phase: str = "precombat_main") -> int:
    """``legalcasts count`` of one spell in P1's hand, P1 active; battlefield objects are (controller, card)."""
    objects = [{"id": "spell", "zone": "hand", "owner": "P1", "card": spell}]
    objects += [{"id": f"b{i}", "zone": "battlefield", **o} for i, o in enumerate(battlefield)]
    path = tmp_path / "state.json"
    path.write_text(
        json.dumps({"players": ["P1", "P2"], "active_player": "P1", "phase": phase, "objects": objects}),
        encoding="utf-8",
    )
    code = main(["count", str(path)])
    out, err = capsys.readouterr()
    assert code == 0, err
    return int(out)


BEAR = {
    "name": "Grizzly Bears",
    "mana_cost": "{1}{G}",
    "type_line": "Creature — Bear",
    "power": "2",
    "toughness": "2",
    "oracle_text": "",
}
MOUNTAIN = {"controller": "P1", "card": "Mountain"}


def test_each_of_two_targets(tmp_path, capsys):
    """Furious Reprisal: "each of two targets" is one instance taking two different any-targets.

    CR 115.3, 115.4. With P1, P2 and one bear: C(3, 2) = 3 casts.
    """
    spell = {
        "name": "Furious Reprisal",
        "mana_cost": "{3}{R}",
        "type_line": "Sorcery",
        "oracle_text": "Furious Reprisal deals 2 damage to each of two targets.",
    }
    (spec,) = read(spell["oracle_text"], cost=spell["mana_cost"]).spell_text[0].targets
    assert (spec.count, spec.minimum) == (2, 2)
    assert count_casts(tmp_path, capsys, spell, [MOUNTAIN] * 4 + [{"controller": "P2", "card": BEAR}]) == 3


def test_up_to_one_other_target(tmp_path, capsys):
    """Hostile Takeover's two "up to one" instances, the second "other" (CR 115.3, 601.2c).

    With one creature: neither chosen, the bear for the first, or the bear for the second = 3 casts; the bear
    for both is illegal.
    """
    spell = {
        "name": "Hostile Takeover",
        "mana_cost": "{2}{B}{R}",
        "type_line": "Sorcery",
        "oracle_text": "Up to one target creature has base power and toughness 1/1 until end of turn. Up to "
        "one other target creature has base power and toughness 4/4 until end of turn. Draw a "
        "card.",
    }
    first, second = read(spell["oracle_text"]).spell_text[0].targets
    assert (first.minimum, second.minimum, second.distinct_from) == (0, 0, 0)
    lands = [{"controller": "P1", "card": "Swamp"}] * 2 + [MOUNTAIN] * 2
    assert count_casts(tmp_path, capsys, spell, lands + [{"controller": "P2", "card": BEAR}]) == 3


def test_one_or_more_targets(tmp_path, capsys):
    """Dwarven Song-like "one or more target creatures": any non-empty set (CR 115.6). Two bears: 2^2 - 1 = 3."""
    spell = {
        "name": "One or More",
        "mana_cost": "{R}",
        "type_line": "Instant",
        "oracle_text": "One or more target creatures gain haste until end of turn.",
    }
    bears = [{"controller": "P1", "card": BEAR}, {"controller": "P2", "card": BEAR | {"name": "Other Bear"}}]
    assert count_casts(tmp_path, capsys, spell, [MOUNTAIN] + bears) == 3


def test_up_to_x_targets(tmp_path, capsys):
    """A spell that taps up to X target creatures chooses at most X (CR 601.2b-c).

    Two Mountains, {X}{R}, two bears: X = 0: 1 cast (none); X = 1: 1 + 2 = 3 casts. Total 4.
    """
    spell = {
        "name": "Up To X",
        "mana_cost": "{X}{R}",
        "type_line": "Instant",
        "oracle_text": "Tap up to X target creatures.",
    }
    bears = [{"controller": "P2", "card": BEAR}, {"controller": "P2", "card": BEAR | {"name": "Other Bear"}}]
    assert count_casts(tmp_path, capsys, spell, [MOUNTAIN] * 2 + bears) == 4


def test_reflexive_trigger_target_is_not_chosen_on_cast(tmp_path, capsys):
    """Faebloom Trick: the creature tapped "when you do" is chosen when the reflexive trigger triggers.

    CR 603.12, 603.3d: so the spell is cast with no creature on the opponent's side: 1 cast.
    """
    spell = {
        "name": "Faebloom Trick",
        "mana_cost": "{2}{U}",
        "type_line": "Instant",
        "oracle_text": "Create two 1/1 blue Faerie creature tokens with flying. When you do, tap target "
        "creature an opponent controls.",
    }
    assert read(spell["oracle_text"]).spell_text[0].targets == ()
    assert count_casts(tmp_path, capsys, spell, [{"controller": "P1", "card": "Island"}] * 3) == 1


def test_delayed_trigger_condition_target_is_the_spells():
    """Graceful Reprieve: a delayed trigger's condition names the spell's own target.

    "When target creature dies this turn, …" is made as the spell resolves (CR 603.7a); the creature is
    chosen on cast.
    """
    card = read(
        "When target creature dies this turn, return that card to the battlefield under its owner's control.",
        type_line="Instant",
        cost="{1}{W}",
    )
    assert [t.phrase for t in card.spell_text[0].targets] == ["target creature"]


def test_colon_in_a_name_is_not_an_activated_ability():
    """The colon of "Magic: The Gathering" has no cost before it (CR 602.1a): the line is spell text."""
    text = "Destroy target creature, then each player who likes Magic: The Gathering draws a card."
    assert read_line(text.lower())[0] == "activated_line"  # what the grammar alone makes of it
    card = read(text, type_line="Instant")
    assert [t.phrase for t in card.spell_text[0].targets] == ["target creature"] and not card.unsupported


def test_kinds_after_a_target_phrase_are_never_dropped():
    """Kinds listed after a target phrase are never dropped (CR 115.1).

    Swan Song targets a spell that is an enchantment, instant or sorcery: read as one spell with one of those
    types. Ray of Ruin's "creature, Vehicle, or nonbasic land" is one target, any of the three, never a creature
    alone; Thraben Exorcism's "Spirit, creature with disturb, or enchantment" has an item not read: reported.
    """
    swan = read(
        "Counter target enchantment, instant, or sorcery spell. Its controller creates a 2/2 blue Bird "
        "creature token with flying.",
        type_line="Instant",
    )
    (spec,) = swan.spell_text[0].targets
    assert spec.kinds == frozenset({TargetKind.SPELL}) and spec.qualities.clauses == (
        frozenset(
            {
                Quality("type", CardType.ENCHANTMENT),
                Quality("type", CardType.INSTANT),
                Quality("type", CardType.SORCERY),
            }
        ),
    )
    ray = read("Exile target creature, Vehicle, or nonbasic land. Scry 1.", type_line="Instant")
    (spec,) = ray.spell_text[0].targets
    assert not ray.casting_unsupported and spec.phrase == "target creature, vehicle, or nonbasic land"
    assert spec.kinds == frozenset({TargetKind.CREATURE, TargetKind.PERMANENT, TargetKind.LAND})
    exorcism = read("Exile target Spirit, creature with disturb, or enchantment.", type_line="Instant")
    assert exorcism.casting_unsupported and not any(i.targets for i in exorcism.spell_text)


def test_restriction_after_any_target_is_reported():
    """Needle Drop's "any target that was dealt damage this turn": history is not in the state, so reported."""
    card = read(
        "Needle Drop deals 1 damage to any target that was dealt damage this turn.\nDraw a card.",
        type_line="Instant",
        name="Needle Drop",
    )
    assert [u.reason for u in card.casting_unsupported] == [
        "target restriction not modelled: which objects were dealt damage this turn is not in the state"
    ]


def test_x_plus_one_divided_is_not_one_damage():
    """Meteor Shower: "X plus 1 damage divided …" is not "1 damage divided …" (CR 601.2d): reported."""
    card = read(
        "Meteor Shower deals X plus 1 damage divided as you choose among any number of targets.",
        cost="{X}{X}{R}",
        name="Meteor Shower",
    )
    assert card.casting_unsupported and not any(t.divided == 1 for i in card.spell_text for t in i.targets)


COMET_STORM_2026 = (
    "Multikicker {1} (You may pay an additional {1} any number of times as you cast this spell.)\n"
    "Choose any target, then choose another target for each time this spell was kicked. Comet Storm "
    "deals X damage to each of them."
)
COMET_STORM_OLD = (
    "Multikicker {1}\nComet Storm deals X damage to any target. Choose another target for each time "
    "this spell was kicked. Comet Storm deals X damage to each of them."
)


@pytest.mark.parametrize("text", [COMET_STORM_2026, COMET_STORM_OLD], ids=["2026", "older"])
def test_multikicker_targets_are_one_instance_sized_by_the_kicks(text):
    """CR 601.2c, 702.33c: "another target for each time this spell was kicked" is one instance of "target".

    Two instances of the word: "any target" (one target) and "another target …", which chooses as many targets
    as kicks, each different from the first's (CR 115.4), and is part of the spell only when kicked (CR 702.33g).
    """
    card = read(text, type_line="Instant", cost="{X}{R}{R}", name="Comet Storm")
    assert not card.casting_unsupported
    first, kicked = card.spell_text[0].targets
    assert (first.phrase, first.count, first.minimum, first.kicked_count) == ("any target", 1, 1, False)
    assert kicked.phrase == "another target for each time this spell was kicked"
    assert kicked.kicked_count and kicked.distinct_from == 0 and kicked.minimum == 1
    assert kicked.condition == ("kicker", "multikicker") and kicked.kinds == first.kinds


def test_strength_of_the_tajuru_kicked_targets_are_creatures():
    """CR 601.2c, 702.33c, 115.4: "another target creature for each time this spell was kicked"."""
    card = read(
        "Multikicker {1} (You may pay an additional {1} any number of times as you cast this spell.)\n"
        "Choose target creature, then choose another target creature for each time this spell was kicked. "
        "Put X +1/+1 counters on each of them.",
        type_line="Instant",
        cost="{X}{G}{G}",
        name="Strength of the Tajuru",
    )
    assert not card.casting_unsupported
    first, kicked = card.spell_text[0].targets
    assert first.kinds == kicked.kinds == frozenset({TargetKind.CREATURE})
    assert kicked.kicked_count and kicked.distinct_from == 0 and not first.kicked_count


@pytest.mark.parametrize(
    "text",
    [
        # more words in the sentence after "was kicked": not read
        "Multikicker {1}\nChoose any target, then choose another target for each time this spell was kicked, then "
        "tap it. ~ deals 1 damage to each of them.",
        # no "another": a target per kick that may repeat the first's is not what is read
        "Multikicker {1}\nChoose target creature for each time this spell was kicked. Tap them.",
    ],
)
def test_other_targets_for_each_kick_are_reported(text):
    """CR 601.2c: words around "for each time this spell was kicked" that are not read are reported, not guessed."""
    card = read(text, type_line="Instant", cost="{R}")
    assert any("kicked" in u.span for u in card.casting_unsupported)


def test_support_on_a_spell_targets_up_to_n_creatures(tmp_path, capsys):
    """Lead by Example: "Support 2" on a sorcery means "each of up to two target creatures" (CR 701.41a).

    With one bear (and {3}{G} paid by four Forests): no target or the bear = 2 casts.
    """
    spell = {
        "name": "Lead by Example",
        "mana_cost": "{3}{G}",
        "type_line": "Sorcery",
        "oracle_text": "Support 2. (Put a +1/+1 counter on each of up to two target creatures.)",
    }
    (spec,) = read(spell["oracle_text"]).spell_text[0].targets
    assert (spec.kinds, spec.count, spec.minimum) == (frozenset({TargetKind.CREATURE}), 2, 0)
    forests = [{"controller": "P1", "card": "Forest"}] * 4
    assert count_casts(tmp_path, capsys, spell, forests + [{"controller": "P1", "card": BEAR}]) == 2


def test_earthbend_targets_a_land_you_control():
    """Earthbending twice is two instances of "target land you control" (CR 701.66a, 115.3)."""
    card = read(
        "Earthbend 3, then earthbend 3. You gain 3 life. (To earthbend 3, target land you control becomes "
        "a 0/0 creature with haste that's still a land.)",
        cost="{4}{G}",
    )
    specs = card.spell_text[0].targets
    assert [(s.kinds, s.controller.value, s.distinct_from) for s in specs] == [
        (frozenset({TargetKind.LAND}), "you", None)
    ] * 2


def test_conditional_permissions_are_reported():
    """A flash on a condition not read is reported, never ignored (CR 702.8).

    "a permanent with flash" (Mutual Destruction) is not read.
    """
    text = (
        "This spell has flash as long as you control a permanent with flash.\nAs an additional cost to "
        "cast this spell, sacrifice a creature.\nDestroy target creature."
    )
    assert read(text).casting_unsupported


def test_free_cast_if_you_control_a_commander_is_read():
    """Fierce Guardianship: an alternative cost, no mana, asking for a commander the caster controls (CR 903.3d)."""
    card = read(
        "If you control a commander, you may cast this spell without paying its mana cost.\n"
        "Counter target noncreature spell."
    )
    assert not card.casting_unsupported
    (free,) = card.alternative_costs
    assert free.cost.mana.is_empty and free.requires == (COMMANDER_CONTROLLED,)


def test_x_objects_of_a_cost_with_x_in_the_mana_cost_are_read():
    """Skeletal Scrying: "exile X cards" uses the X of {X}{B} (CR 107.3a): X cards, X the spell's X."""
    card = read(
        "As an additional cost to cast this spell, exile X cards from your graveyard.\nYou draw X cards "
        "and you lose X life.",
        type_line="Instant",
        cost="{X}{B}",
        name="Skeletal Scrying",
    )
    (additional,) = card.additional_costs
    (cost,) = additional.cost.objects
    assert not card.casting_unsupported and cost.x_count and cost.count is None and cost.zone is Zone.GRAVEYARD


URZA_BLAST = {
    "name": "Urza's Ruinous Blast",
    "mana_cost": "{4}{W}",
    "type_line": "Legendary Sorcery",
    "oracle_text": "(You may cast a legendary sorcery only if you control a legendary creature or "
    "planeswalker.)\nExile all nonland permanents that aren't legendary.",
}
LEGEND = {
    "name": "Isamaru, Hound of Konda",
    "mana_cost": "{W}",
    "type_line": "Legendary Creature — Dog",
    "power": "2",
    "toughness": "2",
    "oracle_text": "",
}


@pytest.mark.parametrize(("legend", "expected"), [(None, 0), ("P1", 1), ("P2", 0)])
def test_legendary_sorcery_needs_a_legendary_creature(tmp_path, capsys, legend, expected):
    """CR 205.4e: a legendary sorcery needs its caster to control a legendary creature or planeswalker.

    Five Plains pay {4}{W}: 1 cast with P1's Isamaru, 0 without it or with P2's.
    """
    board = [{"controller": "P1", "card": "Plains"}] * 5
    if legend:
        board.append({"controller": legend, "card": LEGEND})
    assert count_casts(tmp_path, capsys, URZA_BLAST, board) == expected


def test_no_spell_while_split_second_is_on_the_stack(tmp_path, capsys):
    """CR 702.61a: with Sudden Shock (split second) on the stack, Shock can't be cast.

    Without it, Shock has 3 targets (P1, P2 and the opponent's bear: any target, CR 115.4) = 3 casts.
    """
    sudden = {
        "name": "Sudden Shock",
        "mana_cost": "{1}{R}",
        "type_line": "Instant",
        "oracle_text": "Split second (As long as this spell is on the stack, players can't cast spells or "
        "activate abilities that aren't mana abilities.)\nSudden Shock deals 2 damage to any "
        "target.",
    }
    objects = [
        {"id": "shock", "zone": "hand", "owner": "P1", "card": SHOCK},
        {"id": "m", "zone": "battlefield", "controller": "P1", "card": "Mountain"},
        {"id": "bear", "zone": "battlefield", "controller": "P2", "card": BEAR},
    ]
    for stack, expected in (([], 3), (["sudden"], 0)):
        on_stack = [{"id": "sudden", "zone": "stack", "owner": "P2", "card": sudden}] if stack else []
        path = tmp_path / "state.json"
        path.write_text(
            json.dumps(
                {
                    "players": ["P1", "P2"],
                    "active_player": "P2",
                    "priority": "P1",
                    "phase": "precombat_main",
                    "stack": stack,
                    "objects": objects + on_stack,
                }
            )
        )
        assert main(["count", str(path)]) == 0
        assert int(capsys.readouterr().out) == expected


def test_generic_reduction_reaches_an_announced_generic_half(tmp_path, capsys):
    """Flame Javelin {2/R}{2/R}{2/R} with "Spells you cast cost {1} less to cast." and two Mountains and a Plains.

    The caster announces paying one {2/R} with {2} (CR 601.2b, 118.13a); the reduction takes {1} off it
    (CR 601.2f, 118.7a): {1}{R}{R}, paid by the Plains and the two Mountains. Targets: P1, P2 (any target,
    CR 115.4) = 2 casts. Without the reduction the cheapest total is {R}{R}{2}: 4 mana, so 0 casts.
    """
    javelin = {
        "name": "Flame Javelin",
        "mana_cost": "{2/R}{2/R}{2/R}",
        "type_line": "Instant",
        "oracle_text": "Flame Javelin deals 4 damage to any target.",
    }
    reducer = {
        "name": "Reducer",
        "mana_cost": "{3}",
        "type_line": "Artifact",
        "oracle_text": "Spells you cast cost {1} less to cast.",
    }
    lands = [MOUNTAIN, MOUNTAIN, {"controller": "P1", "card": "Plains"}]
    assert count_casts(tmp_path, capsys, javelin, lands + [{"controller": "P1", "card": reducer}]) == 2
    assert count_casts(tmp_path, capsys, javelin, lands) == 0


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Devoid (This card has no color.)\nTap target creature.", 1),
        ("Tap target creature.", 0),
    ],
)
def test_devoid_spell_is_colourless_without_a_colors_field(tmp_path, capsys, text, expected):
    """Devoid makes a spell with {U} in its cost colourless, though the record has no ``colors`` (CR 702.114a).

    A colourless spell can target a creature with protection from blue (CR 702.16b): 1 cast; the same spell
    without Devoid is blue (CR 202.2): 0 casts.
    """
    spell = {"name": "Blank Tap", "mana_cost": "{U}", "type_line": "Instant", "oracle_text": text}
    warded = BEAR | {"name": "Pro-Blue Bear", "oracle_text": "Protection from blue"}
    board = [{"controller": "P1", "card": "Island"}, {"controller": "P2", "card": warded}]
    assert count_casts(tmp_path, capsys, spell, board) == expected


def test_colour_defining_text_and_indicator():
    """Text that defines colour (CR 604.3) and a colour indicator (CR 204) give the card's colours."""

    def colors(record):
        return card_from_record({"type_line": "Instant", "oracle_text": "", **record}).colors

    assert colors({"name": "Ghostfire", "mana_cost": "{2}{R}", "oracle_text": "Ghostfire is colorless."}) == set()
    assert colors({"name": "Courier", "mana_cost": "{4}", "oracle_text": "Courier is all colors."}) == set(Color)
    assert colors({"name": "Back Face", "color_indicator": ["G"]}) == {Color.GREEN}


MASSACRE = {
    "name": "Massacre",
    "mana_cost": "{2}{B}{B}",
    "type_line": "Sorcery",
    "oracle_text": "If an opponent controls a Plains and you control a Swamp, you may cast this spell "
    "without paying its mana cost.\nAll creatures get -2/-2 until end of turn.",
}


@pytest.mark.parametrize(
    ("swamps", "their_plains", "expected"), [(1, True, 1), (4, True, 2), (1, False, 0), (4, False, 1)]
)
def test_conditional_free_cast_decided_by_the_battlefield(tmp_path, capsys, swamps, their_plains, expected):
    """Massacre's free cast is an alternative cost whose condition the battlefield decides (CR 118.9).

    It has no targets, so a cast is its alternative cost: the mana cost {2}{B}{B} (four Swamps needed) and,
    when an opponent controls a Plains and the caster a Swamp, "without paying its mana cost". One Swamp and
    their Plains: 1 (free); four Swamps and their Plains: 2; one Swamp alone: 0; four Swamps alone: 1.
    """
    board = [{"controller": "P1", "card": "Swamp"}] * swamps
    if their_plains:
        board.append({"controller": "P2", "card": "Plains"})
    assert count_casts(tmp_path, capsys, MASSACRE, board) == expected


CRASHING_TIDE = {
    "name": "Crashing Tide",
    "mana_cost": "{2}{U}",
    "type_line": "Sorcery",
    "oracle_text": "This spell has flash as long as you control a Merfolk.\nReturn target creature to "
    "its owner's hand.\nDraw a card.",
}
MERFOLK = {
    "name": "Merfolk Looter",
    "mana_cost": "{1}{U}",
    "type_line": "Creature — Merfolk Rogue",
    "power": "1",
    "toughness": "1",
    "oracle_text": "",
}


@pytest.mark.parametrize(("merfolk", "expected"), [(True, 1), (False, 0)])
def test_flash_while_you_control_a_subtype(tmp_path, capsys, merfolk, expected):
    """Crashing Tide has flash while its caster controls a Merfolk (CR 702.8a, 611.3a).

    On the opponent's turn, with three Islands: with the Looter, the sorcery may be cast and its one target
    is the Looter (the only creature): 1 cast; without a Merfolk it has sorcery timing (CR 307.1): 0.
    """
    board = [{"controller": "P1", "card": "Island"}] * 3
    if merfolk:
        board.append({"controller": "P1", "card": MERFOLK})
    objects = [{"id": "tide", "zone": "hand", "owner": "P1", "card": CRASHING_TIDE}]
    objects += [{"id": f"b{i}", "zone": "battlefield", **o} for i, o in enumerate(board)]
    path = tmp_path / "state.json"
    path.write_text(
        json.dumps(
            {
                "players": ["P1", "P2"],
                "active_player": "P2",
                "priority": "P1",
                "phase": "precombat_main",
                "objects": objects,
            }
        ),
        encoding="utf-8",
    )
    assert main(["count", str(path)]) == 0
    assert int(capsys.readouterr().out) == expected


# Permanents of the issue's list, with their current Oracle text, and Shock's count with each on P1's side and
# on P2's side (one Mountain for P1, an opponent's Grizzly Bears). Worked out by hand:
# - Leyline of Sanctity: "You have hexproof" stops the opponents' spells only (CR 702.11c): on P1's side Shock
#   may target P1, P2 and the bear (3); on P2's side not P2 (2).
# - Thalia: Shock costs {1}{R} (CR 601.2f) and P1 has one Mountain: 0 on either side.
# - Aven Mindcensor, Glen Elendra Archmage: nothing bearing on this cast; they are creatures, so any target is
#   P1, P2, the bear or them: 4.
# - Grand Abolisher binds its controller's opponents during its controller's turn, and it is P1's turn; Teferi,
#   Time Raveler binds opponents to sorcery timing, and P1 is in its main phase with an empty stack; Void Winnower
#   forbids even mana values, and Shock's is 1; Gaddock Teeg forbids noncreature spells of mana value 4 or more or
#   with {X}, and Shock is neither (CR 101.2): nothing forbids Shock, which may target P1, P2, the bear or the
#   permanent (Teferi is a planeswalker): 4 on either side.
# - Brisela: "Your opponents can't cast spells with mana value 3 or less": its controller's own Shock 4, an
#   opponent's none (0).
# - Sphinx of the Guildpact: "Hexproof from monocolored" stops the opponents' monocolored spells (CR 702.11d):
#   on P1's side Shock (red alone) may target P1, P2, the bear or the Sphinx (4); on P2's side not the Sphinx (3).
# - Every other one has text that may forbid the cast, change its cost, or change what can be targeted, which is
#   not read: the answer is unsupported (exit 3) on either side, never a guess.
NAMED_PERMANENTS = [
    (
        {
            "name": "Leyline of Sanctity",
            "mana_cost": "{2}{W}{W}",
            "type_line": "Enchantment",
            "oracle_text": (
                "If this card is in your opening hand, you may begin the game with it on the battlefield.\n"
                "You have hexproof. (You can't be the target of spells or abilities your opponents "
                "control.)"
            ),
        },
        (3, 2),
    ),
    (
        {
            "name": "Grand Abolisher",
            "mana_cost": "{W}{W}",
            "type_line": "Creature — Human Cleric",
            "oracle_text": (
                "During your turn, your opponents can't cast spells or activate abilities of artifacts, "
                "creatures, or enchantments."
            ),
            "power": "2",
            "toughness": "2",
        },
        (4, 4),
    ),
    (
        {
            "name": "Teferi, Time Raveler",
            "mana_cost": "{1}{W}{U}",
            "type_line": "Legendary Planeswalker — Teferi",
            "oracle_text": (
                "Each opponent can cast spells only any time they could cast a sorcery.\n[+1]: Until your "
                "next turn, you may cast sorcery spells as though they had flash.\n[−3]: Return up to one "
                "target artifact, creature, or enchantment to its owner's hand. Draw a card."
            ),
        },
        (4, 4),
    ),
    (
        {
            "name": "Void Winnower",
            "mana_cost": "{9}",
            "type_line": "Creature — Eldrazi",
            "oracle_text": (
                "Your opponents can't cast spells with even mana values. (Zero is even.)\nYour opponents "
                "can't block with creatures with even mana values."
            ),
            "power": "11",
            "toughness": "9",
        },
        (4, 4),
    ),
    (
        {
            "name": "Lightning Greaves",
            "mana_cost": "{2}",
            "type_line": "Artifact — Equipment",
            "oracle_text": (
                "Equipped creature has haste and shroud. (It can't be the target of spells or abilities.)\nEquip {0}"
            ),
        },
        (3, 3),
    ),  # unattached, it gives nothing (CR 301.5c): Shock at P1, P2 or the Bear, 3
    (
        {
            "name": "Gaddock Teeg",
            "mana_cost": "{G}{W}",
            "type_line": "Legendary Creature — Kithkin Advisor",
            "oracle_text": (
                "Noncreature spells with mana value 4 or greater can't be cast.\nNoncreature spells with {X}"
                " in their mana costs can't be cast."
            ),
            "power": "2",
            "toughness": "2",
        },
        (4, 4),
    ),
    (
        {
            "name": "Brisela, Voice of Nightmares",
            "mana_cost": "",
            "type_line": "Legendary Creature — Eldrazi Angel",
            "oracle_text": (
                "Flying, first strike, vigilance, lifelink\nYour opponents can't cast spells with mana value 3 or less."
            ),
            "power": "9",
            "toughness": "10",
        },
        (4, 0),
    ),
    (
        {
            "name": "Lavinia, Azorius Renegade",
            "mana_cost": "{W}{U}",
            "type_line": "Legendary Creature — Human Soldier",
            "oracle_text": (
                "Each opponent can't cast noncreature spells with mana value greater than the number of "
                "lands that player controls.\nWhenever an opponent casts a spell, if no mana was spent to "
                "cast it, counter that spell."
            ),
            "power": "2",
            "toughness": "2",
        },
        ("unsupported", "unsupported"),
    ),
    (
        {
            "name": "Mistmeadow Skulk",
            "mana_cost": "{1}{W}",
            "type_line": "Creature — Kithkin Rogue",
            "oracle_text": ("Lifelink, protection from mana value 3 or greater"),
            "power": "1",
            "toughness": "1",
        },
        ("unsupported", "unsupported"),
    ),
    (
        {
            "name": "Shalai, Voice of Plenty",
            "mana_cost": "{3}{W}",
            "type_line": "Legendary Creature — Angel",
            "oracle_text": (
                "Flying\nYou, planeswalkers you control, and other creatures you control have hexproof.\n"
                "{4}{G}{G}: Put a +1/+1 counter on each creature you control."
            ),
            "power": "3",
            "toughness": "4",
        },
        ("unsupported", "unsupported"),
    ),
    (
        {
            "name": "Sphinx of the Guildpact",
            "mana_cost": "{7}",
            "type_line": "Artifact Creature — Sphinx",
            "oracle_text": (
                "Sphinx of the Guildpact is all colors.\nFlying\nHexproof from monocolored (This creature "
                "can't be the target of monocolored spells or abilities your opponents control.)"
            ),
            "power": "5",
            "toughness": "5",
        },
        (4, 3),
    ),
    (
        {
            "name": "Kira, Great Glass-Spinner",
            "mana_cost": "{1}{U}{U}",
            "type_line": "Legendary Creature — Spirit",
            "oracle_text": (
                'Flying\nCreatures you control have "Whenever this creature becomes the target of a spell or'
                ' ability for the first time each turn, counter that spell or ability."'
            ),
            "power": "2",
            "toughness": "2",
        },
        # the ability given triggers once a spell targets (CR 603.2): the spell was cast, legally; like ward
        # (CR 702.21a) it restricts no target. Shock: P1, P2, the Bear, Kira: 4 either side
        (4, 4),
    ),
    (
        {
            "name": "Thalia, Guardian of Thraben",
            "mana_cost": "{1}{W}",
            "type_line": "Legendary Creature — Human Soldier",
            "oracle_text": ("First strike\nNoncreature spells cost {1} more to cast."),
            "power": "2",
            "toughness": "1",
        },
        (0, 0),
    ),
    (
        {
            "name": "Aven Mindcensor",
            "mana_cost": "{2}{W}",
            "type_line": "Creature — Bird Wizard",
            "oracle_text": (
                "Flash\nFlying\nIf an opponent would search a library, that player searches the top four "
                "cards of that library instead."
            ),
            "power": "2",
            "toughness": "1",
        },
        (4, 4),
    ),
    (
        {
            "name": "Glen Elendra Archmage",
            "mana_cost": "{3}{U}",
            "type_line": "Creature — Faerie Wizard",
            "oracle_text": (
                "Flying\n{U}, Sacrifice this creature: Counter target noncreature spell.\nPersist (When this "
                "creature dies, if it had no -1/-1 counters on it, return it to the battlefield under its "
                "owner's control with a -1/-1 counter on it.)"
            ),
            "power": "2",
            "toughness": "2",
        },
        (4, 4),
    ),
]


@pytest.mark.parametrize(("permanent", "expected"), NAMED_PERMANENTS, ids=[p["name"] for p, _ in NAMED_PERMANENTS])
def test_named_permanents_on_either_side(tmp_path, capsys, permanent, expected):
    """Every permanent the issue names is modelled or makes the answer unsupported, whoever controls it."""
    for controller, want in zip(("P1", "P2"), expected):
        state = {
            "players": ["P1", "P2"],
            "active_player": "P1",
            "phase": "precombat_main",
            "objects": [
                {"id": "s", "zone": "hand", "owner": "P1", "card": SHOCK},
                {"id": "m", "zone": "battlefield", "controller": "P1", "card": "Mountain"},
                {"id": "bear", "zone": "battlefield", "controller": "P2", "card": BEAR},
                {"id": "p", "zone": "battlefield", "controller": controller, "card": permanent},
            ],
        }
        path = tmp_path / "state.json"
        path.write_text(json.dumps(state), encoding="utf-8")
        code = main(["count", str(path)])
        out, err = capsys.readouterr()
        if want == "unsupported":
            assert (code, out) == (3, "") and permanent["name"] in err, (controller, err)
        else:
            assert (code, int(out)) == (0, want), (controller, err)


def test_permission_to_cast_from_the_graveyard_bears_on_that_zone_only():
    """A printed permission to cast the card from the graveyard bears on that zone only (CR 601.3)."""
    card = read(
        "Create X tapped 2/2 black Necron Warrior artifact creature tokens.\nYou may cast this card from "
        "your graveyard if you descended this turn.",
        cost="{X}{2}{B}",
    )
    (unread,) = card.unsupported
    assert not unread.casting_relevant and Zone.GRAVEYARD in unread.zones and Zone.HAND not in unread.zones


def test_permission_to_cast_from_the_graveyard_if_you_gained_life_is_read():
    """CR 601.3, 119.3: a permission to cast the card from the graveyard if its caster gained life this turn.

    "You may cast this card from your graveyard if you gained life this turn.": the state's this_turn.life_gained.
    """
    card = read(
        "Create X tapped 2/2 black Necron Warrior artifact creature tokens.\nYou may cast this card from "
        "your graveyard if you gained life this turn.",
        cost="{X}{2}{B}",
    )
    assert not card.unsupported
    (permission,) = card.zone_permissions
    assert permission.zone is Zone.GRAVEYARD
    assert [r.text for r in permission.requires] == ["you gained life this turn"]


@pytest.mark.parametrize(
    "text",
    [
        "Counter target spell cast from exile.\nDraw a card.",
        "Return target instant or sorcery card from your graveyard or exiled card with flashback you own to your hand.",
        # which earlier sentence the kicked text replaces is not read when two come before it
        "Exile target artifact. Tap target creature. If this spell was kicked, exile target nonland permanent instead.",
    ],
)
def test_restrictions_and_replacements_of_targets_are_reported(text):
    """What follows a target phrase and narrows or replaces it (CR 115.1, 608.2c) is never dropped: reported."""
    card = read("Kicker {1}{B}\n" + text if "kicked" in text else text, type_line="Instant")
    assert card.casting_unsupported


def test_cast_trigger_after_an_ability_word_is_not_spell_text():
    """A cast trigger after an ability word is a triggered ability (CR 603.2), not the spell's text.

    Its "new target for the copy" is not the spell's; the spell's own target is read.
    """
    card = read(
        "Morbid — When you cast this spell, if a creature died this turn, you may copy this spell and may "
        "choose a new target for the copy.\nDestroy target nonblack creature.",
        type_line="Instant",
    )
    assert not card.unsupported and [t.phrase for i in card.spell_text for t in i.targets] == [
        "target nonblack creature"
    ]


def test_aftermath_half_is_never_cast_from_the_hand(tmp_path, capsys):
    """Fame has aftermath: it can't be cast from any zone but a graveyard (CR 702.127a).

    In the hand, with a creature to target and mana to pay: 0 casts (it was offered once, with 1 target).
    """
    fame = {
        "name": "Fame",
        "mana_cost": "{1}{R}",
        "type_line": "Sorcery",
        "oracle_text": "Aftermath (Cast this spell only from your graveyard. Then exile it.)\nTarget creature "
        "gets +2/+0 and gains haste until end of turn.",
    }
    assert read(fame["oracle_text"]).cast_only_from is Zone.GRAVEYARD
    assert count_casts(tmp_path, capsys, fame, [MOUNTAIN, MOUNTAIN, {"controller": "P1", "card": BEAR}]) == 0


def test_keyword_with_a_cost_and_more_is_read_or_reported_for_its_zones():
    """Flashback with a mana cost and a life cost is read (CR 702.34a): an alternative cost from the graveyard.

    Escape whose cost the reader can't read (Nethergoyf's "any number of other cards … with four or more card
    types among them") is reported for the graveyard only; from the hand the card is cast as usual.
    """
    card = read("Draw two cards.\nFlashback {3}{B}, Pay 3 life.", cost="{2}{B}")
    (flashback,) = card.alternative_costs
    assert (flashback.keyword, str(flashback.cost.mana), flashback.cost.life, flashback.zone) == (
        "flashback",
        "{3}{B}",
        3,
        Zone.GRAVEYARD,
    )
    goyf = read(
        "Escape—{2}{B}, Exile any number of other cards from your graveyard with four or more card types among them.",
        type_line="Creature — Lhurgoyf",
        cost="{B}",
    )
    (unread,) = goyf.unsupported
    assert Zone.GRAVEYARD in unread.zones and not goyf.casting_unsupported


def test_colourless_hybrid_is_no_generic_mana_to_reduce():
    """A generic reduction leaves {C/W}, paid with {C} or {W}, never generic mana (CR 107.4e, 118.7a).

    {2/W}'s generic half is reduced only when announced as paid with generic mana (CR 601.2b).
    """
    assert [str(c) for c in ManaCost.parse("{C/W}{C/W}").generic_reduction_options(1)] == ["{C/W}{C/W}"]
    assert [str(c) for c in ManaCost.parse("{1}{C/W}").generic_reduction_options(2)] == ["{C/W}"]
    assert [str(c) for c in ManaCost.parse("{2/W}").generic_reduction_options(1)] == ["{2/W}", "{1}"]


def test_modes_of_a_triggered_ability_are_not_the_cards():
    """The bullets after "When this creature enters, choose one —" are the triggered ability's modes.

    They are chosen when it is put on the stack (CR 700.2, 603.3c), not as the creature spell is cast: the card
    is cast with no mode and no target.
    """
    card = read(
        "When this creature enters, choose one —\\n• Destroy target artifact.\\n• Destroy target enchantment.",
        type_line="Creature — Elf",
        cost="{2}{G}",
    )
    assert not card.unsupported and card.modes == () and card.mode_choice is None


@pytest.mark.parametrize(
    ("land", "swamp", "expected"),
    [
        (
            "Adarkar Wastes",
            False,
            1,
        ),  # "{T}: Add {W} or {U}. This land deals 1 damage to you.": the damage changes nothing
        ("Tainted Field", True, 1),  # "{T}: Add {W} or {B}. Activate only if you control a Swamp." (CR 602.5b)
        ("Tainted Field", False, 0),  # no Swamp: only {C}, and Swords to Plowshares needs {W}
    ],
)
def test_mana_abilities_with_a_rider(tmp_path, capsys, land, swamp, expected):
    """Swords to Plowshares ({W}) with one land that makes {W} on terms, and the opponent's Grizzly Bears.

    The one target is the Bears: 1 cast when {W} can be made, else 0.
    """
    swords = {
        "name": "Swords to Plowshares",
        "mana_cost": "{W}",
        "type_line": "Instant",
        "oracle_text": "Exile target creature. Its controller gains life equal to its power.",
    }
    board = [{"controller": "P1", "card": land}, {"controller": "P2", "card": BEAR}]
    if swamp:
        board.append({"controller": "P1", "card": "Swamp", "tapped": True})
    assert count_casts(tmp_path, capsys, swords, board) == expected


def test_other_target_differs_from_every_earlier_target():
    """CR 115.3: Arm the Cathars' third instance, "up to one other target creature", differs from both earlier ones.

    "Until end of turn, target creature gets +3/+3, up to one other target creature gets +2/+2, and up to one other
    target creature gets +1/+1.": the second differs from the first; the third from the second (``distinct_from``)
    and from the first (``also_distinct_from``), so no creature gets two of the bonuses.
    """
    (instruction,) = [i for i in parse_card(default_card_database().get("Arm the Cathars")).spell_text if i.targets]
    assert [(t.distinct_from, t.also_distinct_from) for t in instruction.targets] == [(None, None), (0, None), (1, 0)]


def test_other_target_after_an_instance_of_another_kind_differs_from_the_earlier_creature():
    """CR 115.3: "another target creature" differs from the earlier creature, not from the player named between."""
    card = read(
        "Target creature gets +2/+0 until end of turn. Target player draws a card. Another target creature "
        "gets -2/-0 until end of turn.",
        type_line="Instant",
    )
    (instruction,) = [i for i in card.spell_text if i.targets]
    assert [t.phrase for t in instruction.targets] == ["target creature", "target player", "another target creature"]
    assert [(t.distinct_from, t.also_distinct_from) for t in instruction.targets] == [
        (None, None),
        (None, None),
        (0, None),
    ]


def test_other_target_after_three_earlier_targets_is_reported():
    """CR 115.3: a fourth "other target" must differ from three earlier instances: not modelled, reported."""
    card = read(
        "Target creature gets +1/+1, another target creature gets +2/+2, another target creature gets +3/+3, "
        "and another target creature gets +4/+4 until end of turn.",
        type_line="Instant",
    )
    assert [u.reason for u in card.casting_unsupported] == [
        "'other target' after more than two earlier targets that could name the same object"
    ]
