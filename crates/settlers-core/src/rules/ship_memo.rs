//! A seat's ship sites and moves, remembered from one listing to the next. Working them out
//! is the dearest part of listing a Seafarers turn, and more often than not a seat finds them
//! as it left them: within its turn when it only trades, and from one of its turns to the
//! next when nobody built or moved near its ships (docs/performance.md).
//!
//! What is remembered is only ever used for a position that agrees with the one it was
//! worked out from in everything the sites and moves depend on, and debug builds compare it
//! with a fresh listing each time.

use crate::action::{Action, LegalActions};
use crate::game::Game;
use crate::state::{MAX_SEATS, Seat};
use crate::topology::{CornerSet, EdgeId, EdgeSet, ShapeHandle};

/// Everything `ship_sites` and `legal_ship_moves` read for one seat, narrowed to the places
/// that can matter to it: the board's shape and its sea (fog changes it); the seat's ships,
/// closed ships, buildings and reach; which of its ships are new; every building; the
/// pieces and the pirate on the edges it could reach (`near`) or holds.
/// Its closed ships follow from the rest but for the villages it trades with (SC6-4), so
/// they are asked.
#[derive(Clone, Copy, Debug, PartialEq)]
struct ShipMovesKey {
    shape: usize,
    ship_edges: EdgeSet,
    ships: EdgeSet,
    closed: EdgeSet,
    own: CornerSet,
    reach: CornerSet,
    new_ships: EdgeSet,
    /// Every building: an opponent's cuts a route and makes an open end (S-13.4, D-G-4.1).
    occupied: CornerSet,
    /// Roads and ships on `near`.
    taken: EdgeSet,
    /// The pirate's edges among `near` and the seat's ships (S-16).
    pirate: EdgeSet,
}

/// What one seat's listing worked out, and from what. `near`, where the key narrows to, is
/// a function of the key itself (of the seat's reach and the sea), so it stays right for as
/// long as the key holds.
#[derive(Clone, Debug)]
struct Remembered {
    key: ShipMovesKey,
    /// Keeps the shape whose address `key` holds from being dropped and its address reused.
    _shape: ShapeHandle,
    /// The sea and coast edges at the seat's reach: where its ships could go, were they
    /// empty and clear of the pirate.
    near: EdgeSet,
    sites: EdgeSet,
    moves: Vec<Action>,
}

/// Each seat's sites and moves last worked out. It lives in the caller's buffer of legal
/// actions, so a game stays as small to copy as before.
#[derive(Clone, Debug, Default)]
pub struct ShipMovesMemo {
    seats: [Option<Remembered>; MAX_SEATS],
}

/// A memo is not part of what is legal: two listings are equal whatever they remember.
impl PartialEq for ShipMovesMemo {
    fn eq(&self, _: &ShipMovesMemo) -> bool {
        true
    }
}

impl Game {
    fn ship_moves_key(&self, seat: Seat, near: &EdgeSet) -> ShipMovesKey {
        let t = self.topology();
        let s = &self.state;
        let p = s.player(seat);
        ShipMovesKey {
            shape: t.shape_address(),
            ship_edges: t.ship_edges,
            ships: p.ships,
            closed: p.closed_ships,
            own: p.buildings(),
            reach: p.ship_reach,
            new_ships: s.new_ships.intersection(&p.ships),
            occupied: s.occupied,
            taken: s.paved.union(&s.shipped).intersection(near),
            pirate: self.pirate_edges().intersection(&near.union(&p.ships)),
        }
    }

    /// Whether what `seat` remembers holds now, as `ship_moves_key` would make it, without
    /// making it: what changes most often is asked first, so that most positions that differ
    /// are told apart at the first look.
    fn ship_moves_key_holds(&self, seat: Seat, memo: &Remembered) -> bool {
        let t = self.topology();
        let s = &self.state;
        let p = s.player(seat);
        let key = &memo.key;
        let holds = key.taken == s.paved.union(&s.shipped).intersection(&memo.near)
            && key.ships == p.ships
            && key.new_ships == s.new_ships.intersection(&p.ships)
            && key.pirate == self.pirate_edges().intersection(&memo.near.union(&p.ships))
            && key.occupied == s.occupied
            && key.reach == p.ship_reach
            && key.own == p.buildings()
            && key.closed == p.closed_ships
            && key.ship_edges == t.ship_edges
            && key.shape == t.shape_address();
        debug_assert_eq!(holds, *key == self.ship_moves_key(seat, &memo.near));
        holds
    }

    /// Lists `seat`'s ship builds (when it `builds`) and ship moves, as `legal_ship_builds`
    /// would, from what `out` remembers when the position allows.
    pub(crate) fn legal_ships_remembered(&self, seat: Seat, builds: bool, out: &mut LegalActions) {
        if let Some(memo) = &out.ship_memo.seats[seat.index()]
            && self.ship_moves_key_holds(seat, memo)
        {
            #[cfg(debug_assertions)]
            self.check_ship_memo(seat, memo);
            let sites = memo.sites;
            if builds {
                out.push_each(&sites, |e| Action::BuildShip(EdgeId(e as u16)));
            }
            if let Some(memo) = &out.ship_memo.seats[seat.index()] {
                out.actions.extend_from_slice(&memo.moves);
            }
            return;
        }
        let s = &self.state;
        let near = self.ship_site_candidates(&s.player(seat).ship_reach);
        let sites = self.ship_sites_among(&near);
        debug_assert_eq!(sites, self.ship_sites(seat));
        if builds {
            out.push_each(&sites, |e| Action::BuildShip(EdgeId(e as u16)));
        }
        let start = out.actions.len();
        self.legal_ship_moves(seat, &sites, out);
        let key = self.ship_moves_key(seat, &near);
        let (done, memo) = (
            &out.actions[start..],
            &mut out.ship_memo.seats[seat.index()],
        );
        match memo {
            Some(m) if m.key.shape == key.shape => {
                m.key = key;
                m.near = near;
                m.sites = sites;
                m.moves.clear();
                m.moves.extend_from_slice(done);
            }
            _ => {
                *memo = Some(Remembered {
                    key,
                    _shape: self.topology().shape_handle(),
                    near,
                    sites,
                    moves: done.to_vec(),
                })
            }
        }
    }

    /// Debug builds: what is remembered is what would be listed now.
    #[cfg(debug_assertions)]
    fn check_ship_memo(&self, seat: Seat, memo: &Remembered) {
        let sites = self.ship_sites(seat);
        assert_eq!(memo.sites, sites, "remembered ship sites");
        let mut fresh = LegalActions::default();
        self.legal_ship_moves(seat, &sites, &mut fresh);
        assert_eq!(memo.moves, fresh.actions, "remembered ship moves");
    }
}
