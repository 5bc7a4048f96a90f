"""``islandsim replay RUN_DIR --html FILE``: one self-contained HTML page stepping through a game.

The game is played again over its forward model (``simulator/core/engine/forward.py``) in Python, as
``islandsim play`` does: the same seat streams and the same strategies as the run, so the game is
the stored one (``tests/core/test_replay_page.py`` checks that the log is the compiled replay's).
At each decision the state is copied and handed to the game's drawing hook; the page is a list of
frames, each one a picture of the table (SVG), the narrated log lines that led to it and the text
of the decision taken there.

A game draws its table in ``simulator/games/<id>/draw.py`` (plain Python, no numba, excluded from
the compiled fingerprint: ``simulator/compiled_cache.py`` ``NOT_COMPILED``):

- ``draw_table(state, players, variant_flags, seat) -> str``: an ``<svg>`` element; ``seat``
  (engine index) or ``None`` for everything.  With a seat, what that seat cannot see (the game's
  ``visibility.py``: :func:`hidden_slots_of`) is drawn face down.
- ``log_lines(log, count, variant_flags, seat) -> list[str]``: the narration of the first
  ``count`` log records, as ``seat`` sees it (``None``: everything).

A stalled game repeats the same actions: where the game's narration folds a repeated stretch
(``simulator.core.engine.narration.fold_repeats``), the steps it folded away are dropped and the step
showing the fold says how many (:func:`fold_frames`).

Plain Python, never compiled; listed in ``NOT_COMPILED`` so that editing it recompiles nothing.
"""

from __future__ import annotations

import base64
import gzip
import html
import importlib
import json
import os
import re
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

import numpy as np

from simulator.core.engine.forward import NO_SEAT
from simulator.core.engine.narration import plural
from simulator.core.engine.option_steps import full_text
from simulator.core.engine.registry import GAME_MODULES, GameSpec, UsageError
from simulator.core.engine.seats import seat_label
from simulator.core.engine.stepping import deal, strategy_choice
from simulator.core.engine.visibility import for_game, visible_mask

LOG_ROWS = 60_000
"""Log records one replayed game may write."""
MAX_FRAMES = 20_000
"""Decisions a page holds at most (a stalled game is cut there, and the page says so)."""


@dataclass(frozen=True)
class Frame:
    """One step of the page: the table's picture, the log lines since the previous step, the decision."""

    svg: str
    lines: tuple[str, ...]
    decision: str


@dataclass(frozen=True)
class Drawer:
    """A game's drawing hooks (its ``draw.py``)."""

    draw_table: Callable[..., str]
    log_lines: Callable[..., list[str]]


def drawer_for(game_id: str) -> Drawer | None:
    """The drawing hooks of ``game_id`` (``simulator/games/<id>/draw.py``), ``None`` when it has none."""
    try:
        module = importlib.import_module(f"{GAME_MODULES[game_id]}.draw")
    except ModuleNotFoundError:
        return None
    return Drawer(module.draw_table, module.log_lines)


def hidden_slots_of(game_id: str, state: np.ndarray, seat: int | None) -> np.ndarray:
    """``bool[len(state)]``: True for each slot ``seat`` cannot see (all False for ``None``)."""
    if seat is None:
        return np.zeros(len(state), dtype=bool)
    declaration = for_game(game_id)
    if declaration is None:
        return np.zeros(len(state), dtype=bool)
    return ~visible_mask(declaration, state, seat)


def _decision_text(spec: GameSpec, state, seat, kind, options, n_options, choice, flags, viewer) -> str:
    """What was decided, in words when the game describes its options and the viewer may know."""
    who = seat_label(seat)
    name = spec.decision_name(kind)
    if viewer is not None and viewer != seat:
        return f"{who} decides ({name}, {n_options} options)"
    chosen = f"option {choice + 1} of {n_options}"
    if spec.describe_options is not None:
        texts = spec.describe_options(state, seat, kind, options, n_options, flags)
        chosen = f"{full_text(texts[choice])} (option {choice + 1} of {n_options})"
    return f"{who} decides ({name}): {chosen}"


def capture_frames(spec: GameSpec, functions: tuple, names: tuple[str, ...], params: np.ndarray, flags: np.ndarray,
                   seed: int, game_index: int, seat: int | None) -> tuple[list[Frame], bool]:  # fmt: skip
    """Play game ``game_index`` of run ``seed`` again with the lineup's compiled strategies
    ``functions`` (named ``names``, for messages) and capture one frame per decision and one at
    the end; ``seat`` (engine index) limits the page to what that seat sees.  Also returns whether
    the game was cut at ``MAX_FRAMES``."""
    drawer = drawer_for(spec.id)
    players = params.shape[0]
    game = deal(spec.forward, players, seed, game_index, flags, LOG_ROWS)
    pictures: list[tuple[str, int, str]] = []  # (svg, log records written, decision)
    cut = False
    while True:
        count = game.records_written()
        svg = drawer.draw_table(game.state, players, flags, seat)
        who, kind, n_options = game.pending_decision()
        if who == NO_SEAT:
            pictures.append((svg, count, "Game over"))
            break
        if len(pictures) >= MAX_FRAMES:
            pictures.append((svg, count, f"(the page stops after {MAX_FRAMES:,} decisions)"))
            cut = True
            break
        choice = 0
        if n_options > 1:
            choice = strategy_choice(game, functions[who], names[who], params[who], who, kind, n_options,
                                     spec.decision_name(kind))  # fmt: skip
        pictures.append((svg, count, _decision_text(spec, game.state, who, kind, game.options, n_options, choice, flags,
                                                    seat)))  # fmt: skip
        game.apply(choice)
    log = game.log
    return _with_lines(pictures, lambda count: drawer.log_lines(log, count, flags, seat)), cut


def _with_lines(pictures: list[tuple[str, int, str]], narrate: Callable[[int], list[str]]) -> list[Frame]:
    """The frames, each with the lines of the final narration that were settled by its step.

    A narration may put a cause before an effect logged earlier (a small island before the cube it
    cost) or fold a stretch once it repeats: the narration of a log prefix is then not a prefix
    of the final one.  A step shows the final lines up to where the narration of its prefix still
    agrees with the final narration; the last step shows the rest, so every line appears once."""
    final = narrate(pictures[-1][1])
    frames: list[Frame] = []
    settled = 0
    narrated_count = -1
    for index, (svg, count, decision) in enumerate(pictures):
        if index == len(pictures) - 1:
            agreed = len(final)
        elif count != narrated_count:  # nothing new was logged: no need to narrate again
            agreed = _common_start(narrate(count), final)
            narrated_count = count
        upto = max(settled, agreed)
        frames.append(Frame(svg, tuple(final[settled:upto]), decision))
        settled = upto
    return frames


def _common_start(one: list[str], two: list[str]) -> int:
    """How many first lines ``one`` and ``two`` share."""
    same = 0
    for left, right in zip(one, two):
        if left != right:
            break
        same += 1
    return same


_FOLD_NOTE = re.compile(r"^\((?:the line above|the last \d+ lines) repeated \d+ more times?\b.*\)$")
"""The line ``fold_repeats`` writes for a folded stretch."""


def fold_frames(frames: list[Frame]) -> list[Frame]:
    """Fold the steps of a stall: where the game's narration folded a repeated stretch (its
    ``fold_repeats`` note, "(the last 5 lines repeated 40 more times, turns 100-139)"), the steps
    whose lines it folded away (they show no line of their own) are dropped, and the step that
    shows the note says how many were folded; its picture is the table as the stall left it."""
    out: list[Frame] = []
    for frame in frames:
        note = next((i for i, line in enumerate(frame.lines) if _FOLD_NOTE.match(line)), None)
        if note is None:
            out.append(frame)
            continue
        silent = 0
        while out and not out[-1].lines:
            out.pop()
            silent += 1
        lines = list(frame.lines)
        if silent:
            lines.insert(note + 1, f"({plural(silent, 'step')} of the repeated stretch folded into this one)")
        out.append(Frame(frame.svg, tuple(lines), frame.decision))
    return out


def page_html(title: str, header: list[str], frames: list[Frame]) -> str:
    """The self-contained page: the frames as JSON (each distinct picture stored once), the player
    in inline JavaScript, no network."""
    pictures: dict[str, int] = {}
    steps = []
    for frame in frames:
        index = pictures.setdefault(frame.svg, len(pictures))
        steps.append([index, list(frame.lines), frame.decision])
    data = json.dumps({"svgs": list(pictures), "steps": steps}, separators=(",", ":"))
    # gzip then base64: the pictures of successive steps differ little, so the page stays small;
    # the browser inflates it with DecompressionStream (no library, no network)
    data = base64.b64encode(gzip.compress(data.encode("utf-8"), 9, mtime=0)).decode("ascii")
    head = "".join(f"<div>{html.escape(line)}</div>" for line in header)
    return _TEMPLATE.replace("__TITLE__", html.escape(title)).replace("__HEADER__", head).replace("__DATA__", data)


def write_page(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` whole or not at all (a temporary file renamed);
    :class:`UsageError` when the folder cannot be written."""
    folder = path.parent if str(path.parent) else Path(".")
    if path.is_dir():
        raise UsageError(f"--html {path} is a folder; give a file name")
    if not folder.is_dir():
        raise UsageError(f"--html {path}: folder {folder} does not exist")
    try:
        handle, temporary = tempfile.mkstemp(prefix=".replay-", suffix=".html", dir=folder)
    except OSError as error:
        raise UsageError(f"--html {path}: cannot write in {folder} ({error.strerror})") from None
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(text)
        os.chmod(temporary, 0o644)
        os.replace(temporary, path)
    except OSError as error:
        Path(temporary).unlink(missing_ok=True)
        raise UsageError(f"--html {path}: cannot write it ({error.strerror})") from None


def check_writable(path: Path) -> None:
    """Fail early (before the game is replayed) when ``path`` cannot be written."""
    folder = path.parent if str(path.parent) else Path(".")
    if path.is_dir():
        raise UsageError(f"--html {path} is a folder; give a file name")
    if not folder.is_dir():
        raise UsageError(f"--html {path}: folder {folder} does not exist")
    if not os.access(folder, os.W_OK) or (path.exists() and not os.access(path, os.W_OK)):
        raise UsageError(f"--html {path}: not writable")


def build_page(spec: GameSpec, functions: tuple, names: tuple[str, ...], params: np.ndarray, flags: np.ndarray, seed: int,
               game_index: int, seat: int | None, header: list[str]) -> tuple[str, int]:  # fmt: skip
    """The page of one game and its number of steps (after folding)."""
    if spec.forward is None or drawer_for(spec.id) is None:
        raise UsageError(f"{spec.title} has no visual replay yet (no forward model or no draw.py)")
    frames, _ = capture_frames(spec, functions, names, params, flags, seed, game_index, seat)
    frames = fold_frames(frames)
    view = "every hand shown" if seat is None else f"what {seat_label(seat)} sees"
    header = header + [f"view: {view}"]
    if seat is not None and spec.narrate_for_seat is None:
        header.append(f"(no narration for one seat in {spec.title} yet: the log is left out of this view)")
    return page_html(f"{spec.title}: replay ({view})", header, frames), len(frames)


_TEMPLATE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>__TITLE__</title>
<style>
body{font-family:system-ui,sans-serif;margin:0;background:#f4f1ea;color:#222}
header{padding:6px 12px;background:#20384f;color:#fff;font-size:13px}
header h1{font-size:17px;margin:2px 0}
#bar{display:flex;gap:6px;align-items:center;padding:6px 12px;background:#dde3e8;font-size:14px}
#bar button{font-size:15px;min-width:38px}
#slider{flex:1}
main{display:flex;gap:10px;padding:8px 12px;height:calc(100vh - 150px);box-sizing:border-box}
#table{flex:7;min-width:0;background:#fff;border:1px solid #bbb;display:flex;justify-content:center;align-items:flex-start}
#table svg{width:100%;height:auto;max-height:100%}
#side{flex:3;min-width:280px;display:flex;flex-direction:column;gap:6px}
#decision{background:#fff6d6;border:1px solid #d9c37a;padding:6px;font-weight:600;font-size:14px}
#log{flex:1;overflow:auto;background:#fff;border:1px solid #bbb;padding:6px;font:13px/1.35 ui-monospace,monospace;white-space:pre-wrap}
#log .old{color:#888}
@media (max-width:760px){
main{flex-direction:column;height:auto;padding:6px}
#table{flex:none;width:100%}
#table svg{max-height:none}
#side{flex:none;min-width:0}
#log{flex:none;max-height:45vh}
#bar{flex-wrap:wrap}
#slider{flex-basis:100%;order:5}
header{font-size:12px}
}
</style></head><body>
<header><h1>__TITLE__</h1>__HEADER__<div>keys: left/right arrows step, Home/End jump</div></header>
<div id="bar"><button id="first" title="first step (Home)">|&lt;</button><button id="prev" title="previous step (left arrow)">&#x25C0;</button>
<button id="next" title="next step (right arrow)">&#x25B6;</button><button id="last" title="last step (End)">&gt;|</button>
<input id="slider" type="range" min="0" value="0"><span id="where"></span></div>
<main><div id="table"></div><div id="side"><div id="decision"></div><div id="log"></div></div></main>
<script id="data" type="application/octet-stream">__DATA__</script>
<script>
"use strict";
let steps = [], svgs = [];
const slider = document.getElementById("slider");
let current = -1;
function inflate(bytes) {
  // gzip (RFC 1952) holding one deflate stream (RFC 1951), inflated synchronously so that the
  // step is drawn before the page's load event (a screenshot taken at load is never blank)
  let pos = 10, bitBuffer = 0, bitCount = 0, length = 0;
  const flags = bytes[3];
  if (flags & 4) pos += 2 + (bytes[10] | (bytes[11] << 8));
  if (flags & 8) while (bytes[pos++]);
  if (flags & 16) while (bytes[pos++]);
  if (flags & 2) pos += 2;
  let out = new Uint8Array(Math.max(1024, bytes.length * 8));
  function room(n) {
    if (length + n <= out.length) return;
    const bigger = new Uint8Array(Math.max(out.length * 2, length + n));
    bigger.set(out.subarray(0, length));
    out = bigger;
  }
  function bits(n) {
    while (bitCount < n) {
      if (pos >= bytes.length) throw new Error("the page's data is cut short");
      bitBuffer |= bytes[pos++] << bitCount;
      bitCount += 8;
    }
    const value = bitBuffer & ((1 << n) - 1);
    bitBuffer >>>= n;
    bitCount -= n;
    return value;
  }
  function huffman(lengths) {
    const count = new Uint16Array(16), symbol = new Uint16Array(lengths.length), offset = new Uint16Array(16);
    for (const l of lengths) count[l]++;
    count[0] = 0;
    for (let l = 1; l < 16; l++) offset[l] = offset[l - 1] + count[l - 1];
    for (let s = 0; s < lengths.length; s++) if (lengths[s]) symbol[offset[lengths[s]]++] = s;
    return {count, symbol};
  }
  function decode(h) {
    let code = 0, first = 0, index = 0;
    for (let l = 1; l < 16; l++) {
      code |= bits(1);
      const count = h.count[l];
      if (code - count < first) return h.symbol[index + (code - first)];
      index += count; first += count; first <<= 1; code <<= 1;
    }
    throw new Error("the page's data is damaged");
  }
  const LENGTH_BASE = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131,
                       163, 195, 227, 258];
  const LENGTH_EXTRA = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0];
  const DISTANCE_BASE = [1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537,
                         2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577];
  const DISTANCE_EXTRA = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13];
  const ORDER = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15];
  let last = 0;
  while (!last) {
    last = bits(1);
    const type = bits(2);
    if (type === 0) {  // stored
      bitBuffer = 0; bitCount = 0;
      const n = bytes[pos] | (bytes[pos + 1] << 8);
      pos += 4;
      room(n);
      out.set(bytes.subarray(pos, pos + n), length);
      pos += n; length += n;
      continue;
    }
    let lengths, distances;
    if (type === 1) {  // fixed codes
      const fixed = new Uint8Array(288);
      fixed.fill(8, 0, 144); fixed.fill(9, 144, 256); fixed.fill(7, 256, 280); fixed.fill(8, 280, 288);
      lengths = huffman(fixed);
      distances = huffman(new Uint8Array(30).fill(5));
    } else if (type === 2) {  // dynamic codes
      const nLength = bits(5) + 257, nDistance = bits(5) + 1, nCode = bits(4) + 4;
      const codeLengths = new Uint8Array(19);
      for (let i = 0; i < nCode; i++) codeLengths[ORDER[i]] = bits(3);
      const codes = huffman(codeLengths);
      const all = new Uint8Array(nLength + nDistance);
      for (let i = 0; i < nLength + nDistance;) {
        const symbol = decode(codes);
        if (symbol < 16) { all[i++] = symbol; continue; }
        let repeat, value = 0;
        if (symbol === 16) { value = all[i - 1]; repeat = 3 + bits(2); }
        else if (symbol === 17) repeat = 3 + bits(3);
        else repeat = 11 + bits(7);
        while (repeat--) all[i++] = value;
      }
      lengths = huffman(all.subarray(0, nLength));
      distances = huffman(all.subarray(nLength));
    } else {
      throw new Error("the page's data is damaged");
    }
    for (;;) {
      let symbol = decode(lengths);
      if (symbol < 256) { room(1); out[length++] = symbol; continue; }
      if (symbol === 256) break;
      symbol -= 257;
      const n = LENGTH_BASE[symbol] + bits(LENGTH_EXTRA[symbol]);
      const d = decode(distances);
      const distance = DISTANCE_BASE[d] + bits(DISTANCE_EXTRA[d]);
      room(n);
      for (let k = 0; k < n; k++, length++) out[length] = out[length - distance];
    }
  }
  return out.subarray(0, length);
}
function unpack(packed) {
  const text = atob(packed);
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return JSON.parse(new TextDecoder("utf-8").decode(inflate(bytes)));
}
function show(i) {
  if (!steps.length) return;
  i = Math.max(0, Math.min(steps.length - 1, i));
  if (i === current) return;
  current = i;
  const step = steps[i];
  document.getElementById("table").innerHTML = svgs[step[0]];
  document.getElementById("decision").textContent = step[2];
  const log = document.getElementById("log");
  log.textContent = "";
  const first = Math.max(0, i - 3);
  for (let j = first; j <= i; j++) {
    for (const line of steps[j][1]) {
      const row = document.createElement("div");
      row.textContent = line;
      if (j < i) row.className = "old";
      log.appendChild(row);
    }
  }
  log.scrollTop = log.scrollHeight;
  slider.value = String(i);
  document.getElementById("where").textContent = "step " + (i + 1) + " of " + steps.length;
  document.body.dataset.step = String(i);
}
document.getElementById("first").onclick = () => show(0);
document.getElementById("prev").onclick = () => show(current - 1);
document.getElementById("next").onclick = () => show(current + 1);
document.getElementById("last").onclick = () => show(steps.length - 1);
slider.oninput = () => show(Number(slider.value));
document.addEventListener("keydown", (event) => {
  if (event.key === "ArrowRight") { show(current + 1); event.preventDefault(); }
  else if (event.key === "ArrowLeft") { show(current - 1); event.preventDefault(); }
  else if (event.key === "Home") { show(0); event.preventDefault(); }
  else if (event.key === "End") { show(steps.length - 1); event.preventDefault(); }
});
function fromHash() {
  const start = Number(location.hash.replace("#step=", "") || 1) - 1;
  show(isNaN(start) ? 0 : start);
}
const data = unpack(document.getElementById("data").textContent.trim());
steps = data.steps;
svgs = data.svgs;
slider.max = String(steps.length - 1);
fromHash();
window.addEventListener("hashchange", fromHash);
document.body.dataset.ready = "1";
</script></body></html>
"""


# ---- SVG pieces shared by the games' draw.py ----

FACE_DOWN_FILL = "#5b4a7a"
"""The back of a card or tile a seat cannot see."""


def esc(value: object) -> str:
    """Text made safe for SVG."""
    return html.escape(str(value), quote=True)


def svg_document(width: int, height: int, parts: list[str], background: str = "#f7f3e8") -> str:
    """An ``<svg>`` element of ``width`` x ``height`` user units holding ``parts``; it scales to the
    width of the page (``viewBox``, ``width="100%"``): nothing scrolls sideways on a phone."""
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" width="100%" '
            f'preserveAspectRatio="xMidYMin meet" font-family="sans-serif">'
            f'<rect width="{width}" height="{height}" fill="{background}"/>' + "".join(parts) + "</svg>")


def rect(x: float, y: float, width: float, height: float, fill: str, stroke: str = "#333", rx: float = 3,
         extra: str = "") -> str:  # fmt: skip
    """A rectangle (a card, a zone)."""
    return (f'<rect x="{x:g}" y="{y:g}" width="{width:g}" height="{height:g}" rx="{rx:g}" fill="{fill}" '
            f'stroke="{stroke}"{extra}/>')


def text(x: float, y: float, value: object, size: float = 12, anchor: str = "start", fill: str = "#222",
         weight: str = "") -> str:  # fmt: skip
    """A line of text; ``anchor`` start, middle or end."""
    bold = ' font-weight="bold"' if weight else ""
    return (f'<text x="{x:g}" y="{y:g}" font-size="{size:g}" text-anchor="{anchor}" fill="{fill}"{bold}>'
            f"{esc(value)}</text>")


def circle(x: float, y: float, radius: float, fill: str, stroke: str = "#222", extra: str = "") -> str:
    """A disc (a piece, a token)."""
    return f'<circle cx="{x:g}" cy="{y:g}" r="{radius:g}" fill="{fill}" stroke="{stroke}"{extra}/>'


def card(x: float, y: float, width: float, height: float, fill: str, label: object = "", face_down: bool = False,
         label_fill: str = "#fff", size: float = 13) -> str:  # fmt: skip
    """A card: coloured face with a centred label, or its back (``face_down``)."""
    if face_down:
        return rect(x, y, width, height, FACE_DOWN_FILL, "#222") + text(x + width / 2, y + height / 2 + 4, "?", size,
                                                                        "middle", "#d8cff0")  # fmt: skip
    part = rect(x, y, width, height, fill, "#222")
    if label != "":
        part += text(x + width / 2, y + height / 2 + size / 3, label, size, "middle", label_fill, "b")
    return part


SEAT_FILLS = ("#d32f2f", "#1976d2", "#388e3c", "#f9a825", "#8e24aa", "#757575")
"""One colour per seat 1..5 (pieces, compasses, ATVs); the sixth for a dummy player (Loot's Aaron)."""


def seat_narration(game_id: str, log: np.ndarray, count: int, variant_flags: np.ndarray, seat: int) -> list[str]:
    """The log as ``seat`` reads it, from the game's ``narrate_for_seat`` hook (``islandsim play``);
    a game without it shows no log in a seat's view rather than what the seat could not know
    (the page's header says so)."""
    from simulator.core.engine.registry import get_game

    hook = get_game(game_id).narrate_for_seat
    return [] if hook is None else list(hook(log, count, variant_flags, seat))
