//! The web page carried inside the binary (see build.rs).

include!(concat!(env!("OUT_DIR"), "/page.rs"));
