"""The report's pictures as inline SVG: drawn here in Python, so that the HTML needs no JavaScript, fetches
nothing (the PDF's charts are drawn by its Typst template from the same numbers).

* :func:`score_progression` — the leaders' running scores round by round, one line each;
* :func:`rating_histogram` — how the field's ratings spread, in 100-point bins (unrated players counted apart);
* :func:`colour_strip` — one player's colours round by round (white, black, or none: bye, forfeit, absent).
"""

from __future__ import annotations

from collections.abc import Sequence

from markupsafe import Markup, escape

from .numbers import format_value

PALETTE = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#e377c2", "#17becf")
"""Line colours of the progression chart, told apart also by the labels at the line ends."""

FONT = 'font-family="Noto Sans, DejaVu Sans, sans-serif"'


def score_progression(series: Sequence[tuple[str, Sequence[float]]], rounds: int, maximum: float,
                      title: str) -> Markup:
    """A line chart of running scores: ``series`` holds (label, score after each round) per player.

    Each line ends in its player's name; names of players on equal scores are moved apart so none covers
    another.
    """
    width, height, left, right, top, bottom = 560, 300, 34, 190, 30, 30
    plot_w, plot_h = width - left - right, height - top - bottom
    top_score = max(maximum, 1.0)

    def x(r: int) -> float:
        return left + plot_w * r / max(rounds, 1)

    def y(score: float) -> float:
        return top + plot_h * (1 - score / top_score)

    parts = [f'<text x="0" y="16" font-size="15" font-weight="bold" {FONT}>{escape(title)}</text>']
    for step in range(0, int(top_score) + 1, max(1, int(top_score) // 6)):
        parts.append(f'<line x1="{left}" x2="{left + plot_w}" y1="{y(step):.1f}" y2="{y(step):.1f}" '
                     f'stroke="#ddd"/><text x="{left - 6}" y="{y(step) + 4:.1f}" font-size="12" text-anchor="end" '
                     f'{FONT}>{step}</text>')
    for r in range(0, rounds + 1):
        parts.append(f'<text x="{x(r):.1f}" y="{height - 10}" font-size="12" text-anchor="middle" {FONT}>{r}</text>')
    label_y = _spread([y(scores[-1] if scores else 0.0) + 4 for _, scores in series], gap=14)
    for i, (label, scores) in enumerate(series):
        colour = PALETTE[i % len(PALETTE)]
        points = " ".join(f"{x(r):.1f},{y(s):.1f}" for r, s in enumerate((0.0, *scores)))
        end = scores[-1] if scores else 0.0
        parts.append(f'<polyline fill="none" stroke="{colour}" stroke-width="2.5" points="{points}"/>'
                     f'<text x="{x(len(scores)) + 8:.1f}" y="{label_y[i]:.1f}" font-size="12" '
                     f'fill="{colour}" {FONT}>{escape(label)} {format_value(end)}</text>')
    return _svg(width, max(height, max(label_y, default=0) + 4), parts, title)


def _spread(positions: Sequence[float], gap: float) -> list[float]:
    """``positions`` moved down where needed so that any two are at least ``gap`` apart, order kept."""
    order = sorted(range(len(positions)), key=lambda i: positions[i])
    placed = list(positions)
    for before, after in zip(order, order[1:]):
        placed[after] = max(placed[after], placed[before] + gap)
    return placed


def rating_histogram(ratings: Sequence[int], title: str, unrated_label: str) -> Markup:
    """A bar chart of the field's ratings in 100-point bins; unrated players as one bar at the left."""
    rated = [r for r in ratings if r > 0]
    unrated = len(ratings) - len(rated)
    bins: dict[int, int] = {}
    for rating in rated:
        bins[rating // 100 * 100] = bins.get(rating // 100 * 100, 0) + 1
    labels = ([(unrated_label, unrated)] if unrated else []) + [
        (str(b), bins.get(b, 0)) for b in range(min(bins, default=0), max(bins, default=-100) + 100, 100)]
    width, height, left, top, bottom = 560, 240, 10, 30, 34
    bar_w = (width - left - 10) / max(len(labels), 1)
    most = max((n for _, n in labels), default=1) or 1
    parts = [f'<text x="0" y="16" font-size="15" font-weight="bold" {FONT}>{escape(title)}</text>']
    for i, (label, count) in enumerate(labels):
        h = (height - top - bottom) * count / most
        x0, y0 = left + i * bar_w, height - bottom - h
        fill = "#999" if label == unrated_label else "#4a7ab5"
        parts.append(f'<rect x="{x0 + 1:.1f}" y="{y0:.1f}" width="{bar_w - 2:.1f}" height="{h:.1f}" fill="{fill}"/>'
                     f'<text x="{x0 + bar_w / 2:.1f}" y="{y0 - 3:.1f}" font-size="12" text-anchor="middle" {FONT}>'
                     f'{count or ""}</text>'
                     f'<text x="{x0 + bar_w / 2:.1f}" y="{height - bottom + 14}" font-size="11" text-anchor="middle" '
                     f'{FONT}>{escape(label)}</text>')
    return _svg(width, height, parts, title)


def colour_strip(colours: Sequence[str], title: str) -> Markup:
    """One square per round: ``w`` white, ``b`` black, anything else an empty (grey-outlined) square."""
    size, gap = 14, 3
    width = max(len(colours), 1) * (size + gap)
    parts = []
    for i, colour in enumerate(colours):
        fill = {"w": "#fff", "b": "#222"}.get(colour, "none")
        stroke = "#222" if colour in ("w", "b") else "#bbb"
        parts.append(f'<rect x="{i * (size + gap) + 1}" y="1" width="{size}" height="{size}" fill="{fill}" '
                     f'stroke="{stroke}" stroke-width="1"/>')
    return _svg(width, size + 2, parts, title, fixed=True)


def _svg(width: int | float, height: int | float, parts: list[str], title: str, *, fixed: bool = False) -> Markup:
    size = f'width="{width}" height="{height}"' if fixed else 'width="100%"'
    return Markup(f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" {size} role="img" '
                  f'class="chart"><title>{escape(title)}</title>{"".join(parts)}</svg>')
