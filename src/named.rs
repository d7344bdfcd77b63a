//! `named_enum!`: a fieldless enum whose machine names (log, scenario files, ids, checkpoints) are
//! written once, beside its variants, and serialised from there.

/// Declares the enum with `ALL`, `NAMES`, `as_str`, `from_name`, and serde impls that read and
/// write exactly those names.
macro_rules! named_enum {
    ($(#[$m:meta])* pub enum $name:ident { $($(#[$vm:meta])* $variant:ident = $text:literal,)* }) => {
        $(#[$m])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub enum $name { $($(#[$vm])* $variant,)* }

        impl $name {
            pub const ALL: &'static [$name] = &[$($name::$variant,)*];
            /// How many variants: the length of any table indexed by this enum.
            pub const COUNT: usize = Self::ALL.len();
            pub const NAMES: &'static [&'static str] = &[$($text,)*];
            pub fn as_str(self) -> &'static str {
                Self::NAMES[self as usize]
            }
            pub fn from_name(s: &str) -> Option<Self> {
                Self::NAMES.iter().position(|n| *n == s).map(|i| Self::ALL[i])
            }
        }

        impl serde::Serialize for $name {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_str(self.as_str())
            }
        }

        impl<'de> serde::Deserialize<'de> for $name {
            fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                let s = String::deserialize(d)?;
                Self::from_name(&s)
                    .ok_or_else(|| serde::de::Error::unknown_variant(&s, Self::NAMES))
            }
        }
    };
}
