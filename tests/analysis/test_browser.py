"""A report rendered in a real headless browser (Debian's chromium): every chart must load, the
first screen holds the answers, and a phone-wide window needs no sideways scrolling (charts shrink
to its width; wide tables scroll in their own box)."""

import re
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest

from simulator.analysis.report import document as report

CHROMIUM = shutil.which("chromium") or ("/usr/bin/chromium" if Path("/usr/bin/chromium").exists() else None)
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]  # fmt: skip

# Appended to a copy of the report: after load, mark each chart with whether it decoded.
PROBE = """<script>
window.addEventListener('load', function () {
  var images = document.querySelectorAll('img');
  var loaded = 0;
  images.forEach(function (image) {
    var ok = image.complete && image.naturalWidth > 0 && image.naturalHeight > 0;
    image.setAttribute('data-probe', ok ? 'loaded' : 'broken');
    if (ok) { loaded += 1; }
  });
  var result = document.createElement('div');
  result.id = 'probe-result';
  result.textContent = 'images=' + images.length + ' loaded=' + loaded;
  document.body.appendChild(result);
});
</script>"""


@pytest.mark.skipif(CHROMIUM is None, reason="chromium is not installed (apt-get install chromium; .ci/run installs it)")
def test_every_chart_of_a_report_loads_in_headless_chromium(play, tmp_path):
    paths = [play("base", n=500), play("variant", n=500, variants=("seat2-bonus",))]
    page = report.write(report.build_report(paths), tmp_path / "report.html").read_text()
    expected = page.count("<img")
    assert expected >= 8
    probed = tmp_path / "probed.html"
    probed.write_text(page.replace("</body>", PROBE + "</body>"))
    with tempfile.TemporaryDirectory() as profile:
        finished = subprocess.run(
            [CHROMIUM, *FLAGS, f"--user-data-dir={profile}", "--virtual-time-budget=10000", "--dump-dom", probed.as_uri()],
            capture_output=True, text=True, timeout=180,
        )  # fmt: skip
    assert finished.returncode == 0, finished.stderr[-2000:]
    dom = finished.stdout
    assert f'<div id="probe-result">images={expected} loaded={expected}</div>' in dom
    assert len(re.findall(r'data-probe="loaded"', dom)) == expected
    assert 'data-probe="broken"' not in dom


# Appended to a copy of the report: where the answers block ends against the window's height,
# and whether the page is wider than the window.
LAYOUT_PROBE = """<script>
window.addEventListener('load', function () {
  var answers = document.getElementById('answers').getBoundingClientRect();
  var result = document.createElement('div');
  result.id = 'layout-result';
  result.textContent = 'top=' + Math.round(answers.top) + ' bottom=' + Math.round(answers.bottom)
    + ' viewport=' + window.innerHeight + ' width=' + window.innerWidth
    + ' page=' + document.documentElement.scrollWidth
    + ' answers=' + document.querySelectorAll('#answers li').length
    + ' answer_charts=' + document.querySelectorAll('#answers img').length
    + ' chart_width=' + Math.round(document.querySelector('#answers img').getBoundingClientRect().width)
    + ' chart_height=' + Math.round(document.querySelector('#answers img').getBoundingClientRect().height)
    + ' natural_width=' + document.querySelector('#answers img').naturalWidth
    + ' natural_height=' + document.querySelector('#answers img').naturalHeight
    + ' widest_chart=' + Math.max.apply(null, Array.prototype.map.call(document.querySelectorAll('img'),
        function (image) { return Math.ceil(image.getBoundingClientRect().right); }));
  document.body.appendChild(result);
});
</script>"""


def _layout(page: str, tmp_path, width: int, height: int) -> dict:
    probed = tmp_path / f"layout-{width}.html"
    probed.write_text(page.replace("</body>", LAYOUT_PROBE + "</body>"))
    with tempfile.TemporaryDirectory() as profile:
        finished = subprocess.run(
            [CHROMIUM, *FLAGS, f"--user-data-dir={profile}", f"--window-size={width},{height}", "--virtual-time-budget=10000",
             "--dump-dom", probed.as_uri()], capture_output=True, text=True, timeout=180,
        )  # fmt: skip
    assert finished.returncode == 0, finished.stderr[-2000:]
    found = re.search(r'<div id="layout-result">([^<]*)</div>', finished.stdout)
    assert found, finished.stdout[-2000:]
    return {key: int(value) for key, value in (item.split("=") for item in found.group(1).split())}


@pytest.mark.skipif(CHROMIUM is None, reason="chromium is not installed (apt-get install chromium; .ci/run installs it)")
def test_the_first_screen_holds_the_answers_and_a_phone_needs_no_sideways_scrolling(play, tmp_path):
    paths = [play("base", n=400), play("variant", n=400, variants=("seat2-bonus",)), play("same", n=400, variants=("cosmetic-a",))]
    page = report.write(report.build_report(paths), tmp_path / "report.html").read_text()
    assert '<meta name="viewport" content="width=device-width, initial-scale=1">' in page
    desktop = _layout(page, tmp_path, 1280, 1400)
    assert desktop["viewport"] > 1000  # the window minus what the browser keeps for itself
    assert 0 <= desktop["top"] < desktop["bottom"] <= desktop["viewport"], desktop  # the whole answers block on screen one
    assert 1 <= desktop["answers"] <= report.MAX_ANSWERS and desktop["answer_charts"] == 1
    phone = _layout(page, tmp_path, 390, 844)
    assert phone["page"] <= phone["width"], phone  # wide tables scroll inside their box, not the page
    assert phone["top"] < phone["viewport"]  # the answers start on the first phone screen
    # every chart fits the phone's width, its height in proportion: nothing to scroll sideways (zoom for labels)
    assert phone["widest_chart"] <= phone["width"] and phone["chart_width"] < phone["natural_width"], phone
    ratio = phone["chart_height"] / phone["chart_width"]
    assert abs(ratio - phone["natural_height"] / phone["natural_width"]) < 0.02, phone
