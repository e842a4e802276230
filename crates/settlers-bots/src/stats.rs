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
    // The interval holds the rate itself: at no wins its lower end is 0 and at all wins its
    // upper end 1, exactly, where rounding would leave 2.8e-17 or 0.99999….
    let lo = if successes == 0 {
        0.0
    } else {
        (centre - half).clamp(0.0, p)
    };
    let hi = if successes >= trials {
        1.0
    } else {
        (centre + half).clamp(p, 1.0)
    };
    (lo, hi)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_wins_and_all_wins_end_the_interval_at_0_and_1() {
        for games in [1, 3, 12, 1000] {
            let (lo, hi) = wilson_interval(0, games);
            assert_eq!(lo, 0.0);
            assert!(hi > 0.0 && hi < 1.0, "{hi}");
            let (lo, hi) = wilson_interval(games, games);
            assert_eq!(hi, 1.0);
            assert!(lo > 0.0 && lo < 1.0, "{lo}");
        }
    }

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
