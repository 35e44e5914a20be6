"""The shapes of the API's requests and replies (pydantic), for checking and for /docs."""
from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class CreateGame(Strict):
    game: str = Field(description="the game's name, as in GET /api/games/types",
                      examples=["carcassonne"])
    players: int | None = Field(None, description="seats (default: the game's usual number)")
    bots: dict[str, str] = Field({}, description="seat number → agent spec, e.g. "
                                 '{"1": "mcts:time=0.5"}; the other seats are people')
    config: dict[str, Any] = Field({}, description="the game's options")
    seed: int | None = Field(None, description="deals the chance outcomes; by default the "
                             "server draws 128 random bits. A seed named here makes a practice "
                             "game: not listed in the lobby, and marked so (its creator could "
                             "know every draw to come)", ge=0, le=2 ** 63 - 1)
    names: dict[str, str] = Field({}, description="seat number → display name")
    seats: dict[str, Literal["me", "invite", "open"]] = Field(
        {}, description="seat number → how a person's seat is given: 'me' (the creating "
        "player's own), 'invite' (an invitation link, claimed once by the first player "
        "to open it) or 'open' (offered to anyone in the lobby). A person's seat named in "
        "neither this nor bots is 'invite'; with a player cookie, seat 0 is 'me' unless "
        "said otherwise")
    private: bool = Field(False, description="not listed; seats only by their links")
    aids: bool = Field(True, description="the beginner's aids: legal spots lit, tiles "
                       "left, projected scores (false: the server sends none of them)")
    hints: bool | None = Field(None, description="engine hints, for every seat alike and "
                               "shown to all (default: on where only one person plays, "
                               "off between people)")
    clock: dict[str, Any] | None = Field(
        None, description='how long a move may take: {"kind": "move", "seconds": 60} (a '
        'fixed time per move), {"kind": "live", "base": 300, "increment": 5} (a clock per '
        'seat, seconds), {"kind": "correspondence", "days": 3} (1, 3 or 7 days a move); '
        "None: untimed")
    on_timeout: Literal["bot", "claim"] = Field(
        "bot", description="when a person's time runs out: 'bot' (a bot takes the seat "
        "over until they take it back) or 'claim' (the other people may claim the win or "
        "end the game as abandoned)")
    colours: dict[str, str] = Field(
        {}, description="seat number → its colour, one of the game's `colours` (GET "
        "/api/games/types), no two alike, or 'random' (one of the colours nobody picked, "
        "by chance); a seat not named takes the first colour nobody picked, in the game's "
        "order (422 for an unknown colour or one named twice)", examples=[{"0": "yellow"}])
    order: Literal["listed", "random"] = Field(
        "listed", description="the seat order: 'listed' (as bots, seats, names and colours "
        "number them: seat 0 starts) or 'random' (the seats are shuffled, each with its "
        "person or bot, its name and colour: who starts is left to chance; the reply says "
        "where each seat went)")


class SeatToken(BaseModel):
    seat: int
    token: str = Field(description="the seat's secret: shown once, never stored in clear")
    join: str = Field(description="the link that plays the seat")
    mode: str = Field("invite", description="how the seat is given: me, invite, open")
    invite: str | None = Field(None, description="an invited seat's invitation: the page "
                               "whose first player to open it gets the seat for good")


class Created(BaseModel):
    id: str
    game: str
    players: int
    colours: list[str] = Field([], description="each seat's colour, in seat (turn) order")
    seats: list[SeatToken]


class Join(Strict):
    seat: int | None = Field(None, description="the seat (default: the first open one)")
    name: str = Field(description="display name, 1–40 characters")


class Joined(BaseModel):
    seat: int
    token: str | None = Field(description="the seat's token (None: asked as the player "
                              "who holds the seat, whose cookie plays it)")
    join: str | None


class PlayerInfo(BaseModel):
    id: str
    name: str
    account: dict[str, str] | None = Field(description='{"username": ...} for an '
                                           "account, None for an anonymous player")


class Rename(Strict):
    name: str = Field(description="display name, 1–40 characters")


class Account(Strict):
    username: str = Field(max_length=40, description="3–40 letters, digits, '.', '_', '-'")
    password: str = Field(max_length=200, description="8–200 characters (kept only as "
                          "its argon2id hash)")


class Rematched(Joined):
    id: str


class Move(Strict):
    action: str = Field(max_length=2000, description="the action in the game's notation",
                        examples=["place U 0 1 90"])
    index: int | None = Field(None, description="the action count the client saw: a "
                              "stale one is refused (409), so a double click plays once")


class Answer(Strict):
    accept: bool


class Claim(Strict):
    end: Literal["win", "abandoned"] = Field(
        description="'win': the game ends as your win; 'abandoned': it ends with no winner")


class Claimed(BaseModel):
    result: dict[str, Any] = Field(description='{"ended": "claimed" | "abandoned", "by": '
                                   'your seat, "timed_out": the seat whose time ran out}')


class SeatBot(Strict):
    bot: bool = Field(description="true: a bot plays your seat from now on (let a bot "
                      "finish for me); false: you take it back")


class SeatBotted(BaseModel):
    seat: int
    bot: str | None = Field(description="the bot that now plays for the seat (None: you)")


class SeatInfo(BaseModel):
    seat: int
    agent: str = Field(description="'human' or the bot's agent spec")
    name: str | None
    open: bool = Field(description="a person's seat offered to anyone that nobody has "
                       "taken (the lobby offers it)")
    mode: str | None = Field(None, description="a person's seat: 'me' (its creator's), "
                             "'invite' (an invitation link, claimed once) or 'open' "
                             "(offered in the lobby); None for a bot's")
    bot: str | None = Field(None, description="the agent moving for a person's seat now "
                            "(their time ran out, or they let a bot finish for them)")


class GameState(BaseModel):
    """The game as one seat (or a spectator) sees it: the reply of the state routes and,
    with its ``type``, every WebSocket message (:class:`Message`); built in one place,
    :func:`.messages.state_message`, and checked against this declaration (a field the
    builder adds and this model lacks is an error, never silently dropped)."""

    model_config = ConfigDict(extra="forbid")

    id: str
    game: str
    players: int
    status: Literal["open", "running", "finished"]
    index: int = Field(description="the number of actions so far")
    turn: int
    current_player: int = Field(description="the seat to move; -4 once the game is over")
    terminal: bool
    seat: int | None = Field(description="the token's seat; None for a spectator")
    view: dict[str, Any] = Field(description="state.view(seat): what that seat may see")
    regions: dict[str, list[list[list[int]]]] | None = Field(
        None, description="per list of pieces in the view ('followers', 'huts'), per piece "
        "in its order, the [x, y] cells its score counts (tile games; None elsewhere)")
    legal: list[str] = Field(description="legal actions, only for the seat to move")
    legal_parts: list[list[Any]] = Field(
        [], description="each legal action as its parts, in the order of legal: the action's "
        "kind, then its arguments (a path of fields a list), so a client need not parse "
        "notation")
    advice: str | None = Field(None, description="what the seat to move can do now, in one "
                               "sentence in the reader's language, and why some things are "
                               "not possible (only for the seat to move)")
    scores: list[int] | None = Field(description="points so far (None where they are "
                                     "secret until the end: Jäger und Sammler)")
    breakdown: dict[str, Any] | None
    projected: list[int] | None = Field(description="the scores if the game ended now "
                                        "(tile games, with player aids on)")
    events: list[dict[str, Any]] = Field(description="what happened, in words and as data")
    last_action: str | None = Field(description="the last action in notation (None "
                                    "before the first, and while it is a chance outcome "
                                    "that not every seat may see: Catan's stolen card)")
    moves: list[dict[str, Any]] = Field(
        [], description="an update's moves by seats since the previous message, "
        '{"index", "seat", "action", "parts"} (parts as in legal_parts; chance outcomes '
        "left out; empty in other messages)")
    seats: list[SeatInfo]
    colours: list[str] = Field([], description="each seat's colour, as its creator chose "
                               "them (else in the game's own order)")
    takeback: dict[str, Any] | None = Field(
        description='an open takeback request: {"by": the asking seat, "keep": the actions '
        'that stay, "accepted": the seats that accepted, "undo": the log\'s words of every '
        "action it takes back (the asker's whole last turn, and anything after it)}")
    can_take_back: bool = Field(False, description="the token's seat has a move that a "
                                "takeback request may take back now (POST .../takeback)")
    rematch: str | None = Field(description="the rematch's game id, once one exists")
    aids: bool = Field(description="whether player aids are on (set at creation)")
    practice: bool = Field(False, description="the creator chose the seed: a practice game, "
                           "not listed in the lobby (its creator could know every draw to "
                           "come)")
    version: int = Field(0, description="the game's stored version: raised by every stored "
                         "change (a move, a seat, a takeback)")
    log: list[dict[str, Any]] = Field(
        [], description="the game's log, in words for a person and the same for every "
        'viewer: {"index", "seat", "text"} per action of a seat ("Ana placed a road curve '
        'north of the starting tile"), from action since on: the whole game from its first '
        "move in a state message (since 0); an update's own actions. What the actions "
        "scored are the events")
    clock: dict[str, Any] | None = Field(
        None, description="the time control, None untimed: {\"kind\", its settings, "
        "\"on_timeout\", \"deadline\" (ISO time the seat to move runs out, or None), "
        "\"remaining\" (seconds per seat, a live clock; else None), \"timed_out\" (the "
        "seat whose time ran out, the others may claim), \"now\" (the server's time)}")
    result: dict[str, Any] | None = Field(
        None, description="how the game ended outside its rules: {\"ended\": "
        "\"claimed\" | \"abandoned\", \"by\": seat, \"timed_out\": seat}")
    hints: bool = Field(False, description="engine hints allowed, for every seat alike "
                        "(the creator's choice)")
    since: int = Field(0, description="the action index this message's events and moves "
                       "start from: an update whose since is past the index the client knows "
                       "means the client missed one and should ask for the state again")


class Message(GameState):
    """A WebSocket message about the game: the state with what changed."""

    type: Literal["state", "update", "seats", "takeback"] = Field(
        description="state: the whole game (on connecting, and after a takeback); update: "
        "a move was stored (its events and moves); seats: who sits where changed; takeback: "
        "a takeback request was made, answered or dropped")


class Position(GameState):
    of: int = Field(description="the number of actions of the whole game")


class GameSummary(BaseModel):
    id: str
    game: str
    players: int
    status: str
    index: int
    turn: int
    scores: list[int] | None
    created_at: str | None
    updated_at: str | None
    colours: list[str] = Field([], description="each seat's colour")
    seats: list[SeatInfo]


class MyGame(GameSummary):
    seat: int = Field(description="the player's seat")
    status: Literal["running", "invited", "finished"] = Field(
        description="invited: waiting for an invited person to take their seat")
    your_turn: bool
    deadline: str | None = Field(description="when your time to move runs out (your turn "
                                 "in a timed game), ISO time")
    to_move: int | None
    clock: dict[str, Any] | None
    result: dict[str, Any] | None
    updated: float | None
    invites: list[dict[str, Any]] = Field(description="in a game you created: the "
                                          "invitations not taken yet, {seat, invite}")


class Hint(BaseModel):
    action: str
    words: str = Field("", description="the move in words, as the game's log says a move "
                                       "(the engine's narration)")
    value: float = Field(description="a win chance in 0..1, or an expected final score, "
                                     "as ranks_by says")
    visits: int | None = Field(description="the search's visits behind it (None: no search)")
    margin: float | None = Field(description="expected final score less the best other "
                                             "seat's (None where the agent gives none)")
    then: str | None = Field(None, description="the seat's next decision the search "
                             "expects right after this move (the follower or hut after a "
                             "tile), told in `words` too; None where another seat or chance "
                             "comes next")


class Hints(BaseModel):
    agent: str
    ranks_by: str
    index: int
    seat: int
    moves: list[Hint]


class ReviewedMove(BaseModel):
    index: int = Field(description="the action index of the move in the record")
    seat: int
    move: str = Field(description="the move played")
    best: str = Field(description="the agent's best move there")
    chance: float = Field(description="the seat's win chance with the best move (solo: "
                                      "the expected final score)")
    played: float | None = Field(description="the same for the move played (None: not "
                                             "visited by the search)")
    best_words: str | None = Field(None, description="the best move in words, as the "
                                   "log says a move, its seat's name left out, in the "
                                   "request's language (None while the review is under way)")


class Analysis(BaseModel):
    status: Literal["running", "done"]
    agent: str
    done: int
    of: int | None = Field(description="the moves to review (None while counting)")
    moves: list[ReviewedMove]
    hides_information: bool = Field(
        False, description="the game hides something from a seat, so each move's chance is "
        "that seat's own estimate from its own view, not comparable with another seat's")


class Error(BaseModel):
    error: str
