"""The simulator's comparison drawn as charts: one inline SVG bar chart per measure, in one HTML page.

The page is self-contained (styles and charts inline, no script), so it opens offline and can be mailed.
Each chart draws every system's mean as a bar and its 95 % confidence interval as a whisker (colours as SVG
attributes, so PDF renderers without SVG style sheets draw them too); the geometry
is computed here and laid out by ``templates/simulation.html``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path

from ..app.simulate import MEASURES, SystemSummary
from .render import environment

CHART_WIDTH = 640
"""Width of a chart in pixels; the system names take :data:`LABEL_WIDTH` of it."""
LABEL_WIDTH = 130
VALUE_WIDTH = 170
"""Room right of the bars for the printed mean and interval."""
BAR_HEIGHT = 18
BAR_GAP = 6


@dataclass(frozen=True)
class Bar:
    """One system in a chart: its bar from the zero line to the mean, and the interval's whisker."""

    system: str
    text: str
    y: float
    x: float
    width: float
    low: float
    high: float


@dataclass(frozen=True)
class Chart:
    """One measure across the systems."""

    measure: str
    description: str
    height: int
    zero: float
    bars: tuple[Bar, ...]


def charts(summaries: dict[str, SystemSummary]) -> list[Chart]:
    """One chart per measure of :data:`~sheetpair.app.simulate.MEASURES`, systems in the order given."""
    return [_chart(measure, description, summaries) for measure, description in MEASURES.items()]


def _chart(measure: str, description: str, summaries: dict[str, SystemSummary]) -> Chart:
    intervals = {name: s.measures[measure] for name, s in summaries.items()}
    finite = [v for i in intervals.values() for v in (i.low, i.mean, i.high) if not math.isnan(v)]
    least, most = min([0.0, *finite]), max([0.0, *finite])
    span = (most - least) or 1.0
    plot = CHART_WIDTH - LABEL_WIDTH - VALUE_WIDTH

    def x(value: float) -> float:
        return LABEL_WIDTH + (value - least) / span * plot

    bars = []
    for row, (name, i) in enumerate(intervals.items()):
        y = BAR_GAP + row * (BAR_HEIGHT + BAR_GAP)
        if math.isnan(i.mean):
            bars.append(Bar(name, "undefined", y, x(0.0), 0.0, x(0.0), x(0.0)))
            continue
        start, end = sorted((x(0.0), x(i.mean)))
        bars.append(Bar(name, f"{i.mean:.3g} [{i.low:.3g}, {i.high:.3g}]", y, start, end - start, x(i.low), x(i.high)))
    height = BAR_GAP + len(bars) * (BAR_HEIGHT + BAR_GAP)
    return Chart(measure, description, height, x(0.0), tuple(bars))


def write_simulation_html(
    summaries: dict[str, SystemSummary], directory: Path, *, players: int, rounds: int, seed: int
) -> Path:
    """Writes ``directory/index.html`` with the charts, and returns its path."""
    directory.mkdir(parents=True, exist_ok=True)
    runs = max((s.runs for s in summaries.values()), default=0)
    page = environment().get_template("simulation.html").render(
        charts=charts(summaries), systems=list(summaries), players=players, rounds=rounds, runs=runs, seed=seed,
        width=CHART_WIDTH, bar_height=BAR_HEIGHT, value_x=CHART_WIDTH - VALUE_WIDTH + 12,
    )
    path = directory / "index.html"
    path.write_text(page, encoding="utf-8")
    return path
