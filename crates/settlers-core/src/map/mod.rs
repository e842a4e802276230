//! Maps: the file format, its checks, and laying out a board from it.

mod board;
mod file;
mod layout;
mod template;

pub use board::{Board, BoardHex, Harbor, HarborKind};
pub use file::{
    HarborEntry, HexEntry, MAP_FORMAT_VERSION, MapFile, NumberSpiral, PieceStart, Pool, SpiralToken,
};
pub use layout::{Layout, LayoutOptions, SpiralDirection, red_numbers_touch};
pub use template::{
    MapErrors, MapProblem, MapTemplate, RobberStart, Spiral, TemplateHarbor, TemplateHex,
};

/// The built-in maps, as data files.
pub mod builtin {
    /// `(id, file text)` of every built-in map.
    pub const MAPS: &[(&str, &str)] = &[("base", include_str!("../../maps/base.json"))];

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
