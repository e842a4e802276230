"""Settlers' bots inside Catanatron (docs/python.md, "Catanatron").

Catanatron (https://pypi.org/project/catanatron/, GPL) is an optional extra, never part of
this package: ``pip install 'settlers[catanatron]'`` or ``pip install catanatron==3.2.1``.

``SettlersPlayer(color, bot="heuristic")`` is a Catanatron ``Player`` that decides with one
of our bots from its own seat's knowledge only; ``BoardMapping`` maps Catanatron's board
(cube tiles, node ids, edges as node pairs, ports) onto ours; ``seat_position`` writes the
position one seat of a Catanatron game knows. ``python -m settlers.catanatron.ladder`` plays
our bots against Catanatron's.
"""

try:
    import catanatron as _catanatron  # noqa: F401
except ImportError as missing:  # pragma: no cover - the message is the point
    raise ImportError(
        "settlers.catanatron needs Catanatron, an optional extra: "
        "pip install 'settlers[catanatron]' (or pip install catanatron==3.2.1)"
    ) from missing

from settlers.catanatron.board import BoardMapping
from settlers.catanatron.player import SettlersPlayer
from settlers.catanatron.position import seat_position

__all__ = ["BoardMapping", "SettlersPlayer", "seat_position"]
