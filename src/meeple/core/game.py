"""The game declaration: what a game is (its facts and options) and what it is made of.

A :class:`Game` subclass states its facts as class attributes — name, title, player range,
whether it hides information and has chance, the range of its scores, its options as data,
its seat colours — and names its parts: the state, the bot knowledge (``policy_class``),
the terminal drawing (``drawing_class``), any agents of its own, its browser board
(``browser_board``, with ``client_data``) and its RL encoding (``encoding``). Drivers
(the command line, the server and its browser client, RL environments) read the facts and
reach the parts through this contract only, never through one game's modules: so a new
game, from this package or another one, reaches every door.
"""
from __future__ import annotations

from functools import cached_property
from typing import TYPE_CHECKING, Any

from .drawing import Drawing
from .errors import NoEncoding
from .options import Option, check_all
from .policy import Policy
from .state import State

if TYPE_CHECKING:
    from .agent import Agent
    from .encoding import Encoding


class Game:
    """A game with its fixed parameters (number of players, options); makes states."""

    name: str = ""
    title: str = ""
    min_players: int = 1
    max_players: int = 1
    default_players: int = 2
    hides_information: bool = False
    """True when some seat may not see part of the state (then ``State.determinize``
    re-samples it); a hidden draw order counts, public counts of a pile do not."""
    secret_scores: bool = False
    """True when ``scores()`` before the end counts what some seat may not see (Jäger und
    Sammler's face-down tiles): drivers then show scores only once the game is over."""
    has_chance: bool = True
    """True when the game has chance nodes (tile draws, dice, set-ups)."""
    public_chance: bool = True
    """True when every chance outcome is seen by every seat (a tile drawn, dice rolled);
    False when some are seen by some seats only (Catan's stolen card and drawn development
    card): drivers then never show a chance action itself, only each seat's view of it."""
    replayable_chance: bool = False
    """True when no move changes which chance outcomes may come next nor reveals anything
    through them (tiles drawn from one pile), so a move taken back may be followed by the
    same outcomes again: an undo may then reach back past a chance node."""
    options: tuple[Option, ...] = ()
    state_class: type["State"]
    policy_class: type[Policy[Any]] = Policy
    drawing_class: type[Drawing] = Drawing
    agents: tuple[type["Agent[Any]"], ...] = ()
    """Agents this game adds to the built-in ones (random, greedy, mcts)."""
    colours: tuple[str, ...] = ("red", "blue", "green", "yellow", "black", "white")
    """Each seat's colour, in seat order, as the game's words name it ("seat 0 (red)"): the
    terminal, the events and the browser all colour seats by it."""
    browser_board: str | None = None
    """The browser board that draws the game: ``"tiles"`` (the Carcassonne family),
    ``"hex"`` (Jäger und Sammler's field), ``"sheet"`` (the Catan Dice island sheet),
    ``"catan"`` (the Catan island), or None for the generic board (the view and the legal moves as buttons), which plays any
    game."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """A game that hides something must say so and re-sample it (MCTS trusts the
        declaration to choose how many determinizations it searches)."""
        super().__init_subclass__(**kwargs)
        state = cls.__dict__.get("state_class")
        if state is not None and (state.determinize is not State.determinize) != \
                cls.hides_information:
            raise TypeError(f"{cls.__name__}: hides_information must be True exactly when "
                            f"{state.__name__} overrides determinize")
        if len(cls.colours) < cls.max_players:
            raise TypeError(f"{cls.__name__}: colours names {len(cls.colours)} seats, but "
                            f"the game seats up to {cls.max_players}")

    def __init__(self, players: int | None = None, config: dict | None = None):
        self.players = self.default_players if players is None else players
        if not isinstance(self.players, int) or isinstance(self.players, bool):
            raise ValueError(f"the number of players must be a whole number, not "
                             f"{self.players!r}")
        if not self.min_players <= self.players <= self.max_players:
            raise ValueError(
                f"{self.name} is played by {self.min_players}–{self.max_players} players, "
                f"not {self.players}")
        if config is not None and not isinstance(config, dict):
            raise ValueError(f"{self.name} options must be an object {{name: value}}, "
                             f"not {type(config).__name__}")
        self.config = dict(config or {})
        self.validate_config()

    def validate_config(self) -> None:
        """Check ``self.config`` against :attr:`options` (ValueError naming the option, its
        type and the values allowed), fill in the defaults as ``self.settings``, then let
        the game read them (:meth:`configure`)."""
        self.settings: dict[str, Any] = check_all(self.options, self.config, self.name)
        self.configure()

    def configure(self) -> None:
        """Turn ``self.settings`` into the game's own fields (a tile set, a board); raise
        ValueError naming the option when a value is well-typed but still wrong."""

    @property
    def score_range(self) -> tuple[int, int | None]:
        """Bounds on a seat's final score: (least, greatest), None where no useful bound
        is known."""
        return 0, None

    @cached_property
    def policy(self) -> Policy[Any]:
        """The game's bot knowledge (:class:`~.policy.Policy`)."""
        return self.policy_class(self)

    @cached_property
    def drawing(self) -> Drawing:
        """The game's terminal drawing (:class:`~.drawing.Drawing`)."""
        return self.drawing_class(self)

    def encoding(self, **options: Any) -> "Encoding[Any]":
        """The game's RL encoding (:class:`~.encoding.Encoding`: action indices and numpy
        observations) with its ``options`` (the tile games' ``radius``). A game that has one
        overrides this and imports its ``encoding`` module here, on demand: it needs numpy
        and Gymnasium, which the rest of the engine never imports. NoEncoding otherwise."""
        raise NoEncoding(f"no RL encoding for {self.name}: a game declares one by "
                         "overriding Game.encoding (docs/research.md, 'Adding a game')")

    @classmethod
    def has_encoding(cls) -> bool:
        """Whether the game declares an RL encoding (:meth:`encoding`)."""
        return cls.encoding is not Game.encoding

    def client_data(self) -> dict | None:
        """The fixed data the game's browser board draws with besides the view (the tile
        games: their tile set), JSON-ready; None where the board needs none."""
        return None

    def new_state(self, seed: int | None = None) -> "State":
        """The state before the first action. ``seed`` seeds the state's own RNG."""
        return self.state_class(self, seed)

    def describe(self) -> dict:
        """The facts, options and own agents as JSON-ready data (``meeple games``, the
        server's game types); the score range is this configuration's."""
        low, high = self.score_range
        return {"name": self.name, "title": self.title,
                "players": {"min": self.min_players, "max": self.max_players,
                            "default": self.default_players},
                "hides_information": self.hides_information,
                "secret_scores": self.secret_scores, "has_chance": self.has_chance,
                "replayable_chance": self.replayable_chance,
                "scores": {"min": low, "max": high},
                "colours": list(self.colours[:self.max_players]),
                "browser_board": self.browser_board, "encoding": self.has_encoding(),
                "client_data": type(self).client_data is not Game.client_data,
                "options": [o.describe() for o in self.options],
                "agents": [a.describe() for a in self.agents]}

    def __repr__(self) -> str:
        return f"{type(self).__name__}(players={self.players}, config={self.config})"
