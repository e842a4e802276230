//! The heuristic bot places the New World's harbor tokens before setup (SC9-3) beside the
//! corners it would like to settle: a 2:1 harbor where a settlement would produce most of its
//! resource, a 3:1 harbor on the corner with the most pips.

use super::{best_by, pips};
use settlers_core::map::HarborKind;
use settlers_core::topology::{CornerId, Topology};
use settlers_core::{Action, LegalActions};

/// A 2:1 harbor counts its own resource's pips twice as much as the corner's others.
const OWN_RESOURCE_WEIGHT: f32 = 2.0;

/// The edge whose better corner suits `kind` best.
pub(super) fn best_harbor(t: &Topology, kind: HarborKind, legal: &LegalActions) -> Option<Action> {
    best_by(legal, |a| match a {
        Action::PlaceHarbor(e) => Some(
            t.edge_corners(*e)
                .iter()
                .map(|&c| corner_for_harbor(t, c, kind))
                .fold(0.0, f32::max),
        ),
        _ => None,
    })
}

/// How well a settlement on `c` would use a harbor of `kind`: its pips, those of the 2:1
/// harbor's resource counting more.
fn corner_for_harbor(t: &Topology, c: CornerId, kind: HarborKind) -> f32 {
    let mut value = 0.0;
    for h in t.corner_hexes(c) {
        let p = pips(t.number(h)) as f32;
        value += match (kind, t.resource(h)) {
            (HarborKind::Special(r), Some(of)) if r == of => p * OWN_RESOURCE_WEIGHT,
            _ => p,
        };
    }
    value
}
