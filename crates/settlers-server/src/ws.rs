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
use std::time::Duration;
use tokio::sync::mpsc;
use tokio::time::Instant;

/// Answers of the reader itself (errors, pongs) waiting for the writer. When they pile up
/// the reader waits: a client that does not read slows only itself.
const DIRECT: usize = 32;

static NEXT_CONNECTION: AtomicU64 = AtomicU64::new(1);

/// How long the server waits for the other side's close frame after sending its own (RFC
/// 6455 section 7.1.1: the TCP connection is closed after the close handshake). Closing at
/// once could reset the connection before the other side has read the close frame and
/// whatever came before it.
const CLOSE_HANDSHAKE: Duration = Duration::from_secs(5);

/// Reads and drops what the other side still sends until its close frame, the end of the
/// stream, or [`CLOSE_HANDSHAKE`].
async fn await_close_reply<S>(mut stream: S)
where
    S: futures_util::Stream<Item = Result<Message, axum::Error>> + Unpin,
{
    let reply = async {
        while let Some(Ok(message)) = stream.next().await {
            if matches!(message, Message::Close(_)) {
                break;
            }
        }
    };
    let _ = tokio::time::timeout(CLOSE_HANDSHAKE, reply).await;
}

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

/// How a reader's message ends up.
enum Answer {
    /// Nothing to send.
    Nothing,
    Send(Utf8Bytes),
}

/// The close frame for an error of the WebSocket layer (RFC 6455 section 7.4.1), if there
/// is anything to say: the connection may be gone already.
fn close_for(error: axum::Error) -> Option<CloseFrame> {
    let inner = error.into_inner();
    let (code, reason) = match inner.downcast_ref::<tungstenite::Error>()? {
        tungstenite::Error::Capacity(_) => (
            close_code::SIZE,
            format!(
                "message too large: at most {} bytes",
                crate::MAX_WEBSOCKET_MESSAGE
            ),
        ),
        tungstenite::Error::Utf8(_) => (
            close_code::INVALID,
            "a text message must be UTF-8".to_string(),
        ),
        tungstenite::Error::Protocol(problem) => (
            close_code::PROTOCOL,
            format!("WebSocket protocol: {problem}"),
        ),
        _ => return None,
    };
    Some(CloseFrame {
        code,
        reason: close_reason(&reason).into(),
    })
}

/// A close frame's reason holds at most 123 bytes (RFC 6455 section 5.5).
fn close_reason(reason: &str) -> &str {
    let mut end = reason.len().min(123);
    while !reason.is_char_boundary(end) {
        end -= 1;
    }
    &reason[..end]
}

/// Serves one connection until either side closes it, or until nothing has come from the
/// other side (not even the answer to a ping) for `idle_timeout`.
pub async fn serve(
    mut socket: WebSocket,
    registry: Arc<Registry>,
    handle: GameHandle,
    seat: Option<Seat>,
    token: Option<String>,
    max_per_window: usize,
    idle_timeout: Duration,
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
        await_close_reply(socket).await;
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
    let mut ping = tokio::time::interval(idle_timeout / 2);
    ping.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    ping.tick().await;
    let mut heard = Instant::now();
    let close = loop {
        tokio::select! {
            next = stream.next() => match next {
                None => break None,
                Some(Err(e)) => break close_for(e),
                Some(Ok(Message::Close(_))) => break None,
                Some(Ok(message)) => {
                    heard = Instant::now();
                    let answer = answer(message, &mut limit, seat, &handle).await;
                    if let Answer::Send(text) = answer {
                        let _ = direct.send(Message::Text(text)).await;
                    }
                }
            },
            _ = ping.tick() => {
                if heard.elapsed() >= idle_timeout {
                    break Some(CloseFrame {
                        code: close_code::AWAY,
                        reason: close_reason(&format!(
                            "nothing heard for {} s: reconnect",
                            idle_timeout.as_secs()
                        ))
                        .into(),
                    });
                }
                // A page answers pings by itself; a connection that answers nothing is
                // closed above.
                let _ = direct.try_send(Message::Ping(Default::default()));
            }
        }
    };
    // The close frame is queued before the game lets the connection go, and the writer
    // takes the reader's messages first: it is what the other side reads last.
    let closing = close.is_some();
    if let Some(frame) = close {
        let _ = direct.send(Message::Close(Some(frame))).await;
    }
    handle.disconnect(conn).await;
    drop(direct);
    let _ = writer.await;
    if closing {
        await_close_reply(stream).await;
    }
}

/// What the reader answers to one message.
async fn answer(
    message: Message,
    limit: &mut RateLimit,
    seat: Option<Seat>,
    handle: &GameHandle,
) -> Answer {
    let text = match message {
        Message::Text(text) => text,
        Message::Binary(_) => {
            return if limit.allow(Instant::now()) {
                Answer::Send(error(
                    ErrorKind::Malformed,
                    "binary messages are not part of the protocol: send JSON text",
                ))
            } else {
                Answer::Nothing
            };
        }
        // The WebSocket library answers pings itself; a pong only shows the page is there.
        Message::Ping(_) | Message::Pong(_) | Message::Close(_) => return Answer::Nothing,
    };
    if !limit.allow(Instant::now()) {
        return Answer::Send(error(
            ErrorKind::TooFast,
            &format!(
                "more than {} messages in a second: this one is ignored",
                limit.max
            ),
        ));
    }
    if text.len() > MAX_MESSAGE {
        return Answer::Send(error(
            ErrorKind::TooLarge,
            &format!(
                "a message may hold at most {MAX_MESSAGE} bytes, this one holds {}",
                text.len()
            ),
        ));
    }
    match ClientMessage::read(&text) {
        Err(e) => Answer::Send(error(ErrorKind::Malformed, &e)),
        Ok(ClientMessage::Ping) => Answer::Send(ServerMessage::Pong.to_json().into()),
        Ok(ClientMessage::Act { action }) => match seat {
            None => Answer::Send(error(
                ErrorKind::Forbidden,
                "a spectator cannot act: open a seat's link to play",
            )),
            Some(seat) => match handle.act(seat, action).await {
                Ok(()) => Answer::Nothing,
                Err(e) => Answer::Send(error(e.kind, &e.message)),
            },
        },
        Ok(ClientMessage::Counter { terms }) => match seat {
            None => Answer::Send(error(
                ErrorKind::Forbidden,
                "a spectator cannot counter an offer: open a seat's link to play",
            )),
            Some(seat) => match handle.counter(seat, terms).await {
                Ok(()) => Answer::Nothing,
                Err(e) => Answer::Send(error(e.kind, &e.message)),
            },
        },
        Ok(ClientMessage::AnswerCounter { from, accept }) => match seat {
            None => Answer::Send(error(
                ErrorKind::Forbidden,
                "a spectator cannot answer a counter-offer: open a seat's link to play",
            )),
            Some(seat) => match handle.answer_counter(seat, Seat(from), accept).await {
                Ok(()) => Answer::Nothing,
                Err(e) => Answer::Send(error(e.kind, &e.message)),
            },
        },
    }
}

/// Sends the game's views and the reader's messages, in the order they come; the reader's
/// first when both wait, so its close frame goes before the game's own.
async fn write(
    mut sink: futures_util::stream::SplitSink<WebSocket, Message>,
    mut views: mpsc::Receiver<Utf8Bytes>,
    mut direct: mpsc::Receiver<Message>,
) {
    loop {
        let message = tokio::select! {
            biased;
            m = direct.recv() => match m {
                Some(m) => m,
                None => break,
            },
            m = views.recv() => match m {
                Some(m) => Message::Text(m),
                // Dropped by the game (too slow, or the game stopped): close, and let the
                // page reconnect.
                None => Message::Close(Some(CloseFrame {
                    code: close_code::AGAIN,
                    reason: "reconnect".into(),
                })),
            },
        };
        let closing = matches!(message, Message::Close(_));
        if sink.send(message).await.is_err() || closing {
            break;
        }
    }
    let _ = sink.close().await;
}
