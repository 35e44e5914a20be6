"""What a person sees: the last screen of a program's output in a terminal of a given size.

No terminal emulator is needed for our programs: they only print lines (rich wraps them
at the width) and, where they redraw in place, clear the screen first. So the screen is
the output since the last clear, lines wrapped at the width, its last ``rows`` lines.
"""
from __future__ import annotations

import re

CLEAR = re.compile(r"\x1b\[2J|\x1b\[H\x1b\[J|\x1bc")
ESCAPE = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b\][^\x07]*\x07|\x1b[()][A-Z0-9]")


def screen(output: str, rows: int, columns: int) -> list[str]:
    """The lines on screen after ``output`` (as a pty gives it: CR LF line ends, escape
    sequences) in a terminal of ``rows`` × ``columns``, the cursor's line last."""
    output = CLEAR.split(output)[-1]
    text = ESCAPE.sub("", output).replace("\r\n", "\n")
    lines: list[str] = []
    for line in text.split("\n"):
        line = [part for part in line.split("\r") if part][-1:] or [""]   # CR: written over
        line = line[0]
        lines += [line[i:i + columns] for i in range(0, max(len(line), 1), columns)]
    return lines[-rows:]
