"""Catanatron's boards in our coordinates (settlers.catanatron.board): on many of its random
boards, every tile, node, edge and port maps one to one onto the board our engine builds
from the map the bridge writes, and adjacency agrees."""

import json
import random

import pytest
from catanatron.models.map import (
    BASE_MAP_TEMPLATE,
    MINI_MAP_TEMPLATE,
    TOURNAMENT_MAP,
    CatanMap,
    EdgeRef,
    LandTile,
    NodeRef,
)

import settlers
from settlers.catanatron import BoardMapping
from settlers.catanatron.board import RESOURCE_NAMES, TERRAIN

# Our hex's corners come clockwise from N, its edges clockwise from NE (Game.board()).
NODE_ORDER = [NodeRef.NORTH, NodeRef.NORTHEAST, NodeRef.SOUTHEAST, NodeRef.SOUTH, NodeRef.SOUTHWEST, NodeRef.NORTHWEST]
EDGE_ORDER = [EdgeRef.NORTHEAST, EdgeRef.EAST, EdgeRef.SOUTHEAST, EdgeRef.SOUTHWEST, EdgeRef.WEST, EdgeRef.NORTHWEST]


def boards():
    out = [("tournament", TOURNAMENT_MAP)]
    for seed in range(40):
        random.seed(seed)
        out.append((f"base-{seed}", CatanMap.from_template(BASE_MAP_TEMPLATE)))
    for seed in range(3):
        random.seed(seed)
        out.append((f"mini-{seed}", CatanMap.from_template(MINI_MAP_TEMPLATE)))
    return out


def our_board(mapping):
    """Our engine's board of the map the bridge writes."""
    position = {"map": mapping.map_file(), "phase": "setup_settlement", "players": [{}, {}, {}, {}]}
    return settlers.Game.from_position(json.dumps(position)).board()


@pytest.mark.parametrize("name,catan_map", boards(), ids=lambda x: x if isinstance(x, str) else "")
def test_every_tile_node_edge_and_port_maps_one_to_one(name, catan_map):
    mapping = BoardMapping(catan_map)
    board = our_board(mapping)
    hexes = {h["hex"]: h for h in board["hexes"]}
    corners = {c["corner"]: c for c in board["corners"]}
    edges = {e["edge"]: e for e in board["edges"]}

    # Tiles: every land tile is one of our hexes, with its terrain and number, its corners
    # and edges in the same places; nothing else is listed.
    assert len(hexes) == len(catan_map.land_tiles) == len(set(mapping.hexes.values()))
    for coordinate, tile in catan_map.land_tiles.items():
        ours = hexes[mapping.hexes[coordinate]]
        assert ours["terrain"] == TERRAIN[tile.resource]
        assert ours["number"] == tile.number
        assert ours["corners"] == [mapping.corner(tile.nodes[ref]) for ref in NODE_ORDER]
        assert ours["edges"] == [mapping.edge(tile.edges[ref]) for ref in EDGE_ORDER]

    # Nodes: the land nodes and our corners, one to one.
    assert set(mapping.corners) == set(catan_map.land_nodes)
    assert len(set(mapping.corners.values())) == len(mapping.corners)
    assert set(mapping.corners.values()) == set(corners)

    # Edges: every edge of a land tile, one to one, joining the same two corners.
    land_edges = {frozenset(e) for t in catan_map.land_tiles.values() for e in t.edges.values()}
    assert set(mapping.edges) == land_edges
    assert len(set(mapping.edges.values())) == len(land_edges) == len(edges)
    for pair, name_ in mapping.edges.items():
        assert set(edges[name_]["corners"]) == {mapping.corner(n) for n in pair}

    # Adjacency: a node's neighbours (one edge away) are the corner's.
    neighbours = {n: set() for n in catan_map.land_nodes}
    for a, b in (tuple(e) for e in land_edges):
        neighbours[a].add(b)
        neighbours[b].add(a)
    for node, near in neighbours.items():
        assert set(corners[mapping.corner(node)]["neighbours"]) == {mapping.corner(n) for n in near}
    # And a corner's hexes are the node's tiles.
    for node, tiles in catan_map.adjacent_tiles.items():
        names = {mapping.hexes[c] for c, t in catan_map.land_tiles.items() if t in tiles}
        assert set(corners[mapping.corner(node)]["hexes"]) == names

    # Ports: each port's nodes are the corners of one of our harbors of its type, and no
    # other corner has a harbor.
    assert len(board["harbors"]) == len(catan_map.ports_by_id)
    harbor_corners = {c: k["harbor"] for c, k in corners.items() if k["harbor"] is not None}
    expected = {}
    for resource, nodes in catan_map.port_nodes.items():
        for node in nodes:
            expected[mapping.corner(node)] = "3:1" if resource is None else RESOURCE_NAMES[resource]
    assert harbor_corners == expected
    for port in catan_map.ports_by_id.values():
        kind = "3:1" if port.resource is None else RESOURCE_NAMES[port.resource]
        matching = [h for h in board["harbors"] if h["type"] == kind and set(edges[h["edge"]]["corners"]) <= set(expected)]
        assert matching, f"port {port} has no harbor"
    for h in board["harbors"]:
        ends = edges[h["edge"]]["corners"]
        assert all(expected[c] == h["type"] for c in ends)


def test_a_tile_coordinate_is_our_axial_hex():
    """Catanatron's centre is our base board's centre, its east neighbour ours."""
    mapping = BoardMapping(TOURNAMENT_MAP)
    assert mapping.hexes[(0, 0, 0)] == "1,2"
    assert mapping.hexes[(1, -1, 0)] == "2,2"  # east
    assert mapping.hexes[(0, -1, 1)] == "1,3"  # south-east
    assert mapping.hexes[(1, 0, -1)] == "2,1"  # north-east
    # The 19 land hexes are our base board's places.
    base = settlers.Game("base", 4, seed=1).board()
    assert set(mapping.hexes.values()) == {h["hex"] for h in base["hexes"]}


def test_the_engine_refuses_a_board_that_does_not_map():
    """A map our engine cannot read is refused with its reasons, not played."""
    mapping = BoardMapping(TOURNAMENT_MAP)
    broken = mapping.map_file()
    broken["hexes"][0]["number"] = 7
    with pytest.raises(ValueError, match="7"):
        settlers.Game.from_position(json.dumps({"map": broken, "phase": "setup_settlement", "players": [{}, {}, {}, {}]}))
