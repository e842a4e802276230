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
}
