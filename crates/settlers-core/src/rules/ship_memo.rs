//! A seat's ship sites and moves, remembered from one listing to the next. Working them out
//! is the dearest part of listing a Seafarers turn, and a seat that only trades between two
//! of its decisions has the same ones: about a third of the listings in New Shores
//! (docs/performance.md).
//!
//! What is remembered is only ever used for a position that agrees with the one it was
//! worked out from in everything the sites and moves depend on, and debug builds compare it
//! with a fresh listing each time.

use crate::action::{Action, LegalActions};
use crate::game::Game;
use crate::state::Seat;
use crate::topology::{CornerSet, EdgeId, EdgeSet, HexId, ShapeHandle};

/// Everything `ship_sites` and `legal_ship_moves` read: the board's shape and its sea (fog
/// changes it), the seat's ships, closed ships and buildings, every piece in the way, the
/// pirate. The seat's reach follows from its ships, its buildings and the others'; its
/// closed ships follow from them too, but for the villages it trades with (SC6-4), so they
/// are asked.
#[derive(Clone, Copy, Debug, PartialEq)]
struct ShipMovesKey {
    shape: usize,
    ship_edges: EdgeSet,
    seat: Seat,
    ships: EdgeSet,
    closed: EdgeSet,
    new_ships: EdgeSet,
    shipped: EdgeSet,
    paved: EdgeSet,
    own: CornerSet,
    occupied: CornerSet,
    pirate: Option<HexId>,
}

/// The sites and moves last worked out, and from what. It lives in the caller's buffer of
/// legal actions, so a game stays as small to copy as before.
#[derive(Clone, Debug, Default)]
pub struct ShipMovesMemo {
    key: Option<ShipMovesKey>,
    /// Keeps the shape whose address `key` holds from being dropped and its address reused.
    shape: Option<ShapeHandle>,
    sites: EdgeSet,
    moves: Vec<Action>,
}

/// A memo is not part of what is legal: two listings are equal whatever they remember.
impl PartialEq for ShipMovesMemo {
    fn eq(&self, _: &ShipMovesMemo) -> bool {
        true
    }
}

impl Game {
    fn ship_moves_key(&self, seat: Seat) -> ShipMovesKey {
        let t = self.topology();
        let s = &self.state;
        let p = s.player(seat);
        ShipMovesKey {
            shape: t.shape_address(),
            ship_edges: t.ship_edges,
            seat,
            ships: p.ships,
            closed: p.closed_ships,
            new_ships: s.new_ships,
            shipped: s.shipped,
            paved: s.paved,
            own: p.buildings(),
            occupied: s.occupied,
            pirate: s.pirate,
        }
    }

    /// Whether `key` is `seat`'s now, as `ship_moves_key` would make it, without making it:
    /// what changes most often is asked first, so that most positions that differ are told
    /// apart at the first look.
    fn ship_moves_key_holds(&self, seat: Seat, key: &ShipMovesKey) -> bool {
        let t = self.topology();
        let s = &self.state;
        let p = s.player(seat);
        let holds = key.shipped == s.shipped
            && key.paved == s.paved
            && key.seat == seat
            && key.new_ships == s.new_ships
            && key.pirate == s.pirate
            && key.occupied == s.occupied
            && key.ships == p.ships
            && key.closed == p.closed_ships
            && key.own == p.buildings()
            && key.ship_edges == t.ship_edges
            && key.shape == t.shape_address();
        debug_assert_eq!(holds, *key == self.ship_moves_key(seat));
        holds
    }

    /// Lists `seat`'s ship builds (when it `builds`) and ship moves, as `legal_ship_builds`
    /// would, from what `out` remembers when the position allows.
    pub(crate) fn legal_ships_remembered(&self, seat: Seat, builds: bool, out: &mut LegalActions) {
        if let Some(key) = &out.ship_memo.key
            && self.ship_moves_key_holds(seat, key)
        {
            #[cfg(debug_assertions)]
            self.check_ship_memo(seat, &out.ship_memo);
            let sites = out.ship_memo.sites;
            if builds {
                out.push_each(&sites, |e| Action::BuildShip(EdgeId(e as u16)));
            }
            out.actions.extend_from_slice(&out.ship_memo.moves);
            return;
        }
        let sites = self.ship_sites(seat);
        if builds {
            out.push_each(&sites, |e| Action::BuildShip(EdgeId(e as u16)));
        }
        let start = out.actions.len();
        self.legal_ship_moves(seat, &sites, out);
        let key = self.ship_moves_key(seat);
        let memo = &mut out.ship_memo;
        memo.moves.clear();
        memo.moves.extend_from_slice(&out.actions[start..]);
        memo.sites = sites;
        if memo.key.map(|k| k.shape) != Some(key.shape) {
            memo.shape = Some(self.topology().shape_handle());
        }
        memo.key = Some(key);
    }

    /// Debug builds: what is remembered is what would be listed now.
    #[cfg(debug_assertions)]
    fn check_ship_memo(&self, seat: Seat, memo: &ShipMovesMemo) {
        let sites = self.ship_sites(seat);
        assert_eq!(memo.sites, sites, "remembered ship sites");
        let mut fresh = LegalActions::default();
        self.legal_ship_moves(seat, &sites, &mut fresh);
        assert_eq!(memo.moves, fresh.actions, "remembered ship moves");
    }
}
