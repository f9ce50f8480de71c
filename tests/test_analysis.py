"""Interaction graphs of small real card pools: splice and target/protection edges, reports, files, CLI."""

from __future__ import annotations

import json

import networkx as nx
import pytest

from models.io.card_pool import default_card_database
from models.mana import ManaCost
from solver.analysis import (
    SpliceCost,
    SplicePackage,
    build_interaction_graph,
    cheapest_splice_costs,
    splice_components,
    splice_graph,
    splice_packages,
    target_graph,
    unusable_splice_cards,
    write_graph,
)
from legalcasts.cli.main import main
from tests.conftest import ROOT

# Three splice cards (Glacial Ray and Kodama's Might onto Arcane, Everdream onto instant or
# sorcery), two Arcane spells without splice, a plain instant and a Spree instant.
SPLICE_POOL = (
    "Glacial Ray",
    "Kodama's Might",
    "Everdream",
    "Reach Through Mists",
    "Lava Spike",
    "Quash",
    "Unfortunate Accident",
)
# Protection from red, hexproof, shroud; red and green Spree spells; "you control" spells; a
# spell that targets players only.
TARGET_POOL = (
    "Silver Knight",
    "Slippery Bogle",
    "Kodama of the North Tree",
    "Explosive Derailment",
    "Trash the Town",
    "Prey Upon",
    "Ranger's Guile",
    "Lava Spike",
)


def pool(*names: str):
    database = default_card_database()
    return [database.get(name) for name in names]


def write_pool(path, *names: str):
    """A card file holding the bundled records of these real cards, one JSON object per line."""
    wanted = set(names)
    lines = [
        line
        for line in (ROOT / "models" / "data" / "cards.jsonl").read_text(encoding="utf-8").splitlines()
        if line.strip() and json.loads(line)["name"] in wanted
    ]
    assert len(lines) == len(wanted)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def edges_of(graph: nx.DiGraph, kind: str) -> set[tuple[str, str]]:
    return {(u, v) for u, v, d in graph.edges(data=True) if d["kind"] == kind}


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_splice_edges_follow_the_quality_and_never_the_card_itself() -> None:
    """CR 702.47a: onto a spell with the quality; CR 601.2a: the card cast is on the stack, not in hand."""
    graph = build_interaction_graph(pool(*SPLICE_POOL)).graph
    arcane = {"Reach Through Mists", "Lava Spike", "Glacial Ray", "Kodama's Might"}
    every_spell = set(SPLICE_POOL)
    expected = {("Glacial Ray", host) for host in arcane - {"Glacial Ray"}}
    expected |= {("Kodama's Might", host) for host in arcane - {"Kodama's Might"}}
    expected |= {("Everdream", host) for host in every_spell - {"Everdream"}}
    # 3 + 3 + 6 = 12: Quash, Everdream and Unfortunate Accident are not Arcane.
    assert edges_of(graph, "splice") == expected and len(expected) == 12
    edge = graph.edges["Glacial Ray", "Reach Through Mists"]
    # {U} + {1}{R} = {1}{U}{R}: 3 mana paid; the spell's mana value stays Mists' 1 (CR 202.3, 702.47c).
    assert (edge["quality"], edge["splice_cost"], edge["total_cost"], edge["total_mana_value"], edge["mana_value"]) == (
        "Arcane",
        "{1}{R}",
        "{1}{U}{R}",
        3,
        1,
    )
    assert (edge["host_colors"], edge["splice_colors"], edge["colors"], edge["rule"]) == ("U", "R", "UR", "CR 702.47a")


def test_a_spree_host_adds_its_cheapest_mode() -> None:
    """CR 702.172a: at least one mode is chosen and its cost paid, so the cheapest mode is in the total."""
    edge = build_interaction_graph(pool(*SPLICE_POOL)).graph.edges["Everdream", "Unfortunate Accident"]
    # Modes {2}{B} (mana value 3) and {1} (1): the {1} one. {B} + {1} + {2}{U} = {3}{U}{B}, mana value 5.
    assert (edge["mode_cost"], edge["total_cost"], edge["total_mana_value"]) == ("{1}", "{3}{U}{B}", 5)


def test_cheapest_total_costs_sorted() -> None:
    """CR 601.2f: total cost = host mana cost + splice cost; cheapest first, by mana value then cost then names."""
    graph = build_interaction_graph(pool(*SPLICE_POOL)).graph
    assert cheapest_splice_costs(graph, top=4) == [
        # Lava Spike {R} + Kodama's Might {G} = {R}{G}: 2.  "{R}{G}" sorts before "{U}{G}".
        SpliceCost("Kodama's Might", "Lava Spike", ManaCost.parse("{R}{G}"), 2),
        # Mists {U} + {G} = {U}{G}: 2.
        SpliceCost("Kodama's Might", "Reach Through Mists", ManaCost.parse("{U}{G}"), 2),
        # Kodama's Might {G} + Ray's {1}{R} = {1}{R}{G}: 3; Glacial Ray {1}{R} + Might's {G} is the same
        # cost, and "Glacial Ray" < "Kodama's Might".
        SpliceCost("Glacial Ray", "Kodama's Might", ManaCost.parse("{1}{R}{G}"), 3),
        SpliceCost("Kodama's Might", "Glacial Ray", ManaCost.parse("{1}{R}{G}"), 3),
    ]
    # The dearest: Quash {2}{U}{U} + Everdream's {2}{U} = {4}{U}{U}{U}, mana value 7.
    assert cheapest_splice_costs(graph)[-1] == SpliceCost("Everdream", "Quash", ManaCost.parse("{4}{U}{U}{U}"), 7)
    assert len(cheapest_splice_costs(graph)) == 12


def test_components_and_packages() -> None:
    """CR 702.47a-b: one component; the three splice cards share Mists and Lava Spike, none of them a member."""
    graph = build_interaction_graph(pool(*SPLICE_POOL)).graph
    assert splice_components(graph) == [tuple(sorted(SPLICE_POOL))]
    # Hosts: Ray {Mists, Spike, Might}; Might {Mists, Spike, Ray}; Everdream all but itself.
    # Common to the three, members removed: Lava Spike, Reach Through Mists.
    assert splice_packages(graph) == [
        SplicePackage(("Everdream", "Glacial Ray", "Kodama's Might"), ("Lava Spike", "Reach Through Mists")),
    ]
    assert unusable_splice_cards(graph) == []


def test_two_splice_cards_with_only_each_other_are_no_package() -> None:
    """CR 601.2a, 702.47a: Ray takes Might and Might takes Ray, but no third host takes both."""
    graph = build_interaction_graph(pool("Glacial Ray", "Kodama's Might")).graph
    assert edges_of(graph, "splice") == {("Glacial Ray", "Kodama's Might"), ("Kodama's Might", "Glacial Ray")}
    assert splice_packages(graph) == [
        SplicePackage(("Glacial Ray",), ("Kodama's Might",)),
        SplicePackage(("Kodama's Might",), ("Glacial Ray",)),
    ]


def test_a_splice_card_with_no_host_is_unusable() -> None:
    """CR 702.47a: Glacial Ray splices onto Arcane only; Quash and Everdream are not Arcane, and never onto itself."""
    graph = build_interaction_graph(pool("Glacial Ray", "Quash", "Everdream")).graph
    assert unusable_splice_cards(graph) == ["Glacial Ray"]
    # Everdream still splices onto both others (instant or sorcery).
    assert edges_of(graph, "splice") == {("Everdream", "Glacial Ray"), ("Everdream", "Quash")}
    assert [p.cards for p in splice_packages(graph)] == [("Everdream",)]
    alone = build_interaction_graph(pool("Glacial Ray")).graph
    assert (unusable_splice_cards(alone), splice_components(alone), splice_packages(alone)) == (
        ["Glacial Ray"],
        [("Glacial Ray",)],
        [],
    )


def test_target_edges_protection_hexproof_shroud() -> None:
    """CR 702.16b, 702.11b, 702.18a: which protected permanents each spell's targets can't choose."""
    graph = build_interaction_graph(pool(*TARGET_POOL)).graph
    edges = {(u, v): d for u, v, d in graph.edges(data=True) if d["kind"] == "target"}
    # 4 creature-targeting spells x 3 protected creatures; Lava Spike targets players only.
    assert len(edges) == 12 and "Lava Spike" not in graph

    def verdict(spell: str, permanent: str) -> tuple:
        d = edges[spell, permanent]
        return d["blocked"], d["rule"], d["opponents_only"], d["open_phrases"]

    # Red Explosive Derailment, "target creature" (its artifact mode names no creature).
    assert edges["Explosive Derailment", "Silver Knight"]["phrases"] == "target creature"
    assert verdict("Explosive Derailment", "Silver Knight") == (True, "CR 702.16b", False, "")
    assert edges["Explosive Derailment", "Silver Knight"]["reason"] == "protection from red"
    assert verdict("Explosive Derailment", "Slippery Bogle") == (True, "CR 702.11b", True, "")
    assert verdict("Explosive Derailment", "Kodama of the North Tree") == (True, "CR 702.18a", False, "")
    # Green Trash the Town: protection from red does not stop it.
    assert verdict("Trash the Town", "Silver Knight") == (False, "", False, "target creature")
    # "Target creature you control": hexproof does not stop its controller's spells (CR 702.11b) ...
    assert verdict("Ranger's Guile", "Slippery Bogle") == (False, "", False, "target creature you control")
    assert verdict("Prey Upon", "Slippery Bogle") == (False, "", False, "target creature you control")
    # ... shroud stops every spell (CR 702.18a), both of Prey Upon's instances.
    assert verdict("Prey Upon", "Kodama of the North Tree") == (True, "CR 702.18a", False, "")
    assert verdict("Ranger's Guile", "Kodama of the North Tree") == (True, "CR 702.18a", False, "")


def test_a_quality_the_permanent_lacks_makes_no_edge() -> None:
    """CR 115.1: the target rules judge the pair: "target nonlegendary creature" names no legendary creature.

    Blind with Anger's phrase can't name Kodama of the North Tree (legendary) whatever its shroud; it names
    Slippery Bogle, whose hexproof stops opponents only (CR 702.11b).
    """
    graph = build_interaction_graph(pool("Blind with Anger", "Kodama of the North Tree", "Slippery Bogle")).graph
    assert set(edges_of(graph, "target")) == {("Blind with Anger", "Slippery Bogle")}
    edge = graph.edges["Blind with Anger", "Slippery Bogle"]
    assert (edge["blocked"], edge["rule"], edge["opponents_only"]) == (True, "CR 702.11b", True)


def test_pairs_the_rules_cannot_judge_are_left_out_and_listed() -> None:
    """CR 613.4: a quality naming power of a permanent whose power a static ability not read changes is not judged.

    Terashi's Verdict ("target attacking creature with power 3 or less") and Blood Baron of Vizkopa (protection
    from white and from black; "as long as you have 30 or more life and an opponent has 10 or less life, this
    creature gets +6/+6", a condition not read): no edge, and the pair is listed.
    """
    found = build_interaction_graph(pool("Terashi's Verdict", "Blood Baron of Vizkopa"))
    assert edges_of(found.graph, "target") == set()
    assert [(spell, permanent) for spell, permanent, _ in found.undecided] == [
        ("Terashi's Verdict", "Blood Baron of Vizkopa")
    ]
    assert "CR 613.4" in found.undecided[0][2]


def test_the_two_relations_apart() -> None:
    """splice_graph and target_graph split the graph by edge kind; a splice card with no host stays a node."""
    graph = build_interaction_graph(pool("Glacial Ray", "Silver Knight", "Quash")).graph
    # Glacial Ray has no Arcane host; its "any target" names Silver Knight (protection from red).
    assert (sorted(splice_graph(graph)), splice_graph(graph).number_of_edges()) == (["Glacial Ray"], 0)
    assert list(target_graph(graph).edges) == [("Glacial Ray", "Silver Knight")]


def test_unread_cards_are_skipped_and_counted() -> None:
    """Text that is not read is never guessed: Crushing Pain and Collectigull are skipped.

    Crushing Pain's "target creature that was dealt damage this turn" is not read, nor Collectigull's "protection
    from common" (a rarity, no quality of the rules).
    """
    found = build_interaction_graph(pool("Crushing Pain", "Collectigull", "Reach Through Mists", "Glacial Ray"))
    assert found.cards == 4
    assert [(s.name, s.role) for s in found.skipped] == [
        ("Crushing Pain", "spell"),
        ("Collectigull", "permanent"),
    ]
    assert "Crushing Pain" not in found.graph and "Collectigull" not in found.graph
    assert edges_of(found.graph, "splice") == {("Glacial Ray", "Reach Through Mists")}


def test_a_host_without_mana_cost_is_not_a_host() -> None:
    """CR 118.6: Evermind has no mana cost, so it can't be cast by paying it: listed, no edge."""
    found = build_interaction_graph(pool("Glacial Ray", "Evermind"))
    assert found.uncastable_hosts == ("Evermind",)
    # Evermind still splices onto Glacial Ray: {1}{R} + {1}{U} = {2}{U}{R}.
    assert edges_of(found.graph, "splice") == {("Evermind", "Glacial Ray")}
    assert found.graph.edges["Evermind", "Glacial Ray"]["total_cost"] == "{2}{U}{R}"


@pytest.mark.parametrize("fmt", ["graphml", "json"])
def test_graph_file_round_trip(tmp_path, fmt) -> None:
    """The written graph reads back with the same nodes, edges and attributes."""
    graph = build_interaction_graph(pool(*SPLICE_POOL, *TARGET_POOL)).graph
    path = tmp_path / f"pool.{fmt}"
    write_graph(graph, path, fmt)
    if fmt == "graphml":
        back = nx.read_graphml(path)
    else:
        back = nx.node_link_graph(json.loads(path.read_text(encoding="utf-8")), edges="edges")
    assert dict(back.nodes(data=True)) == dict(graph.nodes(data=True))
    assert {(u, v): d for u, v, d in back.edges(data=True)} == {(u, v): d for u, v, d in graph.edges(data=True)}
    assert back.is_directed()
    assert [p.name for p in tmp_path.iterdir()] == [path.name]  # no temporary file left
    plain = tmp_path / "plain"
    plain.write_text("")
    assert path.stat().st_mode == plain.stat().st_mode  # the permissions of any new file


def test_png_is_written(tmp_path) -> None:
    """A PNG drawing (matplotlib, Agg): the file starts with the PNG signature."""
    graph = build_interaction_graph(pool(*SPLICE_POOL, *TARGET_POOL)).graph
    path = tmp_path / "pool.png"
    write_graph(graph, path, "png")
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_cli_prints_the_report(capsys, tmp_path) -> None:
    """``legalcasts graph --cards FILE``: exit 0 and the report of the pool."""
    cards = write_pool(tmp_path / "pool.jsonl", *SPLICE_POOL, "Crushing Pain")
    code, out, err = run(capsys, "graph", "--cards", str(cards), "--top", "2")
    lines = out.splitlines()
    assert (code, err) == (0, "")
    assert (
        lines[0] == "8 cards; 1 card skipped, text not read (1 instant or sorcery, 0 permanents with unread "
        "targeting text)"
    )
    assert "splice: 3 splice cards, 12 edges (CR 702.47a)" in lines
    assert "  2  {R}{G}         Kodama's Might onto Lava Spike" in lines
    assert (
        "  3 cards, 2 common hosts (Lava Spike, Reach Through Mists): Everdream, Glacial Ray, Kodama's Might" in lines
    )
    assert lines[-1] == "splice cards with no host in the pool: none"


def test_cli_writes_the_file(capsys, tmp_path) -> None:
    """``--format json --output FILE`` writes node-link JSON and says so."""
    cards = write_pool(tmp_path / "pool.jsonl", "Glacial Ray", "Quash")
    output = tmp_path / "graph.json"
    code, out, err = run(capsys, "graph", "--cards", str(cards), "--format", "json", "--output", str(output))
    assert (code, err) == (0, "")
    assert "splice cards with no host in the pool: Glacial Ray" in out.splitlines()
    assert out.splitlines()[-1] == f"wrote json to {output}"
    data = json.loads(output.read_text(encoding="utf-8"))
    assert [node["id"] for node in data["nodes"]] == ["Glacial Ray"] and data["edges"] == []


def test_cli_draws_a_png(capsys, tmp_path) -> None:
    """``--format png --output FILE``: exit 0, a PNG file."""
    cards = write_pool(tmp_path / "pool.jsonl", *TARGET_POOL)
    output = tmp_path / "graph.png"
    code, out, err = run(capsys, "graph", "--cards", str(cards), "--format", "png", "--output", str(output))
    assert (code, err, out.splitlines()[-1]) == (0, "", f"wrote png to {output}")
    assert output.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--format", "svg", "--output", "x.svg"], "legalcasts: error: argument --format: invalid choice: 'svg'"),
        (["--cards", "no-such-file.jsonl"], "legalcasts: error: no-such-file.jsonl: cannot read card file"),
        (["--format", "png"], "legalcasts: error: --format: needs --output"),
        (["--output", "graph.png"], "legalcasts: error: --output: needs --format"),
        (
            ["--format", "json", "--output", "missing-directory/graph.json"],
            "legalcasts: error: --output: cannot write 'missing-directory/graph.json': no directory "
            "'missing-directory'",
        ),
        (["--top", "-1"], "legalcasts: error: --top: must be 0 or more (got -1)"),
    ],
)
def test_cli_bad_input_is_one_line_and_exit_2(capsys, tmp_path, monkeypatch, argv, message) -> None:
    """Bad input: one line on stderr, exit code 2, nothing written."""
    monkeypatch.chdir(tmp_path)
    cards = write_pool(tmp_path / "pool.jsonl", "Glacial Ray")
    argv = argv if "--cards" in argv else ["--cards", str(cards), *argv]
    code, out, err = run(capsys, "graph", *argv)
    assert (code, out) == (2, "")
    assert err.startswith(message) and err.count("\n") == 1
    assert sorted(p.name for p in tmp_path.iterdir()) == ["pool.jsonl"]


def test_splice_cost_without_mana_is_shown() -> None:
    """CR 702.47a: a splice cost without mana adds no mana, and its sacrifice is named.

    Torrent of Stone's splice cost is "Sacrifice two Mountains": no mana, so spliced onto Glacial Ray the total
    is the Ray's {1}{R} (mana value 2), and the sacrifice is named; the Ray onto Torrent of Stone costs
    {3}{R} + {1}{R} = {4}{R}{R} (mana value 6).
    """
    found = build_interaction_graph(pool("Torrent of Stone", "Glacial Ray"))
    costs = cheapest_splice_costs(found.graph)
    assert [(c.splice, c.host, str(c.total_cost), c.mana_value, c.other_cost) for c in costs] == [
        ("Torrent of Stone", "Glacial Ray", "{1}{R}", 2, "sacrifice two mountains."),
        ("Glacial Ray", "Torrent of Stone", "{4}{R}{R}", 6, ""),
    ]
