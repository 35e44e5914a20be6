"""Seeded bot games whose results must not change when the code is reorganised.

``python tests/seeded_games.py`` plays every game below and writes their final scores and
a digest of their records to ``tests/data/seeded_games.json``; ``test_seeded_games.py``
plays them again and compares. Regenerate the file only for a change that is meant to
change how bots play or how chance is drawn, and say so in the commit.
"""
from __future__ import annotations

import hashlib
import json
from pathlib import Path

import meeple
from meeple.play.runner import make_agents, play_game

FILE = Path(__file__).with_name("data") / "seeded_games.json"
GAMES = [
    ("carcassonne", ["random", "random"], 3),
    ("carcassonne", ["greedy", "random", "greedy"], 4),
    ("carcassonne", ["mcts:iters=40", "greedy"], 5),
    ("hunters-gatherers", ["random", "random"], 3),
    ("hunters-gatherers", ["greedy", "greedy", "random"], 4),
    ("hunters-gatherers", ["mcts:iters=40", "greedy"], 5),
    ("jaeger-sammler", ["random", "random"], 3),
    ("jaeger-sammler", ["greedy", "random", "greedy"], 4),
    ("jaeger-sammler", ["mcts:iters=40", "greedy"], 5),
    ("catan-dice", ["random"], 3),
    ("catan-dice", ["greedy", "random"], 4),
    ("catan-dice", ["planner"], 5),
    ("catan-dice", ["mcts:iters=100"], 6),
]


def play(name: str, agents: list[str], seed: int) -> dict:
    """One seeded game: its final scores, length and the digest of its actions."""
    game = meeple.load(name, len(agents))
    result = play_game(game, make_agents(game, agents, seed), seed)
    text = "\n".join(result.record.actions)
    return {"game": name, "agents": agents, "seed": seed, "scores": result.scores,
            "actions": len(result.record.actions),
            "digest": hashlib.sha256(text.encode()).hexdigest()}


def main() -> None:
    rows = [play(name, agents, seed) for name, agents, seed in GAMES]
    FILE.write_text(json.dumps(rows, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {len(rows)} games to {FILE}")


if __name__ == "__main__":
    main()
