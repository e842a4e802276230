//! Where a hex stands in a list of hexes, found in a step or a few: the map's set-up and
//! check ask it for every corner and edge of the board, and a New World game asks it for the
//! map it draws.

use crate::geometry::Hex;

/// The place of each hex of a list: the first place it stands at.
pub(crate) struct HexIndex {
    lookup: Lookup,
}

/// A grid needs no more cells than this for each hex of the list, and a few more for a
/// short list, or the hexes are searched sorted.
const MOST_CELLS_PER_HEX: usize = 4;
const FEW_CELLS: usize = 64;

enum Lookup {
    /// The places in a grid over the hexes' bounding box, row by row: a board fills most
    /// of its box.
    Grid {
        first_q: i32,
        first_r: i32,
        width: usize,
        height: usize,
        /// A place, or `usize::MAX` for a cell no hex of the list stands on.
        cells: Vec<usize>,
    },
    /// Hexes spread thinly over a wide box (a map file may place them up to
    /// `MOST_COORDINATE` apart), sorted with their places: a grid would be mostly empty.
    Sorted(Vec<(Hex, usize)>),
}

impl HexIndex {
    pub(crate) fn new(hexes: &[Hex]) -> HexIndex {
        let bounds = hexes.iter().fold(None, |b: Option<(Hex, Hex)>, &h| {
            Some(b.map_or((h, h), |(low, high)| {
                (
                    Hex::new(low.q.min(h.q), low.r.min(h.r)),
                    Hex::new(high.q.max(h.q), high.r.max(h.r)),
                )
            }))
        });
        let grid = bounds.and_then(|(low, high)| {
            let width = usize::try_from(i32::from(high.q) - i32::from(low.q) + 1).ok()?;
            let height = usize::try_from(i32::from(high.r) - i32::from(low.r) + 1).ok()?;
            let fits = width.checked_mul(height)?
                <= hexes.len().saturating_mul(MOST_CELLS_PER_HEX) + FEW_CELLS;
            fits.then_some((low, width, height))
        });
        let lookup = match grid {
            Some((low, width, height)) => {
                let mut cells = vec![usize::MAX; width * height];
                let (first_q, first_r) = (i32::from(low.q), i32::from(low.r));
                // Backwards, so that the first place of a hex listed twice is kept.
                for (i, h) in hexes.iter().enumerate().rev() {
                    cells[cell(h, first_q, first_r, width)] = i;
                }
                Lookup::Grid {
                    first_q,
                    first_r,
                    width,
                    height,
                    cells,
                }
            }
            None => {
                let mut sorted: Vec<(Hex, usize)> = hexes.iter().copied().zip(0..).collect();
                sorted.sort_unstable();
                sorted.dedup_by_key(|(h, _)| *h);
                Lookup::Sorted(sorted)
            }
        };
        HexIndex { lookup }
    }

    /// Where `h` first stands in the list, if it is there.
    #[inline]
    pub(crate) fn get(&self, h: Hex) -> Option<usize> {
        match &self.lookup {
            Lookup::Grid {
                first_q,
                first_r,
                width,
                height,
                cells,
            } => {
                // A hex before the box's first row or column wraps round to a large number,
                // beyond the box like one after its last.
                let q = (i32::from(h.q) - first_q) as u32 as usize;
                let r = (i32::from(h.r) - first_r) as u32 as usize;
                if q >= *width || r >= *height {
                    return None;
                }
                let place = cells[r * width + q];
                (place != usize::MAX).then_some(place)
            }
            Lookup::Sorted(sorted) => sorted
                .binary_search_by_key(&h, |(hex, _)| *hex)
                .ok()
                .map(|i| sorted[i].1),
        }
    }
}

fn cell(h: &Hex, first_q: i32, first_r: i32, width: usize) -> usize {
    let q = (i32::from(h.q) - first_q) as usize;
    let r = (i32::from(h.r) - first_r) as usize;
    r * width + q
}

#[cfg(test)]
mod tests {
    use super::*;

    fn first_place(hexes: &[Hex], h: Hex) -> Option<usize> {
        hexes.iter().position(|x| *x == h)
    }

    #[test]
    fn a_hex_is_found_at_its_first_place_on_a_board_and_on_hexes_far_apart() {
        let board: Vec<Hex> = (-3..=3)
            .flat_map(|q| (-3..=3).map(move |r| Hex::new(q, r)))
            .filter(|h| h.distance(Hex::new(0, 0)) <= 3)
            .chain([Hex::new(1, 1), Hex::new(-3, 0)])
            .collect();
        let far = vec![
            Hex::new(-1000, 1000),
            Hex::new(1000, -1000),
            Hex::new(0, 0),
            Hex::new(1000, -1000),
        ];
        for (hexes, in_a_grid) in [(board, true), (far, false), (Vec::new(), false)] {
            let index = HexIndex::new(&hexes);
            assert_eq!(matches!(index.lookup, Lookup::Grid { .. }), in_a_grid);
            let probes = hexes
                .iter()
                .flat_map(|h| h.neighbours().into_iter().chain([*h]))
                .chain([Hex::new(7, 7), Hex::new(-1001, 1001)]);
            for h in probes {
                assert_eq!(index.get(h), first_place(&hexes, h), "{h} in {hexes:?}");
            }
        }
    }
}
