//! One WebSocket connection: a seat's (with its token) or a spectator's. The connection reads
//! the page's messages, answers bad ones with an `error`, and passes actions to the game's
//! task; a writer sends what the task and the reader have to say.

use crate::game::{ConnId, GameHandle, GameInfo, Registry, SeatKind};
use crate::protocol::{ClientMessage, ErrorKind, MAX_MESSAGE, RATE_WINDOW, ServerMessage};
use crate::token;
use axum::extract::ws::{CloseFrame, Message, Utf8Bytes, WebSocket, close_code};
use futures_util::{SinkExt, StreamExt};
use settlers_core::Seat;
use std::collections::VecDeque;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use tokio::sync::mpsc;
use tokio::time::Instant;

/// Answers of the reader itself (errors, pongs) waiting for the writer. When they pile up
/// the reader waits: a client that does not read slows only itself.
const DIRECT: usize = 32;

static NEXT_CONNECTION: AtomicU64 = AtomicU64::new(1);

fn error(kind: ErrorKind, message: &str) -> Utf8Bytes {
    ServerMessage::Error { kind, message }.to_json().into()
}

/// Why `token` may not play `seat`, if it may not.
fn refusal(info: &GameInfo, seat: Option<Seat>, token: Option<&str>) -> Option<String> {
    let seat = seat?;
    let Some(stored) = info.seats.get(seat.index()) else {
        return Some(format!("this game has no {seat}"));
    };
    if stored.kind == SeatKind::Bot {
        return Some(format!("{seat} is played by a bot"));
    }
    match (token, &stored.token_hash) {
        (Some(t), Some(hash)) if token::matches(t, hash) => None,
        (None, _) => Some(format!("a token is needed to play {seat}")),
        _ => Some(format!("this token does not play {seat}")),
    }
}

/// At most `max` messages in any [`RATE_WINDOW`].
struct RateLimit {
    recent: VecDeque<Instant>,
    max: usize,
}

impl RateLimit {
    fn allow(&mut self, now: Instant) -> bool {
        while self
            .recent
            .front()
            .is_some_and(|&t| now.duration_since(t) >= RATE_WINDOW)
        {
            self.recent.pop_front();
        }
        if self.recent.len() >= self.max {
            return false;
        }
        self.recent.push_back(now);
        true
    }
}

/// Serves one connection until either side closes it.
pub async fn serve(
    mut socket: WebSocket,
    registry: Arc<Registry>,
    handle: GameHandle,
    seat: Option<Seat>,
    token: Option<String>,
    max_per_window: usize,
) {
    if let Some(reason) = refusal(&handle.info, seat, token.as_deref()) {
        let _ = socket
            .send(Message::Text(error(ErrorKind::Forbidden, &reason)))
            .await;
        // Policy violation: the page should not reconnect with this link.
        let _ = socket
            .send(Message::Close(Some(CloseFrame {
                code: close_code::POLICY,
                reason: "forbidden".into(),
            })))
            .await;
        return;
    }
    let conn: ConnId = NEXT_CONNECTION.fetch_add(1, Ordering::Relaxed);
    let (sink, mut stream) = socket.split();
    let (views, views_out) = mpsc::channel(crate::game::OUTBOX);
    let (direct, direct_out) = mpsc::channel(DIRECT);
    let writer = tokio::spawn(write(sink, views_out, direct_out));

    // The game's task holds the only sender of views: when it drops this connection (too
    // slow, or the task ended) the writer closes the socket.
    let mut handle = handle;
    if handle.connect(conn, seat, views.clone()).await.is_err() {
        // The task retired just now (a finished game nobody watched): start it again.
        match registry.get(&handle.info.id).await {
            Ok(Some(h)) if h.connect(conn, seat, views.clone()).await.is_ok() => handle = h,
            _ => {
                writer.abort();
                return;
            }
        }
    }
    drop(views);

    let mut limit = RateLimit {
        recent: VecDeque::new(),
        max: max_per_window,
    };
    while let Some(Ok(message)) = stream.next().await {
        let text = match message {
            Message::Text(text) => text,
            Message::Binary(_) => {
                if limit.allow(Instant::now()) {
                    let _ = direct
                        .send(error(
                            ErrorKind::Malformed,
                            "binary messages are not part of the protocol: send JSON text",
                        ))
                        .await;
                }
                continue;
            }
            Message::Close(_) => break,
            // The WebSocket library answers pings itself.
            Message::Ping(_) | Message::Pong(_) => continue,
        };
        if !limit.allow(Instant::now()) {
            let _ = direct
                .send(error(
                    ErrorKind::TooFast,
                    &format!(
                        "more than {} messages in a second: this one is ignored",
                        limit.max
                    ),
                ))
                .await;
            continue;
        }
        if text.len() > MAX_MESSAGE {
            let _ = direct
                .send(error(
                    ErrorKind::TooLarge,
                    &format!(
                        "a message may hold at most {MAX_MESSAGE} bytes, this one holds {}",
                        text.len()
                    ),
                ))
                .await;
            continue;
        }
        match ClientMessage::read(&text) {
            Err(e) => {
                let _ = direct.send(error(ErrorKind::Malformed, &e)).await;
            }
            Ok(ClientMessage::Ping) => {
                let _ = direct.send(ServerMessage::Pong.to_json().into()).await;
            }
            Ok(ClientMessage::Act { action }) => match seat {
                None => {
                    let _ = direct
                        .send(error(
                            ErrorKind::Forbidden,
                            "a spectator cannot act: open a seat's link to play",
                        ))
                        .await;
                }
                Some(seat) => {
                    if let Err(e) = handle.act(seat, action).await {
                        let _ = direct.send(error(e.kind, &e.message)).await;
                    }
                }
            },
        }
    }
    handle.disconnect(conn).await;
    drop(direct);
    let _ = writer.await;
}

/// Sends the game's views and the reader's answers, in the order they come.
async fn write(
    mut sink: futures_util::stream::SplitSink<WebSocket, Message>,
    mut views: mpsc::Receiver<Utf8Bytes>,
    mut direct: mpsc::Receiver<Utf8Bytes>,
) {
    loop {
        let message = tokio::select! {
            m = views.recv() => match m {
                Some(m) => m,
                // Dropped by the game: close, and let the page reconnect.
                None => {
                    let _ = sink
                        .send(Message::Close(Some(CloseFrame {
                            code: close_code::AGAIN,
                            reason: "reconnect".into(),
                        })))
                        .await;
                    break;
                }
            },
            m = direct.recv() => match m {
                Some(m) => m,
                None => break,
            },
        };
        if sink.send(Message::Text(message)).await.is_err() {
            break;
        }
    }
    let _ = sink.close().await;
}
