//! Served behind a reverse proxy (docs/hosting.md): the address people reach the server at
//! (`--public-url`), for the links and WebSocket addresses it hands out, and the proxies whose
//! forwarded client address it believes (`--trust-proxy`), for its per-client limits.

use axum::http::HeaderMap;
use std::net::{IpAddr, Ipv6Addr};

/// The address the server is reached at: `https://settlers.example.org` behind a TLS proxy.
/// The server is served at the root of it (the page asks for `/api/…` itself).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PublicUrl {
    /// `http` or `https`.
    scheme: &'static str,
    /// The host, with its port if it has one.
    authority: String,
}

/// Why a public URL or a proxy's address was refused.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum ProxyError {
    #[error(
        "public URL `{url}`: {reason} (the address people open, such as https://settlers.example.org)"
    )]
    PublicUrl { url: String, reason: String },
    #[error(
        "trusted proxy `{text}`: {reason} (an address such as 127.0.0.1 or ::1, or a network such as 10.0.0.0/8)"
    )]
    Proxy { text: String, reason: String },
}

impl PublicUrl {
    pub fn parse(url: &str) -> Result<PublicUrl, ProxyError> {
        let refuse = |reason: &str| ProxyError::PublicUrl {
            url: url.to_string(),
            reason: reason.to_string(),
        };
        let (scheme, rest) = if let Some(rest) = url.strip_prefix("https://") {
            ("https", rest)
        } else if let Some(rest) = url.strip_prefix("http://") {
            ("http", rest)
        } else {
            return Err(refuse("it starts with https:// or http://"));
        };
        let authority = rest.strip_suffix('/').unwrap_or(rest);
        if authority.is_empty() {
            return Err(refuse("it has no host"));
        }
        if authority.contains(['/', '?', '#']) {
            return Err(refuse(
                "it is a host alone, without a path: the server is served at the root of its address",
            ));
        }
        if authority.contains('@') {
            return Err(refuse("it may not hold a user or password"));
        }
        if authority
            .chars()
            .any(|c| c.is_whitespace() || c.is_control())
        {
            return Err(refuse("it may not hold spaces or control characters"));
        }
        // The host and port as HTTP reads them.
        authority
            .parse::<axum::http::uri::Authority>()
            .map_err(|e| refuse(&format!("its host does not read: {e}")))?;
        Ok(PublicUrl {
            scheme,
            authority: authority.to_string(),
        })
    }

    /// The address of a page of the server: `path` starts with `/`.
    pub fn page(&self, path: &str) -> String {
        format!("{}://{}{path}", self.scheme, self.authority)
    }

    /// The WebSocket address of `path`: `wss://` behind `https://`.
    pub fn socket(&self, path: &str) -> String {
        let scheme = if self.scheme == "https" { "wss" } else { "ws" };
        format!("{scheme}://{}{path}", self.authority)
    }
}

impl std::fmt::Display for PublicUrl {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}://{}", self.scheme, self.authority)
    }
}

/// An address or a network of them: `127.0.0.1`, `10.0.0.0/8`, `::1`, `fd00::/8`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Network {
    base: IpAddr,
    prefix: u8,
}

impl Network {
    pub fn parse(text: &str) -> Result<Network, ProxyError> {
        let refuse = |reason: String| ProxyError::Proxy {
            text: text.to_string(),
            reason,
        };
        let (address, prefix) = match text.split_once('/') {
            Some((address, prefix)) => (address, Some(prefix)),
            None => (text, None),
        };
        let base: IpAddr = address
            .trim()
            .parse()
            .map_err(|_| refuse(format!("`{address}` is not an IP address")))?;
        let most = if base.is_ipv4() { 32 } else { 128 };
        let prefix = match prefix {
            None => most,
            Some(p) => p
                .trim()
                .parse::<u8>()
                .ok()
                .filter(|&p| p <= most)
                .ok_or_else(|| refuse(format!("`/{p}`: a network's prefix is 0 to {most} bits")))?,
        };
        Ok(Network { base, prefix })
    }

    pub fn contains(&self, ip: IpAddr) -> bool {
        match (self.base, unmapped(ip)) {
            (IpAddr::V4(base), IpAddr::V4(ip)) => {
                let mask = u32::MAX
                    .checked_shl(32 - u32::from(self.prefix))
                    .unwrap_or(0);
                u32::from(base) & mask == u32::from(ip) & mask
            }
            (IpAddr::V6(base), IpAddr::V6(ip)) => {
                let mask = u128::MAX
                    .checked_shl(128 - u32::from(self.prefix))
                    .unwrap_or(0);
                u128::from(base) & mask == u128::from(ip) & mask
            }
            _ => false,
        }
    }
}

/// An IPv4 address seen through an IPv6 socket (`::ffff:127.0.0.1`) as the IPv4 address.
fn unmapped(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V6(v6) => v6.to_ipv4_mapped().map_or(ip, IpAddr::V4),
        v4 => v4,
    }
}

/// The proxies whose forwarded client address is believed. None by default: a client that
/// connects directly could otherwise name any address and escape its limits.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TrustedProxies(Vec<Network>);

/// The most forwarded addresses read from a request's headers: a proxy adds one, a chain of
/// proxies a few; the rest of a longer list is not looked at.
const MOST_FORWARDED: usize = 32;

impl TrustedProxies {
    pub fn new(networks: Vec<Network>) -> TrustedProxies {
        TrustedProxies(networks)
    }

    /// Reads a list: addresses and networks, separated by commas.
    pub fn parse(list: &str) -> Result<TrustedProxies, ProxyError> {
        list.split(',')
            .filter(|t| !t.trim().is_empty())
            .map(|t| Network::parse(t.trim()))
            .collect::<Result<Vec<_>, _>>()
            .map(TrustedProxies)
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    pub fn trusts(&self, ip: IpAddr) -> bool {
        self.0.iter().any(|n| n.contains(ip))
    }

    /// The client a request comes from: the peer itself, unless the peer is a trusted proxy;
    /// then the address it forwarded (`Forwarded: for=`, else `X-Forwarded-For`), read from
    /// the right past every trusted proxy of a chain. A trusted proxy that forwarded nothing
    /// readable is taken as the client.
    pub fn client(&self, peer: IpAddr, headers: &HeaderMap) -> IpAddr {
        if !self.trusts(peer) {
            return peer;
        }
        let forwarded = forwarded_for(headers);
        let mut client = peer;
        for address in forwarded.iter().rev() {
            match address {
                Some(ip) => {
                    client = *ip;
                    if !self.trusts(*ip) {
                        break;
                    }
                }
                // An address hidden or unreadable: what is left of it cannot be believed.
                None => break,
            }
        }
        client
    }
}

/// The addresses a request was forwarded for, the nearest proxy's last: from the standard
/// `Forwarded` header (RFC 7239) when there is one, else from `X-Forwarded-For`. `None` for
/// an address given that does not read (`unknown`, an obfuscated name).
fn forwarded_for(headers: &HeaderMap) -> Vec<Option<IpAddr>> {
    let standard: Vec<&str> = headers
        .get_all("forwarded")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .collect();
    let mut out = Vec::new();
    if !standard.is_empty() {
        for element in standard.iter().flat_map(|v| v.split(',')) {
            let r#for = element.split(';').find_map(|pair| {
                let (key, value) = pair.split_once('=')?;
                key.trim()
                    .eq_ignore_ascii_case("for")
                    .then(|| value.trim().trim_matches('"'))
            });
            if let Some(value) = r#for {
                out.push(read_address(value));
            }
        }
    } else {
        for value in headers
            .get_all("x-forwarded-for")
            .iter()
            .filter_map(|v| v.to_str().ok())
        {
            out.extend(value.split(',').map(|a| read_address(a.trim())));
        }
    }
    // The nearest are at the end: keep those.
    let skip = out.len().saturating_sub(MOST_FORWARDED);
    out.drain(..skip);
    out
}

/// `192.0.2.7`, `192.0.2.7:4711`, `[2001:db8::1]:4711`, `2001:db8::1`.
fn read_address(text: &str) -> Option<IpAddr> {
    if let Ok(ip) = text.parse::<IpAddr>() {
        return Some(ip);
    }
    if let Some(rest) = text.strip_prefix('[') {
        let (v6, _) = rest.split_once(']')?;
        return v6.parse::<Ipv6Addr>().ok().map(IpAddr::V6);
    }
    let (v4, port) = text.rsplit_once(':')?;
    port.parse::<u16>().ok()?;
    v4.parse::<std::net::Ipv4Addr>().ok().map(IpAddr::V4)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(pairs: &[(&'static str, &str)]) -> HeaderMap {
        let mut map = HeaderMap::new();
        for (name, value) in pairs {
            map.append(*name, value.parse().unwrap());
        }
        map
    }

    fn ip(text: &str) -> IpAddr {
        text.parse().unwrap()
    }

    #[test]
    fn a_public_url_is_a_scheme_and_a_host() {
        let url = PublicUrl::parse("https://settlers.example.org/").unwrap();
        assert_eq!(url.page("/game/x"), "https://settlers.example.org/game/x");
        assert_eq!(url.socket("/api/ws"), "wss://settlers.example.org/api/ws");
        let plain = PublicUrl::parse("http://192.0.2.1:8080").unwrap();
        assert_eq!(plain.socket("/a"), "ws://192.0.2.1:8080/a");
        for (bad, says) in [
            ("settlers.example.org", "starts with https://"),
            ("ftp://example.org", "starts with https://"),
            ("https://", "no host"),
            ("https://example.org/settlers", "without a path"),
            ("https://example.org?x=1", "without a path"),
            ("https://me@example.org", "user or password"),
            ("https://exa mple.org", "spaces"),
        ] {
            let e = PublicUrl::parse(bad).unwrap_err().to_string();
            assert!(e.contains(says) && e.contains(bad), "{bad}: {e}");
        }
    }

    #[test]
    fn networks_hold_their_addresses() {
        let lan = Network::parse("10.0.0.0/8").unwrap();
        assert!(lan.contains(ip("10.200.3.4")));
        assert!(!lan.contains(ip("11.0.0.1")));
        assert!(
            Network::parse("0.0.0.0/0")
                .unwrap()
                .contains(ip("192.0.2.1"))
        );
        let one = Network::parse("127.0.0.1").unwrap();
        assert!(one.contains(ip("::ffff:127.0.0.1")));
        assert!(!one.contains(ip("127.0.0.2")));
        let v6 = Network::parse("fd00::/8").unwrap();
        assert!(v6.contains(ip("fd12::1")) && !v6.contains(ip("fe80::1")));
        for (bad, says) in [
            ("localhost", "not an IP address"),
            ("10.0.0.0/33", "0 to 32 bits"),
            ("::/129", "0 to 128 bits"),
            ("10.0.0.0/x", "prefix"),
        ] {
            let e = Network::parse(bad).unwrap_err().to_string();
            assert!(e.contains(says) && e.contains(bad), "{bad}: {e}");
        }
        assert_eq!(
            TrustedProxies::parse("127.0.0.1, ::1").unwrap(),
            TrustedProxies::new(vec![
                Network::parse("127.0.0.1").unwrap(),
                Network::parse("::1").unwrap()
            ])
        );
    }

    #[test]
    fn forwarded_addresses_count_only_from_a_trusted_proxy() {
        let proxies = TrustedProxies::parse("127.0.0.1,10.0.0.0/8").unwrap();
        let forwarded = headers(&[("x-forwarded-for", "203.0.113.9")]);
        assert_eq!(
            proxies.client(ip("127.0.0.1"), &forwarded),
            ip("203.0.113.9")
        );
        // Not from the proxy: the header is anyone's word.
        assert_eq!(
            proxies.client(ip("198.51.100.1"), &forwarded),
            ip("198.51.100.1")
        );
        assert_eq!(
            TrustedProxies::default().client(ip("127.0.0.1"), &forwarded),
            ip("127.0.0.1")
        );
        // A client's own X-Forwarded-For is left of what the proxies added.
        let chain = headers(&[("x-forwarded-for", "1.2.3.4, 203.0.113.9, 10.1.1.1")]);
        assert_eq!(proxies.client(ip("127.0.0.1"), &chain), ip("203.0.113.9"));
        // The standard header first, with ports and IPv6 brackets.
        let standard = headers(&[
            (
                "forwarded",
                "for=192.0.2.60;proto=https, for=\"[2001:db8::17]:4711\"",
            ),
            ("x-forwarded-for", "1.2.3.4"),
        ]);
        assert_eq!(
            proxies.client(ip("10.0.0.2"), &standard),
            ip("2001:db8::17")
        );
        let hidden = headers(&[("forwarded", "for=192.0.2.60, for=unknown")]);
        assert_eq!(proxies.client(ip("10.0.0.2"), &hidden), ip("10.0.0.2"));
        // Nothing forwarded: the proxy itself.
        assert_eq!(
            proxies.client(ip("127.0.0.1"), &HeaderMap::new()),
            ip("127.0.0.1")
        );
        assert_eq!(read_address("192.0.2.7:80"), Some(ip("192.0.2.7")));
    }
}
