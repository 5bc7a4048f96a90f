"""The report's compensation section (issue 25, "from finding to fix"): one collapsible section
per player count saying which end-of-game points bring every seat nearest its fair share.

The data block comes from :func:`simulator.analysis.stats.compensation.study` and is kept in the
study's facts (``fact["compensation"]``), where the first screen may quote
:func:`simulator.analysis.stats.compensation.sentence`.
"""

from __future__ import annotations

from simulator.analysis.stats import compensation


def _rate_row(label: str, result: dict) -> list[str]:
    cells = [label]
    for row in result["table"]:
        cells.append(f"{100 * row['win_rate']:.1f}% [{100 * row['low']:.1f}, {100 * row['high']:.1f}]")
    cells.append(f"±{100 * result['largest_gap']:.1f}")
    return cells


def add_compensation(document, block: dict, title: str) -> None:
    """A level-3 (collapsible) section: the sentence, then seat win rates before and after."""
    document.heading(f"Compensating the seat advantage — {title}", 3)
    document.text(compensation.sentence(block))
    if not block["applies"]:
        return
    players = block["players"]
    headers = ["points at the end"] + [f"seat {seat}" for seat in range(1, players + 1)] + ["largest gap (pp)"]
    if "search" in block:
        found = block["search"]
        rows = [_rate_row("none", found["before"]), _rate_row(compensation.points_text(found["found"]["points"]), found["found"])]
        rows += [_rate_row(entry["label"], entry) for entry in found["late_seats"][1:]]
        document.text(f"Every vector of 0 to {found['max_points']} points per seat, in half points (half a point wins ties), was tried on {found['chosen_on']:,} games "
                      f"(even-numbered); the table states each on the {found['checked_on']:,} other games, with 95% "
                      "Wilson intervals. The strategies do not know the points (docs/analysis.md, \"Compensation\").")  # fmt: skip
    else:
        rows = [_rate_row("none", block["before"]), _rate_row(compensation.points_text(block["tested"]["points"]), block["tested"])]
    document.table(headers, rows)
