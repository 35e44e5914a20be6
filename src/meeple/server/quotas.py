"""What the server lets one client spend of its machine: the budget of a bot's move, games
played by bots alone, reviews under way. Operator-set (``meeple serve`` flags), with
defaults that keep a greedy bot's reply under a second while another client spends all of
its share; a request past a quota is refused with the quota named.

Budgets are capped by their kind (:attr:`meeple.core.options.Option.budget`), so the
server caps every agent's time, iterations and determinizations without knowing its
options' names: an agent with a time budget that names none gets the cap as its time, so
that no bot's move on the server runs longer.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:                # imported where used: ``meeple --help`` reads the flags
    from ..core.agent import Agent
    from ..core.game import Game


@dataclass(frozen=True)
class Quotas:
    """The limits (see the module)."""

    bot_seconds: float = 5.0
    """The longest a bot may think about one move."""
    bot_iterations: int = 20_000
    """The most search iterations a bot's move may ask for."""
    bot_determinizations: int = 20
    """The most sampled worlds a bot's move may search."""
    bot_games: int = 3
    """Unfinished games of bots alone (no person's seat) one client may have."""
    reviews: int = 1
    """Reviews of finished games one client may have under way at once."""

    def budgets(self) -> dict[str, float]:
        """The cap of each kind of budget."""
        return {"seconds": self.bot_seconds, "iterations": self.bot_iterations,
                "determinizations": self.bot_determinizations}

    def capped_spec(self, spec: str, agent: Agent) -> str:
        """``spec`` (already checked by ``make_agent``, which made ``agent``) if it spends
        within the caps, with the time cap added where the agent has a time budget and the
        spec names none (what the server runs; the seat keeps the spec as given);
        ValueError naming the option and the cap otherwise."""
        caps = self.budgets()
        added = []
        for option in agent.options:
            if option.budget is None:
                continue
            cap, value = caps[option.budget], agent.settings.get(option.name)
            if value is not None and value > cap:
                raise ValueError(f"{agent.name} {option.name}={value:g} is over this server's "
                                 f"limit of {cap:g} {option.budget} a move")
            if value is None and option.budget == "seconds":
                added.append(f"{option.name}={cap:g}")
        if not added:
            return spec
        return spec + ("," if ":" in spec else ":") + ",".join(added)

    def bot_menu(self, game: type[Game]) -> list[dict]:
        """The bots this server offers for ``game`` by strength, each ``{"name", "spec",
        "description"}``: every agent that plays it with its defaults and, for an agent with
        a time budget, at three strengths (half a second, two seconds, the cap). A client
        may still name any spec within the caps."""
        menu: dict[str, dict] = {}
        from ..agents import agent_classes
        from ..core.text import words    # here: the command line imports this module
        for cls in agent_classes(game).values():
            timed = [o for o in cls.options if o.budget == "seconds"]
            if not timed:
                menu[cls.name] = {"name": cls.name, "spec": cls.name,
                                  "description": cls.description}
                continue
            strengths = ((words("{bot} (quick)", bot=cls.name), 0.5), (cls.name, 2.0),
                         (words("{bot} (strong)", bot=cls.name), self.bot_seconds))
            for name, seconds in strengths:
                spec = f"{cls.name}:{timed[0].name}={min(seconds, self.bot_seconds):g}"
                menu.setdefault(spec, {
                    "name": name, "spec": spec,
                    "description": words("{description} ({seconds} s a move)",
                                         description=cls.description,
                                         seconds=f"{min(seconds, self.bot_seconds):g}")})
        return list(menu.values())

    def run_spec(self, spec: str, game: Game) -> str:
        """The spec the server runs for the bot ``spec`` of ``game``: capped (see
        :meth:`capped_spec`)."""
        from ..agents import make_agent
        return self.capped_spec(spec, make_agent(spec, game))


def add_quota_flags(parser) -> None:
    """The ``meeple serve`` flags of the quotas (standard library only, so that ``meeple
    --help`` needs no web extra), their help in the command's language."""
    from ..cli_words import say, words    # here: bot_menu's words are the engine's
    defaults = Quotas()

    def positive(kind):
        def parse(text: str):
            value = kind(text)
            if not value > 0:
                raise ValueError(text)
            return value
        return parse

    parser.add_argument("--bot-seconds", type=positive(float), default=defaults.bot_seconds,
                        metavar="S", help=say(words("the longest a bot may think about a move "
                                                    "(default: %(default)s; a longer time is "
                                                    "refused)")))
    parser.add_argument("--bot-iterations", type=positive(int),
                        default=defaults.bot_iterations, metavar="N",
                        help=say(words("the most search iterations a bot's move may ask for "
                                       "(default: %(default)s)")))
    parser.add_argument("--bot-determinizations", type=positive(int),
                        default=defaults.bot_determinizations, metavar="N",
                        help=say(words("the most sampled worlds a bot's move may search "
                                       "(default: %(default)s)")))
    parser.add_argument("--bot-games", type=positive(int), default=defaults.bot_games,
                        metavar="N", help=say(words("unfinished games of bots alone one client "
                                                    "may have (default: %(default)s; past it: "
                                                    "429)")))
    parser.add_argument("--reviews", type=positive(int), default=defaults.reviews,
                        metavar="N", help=say(words("reviews of finished games one client may "
                                                    "have under way (default: %(default)s; "
                                                    "past it: 429)")))


def quotas_of(args) -> Quotas:
    """The quotas the flags of :func:`add_quota_flags` set."""
    return Quotas(args.bot_seconds, args.bot_iterations, args.bot_determinizations,
                  args.bot_games, args.reviews)
