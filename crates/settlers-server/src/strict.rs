//! Reading JSON exactly as docs/protocol.md writes it. serde is looser than the protocol in
//! two ways this module closes:
//!
//! - it reads a struct from an array of its fields in order (`"options": [5]` set the
//!   victory target; `["build_settlement", "1,-1,S"]` was an action);
//! - an internally tagged variant without fields (`{"action": "roll_dice"}`) ignores every
//!   other key, `deny_unknown_fields` notwithstanding.
//!
//! Both are found by comparing what was sent with what the value read writes back.

use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::Value;

/// Where `sent` has something else than an object where the value read from it writes one:
/// the path and what stood there instead.
fn object_read_from_other(sent: &Value, written: &Value, path: &str) -> Option<String> {
    match (sent, written) {
        (Value::Object(sent), Value::Object(written)) => written.iter().find_map(|(key, w)| {
            let s = sent.get(key)?;
            object_read_from_other(s, w, &format!("{path}.{key}"))
        }),
        (other, Value::Object(_)) => Some(format!(
            "`{}` is an object, not {}",
            path.trim_start_matches('.'),
            crate::protocol::json_kind(other)
        )),
        (Value::Array(sent), Value::Array(written)) => sent
            .iter()
            .zip(written)
            .enumerate()
            .find_map(|(i, (s, w))| object_read_from_other(s, w, &format!("{path}[{i}]"))),
        _ => None,
    }
}

/// Reads `T` from `value` (named `what` in errors), refusing an array or another value
/// where `T` has an object anywhere inside.
pub fn read<T: DeserializeOwned + Serialize>(value: Value, what: &str) -> Result<T, String> {
    read_and_written(value, what).map(|(read, _)| read)
}

/// [`read`], with what the value read writes back, for a caller that compares more.
fn read_and_written<T: DeserializeOwned + Serialize>(
    value: Value,
    what: &str,
) -> Result<(T, Value), String> {
    let read: T = from_value(value.clone()).map_err(|e| format!("{what}: {e}"))?;
    let written = serde_json::to_value(&read).map_err(|e| format!("{what}: {e}"))?;
    match object_read_from_other(&value, &written, what) {
        Some(problem) => Err(problem),
        None => Ok((read, written)),
    }
}

/// Reads `value` as a `T`; an error names the place in it at fault (`options.victory_points:
/// invalid type: …`), which serde's own error does not.
pub fn from_value<T: DeserializeOwned>(value: Value) -> Result<T, String> {
    serde_path_to_error::deserialize(value).map_err(|e| {
        let path = e.path().to_string();
        if path == "." {
            e.into_inner().to_string()
        } else {
            format!("`{path}`: {}", e.into_inner())
        }
    })
}

/// Reads an action (docs/protocol.md: an object with its name under `action`), refusing
/// another shape and any key the action does not have.
pub fn read_action<T: DeserializeOwned + Serialize>(value: Value) -> Result<T, String> {
    if !value.is_object() {
        return Err(format!(
            "`action` is an object with the action's name under `action`, not {}",
            crate::protocol::json_kind(&value)
        ));
    }
    let sent_keys: Vec<String> = value
        .as_object()
        .map(|o| o.keys().cloned().collect())
        .unwrap_or_default();
    let (action, written): (T, Value) = read_and_written(value, "action")?;
    // Variants with fields refuse unknown ones themselves; one without any has only its name.
    if let Some(written) = written.as_object()
        && written.len() == 1
        && let Some(unknown) = sent_keys.iter().find(|k| !written.contains_key(*k))
    {
        let name = written
            .values()
            .next()
            .and_then(Value::as_str)
            .unwrap_or("");
        return Err(format!(
            "`{name}` takes no fields: `{unknown}` is not one of the protocol's"
        ));
    }
    Ok(action)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;
    use serde_json::json;

    #[derive(Debug, PartialEq, Serialize, Deserialize)]
    struct Options {
        target: Option<u8>,
        bank: bool,
    }

    #[derive(Debug, PartialEq, Serialize, Deserialize)]
    struct Body {
        name: String,
        options: Options,
        list: Vec<Options>,
    }

    #[test]
    fn an_array_for_an_object_is_refused_with_its_path() {
        let ok = json!({"name": "a", "options": {"target": 5, "bank": true}, "list": []});
        assert!(read::<Body>(ok, "body").is_ok());
        let array = json!({"name": "a", "options": [5, true], "list": []});
        assert_eq!(
            read::<Body>(array, "body").unwrap_err(),
            "`body.options` is an object, not an array"
        );
        let deep = json!({"name": "a", "options": {"target": 5, "bank": true}, "list": [{"target": 1, "bank": false}, [2, true]]});
        assert_eq!(
            read::<Body>(deep, "body").unwrap_err(),
            "`body.list[1]` is an object, not an array"
        );
        let whole = json!(["a", {"target": 5, "bank": true}, []]);
        assert_eq!(
            read::<Body>(whole, "body").unwrap_err(),
            "`body` is an object, not an array"
        );
    }
}
