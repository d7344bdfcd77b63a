//! RFC 3339 timestamps, the one reader and writer: xAPI's (any offset, fractions; as
//! milliseconds since 1970, so that "the earliest try" compares instants, not strings) and the
//! scenario format's strict `YYYY-MM-DDTHH:MM:SSZ`; and human formatting of simulated
//! milliseconds.

/// Whether `s` is exactly `YYYY-MM-DDTHH:MM:SSZ` with a real calendar date and time of day
/// (no leap second): the reader's date and time ([`date_time`]), held to the scenario format's
/// one spelling. Not [`parse_ms`] itself, whose offsets and fractions the learner's module
/// would then carry for nothing. (A yes or no: the scenario reader says what is expected, in
/// the reader's language.)
pub fn is_rfc3339_seconds(s: &str) -> bool {
    let b = s.as_bytes();
    b.len() == 20 && b[10] == b'T' && b[19] == b'Z' && date_time(b).is_some_and(|t| t[5] < 60)
}

/// Seconds since 1970-01-01T00:00:00Z → `YYYY-MM-DDTHH:MM:SSZ`.
pub fn format_utc(epoch_s: u64) -> String {
    let (year, month, day) = civil((epoch_s / 86_400) as i64);
    let secs = epoch_s % 86_400;
    format!(
        "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}Z",
        secs / 3600,
        (secs / 60) % 60,
        secs % 60
    )
}

/// The date and time that start every RFC 3339 timestamp, `YYYY-MM-DD?HH:MM:SS` (`?` a `T`,
/// `t` or space), as [year, month, day, hour, minute, second]: None unless the day exists and
/// the time is one (a leap second's `:60` let through).
fn date_time(b: &[u8]) -> Option<[i64; 6]> {
    let num = |from: usize, len: usize| -> Option<i64> {
        b.get(from..from + len)?.iter().try_fold(0i64, |acc, d| {
            d.is_ascii_digit().then(|| acc * 10 + i64::from(d - b'0'))
        })
    };
    let sep_ok = b.len() >= 19
        && b[4] == b'-'
        && b[7] == b'-'
        && matches!(b[10], b'T' | b't' | b' ')
        && b[13] == b':'
        && b[16] == b':';
    if !sep_ok {
        return None;
    }
    let (year, month, day) = (num(0, 4)?, num(5, 2)?, num(8, 2)?);
    let (hour, minute, second) = (num(11, 2)?, num(14, 2)?, num(17, 2)?);
    let ok = (1..=12).contains(&month)
        && day >= 1
        && day <= days_in_month(year, month)
        && hour <= 23
        && minute <= 59
        && second <= 60;
    ok.then_some([year, month, day, hour, minute, second])
}

/// Milliseconds since 1970-01-01T00:00:00Z of `YYYY-MM-DDTHH:MM:SS[.fff…](Z|±HH:MM|±HHMM|±HH)`,
/// or None for anything else (a day that does not exist included). Digits past the millisecond
/// are read and dropped; a leap second (`:60`) counts as the next second's start.
pub fn parse_ms(s: &str) -> Option<i64> {
    let b = s.as_bytes();
    if b.len() > 64 {
        return None;
    }
    let [year, month, day, hour, minute, second] = date_time(b)?;
    let mut i = 19;
    let mut millis = 0i64;
    if b.get(i) == Some(&b'.') {
        i += 1;
        let start = i;
        while b.get(i).is_some_and(u8::is_ascii_digit) {
            if i - start < 3 {
                millis = millis * 10 + i64::from(b[i] - b'0');
            }
            i += 1;
        }
        match i - start {
            0 => return None,
            1 => millis *= 100,
            2 => millis *= 10,
            _ => {}
        }
    }
    let offset_min = match b.get(i..)? {
        [b'Z' | b'z'] => 0,
        [sign @ (b'+' | b'-'), rest @ ..] => {
            let (h, m) = match rest {
                [h1, h2] => (digits(*h1, *h2)?, 0),
                [h1, h2, b':', m1, m2] | [h1, h2, m1, m2] => (digits(*h1, *h2)?, digits(*m1, *m2)?),
                _ => return None,
            };
            if h > 23 || m > 59 {
                return None;
            }
            let off = h * 60 + m;
            if *sign == b'+' {
                off
            } else {
                -off
            }
        }
        _ => return None,
    };
    let days = days_from_civil(year, month, day);
    let secs = days * 86_400 + hour * 3600 + minute * 60 + second - offset_min * 60;
    Some(secs * 1000 + millis)
}

fn digits(a: u8, b: u8) -> Option<i64> {
    (a.is_ascii_digit() && b.is_ascii_digit())
        .then(|| i64::from(a - b'0') * 10 + i64::from(b - b'0'))
}

fn days_in_month(year: i64, month: i64) -> i64 {
    let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
    match month {
        2 if leap => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// The proleptic Gregorian date of a day counted from 1970-01-01 (the inverse of
/// [`days_from_civil`], after Howard Hinnant's public-domain algorithm).
fn civil(days: i64) -> (i64, i64, i64) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    (yoe + era * 400 + i64::from(month <= 2), month, day)
}

/// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's public-domain
/// algorithm), for years 0 to 9999.
fn days_from_civil(y: i64, m: i64, d: i64) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (m + 9) % 12;
    let doy = (153 * mp + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

#[cfg(test)]
mod parse_tests {
    use super::parse_ms;

    #[test]
    fn instants_not_strings() {
        let z = parse_ms("2026-12-01T10:00:00Z").unwrap();
        assert_eq!(parse_ms("2026-12-01T10:00:00.000Z"), Some(z));
        assert_eq!(parse_ms("2026-12-01T12:00:00+02:00"), Some(z));
        assert_eq!(parse_ms("2026-12-01T09:30:00-0030"), Some(z));
        assert_eq!(parse_ms("2026-12-01T10:00:00.5Z"), Some(z + 500));
        assert_eq!(parse_ms("2026-12-01T10:00:00.123456789Z"), Some(z + 123));
        assert_eq!(parse_ms("1970-01-01T00:00:00Z"), Some(0));
        assert_eq!(parse_ms("2000-03-01T00:00:00Z"), Some(951_868_800_000));
        assert_eq!(parse_ms("2024-02-29T00:00:00Z"), Some(1_709_164_800_000));
    }

    #[test]
    fn refuses_what_is_no_instant() {
        for bad in [
            "",
            "2026-12-01",
            "2026-12-01T10:00:00",
            "2026-13-01T10:00:00Z",
            "2026-02-29T10:00:00Z",
            "2026-12-01T24:00:00Z",
            "2026-12-01T10:00:00.Z",
            "2026-12-01T10:00:00+2:00",
            "2026-12-01T10:00:00Zjunk",
            "２０２６-12-01T10:00:00Z",
            "2026-12-01T10:00:00+99:00",
        ] {
            assert_eq!(parse_ms(bad), None, "{bad}");
        }
    }
}

/// Milliseconds since 1970 → `YYYY-MM-DDTHH:MM:SS[.fff]Z` (the inverse of [`parse_ms`] in UTC;
/// the milliseconds only when not zero).
pub fn format_utc_ms(ms: i64) -> String {
    let (year, month, day) = civil(ms.div_euclid(86_400_000));
    let in_day = ms.rem_euclid(86_400_000);
    let (s, frac) = (in_day / 1000, in_day % 1000);
    let hms = format!(
        "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}",
        s / 3600,
        (s / 60) % 60,
        s % 60
    );
    if frac == 0 {
        format!("{hms}Z")
    } else {
        format!("{hms}.{frac:03}Z")
    }
}

#[cfg(test)]
mod format_tests {
    use super::*;

    #[test]
    fn formatted_times_read_back_as_themselves() {
        for ms in [
            0,
            1,
            999,
            86_399_999,
            1_796_292_000_000,
            1_796_292_000_123,
            -1,
            -86_400_001,
        ] {
            assert_eq!(
                parse_ms(&format_utc_ms(ms)),
                Some(ms),
                "{}",
                format_utc_ms(ms)
            );
        }
        assert_eq!(format_utc_ms(1_796_292_000_000), "2026-12-03T10:00:00Z");
    }
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
