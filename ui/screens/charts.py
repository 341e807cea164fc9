"""Charts the app draws as SVG (no chart library): the game over's scores over the hands,
and the statistics' results over time, per game and bot level.

A chart scales with its viewBox (readable at 360 px), tells its lines apart without
colour (a dash pattern and a marker shape per line, and its name at the line's end), and
has a real table behind it for screen readers and for anyone who wants the numbers: the
picture is `role=img` with a summary, the table in a <details> below it. Imported only
by the game over and the lobby's statistics, when they draw one.
"""

from __future__ import annotations

from ui import words
from ui.vdom import El, h

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from ui.play.session import Session

W, H = 320, 170  # the viewBox; the page scales it to the figure's width
LEFT, RIGHT, TOP, BOTTOM = 40, 62, 10, 24  # room for the ticks and the lines' names
DASHES = (None, "7 4", "2 3", "9 3 2 3", "4 2 1 2")
R = 3.5  # a marker's half size
LABEL_GAP = 14  # the least distance between two names at the lines' ends


def tenths(v: float) -> int:
    """`v` in tenths, rounded half away from zero (no float formatting or round(): they
    differ in MicroPython)."""
    return int(v * 10 + (0.5 if v >= 0 else -0.5))


def num(v: float) -> str:
    """A coordinate: at most one decimal."""
    t = tenths(v)
    rest = abs(t) % 10
    return ("-" if t < 0 else "") + str(abs(t) // 10) + (f".{rest}" if rest else "")


def marker(kind: int, x: float, y: float) -> str:
    """The path of a marker at (x, y): circle, square, triangle, diamond or cross."""
    x0, y0, d = num(x - R), num(y - R), num(2 * R)
    if kind == 0:
        return f"M{x0},{num(y)}a{R},{R} 0 1 0 {d},0a{R},{R} 0 1 0 -{d},0"
    if kind == 1:
        return f"M{x0},{y0}h{d}v{d}h-{d}z"
    if kind == 2:
        return f"M{num(x)},{num(y - R - 1)}l{R + 1},{d}h-{num(2 * R + 2)}z"
    if kind == 3:
        s = num(R + 1)
        return f"M{num(x)},{num(y - R - 1)}l{s},{s}l-{s},{s}l-{s},-{s}z"
    return f"M{x0},{y0}l{d},{d}m0,-{d}l-{d},{d}"


def nice_step(span: float) -> float:
    """A round distance between the value ticks: about four of them over `span`."""
    step = 1.0
    while span / step > 5:
        for factor in (2, 2.5, 2):  # 1, 2, 5, 10, 20, 50, ...
            step *= factor
            if span / step <= 5:
                break
    return step


def spread(ys: list[float], low: float, high: float) -> list[float]:
    """The lines' name positions: at their ends' heights, moved apart where they would
    overlap (in order of height), kept within the plot."""
    order = sorted(range(len(ys)), key=lambda i: ys[i])  # mpy-total-key
    out = list(ys)
    last = low - LABEL_GAP
    for i in order:
        out[i] = max(out[i], last + LABEL_GAP)
        last = out[i]
    over = last - high
    if over > 0:  # pushed below the plot: move the stack up
        for i in order:
            out[i] -= over
    return out


def short(name: str) -> str:
    return name if len(name) <= 9 else name[:8] + "…"


def line_chart(
    summary: str,
    x_names: list[str],
    series: list[tuple[str, list[float]]],
    unit: str = "",
    top: float = 1,
) -> El:
    """An SVG line chart: one line per (name, values), a value per x name; the value axis
    from 0 (or below) to `top` (or above)."""
    values = [v for _, vs in series for v in vs]
    lo, hi = min(values + [0]), max(values + [top])
    step = nice_step(hi - lo)
    lo = step * int(lo / step - (0.999 if lo < 0 else 0))
    hi = step * int(hi / step + 0.999)
    plot_w, plot_h = W - LEFT - RIGHT, H - TOP - BOTTOM
    count = len(x_names)

    def px(i: int) -> float:
        return LEFT + (plot_w * i / (count - 1) if count > 1 else plot_w / 2)

    def py(v: float) -> float:
        return TOP + plot_h * (hi - v) / (hi - lo)

    parts: list[El] = []
    tick = lo
    while tick <= hi + step / 1000:
        y = num(py(tick))
        parts.append(
            h("line", {"class": "grid", "x1": LEFT, "x2": LEFT + plot_w, "y1": y, "y2": y})
        )
        parts.append(
            h(
                "text",
                {"class": "tick", "x": LEFT - 4, "y": y, "dy": "4", "text-anchor": "end"},
                num(tick).replace("-", words.MINUS) + unit,
            )
        )
        tick += step
    every = (count + 7) // 8  # at most eight names under the axis, and markers at them
    for i in range(0, count, every):
        parts.append(
            h(
                "text",
                {"class": "tick", "x": num(px(i)), "y": H - 6, "text-anchor": "middle"},
                x_names[i],
            )
        )
    ends = spread([py(vs[-1]) for _, vs in series], TOP, TOP + plot_h)
    for s, (name, vs) in enumerate(series):
        points = [(px(i), py(v)) for i, v in enumerate(vs)]
        kind = s % len(DASHES)
        parts.append(
            h(
                "g",
                {"class": f"line s{kind}"},
                h(
                    "polyline",
                    {
                        "points": " ".join(num(x) + "," + num(y) for x, y in points),
                        "stroke-dasharray": DASHES[kind],
                    },
                ),
                h(
                    "path",
                    {
                        "class": "mark" + (" open" if kind == 4 else ""),
                        "d": "".join(
                            marker(kind, x, y)
                            for i, (x, y) in enumerate(points)
                            if i % every == 0 or i == count - 1
                        ),
                    },
                ),
                h("text", {"x": num(LEFT + plot_w + 8), "y": num(ends[s]), "dy": "4"}, short(name)),
            )
        )
    return h(
        "svg",
        {"viewBox": f"0 0 {W} {H}", "role": "img", "aria-label": summary, "class": "chart-svg"},
        parts,
    )


def figure(
    title: str, chart: El | list[El], table_label: str, head: list[str], rows: list[list[str]]
) -> El:
    """A chart (or several) with its caption, and the table of its numbers behind it."""
    return h(
        "figure",
        {"class": "chart"},
        h("figcaption", {}, title),
        chart,
        h(
            "details",
            {"class": "chart-table"},
            h("summary", {}, table_label),
            h(
                "div",
                {"class": "table-scroll"},
                h(
                    "table",
                    {"class": "score-table"},
                    h("thead", {}, h("tr", {}, [h("th", {"scope": "col"}, x) for x in head])),
                    h(
                        "tbody",
                        {},
                        [
                            h(
                                "tr",
                                {},
                                h("th", {"scope": "row"}, row[0]),
                                [h("td", {}, c) for c in row[1:]],
                            )
                            for row in rows
                        ],
                    ),
                ),
            ),
        ),
    )


def score_chart(session: Session, heading: str, step: str) -> El:
    """The game over's chart: each seat's score (`heading`: what the game calls it) at the
    start and after each `step` (a hand, a round; Trickbook's letter)."""
    marks = session.score_marks
    names = session.names
    x_names = ["Start"] + [str(i) for i in range(1, len(marks))]
    series = [(names[s], [m[1][s] for m in marks]) for s in range(len(names))]
    final = ", ".join(f"{n} {words.number(vs[-1])}" for n, vs in series)
    title = f"{heading} after each {step}"
    summary = f"Line chart: {title}, {len(marks) - 1} in all. At the end: {final}."
    rows = [
        [x_names[i]] + [words.number(m[1][s]) for s in range(len(names))]
        for i, m in enumerate(marks)
    ]
    return figure(
        title,
        line_chart(summary, x_names, series),
        f"{heading} by {step}, as a table",
        [step[:1].upper() + step[1:]] + names,
        rows,
    )


def signed(v: float) -> str:
    """'+2', '-1.5' (a true minus sign), '0': a margin."""
    return ("+" if v > 0 else "") + num(v).replace("-", words.MINUS)


def results_chart(name: str, level: str, recent: list[Any]) -> El:
    """The statistics' chart of one game at one bot level: the share of games won so far
    and each game's margin (the player's score less the best other) with its running
    average, over the recent games (oldest first)."""
    rates: list[float] = []
    averages: list[float] = []
    margins: list[float] = []
    won = 0
    total = 0
    for i, (win, margin) in enumerate(recent):
        won += win
        total += margin
        margins.append(margin)
        rates.append((200 * won + i + 1) // (2 * (i + 1)))  # a whole percent, rounded
        averages.append(tenths(total / (i + 1)) / 10)
    games = len(recent)
    x_names = [str(i) for i in range(1, games + 1)]
    title = f"{name}, {level} bots: won {won} of your last {games}"
    average = signed(averages[-1])
    # One game's average is its margin: a second line would lie on the first, its name
    # stacked on the first's ("Average" over "Margin") as if one label.
    margin_lines = [("Margin", margins)] + ([("Average", averages)] if games > 1 else [])
    margin_summary = (
        f"Line chart: your margin in each game (your score less the best other) and its "
        f"average so far, over the same games: {average} on average."
        if games > 1
        else f"Line chart: your margin in the game (your score less the best other): {average}."
    )
    rows = [
        [
            x_names[i],
            "Won" if recent[i][0] else "Lost",
            signed(margins[i]),
            f"{rates[i]}%",
            signed(averages[i]),
        ]
        for i in range(games)
    ]
    return figure(
        title,
        [
            line_chart(
                f"Line chart: games won so far, in percent, over your last {games} games "
                f"of {name} against {level} bots: {rates[-1]}% at the end.",
                x_names,
                [("Won %", rates)],
                "%",
                100,
            ),
            line_chart(margin_summary, x_names, margin_lines),
        ],
        f"{name}, {level} bots, as a table",
        ["Game", "Result", "Margin", "Won so far", "Average margin"],
        rows,
    )
