"""Catanatron's board in our coordinates (docs/python.md, "Catanatron").

Catanatron's tiles are pointy-top hexes in cube coordinates ``(x, y, z)``, its east
neighbour at ``(x+1, y-1, z)``: the axial ``(q, r)`` of shared/rules/coordinates.md is
``(x, z)``, moved by ``(1, 2)`` so that Catanatron's centre tile is our base board's centre
``1,2``. Its nodes are numbered, each a corner of up to three tiles (``NodeRef`` names the
corner from one tile: NORTH … NORTHWEST, clockwise, as ours); an edge is the pair of its
node ids; a port is a water tile whose ``direction`` points at the land, its harbor on the
port tile's side in that direction. Names are made canonical by coordinates.md §4 and §5,
and the tests check every one against the engine's own board (``Game.board()``).
"""

from catanatron.models.map import LandTile, NodeRef, EdgeRef, Port
from catanatron.models.coordinate_system import Direction

# Catanatron's resources and ours.
RESOURCE_NAMES = {
    "WOOD": "lumber",
    "BRICK": "brick",
    "SHEEP": "wool",
    "WHEAT": "grain",
    "ORE": "ore",
}
CATANATRON_RESOURCES = {ours: theirs for theirs, ours in RESOURCE_NAMES.items()}
# The terrain producing each resource; a tile without one is the desert.
TERRAIN = {
    "WOOD": "forest",
    "BRICK": "hills",
    "SHEEP": "pasture",
    "WHEAT": "fields",
    "ORE": "mountains",
    None: "desert",
}
# Catanatron's centre tile (0, 0, 0) is our hex 1,2, the centre of the base board.
OFFSET = (1, 2)

_CORNER = {
    NodeRef.NORTH: "N",
    NodeRef.NORTHEAST: "NE",
    NodeRef.SOUTHEAST: "SE",
    NodeRef.SOUTH: "S",
    NodeRef.SOUTHWEST: "SW",
    NodeRef.NORTHWEST: "NW",
}
_SIDE = {
    EdgeRef.NORTHEAST: "NE",
    EdgeRef.EAST: "E",
    EdgeRef.SOUTHEAST: "SE",
    EdgeRef.SOUTHWEST: "SW",
    EdgeRef.WEST: "W",
    EdgeRef.NORTHWEST: "NW",
}
_DIRECTION = {
    Direction.NORTHEAST: "NE",
    Direction.EAST: "E",
    Direction.SOUTHEAST: "SE",
    Direction.SOUTHWEST: "SW",
    Direction.WEST: "W",
    Direction.NORTHWEST: "NW",
}


def axial(coordinate):
    """Our (q, r) of a Catanatron cube coordinate."""
    x, _, z = coordinate
    return (x + OFFSET[0], z + OFFSET[1])


def hex_name(coordinate):
    q, r = axial(coordinate)
    return f"{q},{r}"


def corner_name(q, r, corner):
    """The canonical name of corner ``corner`` (N … NW) of hex (q, r): coordinates.md §4."""
    q2, r2, side = {
        "N": (q, r, "N"),
        "NE": (q + 1, r - 1, "S"),
        "SE": (q, r + 1, "N"),
        "S": (q, r, "S"),
        "SW": (q - 1, r + 1, "N"),
        "NW": (q, r - 1, "S"),
    }[corner]
    return f"{q2},{r2},{side}"


def edge_name(q, r, side):
    """The canonical name of side ``side`` (NE … NW) of hex (q, r): coordinates.md §5."""
    q2, r2, owned = {
        "NE": (q, r, "NE"),
        "E": (q, r, "E"),
        "SE": (q, r, "SE"),
        "SW": (q - 1, r + 1, "NE"),
        "W": (q - 1, r, "E"),
        "NW": (q, r - 1, "SE"),
    }[side]
    return f"{q2},{r2},{owned}"


class BoardMapping:
    """One Catanatron map in our names: its land tiles as hexes, its land nodes as corners,
    its edges as edges, its ports as harbors; and the map file of our format that lays it
    out (``map_file``)."""

    def __init__(self, catan_map):
        self.catan_map = catan_map
        self.hexes = {}  # Catanatron coordinate -> our hex name (land tiles)
        self.corners = {}  # node id -> our corner name
        self.nodes = {}  # our corner name -> node id
        self.edges = {}  # frozenset of two node ids -> our edge name
        self.edge_pairs = {}  # our edge name -> (node id, node id)
        self.harbors = []  # (our edge name, our harbor type, the port's two node ids)
        for coordinate, tile in catan_map.tiles.items():
            q, r = axial(coordinate)
            land = isinstance(tile, LandTile)
            if land:
                self.hexes[coordinate] = f"{q},{r}"
                for ref, node in tile.nodes.items():
                    self._name_corner(node, corner_name(q, r, _CORNER[ref]))
                for ref, (a, b) in tile.edges.items():
                    self._name_edge(a, b, edge_name(q, r, _SIDE[ref]))
            if isinstance(tile, Port):
                side = _DIRECTION[tile.direction]
                refs = {
                    "NE": (NodeRef.NORTH, NodeRef.NORTHEAST),
                    "E": (NodeRef.NORTHEAST, NodeRef.SOUTHEAST),
                    "SE": (NodeRef.SOUTHEAST, NodeRef.SOUTH),
                    "SW": (NodeRef.SOUTH, NodeRef.SOUTHWEST),
                    "W": (NodeRef.SOUTHWEST, NodeRef.NORTHWEST),
                    "NW": (NodeRef.NORTHWEST, NodeRef.NORTH),
                }[side]
                kind = "3:1" if tile.resource is None else RESOURCE_NAMES[tile.resource]
                nodes = (tile.nodes[refs[0]], tile.nodes[refs[1]])
                self.harbors.append((edge_name(q, r, side), kind, nodes))
        self.harbors.sort()
        # The tiles by our hex name, for the robber.
        self.coordinates = {name: c for c, name in self.hexes.items()}

    def _name_corner(self, node, name):
        known = self.corners.setdefault(node, name)
        if known != name or self.nodes.setdefault(name, node) != node:
            raise ValueError(
                f"Catanatron's node {node} is corner {known} of one tile and {name} of another"
            )

    def _name_edge(self, a, b, name):
        key = frozenset((a, b))
        known = self.edges.setdefault(key, name)
        if known != name or self.edge_pairs.setdefault(name, (a, b)) not in ((a, b), (b, a)):
            raise ValueError(f"Catanatron's edge {a}-{b} is edge {known} and {name}")

    def corner(self, node):
        """Our corner of a Catanatron node id."""
        return self.corners[node]

    def edge(self, pair):
        """Our edge of a Catanatron edge (a pair of node ids, either way round)."""
        return self.edges[frozenset(pair)]

    def map_file(self, victory_points=10):
        """The board as a map of our format (docs/map-format.md): its land hexes, numbers and
        harbors fixed, the robber starting on the desert. Positions not listed are the frame,
        sea as Catanatron's water ring is."""
        hexes = []
        for coordinate, name in sorted(self.hexes.items(), key=lambda kv: axial(kv[0])[::-1]):
            tile = self.catan_map.tiles[coordinate]
            entry = {"hex": name, "terrain": TERRAIN[tile.resource]}
            if tile.resource is not None:
                entry["number"] = tile.number
            hexes.append(entry)
        deserts = [h["hex"] for h in hexes if h["terrain"] == "desert"]
        return {
            "format": "settlers-map",
            "version": 1,
            "id": "catanatron",
            "name": "A board of Catanatron's",
            "game": "base",
            "players": [3, 4],
            "victory_points": victory_points,
            "hexes": hexes,
            "harbors": [{"edge": edge, "type": kind} for edge, kind, _ in self.harbors],
            "robber": {"start": deserts[0] if deserts else None},
        }
