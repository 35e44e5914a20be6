"""A masked policy gradient in plain numpy: a linear softmax policy learns the Catan Dice Game.

    python examples/masked_policy_gradient.py [--episodes 3000] [--plot curve.png]

The learner plays the solo Catan Dice Game (``meeple.rl.gym_env("catan-dice", players=1)``;
the reward is the final score). Its policy is linear: the logits are ``W @ x`` for the
observation ``x`` (every array of the observation but the mask, flattened, plus a bias),
with the actions the mask forbids set to −inf, so it never tries an illegal move. After
each batch of episodes, REINFORCE moves ``W`` along ``(return − baseline) · ∇ log π``
(the baseline is the batch's mean return) with Adam. No torch, no GPU: minutes on a CPU.

It prints the mean score of every batch, and at the end the mean score of the untrained
policy (``W = 0``: uniform over the allowed moves) and of the trained one over the same
evaluation seeds; ``--plot`` draws the learning curve (extra ``plot``).
"""
from __future__ import annotations

import argparse
import time

import numpy as np

import meeple.rl


def features(observation: dict) -> np.ndarray:
    """The observation as one float vector (the mask left out), with a bias term."""
    parts = [np.asarray(v, dtype=np.float32).ravel()
             for k, v in sorted(observation.items()) if k != "action_mask"]
    return np.concatenate(parts + [np.ones(1, np.float32)])


def policy(weights: np.ndarray, x: np.ndarray, mask: np.ndarray) -> np.ndarray:
    """The move probabilities: a softmax of ``weights @ x`` over the allowed moves."""
    logits = weights @ x
    logits = np.where(mask.astype(bool), logits, -np.inf)
    logits -= logits.max()
    p = np.exp(logits)
    return p / p.sum()


def episode(env, weights: np.ndarray, seed: int, rng: np.random.Generator,
            greedy: bool = False) -> tuple[float, list]:
    """One game: its return and the (x, probabilities, action) of every move."""
    observation, _ = env.reset(seed=seed)
    steps, total, done = [], 0.0, False
    while not done:
        x = features(observation)
        p = policy(weights, x, observation["action_mask"])
        action = int(p.argmax()) if greedy else int(rng.choice(len(p), p=p))
        steps.append((x, p, action))
        observation, reward, done, _, _ = env.step(action)
        total += reward
    return total, steps


class Adam:
    """Adam on one array (ascent: ``step`` adds the update)."""

    def __init__(self, shape: tuple, lr: float):
        self.lr, self.m, self.v, self.t = lr, np.zeros(shape), np.zeros(shape), 0

    def step(self, weights: np.ndarray, gradient: np.ndarray) -> None:
        self.t += 1
        self.m = 0.9 * self.m + 0.1 * gradient
        self.v = 0.999 * self.v + 0.001 * gradient ** 2
        m, v = self.m / (1 - 0.9 ** self.t), self.v / (1 - 0.999 ** self.t)
        weights += self.lr * m / (np.sqrt(v) + 1e-8)


def train(episodes: int, batch: int, lr: float, seed: int) -> tuple[np.ndarray, list]:
    """Train the linear policy; return its weights and the mean return of every batch."""
    env = meeple.rl.gym_env("catan-dice", players=1)
    rng = np.random.default_rng(seed)
    observation, _ = env.reset(seed=seed)
    weights = np.zeros((env.action_space.n, features(observation).size))
    adam, curve = Adam(weights.shape, lr), []
    for start in range(0, episodes, batch):
        results = [episode(env, weights, seed + 1000 + start + i, rng) for i in range(batch)]
        returns = np.array([r for r, _ in results])
        baseline, scale = returns.mean(), returns.std() + 1e-8
        gradient = np.zeros_like(weights)
        for (total, steps) in results:
            advantage = (total - baseline) / scale
            for x, p, action in steps:
                g = -p
                g[action] += 1.0
                gradient += advantage * np.outer(g, x)
        adam.step(weights, gradient / batch)
        curve.append(float(returns.mean()))
        print(f"episodes {start + batch:5d}: mean score {returns.mean():5.2f}", flush=True)
    return weights, curve


def evaluate(weights: np.ndarray, games: int, seed: int) -> float:
    """The mean score of sampling from the policy over ``games`` fixed seeds."""
    env = meeple.rl.gym_env("catan-dice", players=1)
    rng = np.random.default_rng(seed)
    return float(np.mean([episode(env, weights, 10**6 + seed + i, rng)[0]
                          for i in range(games)]))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--episodes", type=int, default=3000,
                        help="training games (default: %(default)s; 3000 take about 30 s)")
    parser.add_argument("--batch", type=int, default=50,
                        help="games per policy update (default: %(default)s)")
    parser.add_argument("--lr", type=float, default=0.01,
                        help="learning rate (default: %(default)s)")
    parser.add_argument("--seed", type=int, default=0,
                        help="seed of the games and the sampling (default: %(default)s)")
    parser.add_argument("--eval-games", type=int, default=500,
                        help="games on fixed seeds that score the policy before and after "
                             "(default: %(default)s)")
    parser.add_argument("--plot", help="a PNG file for the learning curve")
    args = parser.parse_args()
    started = time.perf_counter()
    weights, curve = train(args.episodes, args.batch, args.lr, args.seed)
    trained_in = time.perf_counter() - started
    before = evaluate(np.zeros_like(weights), args.eval_games, args.seed)
    after = evaluate(weights, args.eval_games, args.seed)
    print(f"trained on {args.episodes} games in {trained_in:.0f} s; mean score over "
          f"{args.eval_games} games: untrained {before:.2f}, trained {after:.2f}")
    if args.plot:
        plot(curve, args.batch, before, after, args.plot)


def plot(curve: list, batch: int, before: float, after: float, path: str) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7, 4))
    ax.plot([batch * (i + 1) for i in range(len(curve))], curve, label="training batches")
    ax.axhline(before, color="grey", linestyle="--", label=f"untrained: {before:.1f}")
    ax.axhline(after, color="green", linestyle="--", label=f"trained: {after:.1f}")
    ax.set_xlabel("games played")
    ax.set_ylabel("mean score (solo Catan Dice Game)")
    ax.set_title("Masked linear policy gradient (numpy)")
    ax.legend()
    fig.tight_layout()
    fig.savefig(path, dpi=100)


if __name__ == "__main__":
    main()
