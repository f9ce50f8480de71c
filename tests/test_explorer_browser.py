"""The explorer page in a real headless Chromium (the system's ``chromium``), driven by Playwright.

The server is ``legalcasts explore`` run as a user runs it; the page talks to it only over JSON-RPC. Each step
writes a screenshot under ``tests/artifacts/explorer/`` (git-ignored; ``LEGALCASTS_ARTIFACTS`` moves it).
The browser is required: a missing Chromium or Playwright fails these tests, saying what to install. They are
skipped only when ``LEGALCASTS_NO_BROWSER=1`` is set, which says so in the skip reason.

Accessibility is checked by axe-core (shipped inside the ``axe-playwright-python`` package, run on the page as
it stands after each load) and by our own walk of the focus order with the Tab key.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import ROOT

CHROMIUM = Path(os.environ.get("LEGALCASTS_CHROMIUM", "/usr/bin/chromium"))
ARTIFACTS = Path(os.environ.get("LEGALCASTS_ARTIFACTS", ROOT / "tests" / "artifacts")) / "explorer"
WIDE = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}

if os.environ.get("LEGALCASTS_NO_BROWSER") == "1":
    pytest.skip("LEGALCASTS_NO_BROWSER=1: the explorer's browser tests are not run", allow_module_level=True)


def _legalcasts(*argv: str) -> tuple[int, str]:
    """Run ``legalcasts ARGV`` in process: its exit code and what it printed."""
    from legalcasts.cli.main import main

    printed = io.StringIO()
    with contextlib.redirect_stdout(printed), contextlib.redirect_stderr(io.StringIO()):
        code = main(list(argv))
    return code, printed.getvalue()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        pytest.fail("Playwright is not installed: pip install -e '.[test]' (or set LEGALCASTS_NO_BROWSER=1)")
    if not CHROMIUM.is_file():
        pytest.fail(
            f"no Chromium at {CHROMIUM}: apt-get install chromium chromium-driver (.ci/run does), "
            "or set LEGALCASTS_CHROMIUM to its path (or LEGALCASTS_NO_BROWSER=1)"
        )
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=str(CHROMIUM), args=["--no-sandbox"])
        yield launched
        launched.close()


@pytest.fixture(scope="module")
def explore() -> Iterator[str]:
    """``legalcasts explore examples/case10-mists-ritual-ray.json``: the page's address it prints."""
    process = subprocess.Popen(
        [sys.executable, "-m", "legalcasts.cli.main", "explore", "examples/case10-mists-ritual-ray.json"],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    try:
        assert process.stdout is not None
        line = process.stdout.readline()  # printed once listening
        found = re.fullmatch(r"legalcasts explore: (http://127\.0\.0\.1:\d+/)\?digest=([0-9a-f]{32})&name=\S+\n", line)
        assert found, f"explore printed {line!r}"
        yield found.group(0).split(": ", 1)[1].strip()
    finally:
        process.terminate()
        process.wait(timeout=20)


def _base(address: str) -> str:
    return address.split("?", 1)[0]


@pytest.fixture()
def page(browser: Any) -> Iterator[Any]:
    context = browser.new_context(viewport=WIDE)
    opened = context.new_page()
    errors: list[str] = []
    opened.on("pageerror", lambda exc: errors.append(str(exc)))
    yield opened
    context.close()
    assert errors == [], f"the page's script failed: {errors}"


def _shot(page: Any, name: str) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


def _load_path(page: Any, address: str, path: str) -> None:
    """Load a state file by its path, through the page's form (``read_state_file``, then ``load_state``)."""
    page.goto(_base(address))
    page.get_by_label("State file or puzzle, a path under the server's folder").fill(path)
    page.get_by_role("button", name="Load", exact=True).click()
    page.wait_for_selector(f"#status:has-text('Loaded {path}')")


def _shown_counts(page: Any) -> dict[str, int]:
    return {
        row.get_attribute("data-card"): int(row.locator(".count").get_attribute("data-count"))
        for row in page.locator("#counts tbody tr").all()
    }


def test_explore_shows_the_position_and_the_counts_of_legalcasts_count(page, explore):
    page.goto(explore)
    page.wait_for_selector("#status:has-text('Loaded case10-mists-ritual-ray.json')")
    _shot(page, "01-position-case10")
    # the board: P1's hand of three spells and five lands (Island, 4 Mountains), drawn by player and zone
    assert page.get_by_role("list", name="P1's hand").get_by_role("button").count() == 3
    assert page.get_by_role("list", name="P1's battlefield").get_by_role("button").count() == 5
    # Reach 8 (1 + 1 + 2 + 2 splice orders x 2 targets), Ritual 3, Ray 4: 15 (examples/README.md, CR 702.47a)
    shown = _shown_counts(page)
    assert shown == {"mists": 8, "ritual": 3, "ray": 4}
    total = int(page.locator("#total-count").get_attribute("data-count"))
    assert total == 15 == sum(shown.values())
    state = "examples/case10-mists-ritual-ray.json"
    assert _legalcasts("count", state) == (0, f"{total}\n")
    for card, count in shown.items():
        assert _legalcasts("count", state, "--object", card) == (0, f"{count}\n")
    # the Oracle text on hover
    page.get_by_role("button", name="Glacial Ray").first.hover()
    assert "Glacial Ray deals 2 damage to any target." in page.locator("#tip").inner_text()
    _shot(page, "02-oracle-text-on-hover")


def test_an_uploaded_state_with_a_card_left_out_and_its_unread_text(page, explore, tmp_path):
    odd = {"name": "Odd Bolt", "mana_cost": "{R}", "type_line": "Instant", "oracle_text": "Odd Bolt deals 3 damage to "}
    odd["oracle_text"] += "target frobnicated quux."  # a target phrase no rule reads: it bears on the casts
    state = {
        "players": ["P1", "P2"],
        "objects": [
            {"id": "bolt", "card": "Lightning Bolt", "zone": "hand", "owner": "P1"},
            {"id": "odd", "card": odd, "zone": "hand", "owner": "P1"},
            {"id": "m", "card": "Mountain", "zone": "battlefield", "controller": "P1"},
        ],
    }
    upload = tmp_path / "odd-bolt.json"
    upload.write_text(json.dumps(state), encoding="utf-8")
    page.goto(_base(explore))
    page.get_by_label("Or upload a state file (.json)").set_input_files(str(upload))
    page.wait_for_selector("#status:has-text('Loaded odd-bolt.json')")
    # Lightning Bolt: "any target" is P1 or P2, the Mountain being no creature, planeswalker or battle (CR 115.4)
    assert _shown_counts(page) == {"bolt": 2}
    assert page.locator("#total-count").get_attribute("data-count") == "2"
    left_out = page.locator("#left-out li").all_inner_texts()
    assert len(left_out) == 1 and left_out[0].startswith("Odd Bolt (odd): Odd Bolt: unsupported rules text")
    assert "'target frobnicated quux.'" in left_out[0]
    _shot(page, "03-left-out-unread-text")


def test_a_position_built_from_french_card_names(page, explore):
    page.goto(_base(explore))
    page.get_by_text("Or build a position from card names (English or French)").click()
    for name, player, zone in [
        ("Rayon glaciaire", "P1", "hand"),
        ("Montagne", "P1", "battlefield"),
        ("Montagne", "P1", "battlefield"),
        ("Chevalier argenté", "P2", "battlefield"),
    ]:
        page.get_by_label("Card name").fill(name)
        page.get_by_label("Player").select_option(player)
        page.get_by_label("Zone").select_option(zone)
        page.get_by_role("button", name="Add the card").click()
    assert page.locator("#build-list li").count() == 4
    page.get_by_role("button", name="Load this position").click()
    page.wait_for_selector("#status:has-text('Loaded the position built')")
    # Glacial Ray ({1}{R}, two Mountains): any target is P1 or P2; Silver Knight has protection from red, and
    # Glacial Ray is red (CR 702.16b): 2 casts
    assert _shown_counts(page) == {"c1": 2}
    assert (
        page.get_by_role("list", name="P2's battlefield")
        .get_by_role("button")
        .first.inner_text()
        .startswith("Silver Knight")
    )
    _shot(page, "03b-position-built-by-name")


def test_a_forge_puzzle_loads_by_its_path(page, explore):
    """A puzzle is read as ``legalcasts count`` reads it: Cryptic Command 24 + Glacial Ray 4 = 28 (forge-puzzles.md)."""
    _load_path(page, explore, "examples/forge-cryptic-counter.pzl")
    assert sum(_shown_counts(page).values()) == 28


def test_walk_a_cards_prompts_to_a_cast_that_check_accepts(page, explore, tmp_path):
    _load_path(page, explore, "examples/rules08-collective-brutality.json")
    # Collective Brutality, escalate {discard a card}: 10 casts (examples/README.md); Grizzly Bears in hand, 0
    # (two Swamps pay no {G}, CR 601.2h)
    assert _shown_counts(page) == {"brutality": 10, "bearscard": 0}
    page.get_by_role("button", name="Walk the prompts of Collective Brutality").click()
    modes = page.locator("#tree li[data-prompt=modes]")
    modes.wait_for()
    # one option per set of modes, each with its casts: the mode's targets times the cards that may pay escalate
    # once per extra mode (CR 702.120a): [0, 1] = one opponent x one creature x two cards to discard = 2
    options = {b.get_attribute("data-value"): b.inner_text() for b in modes.locator(".options button").all()}
    assert options["[0,1]"].endswith(": 2 casts") and options["[0]"].endswith(": 1 cast")
    _shot(page, "04-prompt-modes")
    modes.locator("button[data-value='[0,1]']").click()
    discards = page.locator("#tree li[data-prompt=discards]")
    discards.wait_for()
    _shot(page, "05-prompt-discards")
    discards.locator("""button[data-value='["bearscard"]']""").click()
    page.wait_for_selector("#done-json", state="attached")
    cast = json.loads(page.locator("#done-json").text_content())
    assert cast["card"] == "brutality" and cast["modes"] == [0, 1] and cast["discards"] == ["bearscard"]
    # the spell's cost is {1}{B}; escalate adds no mana (its cost is the discard, CR 702.120a)
    assert page.locator("#done-cost").inner_text() == "{1}{B}"
    # {1}{B} from two Swamps: one way to pay, both tapped (CR 601.2g-h); the discard is the cast's own
    page.wait_for_selector("#payment-list li")
    ways = page.locator("#payment-list li").all_inner_texts()
    assert len(ways) == 1 and "(swa1)" in ways[0] and "(swa2)" in ways[0] and ways[0].endswith("(the default)")
    _shot(page, "06-complete-cast")
    # the command line's check accepts the cast the page reached
    cast_file = tmp_path / "cast.json"
    cast_file.write_text(json.dumps(cast), encoding="utf-8")
    code, printed = _legalcasts("check", "examples/rules08-collective-brutality.json", str(cast_file))
    assert code == 0 and "legal" in printed
    page.get_by_role("button", name="Check this cast").first.click()
    page.wait_for_selector("#verdict-line")
    assert page.locator("#verdict-line").inner_text().startswith("Legal")


def test_a_reason_with_its_rule_for_an_illegal_target(page, explore):
    _load_path(page, explore, "examples/case02-mists-ray-silver-knight.json")
    # Glacial Ray: any target, but Silver Knight has protection from red: P1 or P2, 2 casts (CR 702.16b)
    assert _shown_counts(page)["ray"] == 2
    page.get_by_role("button", name="Walk the prompts of Glacial Ray").click()
    target = page.locator("#tree li[data-prompt=target_0]")
    target.wait_for()
    offered = [b.get_attribute("data-value") for b in target.locator(".options button").all()]
    assert offered == ['["P1"]', '["P2"]']  # the Knight is never offered
    target.locator("""button[data-value='["P2"]']""").click()
    page.get_by_role("button", name="Change it (why not)").click()
    page.get_by_label('Target of "any target" (instance 0)').select_option("knight")
    page.get_by_role("button", name="Check this cast", exact=True).last.click()
    page.wait_for_selector("#verdict .reasons li")
    assert page.locator("#verdict-line").inner_text().startswith("Illegal")
    reasons = page.locator("#verdict .reasons li").all_inner_texts()
    assert any(r.startswith("CR 702.16b") and "Silver Knight" in r for r in reasons), reasons
    _shot(page, "07-why-not")


def test_the_interaction_graph_is_drawn_and_navigable(page, explore):
    _load_path(page, explore, "examples/case01-mists-might-crusader.json")
    graph = page.locator("#graph svg")
    graph.wait_for()
    # Kodama's Might -> Reach Through Mists (splice onto Arcane, CR 702.47a); Might -> Mirran Crusader, blocked by
    # protection from green (CR 702.16b): three cards, two relations
    assert graph.locator(".node").count() == 3
    assert graph.locator(".edge.splice").count() == 1 and graph.locator(".edge.blocked").count() == 1
    crusader = graph.locator(".node[data-name='Mirran Crusader']")
    crusader.focus()
    page.keyboard.press("Enter")
    edges = page.locator("#graph-edges li").all_inner_texts()
    assert edges == ["Kodama's Might can't target Mirran Crusader: protection from black and from green (CR 702.16b)"]
    _shot(page, "08-graph")


def test_the_page_fits_a_phone_screen(browser, explore):
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    try:
        page.goto(explore)
        page.wait_for_selector("#status:has-text('Loaded')")
        page.get_by_role("button", name="Walk the prompts of Reach Through Mists").click()
        page.locator("#tree li[data-prompt]").first.wait_for()
        # nothing wider than the screen but the tables and the graph, which scroll in their own boxes
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= PHONE["width"], f"the page is {width} px wide on a {PHONE['width']} px screen"
        assert _axe_violations(page) == []  # the same checks as on a wide screen (contrast, names, ...)
        _shot(page, "09-phone-390px")
    finally:
        context.close()


def _axe_violations(page: Any) -> list[str]:
    from importlib import resources

    page.add_script_tag(path=str(resources.files("axe_playwright_python").joinpath("axe.min.js")))
    found = page.evaluate(
        """async () => {
            const result = await axe.run(document, {runOnly: {type: "tag",
                values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]}});
            return result.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.length}: ${v.nodes.slice(0, 3)
                .map((n) => n.target.join(" ")).join("; ")})`);
        }"""
    )
    return list(found)


def test_keyboard_and_screen_reader_labels(page, explore):
    page.goto(explore)
    page.wait_for_selector("#status:has-text('Loaded')")
    # axe-core: every control named, contrast, landmarks, headings, ARIA used as specified
    assert _axe_violations(page) == []
    # the focus order is the reading order: Tab reaches each visible control once, in the order of the page
    expected = page.evaluate(
        """() => [...document.querySelectorAll('a[href], button, input, select, textarea, summary, [tabindex="0"]')]
            .filter((e) => !e.disabled && e.checkVisibility({visibilityProperty: true}))
            .map((e) => e.id || e.dataset.id || e.dataset.name || e.getAttribute("aria-label")
                || e.textContent.trim())"""
    )
    positive = "[tabindex]:not([tabindex='0']):not([tabindex='-1'])"  # a tabindex above 0 breaks the order
    assert page.evaluate(f"document.querySelectorAll({positive!r}).length") == 0
    reached = []
    for _ in expected:
        page.keyboard.press("Tab")
        reached.append(
            page.evaluate(
                """() => { const e = document.activeElement; return e.id || e.dataset.id || e.dataset.name
                    || e.getAttribute("aria-label") || e.textContent.trim(); }"""
            )
        )
    assert reached == expected
    # the prompts walked with the keyboard alone: Enter on the card's button, then on an option at each prompt
    page.get_by_role("button", name="Walk the prompts of Desperate Ritual").focus()
    pressed = 0
    while page.evaluate("document.activeElement.id") != "check-done":
        assert pressed < 10, "the walk does not end"
        page.evaluate("document.activeElement.dataset.pressed = 'yes'")  # the page's next focus is a new element
        page.keyboard.press("Enter")
        pressed += 1
        page.wait_for_function(
            """() => { const e = document.activeElement; return !e.dataset.pressed
                && (e.id === "check-done" || e.matches("#tree li[data-prompt] .options button")); }"""
        )
    assert pressed >= 2  # the card's button, then one option at least
    page.keyboard.press("Enter")
    page.wait_for_selector("#verdict-line")
    assert page.locator("#verdict-line").inner_text().startswith("Legal")
    _shot(page, "10-keyboard-walk")
    # the page after a walk and a check, checked again
    assert _axe_violations(page) == []
