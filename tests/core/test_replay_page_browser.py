"""The replay page in a browser (issue 38 items 7 and 8): the step is drawn before the page's load
event (a screenshot at ``#step=N`` came out blank when the frames were inflated asynchronously
and the machine was busy), and the picture fits a phone's width instead of scrolling."""

from __future__ import annotations

import json
import re
import shutil
import subprocess

import pytest

from simulator.core.engine.replay_page import _TEMPLATE, Frame, page_html, svg_document, text, write_page
from tests.replay_helpers import chromium_command, page_data

NODE = shutil.which("node")


def _frames(count: int = 5, width: int = 1200) -> list[Frame]:
    return [Frame(svg_document(width, 700, [text(10, 30, f"picture {i} " + "x" * (i * 300))]), (f"line {i}",),
                  f"seat 1 decides (move): option {i}")
            for i in range(count)]  # fmt: skip


def test_the_frames_are_inflated_synchronously_by_the_page_itself(tmp_path):
    """No DecompressionStream (asynchronous) and no promise before the first step is shown; the
    page's own inflate gives back the stored JSON (run in node when it is installed)."""
    assert "DecompressionStream" not in _TEMPLATE and ".then(" not in _TEMPLATE and "await" not in _TEMPLATE
    if NODE is None:
        pytest.skip("node is not installed: the page's inflate is checked in chromium only")
    page = tmp_path / "page.html"
    write_page(page, page_html("Toy", ["header"], _frames(40)))
    script = _TEMPLATE[_TEMPLATE.index("function inflate(bytes)"):_TEMPLATE.index("function show(i)")]
    packed = re.search(r'<script id="data" type="application/octet-stream">(.*?)</script>', page.read_text(), re.S)
    runner = tmp_path / "inflate.js"
    runner.write_text(script + f"\nprocess.stdout.write(JSON.stringify(unpack({json.dumps(packed.group(1).strip())})));")
    result = subprocess.run([NODE, str(runner)], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout) == page_data(page)


def test_the_step_of_the_address_is_drawn_when_the_page_has_loaded(tmp_path):
    """The DOM chromium dumps at load (no virtual time granted to promises) holds the picture and
    the decision of ``#step=3``."""
    page = tmp_path / "page.html"
    write_page(page, page_html("Toy", ["header"], _frames()))
    result = subprocess.run(chromium_command("--dump-dom", page.as_uri() + "#step=3"), capture_output=True, text=True,
                            timeout=180)  # fmt: skip
    table = re.search(r'<div id="table">(.*?)</div><div id="side">', result.stdout, re.S)
    assert table and "picture 2" in table.group(1), result.stdout[-2000:]
    assert "step 3 of 5" in result.stdout and "option 2" in result.stdout


PHONE_PROBE = """<script>
const __svg = document.querySelector("#table svg").getBoundingClientRect();
const __out = parent.document.createElement("pre");
__out.id = "probe";
__out.textContent = JSON.stringify({page: document.documentElement.scrollWidth, window: window.innerWidth,
                                    svg: __svg.width, svgRight: __svg.right});
parent.document.body.appendChild(__out);
</script>"""


@pytest.mark.parametrize("window", [390, 1280])
def test_the_picture_scales_to_the_window_width_instead_of_scrolling(tmp_path, window):
    """The page in a frame ``window`` pixels wide (headless chromium's own window is 500 pixels
    wide at least): the page is no wider than the frame and the picture fills it."""
    import html

    page = tmp_path / "page.html"
    write_page(page, page_html("Toy", ["header"], _frames(width=1400)))
    probed = page.read_text().replace("</body>", PHONE_PROBE + "</body>", 1)
    holder = tmp_path / "holder.html"
    holder.write_text(f'<!DOCTYPE html><html><body style="margin:0"><iframe width="{window}" height="900" '
                      f'style="border:0" srcdoc="{html.escape(probed, quote=True)}"></iframe></body></html>')
    result = subprocess.run(chromium_command("--window-size=1400,1000", "--dump-dom", holder.as_uri()),
                            capture_output=True, text=True, timeout=180)  # fmt: skip
    found = re.search(r'<pre id="probe">(.*?)</pre>', result.stdout, re.S)
    assert found, result.stderr[-2000:]
    probe = json.loads(html.unescape(found.group(1)))
    assert probe["window"] == window
    assert probe["page"] <= window, probe  # nothing scrolls sideways
    assert probe["svgRight"] <= window and probe["svg"] > (0.85 * window if window < 700 else 0.5 * window), probe
