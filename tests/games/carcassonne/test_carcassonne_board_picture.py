"""The Carcassonne board as a person reads it: where each tile ends, the tile placed last,
a monastery under its monk, and a board cut to the terminal's width with a line saying so.
Pictures are read as rich Text: ``.plain`` is what shows without colour (piped, NO_COLOR)."""
from __future__ import annotations

from rich.text import Text

from meeple.games._tilegame.render import LABEL
from meeple.games.carcassonne.picture import STYLE
from meeple.games.carcassonne.render import LEGEND

from helpers import board_lines, board_part, board_tile, char_style
from carcassonne_play import new_game, turn

_lines, _tile, _style = board_lines, board_tile, char_style


def _monks_and_farmer():
    """D at (0, 0); red's monk on a monastery south of it (0, 1); blue's farmer on a
    monastery tile east of that (1, 1), the tile placed last."""
    s = new_game({"B": 2, "U": 1})
    turn(s, "B", 0, 1, 0, "monastery C")
    turn(s, "B", 1, 1, 0, "field Nw")
    return s


def test_neighbouring_tiles_differ_in_fill_and_in_shade():
    """Two field corners that touch, side by side and one above the other, are drawn with
    other fill characters (without colour) and on other backgrounds (with colour)."""
    lines = _lines(_monks_and_farmer())
    start, south, east = _tile(lines, 0, 0), _tile(lines, 0, 1), _tile(lines, 1, 1)
    for a, b in ((south[1], east[1]), (start[2], south[0])):      # W of E; N of S
        assert a.plain[0] in "░▒" and b.plain[0] in "░▒"
        assert a.plain[0] != b.plain[0]
        assert _style(a, 0).bgcolor != _style(b, 0).bgcolor


def test_the_tile_placed_last_is_marked_on_the_margins_only():
    """Its terrain keeps its colours (a grey fill once made a forest look like another
    terrain: review L2); the margins' ▼ ▶ mark it."""
    lines = _lines(_monks_and_farmer())
    assert "▼1" in board_part(lines)[0].plain and "▲1" in board_part(lines)[-1].plain
    assert any(line.plain[:LABEL].strip() == "1▶" and line.plain.endswith("◀1")
               for line in lines)
    for row in (_tile(lines, 1, 1)[2], _tile(lines, 0, 1)[2]):   # the last, and another
        assert _style(row, 0).color == _style(row, 0).bgcolor        # the fill vanishes


def test_a_monastery_shows_under_its_monk_and_followers_carry_letters():
    lines = _lines(_monks_and_farmer())
    assert "⌂R" in _tile(lines, 0, 1)[1].plain                     # red's monk
    assert "⌂R" not in _tile(lines, 1, 1)[1].plain and "⌂" in _tile(lines, 1, 1)[1].plain
    assert _tile(lines, 1, 1)[0].plain.startswith("░b")             # blue's farmer, Nw,
                                                                    # over its field


def _long_road(tiles: int = 9):
    """A road of ``tiles`` straight tiles east of the start tile: x from 0 to ``tiles``."""
    s = new_game({"U": tiles})
    for x in range(1, tiles + 1):
        turn(s, "U", x, 0, 90)
    return s


def _board_part(lines: list[Text]) -> list[Text]:
    """The lines from the column labels above the board to those below it, and the line
    saying what is shown, if there is one."""
    return board_part(lines)


def test_a_board_wider_than_the_width_is_cut_with_a_line_saying_so():
    lines = _lines(_long_road(), width=40)
    part = _board_part(lines)
    note = part[-1].plain
    assert note.startswith("columns ") and " of 0…9 shown" in note   # the tiles, no margin:
    assert "COLUMNS=60" in note                        # nothing goes there when it is over
    assert all(len(line.plain) <= 40 for line in part[:-1])    # the note is words: it wraps
    shown = [int(label.strip("▼")) for label in part[0].plain.split()]
    assert 9 in shown and 0 not in shown                   # around the tile placed last
    assert note.startswith(f"columns {shown[0]}…{shown[-1]} ")


def test_a_board_narrower_than_the_width_is_whole():
    for width in (70, 200):
        part = _board_part(_lines(_long_road(), width))
        assert not any(line.plain.startswith("columns ") for line in part)
        assert [int(x.strip("▼")) for x in part[0].plain.split()][::11] == [-1, 10]
        assert all(len(line.plain) <= width for line in part)


def test_the_width_defaults_to_the_consoles(monkeypatch):
    """Without a width the board fits what a rich Console prints at: ``COLUMNS``, so a
    board piped to a file is cut, or not, as the line says."""
    state = _long_road()
    monkeypatch.setenv("COLUMNS", "40")
    assert "columns 4…9 of 0…9 shown" in state.game.drawing.picture(state.view(None))
    monkeypatch.setenv("COLUMNS", "200")
    assert "shown" not in state.game.drawing.picture(state.view(None))


def test_the_legend_names_every_fill_and_mark():
    glyphs = {*STYLE.fill.values(), *STYLE.shade_fill.values(), "◆", "⌂", "⌂R", "▼▶", "·"}
    assert all(g in LEGEND for g in glyphs if g.strip())
