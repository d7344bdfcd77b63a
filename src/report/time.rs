//! xAPI timestamps (ISO 8601 as RFC 3339 spells it) as milliseconds since 1970, so that "the
//! earliest try" compares instants, not strings: `…00.000Z` and `…00Z`, or `+02:00` and `Z`,
//! sort as the times they are.

/// Milliseconds since 1970-01-01T00:00:00Z of `YYYY-MM-DDTHH:MM:SS[.fff…](Z|±HH:MM|±HHMM|±HH)`,
/// or None for anything else (a day that does not exist included). Digits past the millisecond
/// are read and dropped; a leap second (`:60`) counts as the next second's start.
pub fn parse_ms(s: &str) -> Option<i64> {
    let b = s.as_bytes();
    if b.len() < 19 || b.len() > 64 {
        return None;
    }
    let num = |from: usize, len: usize| -> Option<i64> {
        b.get(from..from + len)?.iter().try_fold(0i64, |acc, d| {
            d.is_ascii_digit().then(|| acc * 10 + i64::from(d - b'0'))
        })
    };
    let sep_ok = b[4] == b'-'
        && b[7] == b'-'
        && matches!(b[10], b'T' | b't' | b' ')
        && b[13] == b':'
        && b[16] == b':';
    if !sep_ok {
        return None;
    }
    let (year, month, day) = (num(0, 4)?, num(5, 2)?, num(8, 2)?);
    let (hour, minute, second) = (num(11, 2)?, num(14, 2)?, num(17, 2)?);
    if !(1..=12).contains(&month)
        || day < 1
        || day > days_in_month(year, month)
        || hour > 23
        || minute > 59
        || second > 60
    {
        return None;
    }
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
mod tests {
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
pub fn format_ms(ms: i64) -> String {
    let days = ms.div_euclid(86_400_000);
    let in_day = ms.rem_euclid(86_400_000);
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
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
            assert_eq!(parse_ms(&format_ms(ms)), Some(ms), "{}", format_ms(ms));
        }
        assert_eq!(format_ms(1_796_292_000_000), "2026-12-03T10:00:00Z");
    }
}
