"""The README's picture of the explorer page: ``python -m scripts.explorer_screenshot`` writes docs/explorer.png.

It runs ``legalcasts explore`` on an example, opens the page in the system's headless Chromium (Playwright), walks
one card's prompts down to its targets, and keeps 1280×800 pixels from the board down as a PNG of few colours
(under 150 KB).
"""

from __future__ import annotations

import io
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "docs" / "explorer.png"


def main() -> int:
    from PIL import Image
    from playwright.sync_api import sync_playwright

    server = subprocess.Popen(
        [sys.executable, "-m", "legalcasts.cli.main", "explore", "examples/case02-mists-ray-silver-knight.json"],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    try:
        assert server.stdout is not None
        found = re.search(r"(http://\S+)", server.stdout.readline())
        if found is None:
            print("explorer_screenshot: legalcasts explore printed no address", file=sys.stderr)
            return 1
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
            page = browser.new_page(viewport={"width": 1280, "height": 800})
            page.goto(found.group(1))
            page.wait_for_selector("#status:has-text('Loaded')")
            page.get_by_role("button", name="Walk the prompts of Reach Through Mists").click()
            page.locator("#tree li[data-prompt=splice_set] button[data-value='[\"ray\"]']").click()
            page.locator("#tree li[data-prompt=target_0]").wait_for()
            page.locator(".card[data-id=knight]").hover()
            top = page.locator("#position-summary").bounding_box()["y"] - 8
            png = page.screenshot(full_page=True, clip={"x": 0, "y": top, "width": 1280, "height": 800})
            browser.close()
    finally:
        server.terminate()
        server.wait(timeout=20)
    picture = Image.open(io.BytesIO(png)).convert("RGB").quantize(colors=48, method=Image.Quantize.MEDIANCUT)
    picture.save(OUT, optimize=True)
    print(f"{OUT.relative_to(ROOT)}: {OUT.stat().st_size:,} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
