"""Checking a visual replay page (``islandsim replay --html``) in headless Chromium.

The page is copied with two scripts added: one at the top of ``<head>`` that records every
uncaught error and console error, one at the end that, once the frames are inflated, steps
through the page as a reader would (the next button, the right arrow, the left arrow, End, Home,
the previous button) and writes the step shown after each action into ``<pre id="trace">``.
Chromium dumps the DOM; the test reads the trace and the errors from it.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import tempfile
import xml.dom.minidom
from pathlib import Path

import pytest

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")

ERROR_CATCHER = """<script>
window.__errors = [];
window.addEventListener("error", (e) => window.__errors.push(String(e.message)));
window.addEventListener("unhandledrejection", (e) => window.__errors.push("rejection: " + String(e.reason)));
const __consoleError = console.error;
console.error = (...args) => { window.__errors.push(args.join(" ")); __consoleError(...args); };
</script>"""

STEPPER = """<script>
(function () {
  function key(name) { document.dispatchEvent(new KeyboardEvent("keydown", {key: name, bubbles: true})); }
  function click(id) { document.getElementById(id).click(); }
  function report(trace) {
    const out = document.createElement("pre");
    out.id = "trace";
    out.textContent = JSON.stringify({trace: trace, errors: window.__errors,
                                      svg: document.querySelector("#table svg") ? document.querySelector("#table").innerHTML : "",
                                      decision: document.getElementById("decision").textContent});
    document.body.appendChild(out);
  }
  function run() {
    if (document.body.dataset.ready !== "1") { setTimeout(run, 20); return; }
    const trace = [document.body.dataset.step];
    const actions = [() => click("next"), () => key("ArrowRight"), () => key("ArrowLeft"), () => key("End"),
                     () => click("prev"), () => key("Home")];
    for (const act of actions) { act(); trace.push(document.body.dataset.step); }
    const slider = document.getElementById("slider");
    slider.value = "2"; slider.dispatchEvent(new Event("input"));
    trace.push(document.body.dataset.step);
    report(trace);
  }
  run();
})();
</script>"""


def need_chromium() -> str:
    """The Chromium executable, or the test is skipped saying why."""
    if CHROMIUM is None:
        pytest.skip("chromium is not installed (apt-get install -y chromium): the page cannot be rendered")
    return CHROMIUM


def chromium_command(*arguments: str) -> list[str]:
    """Headless Chromium with a throw-away profile."""
    profile = tempfile.mkdtemp(prefix="replay-chromium-")
    return [need_chromium(), "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
            f"--user-data-dir={profile}", *arguments]  # fmt: skip


def step_through(page: Path) -> dict:
    """Load ``page`` in Chromium, step through it, return ``{trace, errors, svg, decision}``."""
    text = page.read_text(encoding="utf-8")
    scripted = page.with_name(page.stem + "-scripted.html")
    scripted.write_text(text.replace("<head>", "<head>" + ERROR_CATCHER, 1).replace("</body>", STEPPER + "</body>", 1),
                        encoding="utf-8")  # fmt: skip
    result = subprocess.run(chromium_command("--virtual-time-budget=10000", "--dump-dom", scripted.as_uri()),
                            capture_output=True, text=True, timeout=180)  # fmt: skip
    found = re.search(r'<pre id="trace">(.*?)</pre>', result.stdout, re.S)
    assert found, f"the page never became ready; chromium said: {result.stderr[-2000:]}"
    import html

    return json.loads(html.unescape(found.group(1)))


def assert_well_formed_svg(svg: str) -> None:
    """The picture parses as XML and is an ``<svg>`` element."""
    document = xml.dom.minidom.parseString(svg)
    assert document.documentElement.tagName == "svg"


def check_page(page: Path) -> dict:
    """Everything a replay page must do in a browser: it renders a well-formed SVG, steps forward
    and back with the buttons, the arrow keys, End/Home and the slider, with no error."""
    outcome = step_through(page)
    assert outcome["errors"] == []
    steps = [int(step) for step in outcome["trace"]]
    last = steps[4]
    # first step, next, right arrow, left arrow, End, previous, Home, slider to step 3
    assert steps == [0, 1, 2, 1, last, last - 1, 0, 2], steps
    assert last > 2
    assert_well_formed_svg(outcome["svg"])
    return outcome


def page_data(page: Path) -> dict:
    """The frames stored in a page: ``{"svgs": [...], "steps": [[svg index, lines, decision], ...]}``."""
    import base64
    import gzip

    text = page.read_text(encoding="utf-8")
    packed = re.search(r'<script id="data" type="application/octet-stream">(.*?)</script>', text, re.S).group(1)
    return json.loads(gzip.decompress(base64.b64decode(packed.strip())))


def page_lines(data: dict) -> list[str]:
    """Every narrated line of a page, in order."""
    return [line for _, lines, _ in data["steps"] for line in lines]


def write_game_page(capsys, folder: Path, game: str, players: int, seed: int, *extra) -> Path:
    """``islandsim replay --game GAME --players P --seed S --html FILE [extra]``; the page's path."""
    from tests.cli_helpers import islandsim

    page = folder / f"{game}{'-'.join(str(part) for part in extra)}.html"
    status, _, err = islandsim(capsys, "replay", "--game", game, "--players", players, "--seed", seed, "--html", page,
                               *extra)  # fmt: skip
    assert status == 0, err
    assert err.startswith("wrote ") and "MB" in err
    return page


def check_game_pages(capsys, folder: Path, game: str, players: int, seed: int, viewer: int) -> tuple[dict, dict]:
    """The all-seeing page and seat ``viewer``'s (1-based) page of one game: the all-seeing page tells
    the game `islandsim replay` narrates, every picture is well-formed SVG, the page weighs under
    2 MB, the last step is the end of the game, and the seat's view hides more than the all-seeing
    one (cards face down) while naming its own seat.  Returns the two pages' data."""
    from simulator.core.run import runner
    from simulator.core.engine.replay_page import FACE_DOWN_FILL

    everything_page = write_game_page(capsys, folder, game, players, seed)
    seat_page = write_game_page(capsys, folder, game, players, seed, "--seat", viewer)
    everything, seat_view = page_data(everything_page), page_data(seat_page)
    narrated = runner.narrate(runner.prepare(runner.RunConfig(game, players, 1, seed)), 0)
    assert page_lines(everything) == narrated
    for data, page in ((everything, everything_page), (seat_view, seat_page)):
        for svg in data["svgs"]:
            assert_well_formed_svg(svg)
        assert data["steps"][-1][2] == "Game over"
        assert page.stat().st_size < 2_000_000
    backs = [svg.count(FACE_DOWN_FILL) for svg in everything["svgs"]]
    seat_backs = [svg.count(FACE_DOWN_FILL) for svg in seat_view["svgs"]]
    assert sum(seat_backs) > sum(backs)
    assert all(f"seat {viewer} = you" in svg for svg in seat_view["svgs"])
    others = [step[2] for step in seat_view["steps"] if not step[2].startswith(f"seat {viewer} ") and step[2] != "Game over"]
    # others' choices are not told, nor how many options they had (a count drawn from a hidden hand)
    assert others and all(" decides: " in text and "option" not in text for text in others)
    assert not any(re.search(r"\b[a-z0-9]+_[a-z0-9_]+\b", step[2]) for step in seat_view["steps"])  # no kind ids
    return everything, seat_view


def seat_frame(spec, drawer, state, players: int, flags, viewer: int, options, other_hand: bool = False) -> tuple[str, str]:
    """What a seat's page shows at a decision: the table's picture as ``viewer`` sees it and the
    decision's text (``replay_page.decision_text``; the viewer's own choice read as option 1).

    The engines keep a pending decision's options in public slots, computed when the decision
    came, so a copy whose hidden cards were exchanged still offers the same options.  With
    ``other_hand``, the options come in the other order (the viewer's own choice read as the
    same option, now last) and another seat's decision is read as another hidden hand would make
    it: one option fewer (or more)."""
    import numpy as np

    from simulator.core.engine.forward import NO_SEAT
    from simulator.core.engine.replay_page import decision_text

    options = np.zeros_like(options)
    seat, kind, n_options = (int(value) for value in spec.forward.pending_decision(state, options))
    if seat == NO_SEAT:
        return drawer.draw_table(state, players, flags, viewer), "Game over"
    choice = 0
    if other_hand:
        options[:n_options] = options[:n_options][::-1].copy()
        choice = n_options - 1  # the viewer's own choice: the same option, at another place
        if seat != viewer:
            n_options = n_options - 1 if n_options > 2 else n_options + 1
    return (drawer.draw_table(state, players, flags, viewer),
            decision_text(spec, state, seat, kind, options, n_options, choice, flags, viewer))


def seat_page_changes(game: str, players: int, games: int, variants: tuple[str, ...] = (), seed: int = 1,
                      every: int = 1) -> tuple[int, list[str]]:  # fmt: skip
    """At every ``every``-th decision of random games and for every seat: the frame of that seat's
    replay page (its picture and the decision's text) on copies that differ only where the seat
    cannot see (``visibility.perturb``): (copies compared, what changed and where).  A count or
    an order drawn from a hidden hand or deck shows as a change."""
    import numpy as np

    from simulator.core.engine import registry
    from simulator.core.engine.replay_page import drawer_for
    from simulator.core.engine.visibility import for_game, perturb
    from tests.play_helpers import Decision, random_decisions

    spec = registry.get_game(game)
    drawer = drawer_for(game)
    declaration = for_game(game)
    rng = np.random.default_rng(seed)
    compared, changes = 0, []
    for number, met in enumerate(random_decisions(game, players, games, variants, seed)):
        if not isinstance(met, Decision) or number % every:
            continue
        for viewer in range(players):
            seen = seat_frame(spec, drawer, met.state.copy(), players, met.flags, viewer, met.options)
            for copy in perturb(declaration, met.state, viewer, rng, count=2):
                compared += 1
                other = seat_frame(spec, drawer, copy.state, players, met.flags, viewer, met.options, other_hand=True)
                if other != seen:
                    what = "decision" if other[1] != seen[1] else "picture"
                    detail = f"{seen[1]!r} -> {other[1]!r}" if what == "decision" else _first_difference(seen[0], other[0])
                    changes.append(f"viewer seat {viewer + 1}, {copy.description}: the {what} changed: {detail}")
    return compared, changes


def _first_difference(one: str, two: str) -> str:
    """Where two pictures first differ, with a little text around."""
    at = next((i for i, (a, b) in enumerate(zip(one, two)) if a != b), min(len(one), len(two)))
    return f"...{one[max(0, at - 80):at + 60]!r} vs {two[max(0, at - 80):at + 60]!r}"
