//! FairDuel's icon, drawn in code so that it scales to any size the desktop asks for and
//! the binary carries it without an image file: two duelling cards, one in each side's
//! colour, crossed over a dark tile, and a gold seal with a tick for a match both sides
//! can verify.

use egui::IconData;

use crate::theme;

/// Samples per pixel along each axis: 4x4 sub-pixels smooth the edges.
const SUPERSAMPLING: u32 = 4;

/// The icon as straight RGBA bytes, `size` by `size` pixels.
pub fn icon_rgba(size: u32) -> Vec<u8> {
    let size = size.max(1);
    let mut rgba = Vec::with_capacity((size * size * 4) as usize);
    let samples = (SUPERSAMPLING * SUPERSAMPLING) as f32;
    for y in 0..size {
        for x in 0..size {
            let mut sum = [0.0f32; 4];
            for sy in 0..SUPERSAMPLING {
                for sx in 0..SUPERSAMPLING {
                    // The sample point in the unit square, centred in its sub-pixel.
                    let u = (x as f32 + (sx as f32 + 0.5) / SUPERSAMPLING as f32) / size as f32;
                    let v = (y as f32 + (sy as f32 + 0.5) / SUPERSAMPLING as f32) / size as f32;
                    let [r, g, b, a] = paint(u, v);
                    // Premultiplied while summing, so transparent samples do not darken edges.
                    sum[0] += r * a;
                    sum[1] += g * a;
                    sum[2] += b * a;
                    sum[3] += a;
                }
            }
            let alpha = sum[3] / samples;
            let channel = |premultiplied: f32| {
                if sum[3] > 0.0 {
                    (premultiplied / sum[3] * 255.0).round().clamp(0.0, 255.0) as u8
                } else {
                    0
                }
            };
            rgba.extend_from_slice(&[
                channel(sum[0]),
                channel(sum[1]),
                channel(sum[2]),
                (alpha * 255.0).round().clamp(0.0, 255.0) as u8,
            ]);
        }
    }
    rgba
}

/// The window's icon.
pub fn icon_data(size: u32) -> IconData {
    IconData {
        rgba: icon_rgba(size),
        width: size.max(1),
        height: size.max(1),
    }
}

/// The icon as a PNG file, for the desktop entry.
pub fn icon_png(size: u32) -> Result<Vec<u8>, image::ImageError> {
    let size = size.max(1);
    let mut png = Vec::new();
    image::ImageEncoder::write_image(
        image::codecs::png::PngEncoder::new(&mut png),
        &icon_rgba(size),
        size,
        size,
        image::ExtendedColorType::Rgba8,
    )?;
    Ok(png)
}

type Rgba = [f32; 4];

fn colour(c: egui::Color32) -> Rgba {
    [
        f32::from(c.r()) / 255.0,
        f32::from(c.g()) / 255.0,
        f32::from(c.b()) / 255.0,
        1.0,
    ]
}

fn mix(a: Rgba, b: Rgba, t: f32) -> Rgba {
    [
        a[0] + (b[0] - a[0]) * t,
        a[1] + (b[1] - a[1]) * t,
        a[2] + (b[2] - a[2]) * t,
        1.0,
    ]
}

/// Whether (u, v) lies in a rectangle with rounded corners centred at (cx, cy), half
/// sizes (hw, hh), corner radius r, turned by `angle` radians.
#[allow(clippy::too_many_arguments)]
fn in_rounded_rect(u: f32, v: f32, cx: f32, cy: f32, hw: f32, hh: f32, r: f32, angle: f32) -> bool {
    let (sin, cos) = angle.sin_cos();
    let (dx, dy) = (u - cx, v - cy);
    // Into the rectangle's own axes.
    let (lx, ly) = ((dx * cos + dy * sin).abs(), (-dx * sin + dy * cos).abs());
    let (qx, qy) = (lx - (hw - r), ly - (hh - r));
    if qx <= 0.0 || qy <= 0.0 {
        return lx <= hw && ly <= hh;
    }
    qx * qx + qy * qy <= r * r
}

/// One card, face down in a side's colour, with a light border and a diamond on its back.
fn card(u: f32, v: f32, cx: f32, angle: f32, back: Rgba) -> Option<Rgba> {
    let (cy, hw, hh) = (0.47, 0.19, 0.27);
    if !in_rounded_rect(u, v, cx, cy, hw, hh, 0.03, angle) {
        return None;
    }
    if !in_rounded_rect(u, v, cx, cy, hw - 0.022, hh - 0.022, 0.018, angle) {
        return Some(colour(theme::TEXT));
    }
    let (sin, cos) = angle.sin_cos();
    let (dx, dy) = (u - cx, v - cy);
    let (lx, ly) = (dx * cos + dy * sin, -dx * sin + dy * cos);
    if lx.abs() / 0.1 + ly.abs() / 0.15 <= 1.0 {
        return Some(mix(back, [1.0, 1.0, 1.0, 1.0], 0.35));
    }
    Some(back)
}

/// The colour at (u, v) of the unit square; transparent outside the tile.
fn paint(u: f32, v: f32) -> Rgba {
    if !in_rounded_rect(u, v, 0.5, 0.5, 0.48, 0.48, 0.1, 0.0) {
        return [0.0; 4];
    }
    // The seal sits over both cards.
    let (sx, sy, radius) = (0.5, 0.74, 0.16);
    let (dx, dy) = (u - sx, v - sy);
    let distance = (dx * dx + dy * dy).sqrt();
    if distance <= radius {
        if distance >= radius - 0.018 {
            return colour(theme::TEXT);
        }
        return if on_tick(u - sx, v - sy) {
            colour(theme::BACKGROUND)
        } else {
            colour(theme::LEADER_GOLD)
        };
    }
    let tilt = 0.26;
    if let Some(c) = card(u, v, 0.62, tilt, colour(theme::MINE)) {
        return c;
    }
    if let Some(c) = card(u, v, 0.38, -tilt, colour(theme::THEIRS)) {
        return c;
    }
    // The tile: a slight top-to-bottom gradient.
    mix(colour(theme::PANEL), colour(theme::BACKGROUND), v)
}

/// A tick mark inside the seal, in the seal's own coordinates.
fn on_tick(x: f32, y: f32) -> bool {
    let width = 0.028;
    let near_segment = |(ax, ay): (f32, f32), (bx, by): (f32, f32)| {
        let (vx, vy) = (bx - ax, by - ay);
        let t = (((x - ax) * vx + (y - ay) * vy) / (vx * vx + vy * vy)).clamp(0.0, 1.0);
        let (px, py) = (ax + t * vx - x, ay + t * vy - y);
        px * px + py * py <= width * width
    };
    near_segment((-0.07, 0.0), (-0.02, 0.055)) || near_segment((-0.02, 0.055), (0.075, -0.05))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pixel(rgba: &[u8], size: u32, x: u32, y: u32) -> [u8; 4] {
        let i = ((y * size + x) * 4) as usize;
        [rgba[i], rgba[i + 1], rgba[i + 2], rgba[i + 3]]
    }

    #[test]
    fn the_icon_has_a_transparent_corner_both_sides_colours_and_a_gold_seal() {
        let size = 64;
        let rgba = icon_rgba(size);
        assert_eq!(rgba.len(), (size * size * 4) as usize);
        assert_eq!(
            pixel(&rgba, size, 0, 0)[3],
            0,
            "the tile's corner is rounded"
        );
        let gold = pixel(&rgba, size, 32, 40);
        assert!(gold[0] > 200 && gold[1] > 150 && gold[2] < 120, "{gold:?}");
        let left_card = pixel(&rgba, size, 15, 20);
        assert!(
            left_card[0] > left_card[2],
            "red on the left: {left_card:?}"
        );
        let right_card = pixel(&rgba, size, 49, 20);
        assert!(
            right_card[2] > right_card[0],
            "blue on the right: {right_card:?}"
        );
    }

    #[test]
    fn the_png_is_a_png_of_the_size_asked_for() {
        let png = icon_png(48).unwrap();
        let decoded = image::load_from_memory(&png).unwrap();
        assert_eq!((decoded.width(), decoded.height()), (48, 48));
    }
}
