//! Card pictures, when the player has them: a folder of image files named by card number
//! (`7.png`, `007.jpg`, …) or by passcode, as a simulator's `pics` folder names them
//! (`89631139.jpg`, mapped through the YDK passcode table). FairDuel ships none; without a folder every card is drawn by the
//! app. The folder is scanned once when it is chosen, so drawing a frame never touches the
//! disk; the images themselves are decoded by egui's loaders on first use and cached.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use egui::load::SizedTexture;
use egui::load::{SizeHint, TexturePoll};
use egui::{Context, Id, Rect, TextureOptions, pos2};
use fairduel_engine::card::CardId;

use crate::ydk::PasscodeTable;

/// The file types the app decodes.
const EXTENSIONS: [&str; 3] = ["png", "jpg", "jpeg"];

/// The pictures found in a folder, by card number.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CardImages {
    pub dir: PathBuf,
    files: BTreeMap<CardId, PathBuf>,
}

#[derive(Debug, thiserror::Error)]
pub enum ImageFolderError {
    #[error("cannot read the card picture folder {}: {source}", dir.display())]
    Read {
        dir: PathBuf,
        source: std::io::Error,
    },
}

impl CardImages {
    /// Lists the pictures in `dir`: files whose extension is png, jpg or jpeg and whose
    /// stem is a card number or a passcode `passcodes` knows. A card-number file wins over a
    /// passcode file for the same card. Other files are ignored.
    pub fn scan(dir: &Path, passcodes: &PasscodeTable) -> Result<CardImages, ImageFolderError> {
        let listing = std::fs::read_dir(dir).map_err(|source| ImageFolderError::Read {
            dir: dir.to_owned(),
            source,
        })?;
        let mut files = BTreeMap::new();
        let mut by_passcode_files = BTreeMap::new();
        for entry in listing.flatten() {
            let path = entry.path();
            let extension = path
                .extension()
                .map(|e| e.to_string_lossy().to_ascii_lowercase());
            if !extension.is_some_and(|e| EXTENSIONS.contains(&e.as_str())) {
                continue;
            }
            let Some(number) = path
                .file_stem()
                .and_then(|s| s.to_str())
                .and_then(|s| s.parse::<u64>().ok())
            else {
                continue;
            };
            let (card, by_passcode) = match (passcodes.card(number), u16::try_from(number)) {
                (Some(card), _) => (card, true),
                (None, Ok(n)) => (CardId(n), false),
                (None, Err(_)) => continue,
            };
            if by_passcode {
                by_passcode_files.entry(card).or_insert(path);
                continue;
            }
            // Two files for one card (7.png and 007.jpg): the first in name order wins, so
            // the choice does not depend on the order the system lists them in.
            files
                .entry(card)
                .and_modify(|kept: &mut PathBuf| {
                    if path < *kept {
                        *kept = path.clone();
                    }
                })
                .or_insert(path);
        }
        for (card, path) in by_passcode_files {
            files.entry(card).or_insert(path);
        }
        Ok(CardImages {
            dir: dir.to_owned(),
            files,
        })
    }

    pub fn len(&self) -> usize {
        self.files.len()
    }

    pub fn is_empty(&self) -> bool {
        self.files.is_empty()
    }

    pub fn path(&self, card: CardId) -> Option<&Path> {
        self.files.get(&card).map(PathBuf::as_path)
    }

    /// Makes these pictures the ones every card on screen uses (`None`: drawn cards only).
    pub fn install(ctx: &Context, images: Option<CardImages>) {
        ctx.data_mut(|data| match images {
            Some(images) => {
                data.insert_temp(images_id(), Arc::new(images));
            }
            None => data.remove::<Arc<CardImages>>(images_id()),
        });
    }

    /// The pictures in use, if any.
    pub fn installed(ctx: &Context) -> Option<Arc<CardImages>> {
        ctx.data(|data| data.get_temp::<Arc<CardImages>>(images_id()))
    }
}

fn images_id() -> Id {
    Id::unique("fairduel-card-images")
}

/// The picture of `card` as a texture, once it has been decoded; `None` without a picture,
/// while it loads, or when the file cannot be decoded (the card is then drawn as usual).
pub fn card_texture(ctx: &Context, card: CardId) -> Option<SizedTexture> {
    let images = CardImages::installed(ctx)?;
    let path = images.path(card)?;
    let uri = format!("file://{}", path.display());
    match ctx.try_load_texture(&uri, TextureOptions::LINEAR, SizeHint::default()) {
        Ok(TexturePoll::Ready { texture }) => Some(texture),
        Ok(TexturePoll::Pending { .. }) | Err(_) => None,
    }
}

/// The part of a picture that fills `area` without stretching: the middle of it, cropped to
/// the area's shape.
pub fn cover_uv(texture: &SizedTexture, area: Rect) -> Rect {
    let picture = texture.size.x.max(1.0) / texture.size.y.max(1.0);
    let wanted = area.width().max(1.0) / area.height().max(1.0);
    if wanted > picture {
        let shown = picture / wanted;
        Rect::from_min_max(pos2(0.0, 0.5 - shown / 2.0), pos2(1.0, 0.5 + shown / 2.0))
    } else {
        let shown = wanted / picture;
        Rect::from_min_max(pos2(0.5 - shown / 2.0, 0.0), pos2(0.5 + shown / 2.0, 1.0))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_card_numbers_with_picture_extensions_are_picked_up() {
        let dir = std::env::temp_dir().join(format!("fairduel-images-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("dir");
        for name in [
            "7.png",
            "012.JPG",
            "99.jpeg",
            "notes.txt",
            "dragon.png",
            "8.gif",
        ] {
            std::fs::write(dir.join(name), b"x").expect("file");
        }
        let images = CardImages::scan(&dir, &PasscodeTable::default()).expect("scan");
        assert_eq!(images.len(), 3);
        assert!(images.path(CardId(7)).is_some());
        assert!(images.path(CardId(12)).is_some());
        assert!(images.path(CardId(99)).is_some());
        assert!(images.path(CardId(8)).is_none());
        std::fs::remove_dir_all(&dir).ok();
        let missing = CardImages::scan(&dir, &PasscodeTable::default()).expect_err("gone");
        assert!(missing.to_string().contains("cannot read"), "{missing}");
    }

    #[test]
    fn a_simulator_pics_folder_is_read_by_passcode_and_a_card_number_file_wins() {
        let dir = std::env::temp_dir().join(format!("fairduel-pics-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("dir");
        for name in ["89631139.jpg", "46986414.jpg", "60.png", "12345678.jpg"] {
            std::fs::write(dir.join(name), b"x").expect("file");
        }
        let pool = fairduel_engine::CardPool::from_toml(
            "dor.toml",
            &std::fs::read_to_string(
                std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                    .join("../../assets/cards/dor.toml"),
            )
            .expect("pool"),
        )
        .expect("pool parses");
        let mut table = PasscodeTable::default();
        table.add_toml(
            "test",
            "[[entry]]\npasscode = 89631139\ncard = 0\n[[entry]]\npasscode = 46986414\ncard = 60\n",
            &pool,
        );
        let images = CardImages::scan(&dir, &table).expect("scan");
        assert_eq!(
            images.len(),
            2,
            "Blue-Eyes by passcode, Dark Magician by number"
        );
        assert!(
            images
                .path(CardId(0))
                .is_some_and(|p| p.ends_with("89631139.jpg"))
        );
        assert!(
            images
                .path(CardId(60))
                .is_some_and(|p| p.ends_with("60.png"))
        );
        std::fs::remove_dir_all(&dir).ok();
    }

    #[test]
    fn a_picture_is_cropped_to_the_area_not_stretched() {
        let square = SizedTexture::new(egui::TextureId::Managed(1), egui::vec2(100.0, 100.0));
        let wide = Rect::from_min_size(pos2(0.0, 0.0), egui::vec2(40.0, 20.0));
        let uv = cover_uv(&square, wide);
        assert_eq!((uv.width(), uv.height()), (1.0, 0.5));
        assert_eq!(uv.center(), pos2(0.5, 0.5));
        let tall = Rect::from_min_size(pos2(0.0, 0.0), egui::vec2(20.0, 40.0));
        let uv = cover_uv(&square, tall);
        assert_eq!((uv.width(), uv.height()), (0.5, 1.0));
    }
}
