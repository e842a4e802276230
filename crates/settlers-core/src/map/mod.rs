//! Maps: the file format, its checks, and laying out a board from it.

mod board;
mod file;
mod hex_index;
mod layout;
pub mod new_world;
mod template;

pub use board::{Board, BoardHex, Harbor, HarborKind};
pub use file::{
    HARBOR_PLACEMENT_VERSION, HarborEntry, HarborPlacementEntry, HexEntry, MAP_FORMAT_VERSION,
    MapFile, NumberSpiral, PieceStart, Pool, SpiralToken,
};
pub use layout::{GIFT_HARBORS, Layout, LayoutOptions, SpiralDirection, red_numbers_touch};
pub use new_world::NewWorld;
pub use template::{
    MOST_COORDINATE, MapErrors, MapPlace, MapProblem, MapTemplate, RobberStart, Spiral,
    TemplateHarbor, TemplateHex,
};

/// The built-in maps, as data files.
pub mod builtin {
    /// `(id, file text)` of every built-in map.
    pub const MAPS: &[(&str, &str)] = &[
        ("base", include_str!("../../maps/base.json")),
        (
            "barbarian-attack",
            include_str!("../../maps/barbarian-attack.json"),
        ),
        ("new-shores-3", include_str!("../../maps/new-shores-3.json")),
        ("new-shores-4", include_str!("../../maps/new-shores-4.json")),
        (
            "four-islands-3",
            include_str!("../../maps/four-islands-3.json"),
        ),
        (
            "four-islands-4",
            include_str!("../../maps/four-islands-4.json"),
        ),
        (
            "fog-islands-3",
            include_str!("../../maps/fog-islands-3.json"),
        ),
        (
            "fog-islands-4",
            include_str!("../../maps/fog-islands-4.json"),
        ),
        (
            "through-the-desert-3",
            include_str!("../../maps/through-the-desert-3.json"),
        ),
        (
            "through-the-desert-4",
            include_str!("../../maps/through-the-desert-4.json"),
        ),
        (
            "forgotten-tribe",
            include_str!("../../maps/forgotten-tribe.json"),
        ),
        ("wonders", include_str!("../../maps/wonders.json")),
        (
            "cloth-for-catan",
            include_str!("../../maps/cloth-for-catan.json"),
        ),
        (
            "pirate-islands",
            include_str!("../../maps/pirate-islands.json"),
        ),
    ];

    pub fn text(id: &str) -> Option<&'static str> {
        MAPS.iter()
            .find(|(name, _)| *name == id)
            .map(|(_, text)| *text)
    }

    /// A built-in map, read and checked once.
    pub fn template(
        id: &str,
    ) -> Option<Result<&'static super::MapTemplate, &'static super::MapErrors>> {
        use std::sync::OnceLock;
        static CHECKED: OnceLock<Vec<Result<super::MapTemplate, super::MapErrors>>> =
            OnceLock::new();
        let checked = CHECKED.get_or_init(|| {
            MAPS.iter()
                .map(|(_, text)| {
                    let file =
                        super::MapFile::from_json(text).expect("built-in maps are valid JSON");
                    super::MapTemplate::check(&file)
                })
                .collect()
        });
        let i = MAPS.iter().position(|(name, _)| *name == id)?;
        Some(checked[i].as_ref())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand_chacha::ChaCha8Rng;
    use rand_core::SeedableRng;

    #[test]
    fn every_built_in_map_is_valid_and_lays_out_in_every_layout() {
        for (id, _) in builtin::MAPS {
            let template = builtin::template(id)
                .unwrap()
                .unwrap_or_else(|e| panic!("{id}: {e}"));
            for layout in [Layout::Beginner, Layout::Variable, Layout::Random] {
                let options = LayoutOptions {
                    layout,
                    ..Default::default()
                };
                let board = template
                    .realise(&options, &mut ChaCha8Rng::seed_from_u64(3))
                    .unwrap_or_else(|e| panic!("{id} {layout:?}: {e}"));
                assert_eq!(board.hexes.len(), template.hexes.len(), "{id}");
            }
            for w in &template.warnings {
                eprintln!("{id}: {w}");
            }
        }
    }
}
