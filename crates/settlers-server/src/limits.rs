//! The server's limits: what any client, and all clients together, may hold or ask for, so
//! that nothing the network sends exhausts the server (docs/reliability.md lists them with
//! their defaults; `settlers serve --help` sets them).

use crate::listener::ClientKey;
use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// How often games left untouched are looked for.
pub const SWEEP_EVERY: Duration = Duration::from_secs(3600);

/// The limits, with defaults for a server friends play on.
#[derive(Clone, Debug)]
pub struct Limits {
    /// Connections open at once, all clients together (WebSockets included).
    pub max_connections: usize,
    /// Connections open at once from one client (an IPv4 address, an IPv6 /64).
    pub max_connections_per_client: usize,
    /// How long a client has to send a request's head, from connecting or from its last
    /// answer on a kept-alive connection.
    pub request_head_timeout: Duration,
    /// How long a client has to send a request's body.
    pub request_body_timeout: Duration,
    /// A WebSocket from which nothing arrives for this long (not even the answer to the
    /// server's pings, sent at half this interval) is closed.
    pub idle_timeout: Duration,
    /// New games one client may create in a minute.
    pub games_per_client_per_minute: usize,
    /// Games being played at once; a new one beyond is refused until some end.
    pub max_open_games: usize,
    /// A game in which nothing was played for this long is abandoned: it is no longer
    /// listed, resumed or played, and its link says so.
    pub abandon_after: Duration,
    /// Map checks and replays run at once (see `heavy`).
    pub parallel_heavy_jobs: usize,
    /// Map checks and replays asked for that may wait or run at once; more are refused as
    /// busy.
    pub heavy_queue: usize,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_connections: 4096,
            max_connections_per_client: 128,
            request_head_timeout: Duration::from_secs(10),
            request_body_timeout: Duration::from_secs(30),
            idle_timeout: Duration::from_secs(90),
            games_per_client_per_minute: 60,
            max_open_games: 1000,
            abandon_after: Duration::from_secs(14 * 24 * 3600),
            parallel_heavy_jobs: crate::heavy::default_parallel_jobs(),
            heavy_queue: 16,
        }
    }
}

/// How many clients' recent creations are remembered at most: beyond, the oldest are
/// forgotten, so the table itself stays bounded.
const CLIENTS_REMEMBERED: usize = 10_000;
const MINUTE: Duration = Duration::from_secs(60);

/// At most `per_minute` new games per client in any minute.
#[derive(Debug)]
pub struct CreationLimit {
    per_minute: usize,
    recent: Mutex<HashMap<ClientKey, Vec<Instant>>>,
}

impl CreationLimit {
    pub fn new(per_minute: usize) -> CreationLimit {
        CreationLimit {
            per_minute,
            recent: Mutex::new(HashMap::new()),
        }
    }

    /// Whether `client` may create a game now; if it may, the creation is counted.
    /// `None`: a request from no address (the router driven in-process), counted as one
    /// client.
    pub fn allow(&self, client: Option<IpAddr>, now: Instant) -> bool {
        let key = ClientKey::of(client.unwrap_or(IpAddr::from([0, 0, 0, 0])));
        let mut recent = self.recent.lock().expect("not poisoned");
        if recent.len() >= CLIENTS_REMEMBERED && !recent.contains_key(&key) {
            recent.retain(|_, times| times.last().is_some_and(|&t| now - t < MINUTE));
            if recent.len() >= CLIENTS_REMEMBERED {
                // Every remembered client created a game within the minute: refuse new
                // clients rather than forget a limit still running.
                return false;
            }
        }
        let times = recent.entry(key).or_default();
        times.retain(|&t| now - t < MINUTE);
        if times.len() >= self.per_minute {
            return false;
        }
        times.push(now);
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_client_creates_its_games_a_minute_and_no_more() {
        let limit = CreationLimit::new(3);
        let start = Instant::now();
        let a = Some(IpAddr::from([127, 0, 0, 2]));
        let b = Some(IpAddr::from([127, 0, 0, 3]));
        for _ in 0..3 {
            assert!(limit.allow(a, start));
        }
        assert!(!limit.allow(a, start + Duration::from_secs(59)));
        assert!(limit.allow(b, start + Duration::from_secs(59)));
        assert!(limit.allow(a, start + Duration::from_secs(61)));
    }
}
