//! Revisions: what a view can show (a concern), and a counter per concern bumped whenever
//! that concern changes, so a view re-renders exactly when something it shows did.
named_enum! {
    /// What a view can show, each with its own revision: `time` moves with the clock alone,
    /// `sim` with what the simulation did or which event is selected.
    pub enum Concern {
        Lang = "lang",
        Time = "time",
        Sim = "sim",
        Clock = "clock",
        Settings = "settings",
        Demos = "demos",
        Polling = "polling",
        Progress = "progress",
        Notices = "notices",
        Figures = "figures",
        Path = "path",
    }
}

/// A set of concerns: what a view shows, or what an action changed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Concerns(u16);

impl Concerns {
    pub const fn of(list: &[Concern]) -> Concerns {
        let mut bits = 0;
        let mut i = 0;
        while i < list.len() {
            bits |= 1 << list[i] as u16;
            i += 1;
        }
        Concerns(bits)
    }

    pub fn has(self, c: Concern) -> bool {
        self.0 & (1 << c as u16) != 0
    }

    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The concerns' names, for a test's message.
    pub fn names(self) -> Vec<&'static str> {
        Concern::ALL
            .iter()
            .filter(|&&c| self.has(c))
            .map(|c| c.as_str())
            .collect()
    }
}

/// One counter per concern, bumped whenever that concern changes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Revs([u32; Concern::COUNT]);

impl Revs {
    pub fn bump(&mut self, c: Concern) {
        let r = &mut self.0[c as usize];
        *r = r.wrapping_add(1);
    }

    pub fn get(&self, c: Concern) -> u32 {
        self.0[c as usize]
    }

    /// The revisions of the concerns in `mask`, the others zero: two masked values differ
    /// exactly when something the view shows has changed.
    pub fn masked(&self, mask: Concerns) -> Revs {
        let mut m = Revs::default();
        for &c in Concern::ALL.iter().filter(|&&c| mask.has(c)) {
            m.0[c as usize] = self.0[c as usize];
        }
        m
    }

    /// The concerns whose revision differs from `before`.
    pub fn changed_since(&self, before: &Revs) -> Concerns {
        // Every action, every clock tick: bits, not a list.
        let bits = Concern::ALL
            .iter()
            .filter(|&&c| self.get(c) != before.get(c))
            .fold(0, |bits, &c| bits | 1 << c as u16);
        Concerns(bits)
    }
}
