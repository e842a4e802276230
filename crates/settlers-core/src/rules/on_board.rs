//! An id past the board's edges is refused before anything looks it up (ARCHITECTURE.md: a
//! refused action says why). Every rule that takes a place from an action checks it here.

use crate::action::RuleError;
use crate::game::Game;
use crate::topology::{CornerId, EdgeId, HexId};

fn off_board(what: &'static str, index: u16) -> RuleError {
    RuleError::OffBoard {
        what,
        text: format!("#{index}"),
    }
}

impl Game {
    pub(crate) fn check_edge_on_board(&self, edge: EdgeId) -> Result<(), RuleError> {
        if edge.index() >= self.topology().edge_count() {
            return Err(off_board("edge", edge.0));
        }
        Ok(())
    }

    pub(crate) fn check_corner_on_board(&self, corner: CornerId) -> Result<(), RuleError> {
        if corner.index() >= self.topology().corner_count() {
            return Err(off_board("corner", corner.0));
        }
        Ok(())
    }

    pub(crate) fn check_hex_on_board(&self, hex: HexId) -> Result<(), RuleError> {
        if hex.index() >= self.topology().hex_count() {
            return Err(off_board("hex", hex.0.into()));
        }
        Ok(())
    }
}
