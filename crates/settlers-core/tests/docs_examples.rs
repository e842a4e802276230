//! The examples in docs/ are real: each JSON example there reads as what it claims to be.

use settlers_core::Game;
use settlers_core::map::{LayoutOptions, MapFile, MapTemplate};
use settlers_core::position::Position;

fn json_blocks(doc: &str) -> Vec<String> {
    let text = std::fs::read_to_string(format!("{}/../../docs/{doc}", env!("CARGO_MANIFEST_DIR")))
        .unwrap();
    text.split("```json\n")
        .skip(1)
        .map(|block| block.split("```").next().unwrap().to_string())
        .collect()
}

#[test]
fn the_custom_map_of_the_map_format_reads_and_lays_out() {
    let blocks = json_blocks("map-format.md");
    let custom = blocks
        .last()
        .expect("the map format shows a whole map last");
    let file = MapFile::from_json(custom).unwrap();
    let template = MapTemplate::check(&file).unwrap_or_else(|e| panic!("{e}"));
    let board = template
        .realise(
            &LayoutOptions::default(),
            &mut <rand_chacha::ChaCha8Rng as rand_core::SeedableRng>::seed_from_u64(1),
        )
        .unwrap();
    assert_eq!(board.hexes.len(), 3);
    assert_eq!(board.robber, Some("0,1".parse().unwrap()));
}

#[test]
fn the_position_of_the_record_format_reads() {
    let blocks = json_blocks("record-format.md");
    let position = blocks
        .iter()
        .find(|b| b.contains("settlers-position"))
        .expect("the record format shows a position");
    let game = Game::from_position(&Position::from_json(position).unwrap())
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(game.seats(), 4);
}
