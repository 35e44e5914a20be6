"""Pictures of tournament results (matplotlib, imported only when a picture is asked for)."""
from __future__ import annotations

from pathlib import Path


def require_matplotlib() -> None:
    """Raise RuntimeError with the install hint unless matplotlib imports, so that a
    caller can refuse a picture before it plays the games to draw."""
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        raise RuntimeError("plotting needs matplotlib: pip install 'meeple[plot]'") from None


def check_image_path(path: str | Path) -> None:
    """ValueError unless the name of ``path`` ends in a format matplotlib writes (.png,
    .svg, .pdf, ...), which decides the format of the picture; needs matplotlib."""
    from matplotlib.backend_bases import FigureCanvasBase
    formats = FigureCanvasBase.get_supported_filetypes()
    if Path(path).suffix[1:].lower() not in formats:
        raise ValueError(f"cannot draw {path}: the file name must end in one of "
                         + ", ".join(f".{f}" for f in sorted(formats)))


def plot_scores(summary: dict, path: str | Path) -> Path:
    """Save the score distribution of every agent in a tournament ``summary`` as an image.

    Raises RuntimeError with the install hint when matplotlib is missing.
    """
    require_matplotlib()
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    rows = summary["agents"]
    fig, (hist, box) = plt.subplots(1, 2, figsize=(11, 4.5),
                                    gridspec_kw={"width_ratios": [3, 2]})
    low = min((min(r["scores"]) for r in rows if r["scores"]), default=0)
    high = max((max(r["scores"]) for r in rows if r["scores"]), default=1)
    bins = range(int(low), int(high) + 2, max(1, int(high - low) // 40 or 1))
    for r in rows:
        hist.hist(r["scores"], bins=bins, histtype="step", linewidth=1.5,
                  label=f"{r['agent']} (mean {r['mean']:.1f})")
    hist.set_xlabel("final score")
    hist.set_ylabel("games")
    hist.legend(fontsize="small")
    major, minor = (int(x) for x in matplotlib.__version__.split(".")[:2])
    horizontal = ({"orientation": "horizontal"} if (major, minor) >= (3, 10)
                  else {"vert": False})  # the keyword changed in matplotlib 3.10
    box.boxplot([r["scores"] for r in rows], showmeans=True, **horizontal)
    box.set_yticks(range(1, len(rows) + 1), [r["agent"] for r in rows], fontsize="small")
    box.set_xlabel("final score")
    solo = summary["players"] == 1
    fig.suptitle(f"{summary['game']}, {summary['players']} player{'' if solo else 's'}: "
                 f"{summary['games_per_matchup']} games per {'agent' if solo else 'matchup'}")
    fig.tight_layout()
    path = Path(path)
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return path
