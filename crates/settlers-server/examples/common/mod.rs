//! What the server's benchmarks share: their arguments, and the server they press on, run
//! as a child process (`--serve DB`) so that its processor time and memory are its own.
#![allow(dead_code)]

use settlers_server::{Server, ServerConfig};
use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::process::{Child, Command, Stdio};
use std::str::FromStr;

/// The command line's `--name value` pairs.
pub struct Args(Vec<String>);

impl Args {
    pub fn read() -> Args {
        Args(std::env::args().skip(1).collect())
    }

    /// The value after `name`, if it is given.
    pub fn value(&self, name: &str) -> Option<String> {
        self.0
            .iter()
            .position(|a| a == name)
            .and_then(|i| self.0.get(i + 1))
            .cloned()
    }

    /// The number after `name`, or `default`; anything else than a number stops the run
    /// naming the argument.
    pub fn number<T: FromStr>(&self, name: &str, default: T) -> T {
        self.value(name).map_or(default, |n| {
            n.parse()
                .unwrap_or_else(|_| panic!("{name} takes a number, not `{n}`"))
        })
    }
}

pub fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .unwrap()
}

/// The child's side: serves `config` on a free loopback port, printing the address first.
pub async fn serve(config: ServerConfig) {
    let server = Server::start(config).await.expect("the server starts");
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    println!("{}", listener.local_addr().unwrap());
    settlers_server::serve(listener, server).await.unwrap();
}

/// Starts this program again as the server on `db` (`--serve DB`), and reads its address.
pub fn start_server(db: &str) -> (Child, SocketAddr) {
    let mut child = Command::new(std::env::current_exe().unwrap())
        .args(["--serve", db])
        .stdout(Stdio::piped())
        .spawn()
        .expect("the server starts");
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    (
        child,
        line.trim().parse().expect("the server prints its address"),
    )
}
