//! Decimal text for the few numbers the lab shows or reads (probabilities, chart coordinates).
//! Integer arithmetic only: core's general float formatting and parsing (Grisu, Dragon, the
//! decimal-to-float bignums) would add about 25 KB to the wasm for output this simple.

/// Largest magnitude written in full; beyond it (never reached by the lab's numbers) the value
/// is clamped, so the integer arithmetic below cannot overflow.
const LIMIT: f64 = 1e15;

/// `v` with exactly `decimals` digits after the point (0 to 9), rounded half away from zero.
/// Not-a-number reads "0".
pub fn fixed(v: f64, decimals: u8) -> String {
    let decimals = decimals.min(9);
    let scale = 10u64.pow(u32::from(decimals));
    let v = if v.is_nan() {
        0.0
    } else {
        v.clamp(-LIMIT, LIMIT)
    };
    // Scaled value as an integer; the clamp keeps it within u64 (1e15 * 1e9 < 1.8e19).
    let scaled = (v.abs() * scale as f64).round() as u64;
    let (whole, frac) = (scaled / scale, scaled % scale);
    let sign = if v < 0.0 && scaled != 0 { "-" } else { "" };
    if decimals == 0 {
        format!("{sign}{whole}")
    } else {
        format!(
            "{sign}{whole}.{frac:0width$}",
            width = usize::from(decimals)
        )
    }
}

/// Decimals [`short`] writes.
const SHORT_DECIMALS: u8 = 6;

/// [`fixed`] without trailing zeros (nor a trailing point).
fn trimmed(v: f64, decimals: u8) -> String {
    let s = fixed(v, decimals);
    s.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// `v` with up to six decimals and no trailing zeros: "0.3", "0.25", "1", "0.000001".
pub fn short(v: f64) -> String {
    let t = trimmed(v, SHORT_DECIMALS);
    if t == "-0" {
        "0".to_string()
    } else {
        t
    }
}

/// The number [`short`] writes for `v`, so a value read through it survives being written
/// with `short` and read again unchanged.
pub fn as_short(v: f64) -> f64 {
    let scale = 10f64.powi(i32::from(SHORT_DECIMALS));
    (v * scale).round() / scale
}

/// Any value, for messages about bad input: up to nine decimals, and the words for the values
/// that have no digits.
pub fn display(v: f64) -> String {
    if v.is_nan() {
        return "NaN".to_string();
    }
    if v.abs() >= LIMIT {
        // Symbols, not words: the message around it is in the learner's language.
        return if v > 0.0 {
            "≥ 10¹⁵"
        } else {
            "≤ -10¹⁵"
        }
        .to_string();
    }
    let t = trimmed(v, 9);
    if v < 0.0 && !t.starts_with('-') {
        format!("-{t}") // a tiny negative is still not a probability; keep its sign
    } else {
        t
    }
}

/// A power of ten as written on a log axis: 10⁰, 10⁻², 10⁻⁴ (as the lesson sets powers:
/// superscripts, not a programmer's `1e-2`).
pub fn power_of_ten(exp: i32) -> String {
    let sign = if exp < 0 { "\u{207b}" } else { "" };
    format!("10{sign}{}", superscript(u64::from(exp.unsigned_abs())))
}

/// `n` in superscript digits: `7` → `⁷`, `12` → `¹²`.
pub fn superscript(n: u64) -> String {
    const DIGITS: [char; 10] = ['⁰', '¹', '²', '³', '⁴', '⁵', '⁶', '⁷', '⁸', '⁹'];
    n.to_string()
        .bytes()
        .map(|d| DIGITS[usize::from(d - b'0')])
        .collect()
}

/// A leading sign, if any: (negative, the rest).
fn split_sign(s: &str) -> (bool, &str) {
    match s.as_bytes().first() {
        Some(b'-') => (true, &s[1..]),
        Some(b'+') => (false, &s[1..]),
        _ => (false, s),
    }
}

/// Reads a plain decimal: optional sign, digits, optional point and digits, optional exponent
/// ("0.3", "-2", ".5", "1e-3"). Anything else is `None`. Up to 18 significant digits are kept,
/// which is closer than any setting the lab reads needs.
/// A whole number with its thousands grouped by `sep` ("100 000" in Spanish, "100,000" in
/// English); numbers of four digits stay ungrouped, as Spanish style asks.
pub fn grouped(n: u64, sep: &str) -> String {
    let digits = n.to_string();
    if digits.len() <= 4 {
        return digits;
    }
    let mut out = String::with_capacity(digits.len() + 2 * sep.len());
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push_str(sep);
        }
        out.push(c);
    }
    out
}

pub fn parse_decimal(s: &str) -> Option<f64> {
    let (neg, body) = split_sign(s.trim());
    let (mantissa, exp_part) = match body.find(['e', 'E']) {
        Some(i) => (&body[..i], Some(&body[i + 1..])),
        None => (body, None),
    };
    let (int_part, frac_part) = match mantissa.find('.') {
        Some(i) => (&mantissa[..i], &mantissa[i + 1..]),
        None => (mantissa, ""),
    };
    if int_part.is_empty() && frac_part.is_empty() {
        return None;
    }
    let mut digits: u64 = 0;
    let mut kept = 0u32;
    let mut scale: i32 = 0; // value = digits * 10^scale
    for (i, part) in [int_part, frac_part].into_iter().enumerate() {
        for b in part.bytes() {
            let d = b.checked_sub(b'0').filter(|d| *d <= 9)?;
            if kept < 18 {
                if digits > 0 || d > 0 {
                    kept += 1;
                }
                digits = digits * 10 + u64::from(d);
                if i == 1 {
                    scale -= 1;
                }
            } else if i == 0 {
                scale += 1; // integer digits beyond the kept ones still count
            }
        }
    }
    if let Some(e) = exp_part {
        let (eneg, edigits) = split_sign(e);
        if edigits.is_empty() || edigits.len() > 4 || !edigits.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let n: i32 = edigits
            .bytes()
            .fold(0, |acc, b| acc * 10 + i32::from(b - b'0'));
        scale += if eneg { -n } else { n };
    }
    let magnitude = digits as f64;
    // Dividing by an exact power of ten rounds once; multiplying by 10^-k would round twice.
    let v = if scale >= 0 {
        magnitude * 10f64.powi(scale)
    } else {
        magnitude / 10f64.powi(-scale)
    };
    Some(if neg { -v } else { v })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn powers_are_written_as_superscripts() {
        assert_eq!(superscript(7), "⁷");
        assert_eq!(superscript(12), "¹²");
        assert_eq!(superscript(0), "⁰");
        assert_eq!(power_of_ten(-4), "10⁻⁴");
        assert_eq!(power_of_ten(0), "10⁰");
    }

    #[test]
    fn fixed_rounds_and_pads() {
        assert_eq!(fixed(0.3, 2), "0.30");
        assert_eq!(fixed(12.345, 1), "12.3");
        assert_eq!(fixed(0.05, 1), "0.1");
        assert_eq!(fixed(-0.04, 1), "0.0");
        assert_eq!(fixed(-1.25, 1), "-1.3");
        assert_eq!(fixed(99.6, 0), "100");
        assert_eq!(fixed(0.0000123, 5), "0.00001");
        assert_eq!(fixed(f64::NAN, 2), "0.00");
        assert_eq!(fixed(f64::INFINITY, 1), "1000000000000000.0");
        assert_eq!(fixed(2.5, 12), "2.500000000");
    }

    #[test]
    fn fixed_agrees_with_std_away_from_ties() {
        // std rounds half to even on the exact binary value; away from exact ties they agree.
        let mut rng = crate::sim::rng::SimRng::new(7);
        for _ in 0..20_000 {
            let v = (rng.next_u64() % 2_000_000) as f64 / 997.0 - 1000.0;
            for d in [0u8, 1, 2, 3] {
                let ours = fixed(v, d);
                let std = format!("{v:.prec$}", prec = usize::from(d));
                let tie = (v.abs() * 10f64.powi(i32::from(d))).fract();
                if (tie - 0.5).abs() > 1e-6 {
                    // std writes "-0.0" for a small negative; ours drops a rounded zero's sign.
                    let unsigned = std.trim_start_matches('-');
                    let std = if unsigned.bytes().all(|b| b == b'0' || b == b'.') {
                        unsigned.to_string()
                    } else {
                        std.clone()
                    };
                    assert_eq!(ours, std, "{v} with {d} decimals");
                }
            }
        }
    }

    #[test]
    fn grouped_by_thousands_from_five_digits() {
        assert_eq!(grouped(0, ","), "0");
        assert_eq!(grouped(5000, "\u{a0}"), "5000");
        assert_eq!(grouped(10_000, "\u{a0}"), "10\u{a0}000");
        assert_eq!(grouped(1_000_000, ","), "1,000,000");
        assert_eq!(grouped(u64::MAX, ","), "18,446,744,073,709,551,615");
    }

    #[test]
    fn short_trims() {
        assert_eq!(short(0.3), "0.3");
        assert_eq!(short(0.25), "0.25");
        assert_eq!(short(1.0), "1");
        assert_eq!(short(0.0), "0");
        assert_eq!(short(-0.0000001), "0");
        assert_eq!(short(0.000001), "0.000001");
        assert_eq!(short(30.0), "30");
    }

    #[test]
    fn display_names_every_value() {
        assert_eq!(display(1.5), "1.5");
        assert_eq!(display(-0.25), "-0.25");
        assert_eq!(display(-1e-12), "-0");
        assert_eq!(display(f64::NAN), "NaN");
        assert_eq!(display(f64::INFINITY), "≥ 10¹⁵");
        assert_eq!(display(-1e300), "≤ -10¹⁵");
        assert_eq!(display(0.000000001), "0.000000001");
    }

    #[test]
    fn parses_decimals() {
        for (s, v) in [
            ("0.3", 0.3),
            ("1", 1.0),
            ("-2.5", -2.5),
            (".5", 0.5),
            ("5.", 5.0),
            ("+0.25", 0.25),
            ("1e-3", 0.001),
            ("2.5E2", 250.0),
            ("  0.75 ", 0.75),
            ("0.000001", 0.000001),
        ] {
            assert_eq!(parse_decimal(s), Some(v), "{s}");
        }
        for s in [
            "", ".", "-", "abc", "0.3.1", "1e", "1e+", "0x10", "NaN", "inf", "1e99999", "1,5", "½",
        ] {
            assert_eq!(parse_decimal(s), None, "{s}");
        }
    }

    #[test]
    fn short_then_parse_is_within_half_a_millionth() {
        for i in 0..=10_000 {
            let v = f64::from(i) / 10_000.0 * 0.987_654_321;
            let back = parse_decimal(&short(v)).unwrap();
            assert!((back - v).abs() <= 5e-7, "{v} -> {} -> {back}", short(v));
        }
    }

    #[test]
    fn two_decimal_inputs_read_exactly_as_std_does() {
        for i in 0..=10_000u32 {
            let s = format!("{}.{:02}", i / 100, i % 100);
            assert_eq!(parse_decimal(&s), s.parse::<f64>().ok(), "{s}");
        }
    }
}
