//! `Game.board()`: the board's places as the engine compiled them (docs/python.md, "The
//! engine"), so that code outside Rust can map a board of its own onto ours and check it.

use serde_json::{Value, json};
use settlers_core::Game;

/// Every hex with its six corners and six edges, every corner with the hexes it touches,
/// its neighbours and its harbor, every edge with its two corners, in canonical names.
pub fn board_data(game: &Game) -> Value {
    let t = game.topology();
    let hexes: Vec<Value> = t
        .hex_ids()
        .map(|h| {
            json!({
                "hex": t.hex(h).to_string(),
                "terrain": t.terrain(h).name(),
                "number": t.number(h),
                "corners": t.hex_corners(h).iter().map(|&c| t.corner(c).to_string()).collect::<Vec<_>>(),
                "edges": t.hex_edges(h).iter().map(|&e| t.edge(e).to_string()).collect::<Vec<_>>(),
            })
        })
        .collect();
    let corners: Vec<Value> = t
        .corner_ids()
        .map(|c| {
            json!({
                "corner": t.corner(c).to_string(),
                "hexes": t.corner_hexes(c).map(|h| t.hex(h).to_string()).collect::<Vec<_>>(),
                "neighbours": t.corner_neighbours(c).map(|n| t.corner(n).to_string()).collect::<Vec<_>>(),
                "harbor": t.harbor_at(c).map(|k| k.to_string()),
            })
        })
        .collect();
    let edges: Vec<Value> = t
        .edge_ids()
        .map(|e| {
            json!({
                "edge": t.edge(e).to_string(),
                "corners": t.edge_corners(e).iter().map(|&c| t.corner(c).to_string()).collect::<Vec<_>>(),
            })
        })
        .collect();
    let harbors: Vec<Value> = game
        .board()
        .harbors
        .iter()
        .map(|h| json!({"edge": h.edge.to_string(), "type": h.kind.to_string()}))
        .collect();
    json!({"hexes": hexes, "corners": corners, "edges": edges, "harbors": harbors})
}
