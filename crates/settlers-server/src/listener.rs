//! Accepting connections. The server runs its own accept loop (in place of `axum::serve`) so
//! that what the network sends cannot exhaust it (docs/reliability.md):
//!
//! - a connection that does not finish its request head in time is closed (hyper's header
//!   read timeout, which also covers a kept-alive connection waiting for its next request);
//! - no client holds more than its share of connections, and all of them together no more
//!   than the server's limit: a connection over either is closed at once, before it costs a
//!   task or a buffer;
//! - running out of file descriptors pauses accepting for a moment instead of ending the
//!   server.
//!
//! A WebSocket keeps the permit of the connection it was upgraded from, so it counts too.
//!
//! Behind a trusted proxy (`ServerConfig::trusted_proxies`) every connection comes from the
//! proxy: it counts in the total at once, and against its client's share for each request,
//! the client read from the proxy's forwarded address (`crate::proxy`). A WebSocket keeps
//! both.

use crate::Server;
use axum::extract::ConnectInfo;
use axum::http::StatusCode;
use axum::response::IntoResponse;
use futures_util::future::Either;
use hyper::body::Incoming;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use std::collections::HashMap;
use std::net::{IpAddr, Ipv6Addr};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::net::TcpListener;
use tower::Service;

/// How long accepting pauses when the process has no file descriptor left.
const PAUSE_WHEN_OUT_OF_FILES: Duration = Duration::from_millis(50);

/// Who a connection counts against: its IPv4 address, or the /64 network of an IPv6 one
/// (which one host usually holds whole, so counting addresses would count nothing).
#[derive(Clone, Copy, Debug, Hash, PartialEq, Eq)]
pub struct ClientKey(IpAddr);

impl ClientKey {
    pub fn of(ip: IpAddr) -> ClientKey {
        match ip {
            IpAddr::V4(v4) => ClientKey(IpAddr::V4(v4)),
            IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
                Some(v4) => ClientKey(IpAddr::V4(v4)),
                None => {
                    let network = u128::from(v6) & !((1u128 << 64) - 1);
                    ClientKey(IpAddr::V6(Ipv6Addr::from(network)))
                }
            },
        }
    }
}

/// Why a connection was not taken.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refused {
    /// The server holds its most connections.
    Full,
    /// This client holds its most connections.
    ClientFull,
}

/// The open connections, counted per client and in all.
#[derive(Debug)]
pub struct ConnectionLimits {
    per_client: usize,
    total: usize,
    open: Mutex<OpenConnections>,
}

#[derive(Debug, Default)]
struct OpenConnections {
    total: usize,
    by_client: HashMap<ClientKey, usize>,
}

/// One open connection's place in the count, given back when it is dropped: in the total,
/// in its client's share, or both.
#[derive(Debug)]
pub struct ConnectionPermit {
    limits: Arc<ConnectionLimits>,
    client: Option<ClientKey>,
    in_total: bool,
}

impl ConnectionLimits {
    pub fn new(per_client: usize, total: usize) -> Arc<ConnectionLimits> {
        Arc::new(ConnectionLimits {
            per_client,
            total,
            open: Mutex::new(OpenConnections::default()),
        })
    }

    /// A connection from `ip`: in the total and in the client's share.
    pub fn try_acquire(self: &Arc<Self>, ip: IpAddr) -> Result<ConnectionPermit, Refused> {
        self.acquire(Some(ClientKey::of(ip)), true)
    }

    /// A connection from a trusted proxy: in the total only (its requests count against
    /// their clients).
    pub fn try_acquire_from_proxy(self: &Arc<Self>) -> Result<ConnectionPermit, Refused> {
        self.acquire(None, true)
    }

    /// A request that came through a trusted proxy for `ip`: in the client's share only (its
    /// connection is in the total).
    pub fn try_acquire_for_client(
        self: &Arc<Self>,
        ip: IpAddr,
    ) -> Result<ConnectionPermit, Refused> {
        self.acquire(Some(ClientKey::of(ip)), false)
    }

    fn acquire(
        self: &Arc<Self>,
        client: Option<ClientKey>,
        in_total: bool,
    ) -> Result<ConnectionPermit, Refused> {
        let mut open = self.open.lock().expect("not poisoned");
        if in_total && open.total >= self.total {
            return Err(Refused::Full);
        }
        if let Some(client) = client {
            let mine = open.by_client.entry(client).or_insert(0);
            if *mine >= self.per_client {
                return Err(Refused::ClientFull);
            }
            *mine += 1;
        }
        if in_total {
            open.total += 1;
        }
        Ok(ConnectionPermit {
            limits: self.clone(),
            client,
            in_total,
        })
    }

    /// Connections open now, in all.
    pub fn open(&self) -> usize {
        self.open.lock().expect("not poisoned").total
    }
}

impl Drop for ConnectionPermit {
    fn drop(&mut self) {
        let mut open = self.limits.open.lock().expect("not poisoned");
        if self.in_total {
            open.total -= 1;
        }
        if let Some(client) = self.client
            && let Some(mine) = open.by_client.get_mut(&client)
        {
            *mine -= 1;
            if *mine == 0 {
                open.by_client.remove(&client);
            }
        }
    }
}

/// The permits of the connection a request came on (and of its client, behind a proxy), in
/// its extensions: the WebSocket handler keeps them for as long as the socket is open.
#[derive(Clone, Debug)]
pub struct HeldPermit {
    _connection: Arc<ConnectionPermit>,
    _client: Option<Arc<ConnectionPermit>>,
}

/// The client a request comes from, in its extensions: the peer, or behind a trusted proxy the
/// address it forwarded. What the per-client limits count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClientAddress(pub IpAddr);

/// Errors of `accept` that end one connection attempt, not the listener.
fn is_per_connection(e: &std::io::Error) -> bool {
    use std::io::ErrorKind::*;
    matches!(
        e.kind(),
        ConnectionRefused | ConnectionAborted | ConnectionReset | Interrupted | WouldBlock
    )
}

/// Raises the soft limit on open files towards `wanted` (within the hard limit), so the
/// connection limit, not the operating system, is what refuses a connection.
fn raise_open_file_limit(wanted: usize) {
    let mut limit = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: getrlimit and setrlimit only read and write the struct given.
    unsafe {
        if libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit) != 0 {
            return;
        }
        let wanted = (wanted as libc::rlim_t).min(limit.rlim_max);
        if limit.rlim_cur < wanted {
            limit.rlim_cur = wanted;
            if libc::setrlimit(libc::RLIMIT_NOFILE, &limit) != 0 {
                tracing::warn!("could not raise the limit on open files to {wanted}");
            }
        }
    }
}

/// Serves until the listener fails for good (it never does on a per-connection error or on
/// running out of file descriptors), or until `stop` is ready: then no connection is
/// accepted any more, and those open go on until the process ends.
pub async fn serve(
    listener: TcpListener,
    server: Server,
    stop: impl std::future::Future<Output = ()>,
) -> std::io::Result<()> {
    let limits = server.app.config.limits.clone();
    let proxies = Arc::new(server.app.config.trusted_proxies.clone());
    let connections = server.app.connections.clone();
    // Room for the database, the web page's files and the log beside the connections.
    raise_open_file_limit(limits.max_connections + 256);
    let router = server.router();
    tokio::pin!(stop);
    loop {
        let accepted = tokio::select! {
            accepted = listener.accept() => accepted,
            () = &mut stop => return Ok(()),
        };
        let (stream, peer) = match accepted {
            Ok(accepted) => accepted,
            Err(e) if is_per_connection(&e) => continue,
            Err(e) => {
                // Out of file descriptors (or memory): the connections open go on; new ones
                // wait in the kernel's queue until some close.
                tracing::warn!("accepting a connection: {e}");
                tokio::time::sleep(PAUSE_WHEN_OUT_OF_FILES).await;
                continue;
            }
        };
        let from_proxy = proxies.trusts(peer.ip());
        let permit = if from_proxy {
            connections.try_acquire_from_proxy()
        } else {
            connections.try_acquire(peer.ip())
        };
        let permit = match permit {
            Ok(permit) => Arc::new(permit),
            Err(why) => {
                tracing::debug!(%peer, ?why, "connection refused");
                continue;
            }
        };
        let _ = stream.set_nodelay(true);
        let router = router.clone();
        let head_timeout = limits.request_head_timeout;
        let (connections, proxies) = (connections.clone(), proxies.clone());
        tokio::spawn(async move {
            let service =
                hyper::service::service_fn(move |mut request: axum::http::Request<Incoming>| {
                    let client = proxies.client(peer.ip(), request.headers());
                    let client_permit = if from_proxy {
                        match connections.try_acquire_for_client(client) {
                            Ok(p) => Some(Arc::new(p)),
                            Err(why) => {
                                tracing::debug!(%peer, %client, ?why, "request refused");
                                return Either::Right(std::future::ready(Ok(
                                    too_many_connections(why, &connections),
                                )));
                            }
                        }
                    } else {
                        None
                    };
                    request.extensions_mut().insert(ConnectInfo(peer));
                    request.extensions_mut().insert(ClientAddress(client));
                    request.extensions_mut().insert(HeldPermit {
                        _connection: permit.clone(),
                        _client: client_permit,
                    });
                    Either::Left(router.clone().call(request))
                });
            let mut builder = http1::Builder::new();
            builder
                .timer(TokioTimer::new())
                .header_read_timeout(head_timeout);
            let _ = builder
                .serve_connection(TokioIo::new(stream), service)
                .with_upgrades()
                .await;
        });
    }
}

/// The answer to a request through a proxy from a client that holds its most connections.
fn too_many_connections(why: Refused, limits: &ConnectionLimits) -> axum::response::Response {
    let message = match why {
        Refused::ClientFull => format!(
            "your address holds {} connections, its most: close some and try again",
            limits.per_client
        ),
        Refused::Full => "the server holds its most connections: try again later".to_string(),
    };
    (
        StatusCode::TOO_MANY_REQUESTS,
        axum::Json(serde_json::json!({ "error": message })),
    )
        .into_response()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::net::Ipv4Addr;

    #[test]
    fn a_client_holds_its_share_and_all_together_the_total() {
        let limits = ConnectionLimits::new(2, 3);
        let a = IpAddr::V4(Ipv4Addr::new(127, 0, 0, 2));
        let b = IpAddr::V4(Ipv4Addr::new(127, 0, 0, 3));
        let first = limits.try_acquire(a).unwrap();
        let _second = limits.try_acquire(a).unwrap();
        assert_eq!(limits.try_acquire(a).unwrap_err(), Refused::ClientFull);
        let _third = limits.try_acquire(b).unwrap();
        assert_eq!(limits.try_acquire(b).unwrap_err(), Refused::Full);
        assert_eq!(limits.open(), 3);
        drop(first);
        assert_eq!(limits.open(), 2);
        assert!(limits.try_acquire(a).is_ok());
    }

    #[test]
    fn behind_a_proxy_its_connections_count_in_all_and_requests_by_client() {
        let limits = ConnectionLimits::new(1, 2);
        let a = IpAddr::V4(Ipv4Addr::new(203, 0, 113, 1));
        let b = IpAddr::V4(Ipv4Addr::new(203, 0, 113, 2));
        // The proxy's connections are not held to one client's share.
        let first = limits.try_acquire_from_proxy().unwrap();
        let _second = limits.try_acquire_from_proxy().unwrap();
        assert_eq!(limits.try_acquire_from_proxy().unwrap_err(), Refused::Full);
        let for_a = limits.try_acquire_for_client(a).unwrap();
        assert_eq!(
            limits.try_acquire_for_client(a).unwrap_err(),
            Refused::ClientFull
        );
        let _for_b = limits.try_acquire_for_client(b).unwrap();
        assert_eq!(limits.open(), 2);
        drop(for_a);
        assert!(limits.try_acquire_for_client(a).is_ok());
        drop(first);
        assert_eq!(limits.open(), 1);
    }

    #[test]
    fn an_ipv6_host_counts_as_its_network() {
        let one: IpAddr = "2001:db8:1:2::1".parse().unwrap();
        let other: IpAddr = "2001:db8:1:2:ffff::9".parse().unwrap();
        let elsewhere: IpAddr = "2001:db8:1:3::1".parse().unwrap();
        assert_eq!(ClientKey::of(one), ClientKey::of(other));
        assert_ne!(ClientKey::of(one), ClientKey::of(elsewhere));
        let mapped: IpAddr = "::ffff:127.0.0.1".parse().unwrap();
        assert_eq!(
            ClientKey::of(mapped),
            ClientKey::of(IpAddr::V4(Ipv4Addr::LOCALHOST))
        );
    }
}
