"""The phases of a Catan game: who acts and what they may do (7.3)."""
BOARD = "board"            # chance: the variable set-up
SETTLE = "setup settlement"
SETUP_ROAD = "setup road"
PREROLL = "before the roll"
DICE = "dice"              # chance: the dice total
DISCARD = "discard"
ROBBER = "robber"
STEAL = "steal"            # chance: the stolen card
MAIN = "trade and build"
DRAW = "draw"              # chance: the development card bought
ROADS = "road building"
ANSWER = "answer"          # the other seats answer an offer, one after another
CLOSE = "close"            # the mover trades with one who answered, or cancels
OVER = "over"
CHANCE_PHASES = frozenset({BOARD, DICE, STEAL, DRAW})
SETUP = frozenset({BOARD, SETTLE, SETUP_ROAD})
