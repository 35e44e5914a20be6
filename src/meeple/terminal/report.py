"""Result tables for the terminal (rich): score breakdowns, simulation and tournament
results, the speed table, and the listings of games and agents (rich markup text)."""
from __future__ import annotations

import textwrap

from rich import box
from rich.markup import escape
from rich.table import Table

from ..core.state import State
from ..core.text import colour_word, cwords, named, say, words


def seat_colours(state: State) -> list[str]:
    """Each seat by its pieces' colour, as players say it (``red``), in words for people."""
    colours = state.game.colours
    return [colour_word(colours[seat]) if seat < len(colours)
            else words("seat {seat}", seat=seat) for seat in range(state.num_players)]


def breakdown_table(state: State, names: list[str] | None = None) -> Table:
    """The final (or current) score breakdown, one row per item, each seat by its colour
    (or by ``names``, the driver's names for the seats)."""
    if names is None:
        names = seat_colours(state)
    table = Table(title=say(words("Score breakdown")), show_lines=False)
    table.add_column(say(cwords("column", "seat")), justify="right")
    table.add_column(say(cwords("column", "what")))
    table.add_column(say(cwords("column", "points")), justify="right")
    total = say(cwords("column", "total"))
    for seat in named(state.score_breakdown(), names)["seats"]:
        who = escape(say(names[seat["seat"]])) if 0 <= seat["seat"] < len(names) \
            else str(seat["seat"])
        for item in seat["items"]:
            table.add_row(who, escape(say(item["text"])), str(item["points"]))
        table.add_row(who, f"[bold]{total}[/]", f"[bold]{seat['total']}[/]",
                      end_section=True)
    return table


def summary_table(summary: dict) -> Table:
    """A simulation's per-seat means, spread, extremes and win shares."""
    table = Table(title=f"{summary['game']}: {summary['games']} games, "
                        f"{summary['games_per_second']} games/s")
    for col in ("seat", "agent", "mean", "stdev", "min", "max", "win %"):
        table.add_column(col, justify="left" if col == "agent" else "right")
    for s in summary["seats"]:
        table.add_row(str(s["seat"]), s["agent"], f"{s['mean']:.2f}", f"{s['stdev']:.2f}",
                      str(s["min"]), str(s["max"]),
                      "–" if s["win_rate"] is None else f"{100 * s['win_rate']:.1f}%")
    return table


def tournament_tables(result: dict) -> list[Table]:
    """The standings (win rate with its 95% interval, mean score, Elo) and the pairwise
    win rates of a tournament; agents are numbered as listed (``#``, the pairwise table's
    rows and columns) and ranked by Elo."""
    solo = result["players"] == 1
    standings = Table(
        title=f"{result['game']}: {result['games']} games, {result['players']} "
              f"player{'' if solo else 's'} a game, {result['games_per_second']} games/s",
        caption="alone, a win is the best score on a seed shared by all agents" if solo
        else None)
    # no column rules and no edges: 80 columns hold every number whole
    standings.box, standings.show_edge, standings.pad_edge = box.SIMPLE_HEAD, False, False
    standings.collapse_padding = True
    for col in ("#", "agent", "games", "win %", "95% CI", "mean", "95% CI", "sd", "Elo"):
        # a spec and a number are single tokens: never cut inside one (a header may wrap)
        standings.add_column(col, justify="left" if col == "agent" else "right",
                             no_wrap=True)
    numbered = list(enumerate(result["agents"], start=1))
    for i, r in sorted(numbered, key=lambda item: -item[1]["elo"]):     # best first
        standings.add_row(f"#{i}", r["agent"], str(r["games"]),
                          f"{100 * r['win_rate']:.1f}",
                          f"{100 * r['win_low']:.0f}…{100 * r['win_high']:.0f}",
                          f"{r['mean']:.2f}", f"{r['mean_low']:.1f}…{r['mean_high']:.1f}",
                          f"{r['stdev']:.1f}", f"{r['elo']:.0f}")
    cell = {(p["agent"], p["opponent"]): p for p in result["pairwise"]}
    pairs = Table(title="how often row # scores more than column #" +
                        (" on the same seed" if solo else " in the same game") +
                        " (95% CI), and both mean scores there")
    pairs.add_column("#", justify="right")
    for i, _r in numbered:
        pairs.add_column(f"#{i}", justify="right")
    for i, a in numbered:
        pairs.add_row(f"#{i}", *(_pair_cell(cell[a["agent"], b["agent"]])
                                 if (a["agent"], b["agent"]) in cell else "·"
                                 for _j, b in numbered))
    return [standings, pairs]


def _pair_cell(pair: dict) -> str:
    """A matchup's win rate, its 95% interval, and the mean scores of both sides."""
    return (f"{100 * pair['win_rate']:.1f}% ({100 * pair['win_low']:.0f}…"
            f"{100 * pair['win_high']:.0f})\n{pair['mean']:.1f} vs {pair['opponent_mean']:.1f}")


def bench_table(rows: list[dict]) -> Table:
    """Random-play speed per game."""
    table = Table(title="Random play, one process")
    for col in ("game", "players", "games", "games/s", "median ms", "actions/s"):
        table.add_column(col, justify="left" if col == "game" else "right")
    for r in rows:
        table.add_row(r["game"], str(r["players"]), str(r["games"]),
                      str(r["games_per_second"]), str(r["median_ms"]),
                      str(r["actions_per_second"]))
    return table


def _options_lines(options: list[dict], indent: str = "    ",
                   columns: int | None = None) -> list[str]:
    """Declared options: name, type, default, help, keys allowed; wrapped at ``columns``
    with a hanging indent under the text, so that the names stand out in their column."""
    if not options:
        return [f"{indent}[dim]none[/]"]
    width = max(len(o["name"]) for o in options)
    hang = " " * (len(indent) + width + 2)
    room = max(20, (columns or 10**6) - len(hang))

    def wrapped(text: str) -> str:
        return f"\n{hang}".join(escape(part) for part in
                                textwrap.wrap(text, room, break_on_hyphens=False) or [""])

    lines = []
    for o in options:
        shown = (str(o["default"]).lower() if isinstance(o["default"], bool)
                 else o["default"])                  # as typed: true or false
        default = "" if o["default"] is None else f", default {shown}"
        lines.append(f"{indent}[bold]{o['name']:<{width}}[/]  "
                     + wrapped(f"{o['type']}{default} — {o['help']}"))
        if o["allowed"] is not None and "object" in o["type"]:
            lines.append(f"{hang}" + wrapped(f"keys: {' '.join(map(str, o['allowed']))}"))
    return lines


def games_text(games: list[dict], columns: int | None = None) -> str:
    """Every game with its players, facts and options (``Game.describe``), as text whose
    option lines wrap at ``columns`` under their own text."""
    lines = []
    for g in games:
        p, low, high = g["players"], g["scores"]["min"], g["scores"]["max"]
        facts = ["hides information" if g["hides_information"] else "open information",
                 "chance" if g["has_chance"] else "no chance",
                 f"scores {low} and up" if high is None else f"scores {low} to {high}"]
        board = g["browser_board"] or "generic"
        lines += [f"[bold]{g['name']}[/] — {g['title']}",
                  f"  players {p['min']}–{p['max']} (default {p['default']}); "
                  + ", ".join(facts),
                  f"  seats {', '.join(g['colours'])}; browser board: {board}; RL encoding: "
                  + ("yes" if g["encoding"] else "none"),
                  "  options (--config JSON):", *_options_lines(g["options"], columns=columns),
                  ""]
    return "\n".join(lines).rstrip()


def agents_text(agents: list[tuple[dict, list[str]]], every: list[str],
                columns: int | None = None) -> str:
    """Every agent (``Agent.describe``) with the games it plays (of ``every`` listed) and
    its options, as text."""
    lines = []
    for info, games in agents:
        plays = "every game listed" if games == every and len(every) > 1 else ", ".join(games)
        head = textwrap.wrap(f"{info['name']} — {info['description']}", columns or 10**6,
                             subsequent_indent="  ", break_on_hyphens=False)
        head[0] = f"[bold]{escape(info['name'])}[/]" + escape(head[0][len(info["name"]):])
        lines += [head[0], *map(escape, head[1:]), f"  plays: {plays}",
                  "  options (name:key=value,...):",
                  *_options_lines(info["options"], columns=columns), ""]
    return "\n".join(lines).rstrip()
