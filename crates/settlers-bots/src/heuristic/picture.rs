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

use super::{COAST_SIZE, Mind, Potential, Routes};
use settlers_core::ruleset::SpecialVp;
use settlers_core::state::MAX_SEATS;
use settlers_core::topology::{CornerId, CornerSet, EdgeSet, HexId, HexSet, Topology};

/// The villages a key tells apart; a game with more keeps no picture.
const MOST_VILLAGES: usize = 16;

/// What a picture shows: what each corner would produce, and where each network leads.
#[derive(Clone)]
pub(super) struct Picture {
    pub(super) values: Potential,
    pub(super) roads: Routes,
    pub(super) ships: Option<Routes>,
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
    special_vp: SpecialVp,
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
            special_vp: v.rules().special_vp.clone(),
            ships_allowed: v.rules().ships,
            cloth,
            fortress_conquered: v.fortress_conquered(me),
            barbarians_on: mind.coast.as_ref().map(|c| *c.on()),
        }
    }
}

/// A picture with what it was drawn from.
struct Kept {
    key: Key,
    /// Each hex's place, terrain and number, then each harbor corner's harbors.
    board: Vec<u64>,
    picture: Picture,
}

/// One kept picture for each seat the bot plays (a playout's bot plays them all).
#[derive(Default)]
pub(super) struct Pictures {
    kept: [Option<Box<Kept>>; MAX_SEATS],
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

/// The board's hexes and harbors, packed one a word, in id order.
fn board_words(t: &Topology) -> impl Iterator<Item = u64> + '_ {
    let hexes = t.hex_ids().map(move |h| {
        let hex = t.hex(h);
        let number = t.number(h).map_or(0, u64::from);
        (u64::from(hex.q as u16) << 32)
            | (u64::from(hex.r as u16) << 16)
            | ((t.terrain(h) as u64) << 8)
            | number
    });
    let harbors = t.harbor_corners().iter().map(move |c| {
        (1 << 63) | ((c as u64) << 8) | u64::from(t.corner_harbor(CornerId(c as u16)))
    });
    hexes.chain(harbors)
}

impl Pictures {
    /// Gives `mind` its picture: the kept one when it was drawn from the same table, else
    /// a new one, then kept.
    pub(super) fn serve(&mut self, mind: &mut Mind<'_, '_>) {
        let Some(slot) = self.kept.get_mut(mind.me.index()) else {
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
            mind.draw();
            return;
        }
        let key = Key::of(mind);
        if let Some(kept) = slot.as_deref()
            && kept.key == key
            && board_words(mind.t).eq(kept.board.iter().copied())
        {
            mind.show(&kept.picture);
            return;
        }
        mind.draw();
        *slot = Some(Box::new(Kept {
            key,
            board: board_words(mind.t).collect(),
            picture: mind.picture(),
        }));
    }
}
