//! Strict UTC timestamps of the form `YYYY-MM-DDTHH:MM:SSZ` (RFC 3339, seconds, `Z`), and
//! human formatting of simulated milliseconds.

/// Whether `s` is exactly `YYYY-MM-DDTHH:MM:SSZ` with a real calendar date and time of day.
/// (A yes or no: the scenario reader says what is expected, in the reader's language.)
pub fn is_rfc3339_seconds(s: &str) -> bool {
    let b = s.as_bytes();
    let shape = b.len() == 20
        && b[4] == b'-'
        && b[7] == b'-'
        && b[10] == b'T'
        && b[13] == b':'
        && b[16] == b':'
        && b[19] == b'Z'
        && [0, 1, 2, 3, 5, 6, 8, 9, 11, 12, 14, 15, 17, 18]
            .iter()
            .all(|&i| b[i].is_ascii_digit());
    if !shape {
        return false;
    }
    let num = |r: std::ops::Range<usize>| -> u32 {
        b[r].iter().fold(0, |acc, d| acc * 10 + u32::from(d - b'0'))
    };
    let (year, month, day) = (num(0..4), num(5..7), num(8..10));
    let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
    let days = match month {
        2 if leap => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    };
    (1..=12).contains(&month)
        && (1..=days).contains(&day)
        && num(11..13) <= 23
        && num(14..16) <= 59
        && num(17..19) <= 59
}

/// Seconds since 1970-01-01T00:00:00Z → `YYYY-MM-DDTHH:MM:SSZ` (proleptic Gregorian calendar,
/// days-from-civil inverse after Howard Hinnant's public-domain algorithm).
pub fn format_utc(epoch_s: u64) -> String {
    let days = (epoch_s / 86_400) as i64;
    let secs = epoch_s % 86_400;
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!(
        "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}Z",
        secs / 3600,
        (secs / 60) % 60,
        secs % 60
    )
}

/// Shortens untrusted text before it goes into a message.
pub fn truncate(s: &str, max_chars: usize) -> String {
    if s.chars().count() <= max_chars {
        s.to_string()
    } else {
        let mut t: String = s.chars().take(max_chars).collect();
        t.push('…');
        t
    }
}

/// `1890000` → `"31:30.000"`, `3723004` → `"1:02:03.004"`: simulated time for people.
pub fn format_ms(ms: u64) -> String {
    let (h, m, s, frac) = (
        ms / 3_600_000,
        (ms / 60_000) % 60,
        (ms / 1000) % 60,
        ms % 1000,
    );
    if h > 0 {
        format!("{h}:{m:02}:{s:02}.{frac:03}")
    } else {
        format!("{m}:{s:02}.{frac:03}")
    }
}

/// `1890999` → `"31:30"`, `3723004` → `"1:02:03"`: simulated time to the second, the way
/// the page shows it to learners (the log keeps the milliseconds, [`format_ms`]).
pub fn format_s(ms: u64) -> String {
    let full = format_ms(ms);
    full[..full.len() - 4].to_string()
}

/// `960` → `"≈ 16 min"` (no-break spaces, so it never breaks across lines): a coarse reading of a wait of two minutes or more, shown beside the
/// exact seconds; empty for shorter waits.
pub fn approx_wait(s: u64) -> String {
    if s >= 3600 {
        format!("≈\u{a0}{}\u{a0}h {}\u{a0}min", s / 3600, (s % 3600) / 60)
    } else if s >= 120 {
        format!("≈\u{a0}{}\u{a0}min", s / 60)
    } else {
        String::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accepts_and_rejects() {
        assert!(is_rfc3339_seconds("2026-07-29T14:00:00Z"));
        assert!(is_rfc3339_seconds("2024-02-29T23:59:59Z"));
        for bad in [
            "2026-07-29T14:00:00",
            "2026-07-29 14:00:00Z",
            "2026-07-29T14:00:00.000Z",
            "2026-07-29T14:00:00+00:00",
            "2025-02-29T00:00:00Z",
            "2026-13-01T00:00:00Z",
            "2026-04-31T00:00:00Z",
            "2026-07-29T24:00:00Z",
            "2026-07-29T14:60:00Z",
            "２０２６-07-29T14:00:00Z",
            "",
        ] {
            assert!(!is_rfc3339_seconds(bad), "{bad}");
        }
    }

    #[test]
    fn formats_utc_and_round_trips_through_the_validator() {
        assert_eq!(format_utc(0), "1970-01-01T00:00:00Z");
        assert_eq!(format_utc(1_785_333_600), "2026-07-29T14:00:00Z");
        assert_eq!(format_utc(951_782_400), "2000-02-29T00:00:00Z");
        for s in (0..4_000_000_000u64).step_by(99_991_999) {
            assert!(is_rfc3339_seconds(&format_utc(s)), "{s}");
        }
    }

    #[test]
    fn formats_times() {
        assert_eq!(format_ms(1_890_000), "31:30.000");
        assert_eq!(format_ms(3_723_004), "1:02:03.004");
        assert_eq!(format_ms(0), "0:00.000");
        assert_eq!(format_s(1_890_999), "31:30");
        assert_eq!(format_s(3_723_004), "1:02:03");
        assert_eq!(format_s(0), "0:00");
        assert_eq!(approx_wait(30), "");
        assert_eq!(approx_wait(960), "≈\u{a0}16\u{a0}min");
        assert_eq!(approx_wait(5400), "≈\u{a0}1\u{a0}h 30\u{a0}min");
    }
}
