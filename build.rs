//! The formats, card pools and decks under `assets/` are built into the binary
//! (`src/assets.rs`): rebuild it when any of them changes.

fn main() {
    println!("cargo:rerun-if-changed=assets");
}
