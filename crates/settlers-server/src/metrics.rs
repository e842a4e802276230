//! What `GET /metrics` tells a monitoring system, in the Prometheus text format (version
//! 0.0.4): the games in play, the connections open, the actions stored (a counter: Prometheus
//! computes the rate) and how long the server took to handle a seat's action (a histogram).
//! docs/hosting.md lists the metrics.

use std::fmt::Write;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

/// The upper bounds of the latency histogram's buckets, in seconds: from a fraction of a
/// millisecond (an action applied and stored in a batch) to seconds (a database in trouble).
const BUCKETS: [f64; 12] = [
    0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5,
];

/// The server's counters, shared by every game task.
#[derive(Debug, Default)]
pub struct Metrics {
    /// Actions stored, chance's outcomes included.
    actions: AtomicU64,
    /// Seats' actions handled: how many fell in each bucket (not cumulative here), the last
    /// one past the largest bound.
    handled: [AtomicU64; BUCKETS.len() + 1],
    /// Their total time, in microseconds.
    handled_micros: AtomicU64,
}

impl Metrics {
    /// `count` actions were stored.
    pub fn stored(&self, count: usize) {
        self.actions.fetch_add(count as u64, Ordering::Relaxed);
    }

    /// A seat's action was handled (applied and stored, or refused) in `took`.
    pub fn handled(&self, took: Duration) {
        let seconds = took.as_secs_f64();
        let bucket = BUCKETS
            .iter()
            .position(|&bound| seconds <= bound)
            .unwrap_or(BUCKETS.len());
        self.handled[bucket].fetch_add(1, Ordering::Relaxed);
        let micros = u64::try_from(took.as_micros()).unwrap_or(u64::MAX);
        self.handled_micros.fetch_add(micros, Ordering::Relaxed);
    }

    /// Actions stored since the server started.
    pub fn actions_stored(&self) -> u64 {
        self.actions.load(Ordering::Relaxed)
    }
}

/// What the server is doing now, beside its counters.
pub struct Gauges {
    pub games_in_play: usize,
    pub connections_open: usize,
}

/// One metric's HELP and TYPE lines.
fn head(out: &mut String, name: &str, kind: &str, help: &str) {
    let _ = writeln!(out, "# HELP {name} {help}");
    let _ = writeln!(out, "# TYPE {name} {kind}");
}

/// A metric of one value (a gauge or a counter), whole: its HELP, TYPE and value.
fn single(out: &mut String, name: &str, kind: &str, help: &str, value: impl std::fmt::Display) {
    head(out, name, kind, help);
    let _ = writeln!(out, "{name} {value}");
}

/// The metrics in the Prometheus text format, each family whole (its HELP, TYPE and values).
pub fn render(metrics: &Metrics, gauges: &Gauges) -> String {
    let mut out = String::new();
    single(
        &mut out,
        "settlers_games_in_play",
        "gauge",
        "Games being played: not finished, with a running task.",
        gauges.games_in_play,
    );
    single(
        &mut out,
        "settlers_connections_open",
        "gauge",
        "Connections open, WebSockets included.",
        gauges.connections_open,
    );
    single(
        &mut out,
        "settlers_actions_stored_total",
        "counter",
        "Actions applied and stored, chance's outcomes included.",
        metrics.actions_stored(),
    );
    let latency = "settlers_action_seconds";
    head(
        &mut out,
        latency,
        "histogram",
        "Time to handle a seat's action: applied, stored and sent, or refused.",
    );
    let mut cumulative = 0;
    for (i, bound) in BUCKETS.iter().enumerate() {
        cumulative += metrics.handled[i].load(Ordering::Relaxed);
        let _ = writeln!(out, "{latency}_bucket{{le=\"{bound}\"}} {cumulative}");
    }
    cumulative += metrics.handled[BUCKETS.len()].load(Ordering::Relaxed);
    let _ = writeln!(out, "{latency}_bucket{{le=\"+Inf\"}} {cumulative}");
    let micros = metrics.handled_micros.load(Ordering::Relaxed);
    let _ = writeln!(out, "{latency}_sum {}", micros as f64 / 1e6);
    let _ = writeln!(out, "{latency}_count {cumulative}");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_histogram_is_cumulative_and_counts_every_action() {
        let metrics = Metrics::default();
        metrics.handled(Duration::from_micros(300));
        metrics.handled(Duration::from_millis(3));
        metrics.handled(Duration::from_secs(10));
        metrics.stored(7);
        let text = render(
            &metrics,
            &Gauges {
                games_in_play: 2,
                connections_open: 5,
            },
        );
        for line in [
            "settlers_games_in_play 2",
            "settlers_connections_open 5",
            "settlers_actions_stored_total 7",
            "settlers_action_seconds_bucket{le=\"0.0005\"} 1",
            "settlers_action_seconds_bucket{le=\"0.0025\"} 1",
            "settlers_action_seconds_bucket{le=\"0.005\"} 2",
            "settlers_action_seconds_bucket{le=\"2.5\"} 2",
            "settlers_action_seconds_bucket{le=\"+Inf\"} 3",
            "settlers_action_seconds_count 3",
            "settlers_action_seconds_sum 10.0033",
        ] {
            assert!(text.lines().any(|l| l == line), "no `{line}` in:\n{text}");
        }
    }
}
