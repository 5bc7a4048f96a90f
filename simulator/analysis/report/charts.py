"""Charts of the reports (matplotlib, headless): each function returns one PNG as bytes."""

from __future__ import annotations

import io
import math
from typing import Sequence

import numpy as np
import polars as pl

DPI = 110
SURVIVES = "#c0392b"
NOT_SURVIVES = "#7f8c8d"
BAR = "#2e86c1"


def _pyplot():
    """``matplotlib.pyplot``, headless, imported on first use: the import takes about 0.6 s, which
    every other command (``run``, ``replay``...) would otherwise pay at start-up."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def _png(figure, title_inches: float = 0.0) -> bytes:
    """The figure as PNG bytes; ``title_inches`` keeps room at the top for a suptitle."""
    plt = _pyplot()
    buffer = io.BytesIO()
    top = 1.0 - title_inches / figure.get_figheight() if title_inches else 1.0
    figure.tight_layout(rect=(0.0, 0.0, 1.0, top))
    figure.savefig(buffer, format="png", dpi=DPI)
    plt.close(figure)
    return buffer.getvalue()


def interval_bars(labels: Sequence[str], estimates: Sequence[float], lows: Sequence[float], highs: Sequence[float],
                  reference: float | None, title: str, ylabel: str = "win rate") -> bytes:  # fmt: skip
    """Bars of rates with 95% intervals, and a dashed reference line (the fair share)."""
    plt = _pyplot()
    figure, axes = plt.subplots(figsize=(max(4.0, 0.9 * len(labels) + 2), 3.4))
    estimates = np.asarray(estimates, dtype=float)
    errors = np.vstack([estimates - np.asarray(lows, dtype=float), np.asarray(highs, dtype=float) - estimates])
    positions = np.arange(len(labels))
    axes.bar(positions, estimates * 100, color=BAR, alpha=0.85)
    axes.errorbar(positions, estimates * 100, yerr=errors * 100, fmt="none", ecolor="black", capsize=5, lw=1.2)
    if reference is not None:
        axes.axhline(reference * 100, ls="--", color="black", lw=1, label=f"fair share {100 * reference:.1f}%")
        axes.legend(loc="lower right", fontsize=8)
    axes.set_xticks(positions, labels, fontsize=8)
    axes.set_ylabel(f"{ylabel} (%)")
    axes.set_title(title, fontsize=10)
    return _png(figure)


def offsets_from_fair_share(groups: dict[str, tuple[list[str], Sequence[float], Sequence[float], Sequence[float], float]],
                            title: str, what: str = "win rate") -> bytes:  # fmt: skip
    """Win rates as the difference from the fair share (percentage points), with 95% intervals.

    ``groups``: series name (e.g. "4 players") -> ``(labels, rates, lows, highs, fair share)``;
    the series are drawn side by side at each label, so a 1-point seat effect is visible."""
    plt = _pyplot()
    labels = list(dict.fromkeys(label for series in groups.values() for label in series[0]))
    figure, axes = plt.subplots(figsize=(max(5.0, 0.75 * len(labels) * max(1, len(groups)) ** 0.5 + 2.5), 3.3))
    width = 0.8 / max(1, len(groups))
    for index, (name, (series_labels, rates, lows, highs, fair)) in enumerate(groups.items()):
        rates, lows, highs = (np.asarray(values, dtype=float) for values in (rates, lows, highs))
        positions = np.array([labels.index(label) for label in series_labels]) + (index - (len(groups) - 1) / 2) * width
        offsets = (rates - fair) * 100
        errors = np.clip(np.vstack([(rates - lows) * 100, (highs - rates) * 100]), 0, None)
        axes.bar(positions, offsets, width=width * 0.9, label=f"{name} (fair share {100 * fair:.1f}%)", alpha=0.85)
        axes.errorbar(positions, offsets, yerr=errors, fmt="none", ecolor="black", capsize=3, lw=1)
    axes.axhline(0, color="black", lw=0.8)
    axes.set_xticks(range(len(labels)), labels, fontsize=8)
    axes.set_ylabel(f"{what} minus fair share (pp)")
    axes.set_title(title, fontsize=10)
    axes.legend(fontsize=7, loc="best")
    return _png(figure)


def rate_points(rows: list[dict], title: str, xlabel: str, from_zero: bool = True, scale: float = 100.0) -> bytes:
    """Horizontal points with 95% intervals, one row per label (top = first), one colour per series.

    ``rows``: dicts with ``label``, ``series``, ``estimate``, ``low``, ``high`` (rates 0..1)."""
    plt = _pyplot()
    labels = list(dict.fromkeys(row["label"] for row in rows))
    series = list(dict.fromkeys(row["series"] for row in rows))
    figure, axes = plt.subplots(figsize=(7.5, 1.1 + 0.26 * len(labels) * max(1, len(series)) ** 0.5))
    step = 0.6 / max(1, len(series))
    for index, name in enumerate(series):
        part = [row for row in rows if row["series"] == name]
        positions = np.array([len(labels) - 1 - labels.index(row["label"]) for row in part]) + (index - (len(series) - 1) / 2) * step
        estimates = np.array([row["estimate"] for row in part]) * scale
        errors = np.clip(np.vstack([estimates - np.array([row["low"] for row in part]) * scale,
                                    np.array([row["high"] for row in part]) * scale - estimates]), 0, None)  # fmt: skip
        axes.errorbar(estimates, positions, xerr=errors, fmt="o", markersize=4, capsize=3, label=name)
    axes.set_yticks(range(len(labels)), labels[::-1], fontsize=8)
    axes.set_ylim(-0.7, len(labels) - 0.3)
    if from_zero:
        axes.set_xlim(left=0)
    else:
        axes.axvline(0, color="#888", linewidth=0.8)
    axes.set_xlabel(xlabel)
    axes.set_title(title, fontsize=10)
    if len(series) > 1:
        axes.legend(fontsize=7, loc="lower right")
    axes.grid(axis="x", alpha=0.3)
    return _png(figure)


def heatmap(names: list[str], matrix: list[list[float | None]], title: str) -> bytes:
    """Strategy x strategy share of meetings where the row finished ahead of the column."""
    plt = _pyplot()
    values = np.array([[np.nan if value is None else 100 * value for value in row] for row in matrix])
    size = max(3.5, 0.9 * len(names) + 2)
    figure, axes = plt.subplots(figsize=(size + 1, size))
    image = axes.imshow(values, cmap="RdBu", vmin=0, vmax=100)
    for i in range(len(names)):
        for j in range(len(names)):
            if not math.isnan(values[i, j]):
                axes.text(j, i, f"{values[i, j]:.1f}", ha="center", va="center", fontsize=8,
                          color="white" if abs(values[i, j] - 50) > 25 else "black")  # fmt: skip
    axes.set_xticks(range(len(names)), names, rotation=30, ha="right", fontsize=8)
    axes.set_yticks(range(len(names)), names, fontsize=8)
    axes.set_xlabel("opponent")
    axes.set_ylabel("strategy")
    figure.colorbar(image, ax=axes, label="% of meetings finished ahead")
    axes.set_title(title, fontsize=10)
    return _png(figure)


def forest(table: pl.DataFrame, title: str, max_measures: int = 6) -> bytes:
    """Differences with 95% intervals, one panel per measure, red when they survive Holm."""
    plt = _pyplot()
    measure_names = table["measure"].unique(maintain_order=True).to_list()[:max_measures]
    heights = [table.filter(pl.col("measure") == name).height for name in measure_names]
    figure, panels = plt.subplots(len(measure_names), 1, figsize=(7.5, 0.8 + sum(0.28 * h + 0.75 for h in heights)),
                                  squeeze=False, gridspec_kw={"height_ratios": [h + 2 for h in heights]})  # fmt: skip
    for panel, measure in zip(panels[:, 0], measure_names):
        part = table.filter(pl.col("measure") == measure)
        scale = 100.0 if part["unit"][0] == "pp" else 1.0
        positions = np.arange(part.height)[::-1]
        for position, row in zip(positions, part.iter_rows(named=True)):
            color = SURVIVES if row["survives"] else NOT_SURVIVES
            panel.errorbar(row["difference"] * scale, position, fmt="o", color=color, markersize=4,
                           xerr=[[(row["difference"] - row["low"]) * scale], [(row["high"] - row["difference"]) * scale]],
                           capsize=3)  # fmt: skip
        panel.axvline(0, color="black", lw=0.8)
        panel.set_ylim(-0.7, part.height - 0.3)
        panel.set_yticks(positions, part["arm"].to_list(), fontsize=7)
        panel.set_title(f"{measure} ({'percentage points' if scale == 100.0 else 'difference'})", fontsize=8)
        panel.tick_params(axis="x", labelsize=7)
    figure.suptitle(f"{title}\nred: survives the Holm correction; grey: does not", fontsize=9)
    return _png(figure, title_inches=0.55)


def histograms(groups: dict[str, np.ndarray], title: str, xlabel: str) -> bytes:
    """Overlaid step histograms (shares of each group), integer bins when the values are integers."""
    plt = _pyplot()
    figure, axes = plt.subplots(figsize=(7, 3.4))
    everything = np.concatenate([np.asarray(values, dtype=float) for values in groups.values()])
    everything = everything[np.isfinite(everything)]
    if everything.size == 0:
        everything = np.zeros(1)
    low, high = np.floor(everything.min()), np.ceil(everything.max())
    integer = np.allclose(everything, np.round(everything))
    bins = np.arange(low - 0.5, high + 1.5) if integer and high - low <= 120 else 40
    for label, values in groups.items():
        values = np.asarray(values, dtype=float)
        values = values[np.isfinite(values)]
        if values.size:
            axes.hist(values, bins=bins, histtype="step", lw=1.4, label=label, weights=np.full(values.size, 100 / values.size))
    if integer:
        from matplotlib.ticker import MaxNLocator

        axes.xaxis.set_major_locator(MaxNLocator(integer=True))
    axes.set_xlabel(xlabel)
    axes.set_ylabel("% of games")
    axes.set_title(title, fontsize=10)
    if len(groups) > 1:
        axes.legend(fontsize=7)
    return _png(figure)


def convergence_chart(table: pl.DataFrame, title: str) -> bytes:
    """Running estimates with 95% bands (left) and interval half-widths (right) against games."""
    plt = _pyplot()
    figure, (left, right) = plt.subplots(1, 2, figsize=(10, 3.6))
    for (series,), part in table.group_by("series", maintain_order=True):
        scale = 100.0 if series.startswith("win rate") or series.endswith("(pp)") else 1.0
        games = part["games"].to_numpy()
        line = left.plot(games, part["estimate"].to_numpy() * scale, lw=1.2, label=series)[0]
        left.fill_between(games, part["low"].to_numpy() * scale, part["high"].to_numpy() * scale, color=line.get_color(), alpha=0.15)
        right.plot(games, part["half_width"].to_numpy() * scale, lw=1.2, color=line.get_color(), label=series)
    for axes in (left, right):
        axes.set_xscale("log")
        axes.set_xlabel("games accumulated")
    if (table["half_width"] > 0).any():
        right.set_yscale("log")
    right.axhline(1.0, ls="--", color="black", lw=0.8)
    left.set_ylabel("estimate (% for rates)")
    right.set_ylabel("95% half-width (pp for rates)")
    left.legend(fontsize=7)
    figure.suptitle(title, fontsize=10)
    return _png(figure, title_inches=0.35)
