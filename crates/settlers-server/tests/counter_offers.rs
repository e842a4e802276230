//! Counter-offers (docs/protocol.md): a seat asked by a trade offer proposes other terms; the
//! offerer sees them, refuses them or takes them up, and the trade is then played by the
//! rules' own actions. Refusals are in words, and change nothing.

mod common;

use common::*;
use serde_json::{Value, json};

const BOTS: &[u8] = &[2, 3];
const RESOURCES: [&str; 5] = ["brick", "lumber", "wool", "grain", "ore"];

fn count(hand: &Value, r: &str) -> u64 {
    hand[r].as_u64().unwrap_or(0)
}

/// In a view of seat 0 in its main phase: a card `x` it holds twice and a card `y` seat 1
/// certainly holds (the card tracking's lower bound), of another type, if there are such.
fn trade_to_try(m: &Value) -> Option<(&'static str, &'static str)> {
    let v = &m["view"];
    if v["phase"] != "main" || v["active"] != 0 || m["legal"]["offer"].is_null() {
        return None;
    }
    let mine = &v["players"][0]["hand"];
    let theirs = &v["players"][1]["hand_bounds"]["low"];
    let x = RESOURCES.into_iter().find(|r| count(mine, r) >= 2)?;
    let y = RESOURCES
        .into_iter()
        .find(|r| *r != x && count(theirs, r) >= 1)?;
    Some((x, y))
}

/// The next view of `client` that `pick` takes, skipping others.
async fn view_where(client: &mut Client, pick: impl Fn(&Value) -> bool) -> Value {
    loop {
        let m = client.expect("view").await;
        if pick(&m) {
            return m;
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_counter_offer_is_refused_or_taken_up_by_the_offerer() {
    let db = databases("counter_offers").remove(0);
    let addr = start(&db.url).await;
    let game = create(
        addr,
        "base",
        &["human", "human", "heuristic", "heuristic"],
        json!({}),
    )
    .await;
    let mut ada = Client::connect(addr, &game.seat_path(0)).await;
    let mut bea = Client::connect(addr, &game.seat_path(1)).await;

    // Bea plays along until an offer asks her; Ada until she can make the offer to try.
    let bea_plays = tokio::spawn(async move {
        let asked = play(&mut bea, BOTS, |m| {
            m["view"]["offer"]["to"]
                .as_array()
                .is_some_and(|to| to.contains(&json!(1)))
        })
        .await;
        (bea, asked)
    });
    let ready = play(&mut ada, BOTS, |m| trade_to_try(m).is_some()).await;
    let (x, y) = trade_to_try(&ready).expect("the game went on to a trade");
    let offer = json!({"action": "offer_trade", "give": {x: 1}, "get": {y: 1}, "to": [1]});
    ada.send(&json!({"type": "act", "action": offer})).await;
    let (mut bea, asked) = tokio::time::timeout(PATIENCE, bea_plays)
        .await
        .expect("Bea is asked")
        .unwrap();
    assert_eq!(asked["view"]["offer"]["give"], json!({x: 1}));

    // Not a counter-offer: the offer's own terms; cards Bea does not hold.
    bea.send(&json!({"type": "counter", "give": {y: 1}, "get": {x: 1}}))
        .await;
    let e = bea.expect_error("illegal").await;
    assert!(
        e["message"]
            .as_str()
            .unwrap()
            .contains("accept the offer instead"),
        "{e}"
    );
    bea.send(&json!({"type": "counter", "give": {y: 19}, "get": {x: 2}}))
        .await;
    let e = bea.expect_error("illegal").await;
    assert!(
        e["message"]
            .as_str()
            .unwrap()
            .starts_with("this counter-offer could not be taken up: "),
        "{e}"
    );
    bea.send(&json!({"type": "counter", "give": {y: 1}, "get": {x: 2}, "gift": 1}))
        .await;
    bea.expect_error("malformed").await;

    // Bea counters: one more card of Ada's. Her answer to the offer is a refusal, and the
    // counter-offer stands, for everyone to see.
    let counter = json!({"from": 1, "to": 0, "give": {y: 1}, "get": {x: 2}, "refused": false});
    bea.send(&json!({"type": "counter", "give": {y: 1}, "get": {x: 2}}))
        .await;
    let seen = view_where(&mut ada, |m| !m["counters"].is_null()).await;
    assert_eq!(seen["counters"], json!([counter]));
    assert_eq!(
        seen["view"]["phase"], "main",
        "the offer is over: Bea said no"
    );
    assert!(
        seen["events"]
            .as_array()
            .unwrap()
            .iter()
            .any(|e| e["event"] == "trade_rejected" && e["seat"] == 1),
        "{seen}"
    );
    // Only the offerer answers it, and only a counter-offer that stands.
    bea.send(&json!({"type": "answer_counter", "from": 1, "accept": true}))
        .await;
    let e = bea.expect_error("illegal").await;
    assert!(
        e["message"]
            .as_str()
            .unwrap()
            .contains("no counter-offer from seat 1 to seat 1"),
        "{e}"
    );
    ada.send(&json!({"type": "answer_counter", "from": 2, "accept": true}))
        .await;
    ada.expect_error("illegal").await;

    // Refused: it stays in view, marked so; it cannot be taken up after.
    ada.send(&json!({"type": "answer_counter", "from": 1, "accept": false}))
        .await;
    let refused = view_where(&mut ada, |m| m["counters"][0]["refused"] == true).await;
    assert_eq!(refused["seq"], seen["seq"], "a refusal is no action");
    ada.send(&json!({"type": "answer_counter", "from": 1, "accept": true}))
        .await;
    ada.expect_error("illegal").await;

    // Asked again, Bea counters again, and Ada takes it up: the trade is made.
    ada.send(&json!({"type": "act", "action": offer})).await;
    view_where(&mut bea, |m| !m["view"]["offer"].is_null()).await;
    bea.send(&json!({"type": "counter", "give": {y: 1}, "get": {x: 2}}))
        .await;
    view_where(&mut ada, |m| m["counters"][0]["refused"] == false).await;
    let before = &ready["view"]["players"][0]["hand"];
    ada.send(&json!({"type": "answer_counter", "from": 1, "accept": true}))
        .await;
    let traded = view_where(&mut ada, |m| {
        m["events"]
            .as_array()
            .is_some_and(|e| e.iter().any(|e| e["event"] == "traded"))
    })
    .await;
    assert!(traded["counters"].is_null(), "taken up, it is gone");
    let after = &traded["view"]["players"][0]["hand"];
    assert_eq!(count(after, x) + 2, count(before, x));
    assert_eq!(count(after, y), count(before, y) + 1);
    let kinds: Vec<&str> = traded["events"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["event"].as_str().unwrap())
        .collect();
    assert_eq!(
        kinds,
        ["trade_offered", "trade_accepted", "traded"],
        "played as the rules' own offer, acceptance and trade"
    );
    assert_eq!(
        traded["seq"].as_u64().unwrap(),
        seen["seq"].as_u64().unwrap() + 5,
        "the offer, Bea's answer, and the three actions of the trade"
    );
}
