//! Small statistics for reports of bot games (`settlers sim`, the bots' tests).

/// The Wilson score interval at 95% for `successes` out of `trials`: unlike the normal
/// approximation it stays inside 0..1 and is sound near 0% and 100%, where a strong bot's
/// win rate lies.
pub fn wilson_interval(successes: u64, trials: u64) -> (f64, f64) {
    if trials == 0 {
        return (0.0, 1.0);
    }
    const Z: f64 = 1.959_963_984_540_054;
    let n = trials as f64;
    let p = successes as f64 / n;
    let z2 = Z * Z;
    let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
    let half = Z / (1.0 + z2 / n) * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_matches_a_worked_example() {
        // 81 of 263: the interval quoted by Wilson-interval calculators is 0.2553–0.3662.
        let (lo, hi) = wilson_interval(81, 263);
        assert!(
            (lo - 0.2553).abs() < 1e-3 && (hi - 0.3662).abs() < 1e-3,
            "{lo} {hi}"
        );
    }

    #[test]
    fn wilson_stays_within_zero_and_one() {
        let (lo, hi) = wilson_interval(10, 10);
        assert!(lo > 0.6 && (1.0 - hi) < 1e-12, "{lo} {hi}");
        let (lo, hi) = wilson_interval(0, 10);
        assert!(lo < 1e-12 && hi < 0.4, "{lo} {hi}");
    }
}
