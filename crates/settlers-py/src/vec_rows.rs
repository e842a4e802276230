//! The rows of `VecEnv`'s arrays: borrowed for writing once a call, cut into each game's
//! rows, and the legal ids written into them in either format.

use crate::vec_env::VecEnv;
use numpy::{IxDyn, PyArrayMethods, PyReadwriteArray, PyUntypedArrayMethods};
use pyo3::prelude::*;

/// One game's rows of the arrays a step writes.
pub struct Rows<'a> {
    pub obs: &'a mut [f32],
    pub mask: Option<&'a mut [bool]>,
    pub ids: Option<(&'a mut [i32], &'a mut i32)>,
    pub to_act: &'a mut u8,
    pub rewards: &'a mut [f32],
    pub terminated: &'a mut bool,
    pub truncated: &'a mut bool,
}

impl Rows<'_> {
    /// The legal ids of the seat to act, as the format asks. `mask_set` holds the ids the
    /// mask row holds set (`None` before the game's first write): only they are cleared.
    pub fn write_legal(&mut self, ids: &[u32], mask_set: &mut Option<Vec<u32>>) {
        if let Some(mask) = self.mask.as_deref_mut() {
            match mask_set.as_mut() {
                Some(set) => {
                    for &id in set.iter() {
                        mask[id as usize] = false;
                    }
                    set.clear();
                    set.extend_from_slice(ids);
                }
                None => {
                    mask.fill(false);
                    *mask_set = Some(ids.to_vec());
                }
            }
            for &id in ids {
                mask[id as usize] = true;
            }
        }
        if let Some((row, count)) = self.ids.as_mut() {
            for (o, &id) in row.iter_mut().zip(ids) {
                *o = id as i32;
            }
            **count = ids.len() as i32;
        }
    }

    pub fn clear_legal(&mut self, mask_set: &mut Option<Vec<u32>>) {
        if let Some(mask) = self.mask.as_deref_mut() {
            mask.fill(false);
            *mask_set = Some(Vec::new());
        }
        if let Some((_, count)) = self.ids.as_mut() {
            **count = 0;
        }
    }
}

/// The arrays a step writes, borrowed for writing.
pub struct Arrays<'py> {
    obs: PyReadwriteArray<'py, f32, numpy::Ix2>,
    mask: Option<PyReadwriteArray<'py, bool, numpy::Ix2>>,
    ids: Option<PyReadwriteArray<'py, i32, numpy::Ix2>>,
    counts: Option<PyReadwriteArray<'py, i32, numpy::Ix1>>,
    to_act: PyReadwriteArray<'py, u8, numpy::Ix1>,
    rewards: PyReadwriteArray<'py, f32, IxDyn>,
    terminated: PyReadwriteArray<'py, bool, numpy::Ix1>,
    truncated: PyReadwriteArray<'py, bool, numpy::Ix1>,
}

impl<'py> Arrays<'py> {
    pub fn borrow(env: &VecEnv, py: Python<'py>) -> PyResult<Arrays<'py>> {
        Ok(Arrays {
            obs: env.observations.bind(py).try_readwrite()?,
            mask: env
                .masks
                .as_ref()
                .map(|m| m.bind(py).try_readwrite())
                .transpose()?,
            ids: env
                .legal_ids
                .as_ref()
                .map(|m| m.bind(py).try_readwrite())
                .transpose()?,
            counts: env
                .legal_counts
                .as_ref()
                .map(|m| m.bind(py).try_readwrite())
                .transpose()?,
            to_act: env.to_act.bind(py).try_readwrite()?,
            rewards: env.rewards.bind(py).try_readwrite()?,
            terminated: env.terminated.bind(py).try_readwrite()?,
            truncated: env.truncated.bind(py).try_readwrite()?,
        })
    }

    /// Every game's rows, in slot order.
    pub fn rows(&mut self, obs_len: usize, ids_len: usize) -> PyResult<Vec<Rows<'_>>> {
        let mut masks = match self.mask.as_mut() {
            Some(m) => Some(m.as_slice_mut()?.chunks_mut(ids_len)),
            None => None,
        };
        let mut ids = match (self.ids.as_mut(), self.counts.as_mut()) {
            (Some(i), Some(c)) => Some(
                i.as_slice_mut()?
                    .chunks_mut(ids_len)
                    .zip(c.as_slice_mut()?.iter_mut()),
            ),
            _ => None,
        };
        let rewards = self.rewards.as_slice_mut()?;
        let per_game = rewards.len() / self.terminated.len().max(1);
        let rows = self
            .obs
            .as_slice_mut()?
            .chunks_mut(obs_len)
            .zip(self.to_act.as_slice_mut()?)
            .zip(rewards.chunks_mut(per_game))
            .zip(self.terminated.as_slice_mut()?)
            .zip(self.truncated.as_slice_mut()?)
            .map(|((((obs, to_act), rewards), terminated), truncated)| Rows {
                obs,
                mask: masks.as_mut().and_then(|m| m.next()),
                ids: ids.as_mut().and_then(|i| i.next()),
                to_act,
                rewards,
                terminated,
                truncated,
            })
            .collect();
        Ok(rows)
    }
}
