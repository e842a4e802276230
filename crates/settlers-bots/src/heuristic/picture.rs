//! The bot's picture of the board, kept between decisions: each corner's value and both
//! networks' potentials, which are most of a decision's work and change only when the board
//! does (a build, a ship move, the pirate, fog turned over, barbarians, a scenario's piece),
//! not at a trade, a card or a roll.
//!
//! A kept picture is used again only when everything it was drawn from is the same: the
//! seat, the board (every hex's place, terrain and number, the harbors), the pieces, the
//! pirate, the corners too close to settle, the sites, the special points, the cloth, the
//! fortress and the barbarians. The scoring areas, lanes and villages are the scenario's,
//! fixed with its board.
//!
//! The corners' values are drawn again only when the seat's production, the barbarians or
//! the board changed (`ValuesKey`): an opponent's piece changes where routes lead, not
//! what a corner yields.
//!
//! The pictures live in the bot itself, one place per seat, lent to the bot's mind at each
//! decision and redrawn in place: a decision copies no picture and allocates nothing
//! (tests/barbarian_attack.rs, `the_bots_allocate_nothing`).

use super::{COAST_SIZE, Mind, Potential, Routes};
use settlers_core::ruleset::SpecialVp;
use settlers_core::state::{MAX_SEATS, Seat};
use settlers_core::topology::{
    CornerId, CornerSet, EdgeSet, HexId, HexSet, MAX_CORNERS, MAX_HEXES, Topology,
};

/// The villages a key tells apart; a game with more keeps no picture.
const MOST_VILLAGES: usize = 16;

/// What a picture shows: what each corner would produce, and where each network leads.
#[derive(Clone)]
pub(super) struct Picture {
    pub(super) values: Potential,
    pub(super) roads: Routes,
    pub(super) ships: Option<Routes>,
}

impl Picture {
    /// A picture with nothing drawn yet.
    pub(super) fn blank() -> Picture {
        Picture {
            values: [0.0; MAX_CORNERS],
            roads: Routes {
                sources: CornerSet::new(),
                potential: [0.0; MAX_CORNERS],
                best: 0.0,
            },
            ships: None,
        }
    }
}

/// Everything of the table a picture is drawn from, besides the board.
#[derive(Clone, PartialEq)]
struct Key {
    fog: HexSet,
    harbors: CornerSet,
    taken: EdgeSet,
    opponents: CornerSet,
    settlements: CornerSet,
    cities: CornerSet,
    ships: EdgeSet,
    road_reach: CornerSet,
    road_sites: EdgeSet,
    ship_sites: EdgeSet,
    crowded: CornerSet,
    pirate: Option<HexId>,
    special_points: u8,
    /// The special points rules, as far as a picture uses them: their kind and points
    /// (`special_summary`), and the scoring areas of each corner.
    special_vp: (u8, u8, u8),
    areas: [u16; MAX_CORNERS],
    ships_allowed: bool,
    /// Cloth for Catan: the cloth on each village, and whether I trade with it.
    cloth: [(u8, bool); MOST_VILLAGES],
    fortress_conquered: bool,
    barbarians_on: Option<[u8; COAST_SIZE]>,
}

impl Key {
    fn of(mind: &Mind<'_, '_>) -> Key {
        let v = mind.view;
        let me = mind.me;
        let mut cloth = [(0, false); MOST_VILLAGES];
        if let Some(rules) = v.rules().cloth.as_deref() {
            for (i, slot) in cloth.iter_mut().enumerate().take(rules.villages.len()) {
                *slot = (v.cloth().on_village[i], v.cloth().trades(i, me));
            }
        }
        Key {
            fog: mind.t.fog_hexes,
            harbors: *mind.t.harbor_corners(),
            taken: mind.taken,
            opponents: mind.opponents,
            settlements: v.settlements(me),
            cities: v.cities(me),
            ships: v.ships(me),
            road_reach: v.road_reach(me),
            road_sites: v.road_sites(me),
            ship_sites: if v.rules().ships {
                v.ship_sites(me)
            } else {
                EdgeSet::new()
            },
            crowded: v.crowded(),
            pirate: v.pirate(),
            special_points: v.special_victory_points(me),
            special_vp: special_summary(&v.rules().special_vp),
            areas: mind.areas,
            ships_allowed: v.rules().ships,
            cloth,
            fortress_conquered: v.fortress_conquered(me),
            barbarians_on: mind.coast.as_ref().map(|c| *c.on()),
        }
    }
}

/// The special points rules' kind and points; their areas are compared as each corner's.
fn special_summary(special: &SpecialVp) -> (u8, u8, u8) {
    match special {
        SpecialVp::None => (0, 0, 0),
        SpecialVp::FirstPerArea { value, .. } => (1, *value, 0),
        SpecialVp::ForeignIslands { first, further, .. } => (2, *first, *further),
    }
}

/// The board a picture is drawn from: each hex's place, terrain and number, in id order
/// (the place of every hex fixes the corners' and edges' ids), and each corner's harbors.
pub(super) struct Board {
    hexes: usize,
    hex_words: [u64; MAX_HEXES],
    harbors: [u8; MAX_CORNERS],
}

impl Board {
    pub(super) fn of(t: &Topology) -> Board {
        let mut board = Board {
            hexes: 0,
            hex_words: [0; MAX_HEXES],
            harbors: [0; MAX_CORNERS],
        };
        board.redraw(t);
        board
    }

    fn redraw(&mut self, t: &Topology) {
        self.hexes = t.hex_count();
        self.hex_words = [0; MAX_HEXES];
        for (word, h) in self.hex_words.iter_mut().zip(t.hex_ids()) {
            *word = hex_word(t, h);
        }
        self.harbors = [0; MAX_CORNERS];
        for c in t.harbor_corners().iter() {
            self.harbors[c] = t.corner_harbor(CornerId(c as u16));
        }
    }

    /// Whether `t` is this board, compared exactly.
    pub(super) fn is(&self, t: &Topology) -> bool {
        self.hexes == t.hex_count()
            && t.hex_ids()
                .zip(&self.hex_words)
                .all(|(h, &word)| hex_word(t, h) == word)
            && t.harbor_corners()
                .iter()
                .all(|c| self.harbors[c] == t.corner_harbor(CornerId(c as u16)))
    }
}

/// A hex's place, terrain and number, packed in one word.
fn hex_word(t: &Topology, h: HexId) -> u64 {
    let hex = t.hex(h);
    let number = t.number(h).map_or(0, u64::from);
    (u64::from(hex.q as u16) << 32)
        | (u64::from(hex.r as u16) << 16)
        | ((t.terrain(h) as u64) << 8)
        | number
}

/// What the corners' values are drawn from besides the board (`Mind::corner_value`): an
/// opponent's build changes the routes, not these.
#[derive(Clone, Copy, PartialEq)]
struct ValuesKey {
    production: [u32; 5],
    gold_pips: u32,
    barbarians_on: Option<[u8; COAST_SIZE]>,
}

impl ValuesKey {
    fn of(mind: &Mind<'_, '_>) -> ValuesKey {
        ValuesKey {
            production: mind.production,
            gold_pips: mind.gold_pips,
            barbarians_on: mind.coast.as_ref().map(|c| *c.on()),
        }
    }
}

/// What a kept picture was drawn from.
pub(super) struct DrawnFrom {
    key: Key,
    values_key: ValuesKey,
    board: Board,
}

/// A seat's picture, lent to the bot's mind at each decision, with what it was drawn from
/// (`None` before its first drawing, or after one the keys cannot tell apart).
pub(super) struct Kept {
    pub(super) drawn_from: Option<DrawnFrom>,
    pub(super) picture: Picture,
}

/// One kept picture for each seat the bot plays (a playout's bot plays them all), held in
/// the bot, not on the heap.
#[derive(Default)]
pub(super) struct Pictures {
    kept: [Option<Kept>; MAX_SEATS],
}

impl Clone for Pictures {
    /// A copy starts with no pictures: they are only a saving.
    fn clone(&self) -> Pictures {
        Pictures::default()
    }
}

impl std::fmt::Debug for Pictures {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let kept = self.kept.iter().filter(|k| k.is_some()).count();
        write!(f, "Pictures {{ kept: {kept} }}")
    }
}

impl Pictures {
    /// `seat`'s place, with a blank picture the first time.
    pub(super) fn slot(&mut self, seat: Seat) -> Option<&mut Kept> {
        let slot = self.kept.get_mut(seat.index())?;
        Some(slot.get_or_insert_with(|| Kept {
            drawn_from: None,
            picture: Picture::blank(),
        }))
    }
}

/// Brings `mind`'s picture up to date: kept as it is when it was drawn from the same table
/// (`drawn_from`), else drawn again in place, and what it was drawn from noted. Without a
/// `drawn_from` the picture is a spare one, drawn afresh.
pub(super) fn bring_up_to_date(
    drawn_from: Option<&mut Option<DrawnFrom>>,
    mind: &mut Mind<'_, '_>,
) {
    let Some(drawn_from) = drawn_from else {
        mind.draw();
        return;
    };
    if mind
        .view
        .rules()
        .cloth
        .as_deref()
        .is_some_and(|r| r.villages.len() > MOST_VILLAGES)
    {
        // The keys cannot tell such a table's villages apart: the picture is drawn afresh
        // and marked as drawn from nothing known.
        *drawn_from = None;
        mind.draw();
        return;
    }
    let key = Key::of(mind);
    let values_key = ValuesKey::of(mind);
    let Some(kept) = drawn_from else {
        mind.draw();
        *drawn_from = Some(DrawnFrom {
            key,
            values_key,
            board: Board::of(mind.t),
        });
        return;
    };
    let same_board = kept.board.is(mind.t);
    if same_board && kept.key == key {
        return;
    }
    // The corners' values stay as they were unless my production, the barbarians or the
    // board changed: redrawing them is half of a picture's work.
    if same_board && kept.values_key == values_key {
        mind.draw_routes();
    } else {
        mind.draw();
    }
    kept.key = key;
    kept.values_key = values_key;
    if !same_board {
        kept.board.redraw(mind.t);
    }
}
