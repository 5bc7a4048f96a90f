"""A report rendered in a real headless browser (Debian's chromium): every chart must load."""

import re
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest

from simulator.analysis import report

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
