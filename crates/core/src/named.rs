//! `named_enum!`: a fieldless enum whose machine names (log, scenario files, ids, checkpoints) are
//! written once, beside its variants, and serialised from there.

/// Declares the enum with `ALL`, `NAMES`, `as_str`, `from_name`, and serde impls that read and
/// write exactly those names.
#[macro_export]
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
            /// What a `keyed!` table missing a variant says, by variant: the missing one named as
            /// itself (only the compiler reads these).
            #[doc(hidden)]
            pub const UNKEYED: &'static [&'static str] = &[$(
                concat!(stringify!($name), "::", stringify!($variant), " has no text in this table"),
            )*];
            pub fn as_str(self) -> &'static str {
                Self::NAMES[self as usize]
            }
            pub fn from_name(s: &str) -> Option<Self> {
                Self::NAMES.iter().position(|n| *n == s).map(|i| Self::ALL[i])
            }
        }

        impl $crate::named::Named for $name {
            const ALL: &'static [$name] = $name::ALL;
            fn index(self) -> usize {
                self as usize
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

/// A fieldless enum whose variants are listed in order (every `named_enum!`): what a [`Set`]
/// of them needs.
pub trait Named: Copy + 'static {
    const ALL: &'static [Self];
    fn index(self) -> usize;
}

/// A set of a named enum's variants (at most 64 of them), as bits: the stops passed, the
/// challenges reached. A `BTreeSet` of each would bring its own copy of the tree's code into
/// the page's module; this is a word and a loop. Iterates in the enum's order.
pub struct Set<T> {
    bits: u64,
    of: std::marker::PhantomData<T>,
}

impl<T: Named> Set<T> {
    pub const fn new() -> Self {
        Set {
            bits: 0,
            of: std::marker::PhantomData,
        }
    }

    fn bit(x: T) -> u64 {
        1u64 << (x.index() % 64)
    }

    /// Adds `x`; whether it was new.
    pub fn insert(&mut self, x: T) -> bool {
        let new = self.bits & Self::bit(x) == 0;
        self.bits |= Self::bit(x);
        new
    }

    pub fn contains(&self, x: &T) -> bool {
        self.bits & Self::bit(*x) != 0
    }

    pub fn len(&self) -> usize {
        self.bits.count_ones() as usize
    }

    pub fn is_empty(&self) -> bool {
        self.bits == 0
    }

    pub fn clear(&mut self) {
        self.bits = 0;
    }

    /// The members, in the enum's order.
    pub fn iter(&self) -> impl Iterator<Item = T> + '_ {
        T::ALL.iter().copied().filter(|x| self.contains(x))
    }

    /// The members of `self` that `other` lacks, in the enum's order.
    pub fn difference<'a>(&'a self, other: &'a Set<T>) -> impl Iterator<Item = T> + 'a {
        self.iter().filter(|x| !other.contains(x))
    }
}

impl<T> Clone for Set<T> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<T> Copy for Set<T> {}

impl<T> PartialEq for Set<T> {
    fn eq(&self, other: &Self) -> bool {
        self.bits == other.bits
    }
}

impl<T> Eq for Set<T> {}

impl<T: Named> Default for Set<T> {
    fn default() -> Self {
        Set::new()
    }
}

impl<T: Named + std::fmt::Debug> std::fmt::Debug for Set<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

impl<T: Named> Extend<T> for Set<T> {
    fn extend<I: IntoIterator<Item = T>>(&mut self, items: I) {
        for x in items {
            self.insert(x);
        }
    }
}

impl<T: Named> FromIterator<T> for Set<T> {
    fn from_iter<I: IntoIterator<Item = T>>(items: I) -> Self {
        let mut s = Set::new();
        s.extend(items);
        s
    }
}

impl<T: Named, const N: usize> From<[T; N]> for Set<T> {
    fn from(items: [T; N]) -> Self {
        items.into_iter().collect()
    }
}
