//! The fuzz targets: one per kind of outside input, each taking bytes the way the program
//! takes them. A target returns whether the input was accepted; errors are the expected
//! answer to most inputs. Only a panic (or a hang) is a finding.

use std::path::Path;
use std::sync::Arc;

use fairduel_engine::{CardPool, DeckList, Format};
use fairduel_net::driver::PeerMessage;
use fairduel_net::frame::{FrameBuffer, decode_payload};
use fairduel_net::store::MatchStore;
use fairduel_net::{HostTicket, Verdict};
use fairduel_protocol::MatchRecord;

use crate::Context;

/// A named fuzz target.
#[derive(Debug)]
pub struct Target {
    pub name: &'static str,
    /// What it reads, for `--list`.
    pub about: &'static str,
    pub run: fn(&Context, &[u8]) -> bool,
}

pub const TARGETS: &[Target] = &[
    Target {
        name: "frame",
        about: "bytes off a match connection: length-prefixed frames, each a peer message (entries, states, greetings after the handshake)",
        run: frame,
    },
    Target {
        name: "greeting",
        about: "the handshake: a greeting and the host's verdict, compared as a host would",
        run: greeting,
    },
    Target {
        name: "ticket",
        about: "a pasted ticket",
        run: ticket,
    },
    Target {
        name: "record",
        about: "a match record file, read and audited",
        run: record,
    },
    Target {
        name: "match-file",
        about: "a saved match file (what `fairduel resume` reads)",
        run: match_file,
    },
    Target {
        name: "pool",
        about: "a card pool file",
        run: pool,
    },
    Target {
        name: "format",
        about: "a format file",
        run: format,
    },
    Target {
        name: "deck",
        about: "a deck file, checked against every format",
        run: deck,
    },
    Target {
        name: "scenario",
        about: "a rule scenario file, parsed and run",
        run: scenario,
    },
    Target {
        name: "ydk",
        about: "a YDK deck file, imported into the DOR pool",
        run: ydk,
    },
    Target {
        name: "domain-deck",
        about: "a Domain deck: YDK file, ydke:// link or FairDuel file, checked against a small card database",
        run: domain_deck,
    },
    Target {
        name: "setnames",
        about: "archetype names, the !setname lines of a simulator's strings.conf",
        run: setnames,
    },
];

fn text(input: &[u8]) -> std::borrow::Cow<'_, str> {
    String::from_utf8_lossy(input)
}

fn frame(_: &Context, input: &[u8]) -> bool {
    let mut buffer = FrameBuffer::default();
    buffer.extend(input);
    let mut accepted = false;
    while let Ok(Some(payload)) = buffer.next_frame() {
        if let Ok(message) = decode_payload::<PeerMessage>(&payload) {
            accepted = true;
            if let PeerMessage::Entry(signed) = message {
                let _ = signed.open();
            }
        }
    }
    let _ = buffer.end_of_stream();
    // The payload alone, too: most mutations break the length prefix first.
    if let Ok(PeerMessage::Entry(signed)) = decode_payload::<PeerMessage>(input) {
        accepted = true;
        let _ = signed.open();
    }
    accepted
}

fn greeting(_: &Context, input: &[u8]) -> bool {
    let _ = decode_payload::<Verdict>(input);
    match decode_payload::<fairduel_net::Hello>(input) {
        Ok(hello) => {
            let _ = fairduel_net::compare(&hello, &hello);
            true
        }
        Err(_) => false,
    }
}

fn ticket(_: &Context, input: &[u8]) -> bool {
    text(input).parse::<HostTicket>().is_ok()
}

fn record(context: &Context, input: &[u8]) -> bool {
    let Ok(record) = MatchRecord::from_bytes(input) else {
        return false;
    };
    let Ok(setup) = fairduel_protocol::audit::record_setup(&record) else {
        return false;
    };
    let Some(rules) = context
        .rules
        .iter()
        .find(|r| r.format.hash() == setup.format_hash)
    else {
        return false;
    };
    fairduel_protocol::audit(Arc::clone(rules), &record).is_ok()
}

fn match_file(_: &Context, input: &[u8]) -> bool {
    MatchStore::from_bytes(Path::new("fuzzed.fdm"), input).is_ok()
}

fn pool(_: &Context, input: &[u8]) -> bool {
    CardPool::from_toml("fuzzed.toml", &text(input)).is_ok()
}

fn format(_: &Context, input: &[u8]) -> bool {
    Format::from_toml("fuzzed.toml", &text(input)).is_ok()
}

fn deck(context: &Context, input: &[u8]) -> bool {
    let text = text(input);
    let mut accepted = false;
    for rules in &context.rules {
        if let Ok(deck) = DeckList::from_toml("fuzzed.toml", &text, &rules.pool, &rules.format) {
            accepted = true;
            let _ = deck.validate(&rules.pool, &rules.format);
        }
    }
    accepted
}

fn scenario(context: &Context, input: &[u8]) -> bool {
    let Ok(scenario) = fairduel_sim::scenario::Scenario::parse("fuzzed.toml", &text(input)) else {
        return false;
    };
    let Some(rules) = context
        .rules
        .iter()
        .find(|r| r.format.id == scenario.format)
    else {
        return false;
    };
    scenario.run(rules).is_ok()
}

fn ydk(context: &Context, input: &[u8]) -> bool {
    let Ok(file) = fairduel_app::ydk::parse_ydk(&text(input)) else {
        return false;
    };
    let imported =
        fairduel_app::ydk::import(&file, &context.passcodes, &context.dor.pool, "fuzzed");
    imported.mapped > 0
}

fn domain_deck(context: &Context, input: &[u8]) -> bool {
    let Ok(parsed) = fairduel_carddb::read_deck_text(&text(input)) else {
        return false;
    };
    fairduel_engine::domain::check_domain_deck(
        &parsed.deck,
        &context.domain_cards,
        fairduel_engine::domain::DomainDeckRules::default(),
    )
    .is_ok()
}

fn setnames(_: &Context, input: &[u8]) -> bool {
    let mut db = fairduel_engine::domain::CardDatabase::new();
    fairduel_carddb::read_setnames(&text(input), &mut db).is_ok_and(|named| named > 0)
}
