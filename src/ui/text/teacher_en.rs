//! The teacher's page in English.
use crate::lab::path::Choice;
use crate::ui::teacher::texts::TeacherTexts;

pub static TEACHER_EN: TeacherTexts = TeacherTexts {
    title: "What the class's predictions revealed",
    intro: "Gathers your class's answers on the lab's guided path: stop by stop, how many were right on the first try, what each learner chose and which misconceptions keep coming back, to prepare the next class.",
    language: "Language",
    source_heading: "Where to read the answers from",
    store_heading: "From the learning record store (LRS)",
    store_hint: "Use a read-only key. The key is kept in this tab only while it is open: it never goes into a link and is gone from the browser once you close it.",
    endpoint: "The LRS's xAPI address",
    key: "Key",
    secret: "Secret",
    activity: "The lab's activity (IRI)",
    activity_hint: "The one the course page gives the lab as its xapi option.",
    class: "Class (IRI, optional)",
    since: "Only since (optional)",
    read_store: "Read from the LRS",
    file_heading: "From an exported file",
    file_hint: "A file of statements exported from any LRS: a JSON array, a statements page or JSON Lines (one statement a line). You can also drop it on this page.",
    pick_file: "Open a file of statements",
    stop: "Stop",
    reading_store: "Reading from the LRS: {0} statements in {1} pages…",
    reading_file: "Reading «{0}»: {1} of {2}…",
    done: "Done: {0} statements read, {1} answers from {2} learners, in {3} s.",
    stopped: "Reading stopped. What was read so far is shown: {0} statements.",
    skipped: "Not counted: {0}.",
    skip_reasons: [
        "{0} that are not JSON",
        "{0} that are not xAPI statements",
        "{0} with a field of another type",
        "{0} too large",
        "{0} of other verbs (initialized, progressed, completed)",
        "{0} of other activities",
        "{0} of other classes",
        "{0} without an identifiable learner",
        "{0} without a response",
        "{0} repeated",
        "{0} beyond the limit of stops or choices",
    ],
    other_activity_example: "for example {0}",
    none_here: "None of the {0} statements read is an answer of this activity and this class. Check the activity's and the class's IRIs.",
    nothing_yet: "No answers yet: read them from the LRS or open a file.",
    wrong_key: "The LRS did not accept the key (401). Check the key and the secret.",
    forbidden: "The key may not read statements (403). Ask for a read-only key.",
    not_found: "There are no xAPI statements at that address (404). Check the address: it usually ends in /xapi/.",
    server: "The LRS answered with an error ({0}). Try again in a while.",
    status: "The LRS answered {0} instead of a page of statements.",
    unreachable: "Could not read from the LRS: either the address does not answer, or the LRS does not let this page read it (CORS). Ask for the origin {0} to be allowed.",
    shape: "The LRS's answer is not a page of xAPI statements. Check the address.",
    foreign_more: "The LRS said to go on reading elsewhere ({0}). The key is not sent there, so reading stopped.",
    repeated_more: "The LRS gave the same next page twice, so reading stopped.",
    bad_endpoint: "The LRS's address is not valid: write a whole address, such as https://lrs.example.org/xapi/.",
    no_activity: "Write the lab's activity IRI: the LRS looks answers up by activity.",
    bad_since: "The «only since» date is not valid.",
    file_empty: "The file is empty.",
    not_statements: "«{0}» is not a file of statements: it starts with «{1}». A JSON array, a statements page or JSON Lines is expected.",
    trailing: "«{0}» has something more after its statements (at byte {1}). What was read up to there is shown.",
    truncated: "«{0}» ends in the middle of a statement: it may be incomplete. What was read is shown.",
    unreadable: "«{0}» could not be read.",
    summary: "{0} learners · {1} answers · {2} stops",
    misconceptions_heading: "The most common misconceptions",
    misconceptions_intro: "The class's wrong first answers, the most chosen first.",
    no_misconceptions: "Nobody chose a wrong option in their first answer.",
    one_learner: "1 learner",
    learners_n: "{0} learners",
    at_stops: "at {0}",
    stops_heading: "Stop by stop",
    answered: "Answered: {0}",
    first_right: "Right on the first try: {0} ({1} %)",
    retried: "Answered more than once: {0}",
    right_choice: "Right",
    later: "and {0} in later answers",
    who: "Who chose it first ({0})",
    who_more: "and {0} more",
    new_stop: "Stop {0}",
    learners_heading: "Learner by learner",
    learners_intro: "Each learner's first answer at each stop, in the path's order.",
    show_more: "Show {0} more learners",
    tries: "{0} answers",
    right_mark: "right",
    wrong_mark: "wrong",
    anonymise: "Anonymise",
    anonymous: "Learner {0}",
    project: "Project",
    end_project: "Stop projecting",
    export: "Export CSV",
    csv_header: [
        "learner",
        "stop",
        "stop name",
        "first answer",
        "answer text",
        "right",
        "answers",
    ],
    yes: "yes",
    no: "no",
    csv_name: "class-answers.csv",
    belief: belief_en,
};

/// The belief behind each choice shown as a number, for the teacher (see `TeacherTexts::belief`).
fn belief_en(c: Choice) -> &'static str {
    match c {
        Choice::CountsInitialDelivery => "Counts the initial delivery as an intento",
        Choice::OnlyItsOwnWait => {
            "Takes that intento's own wait alone, not the sum of the earlier ones"
        }
        Choice::WaitsAddUp => "Adds the waits up from publication",
        Choice::NextWait => "Takes the schedule's next wait for the moment",
        Choice::SeventhIntento => "Expects a seventh intento before the dead letter",
        Choice::RetriesAlwaysGetThrough => "Believes retries always get an event through",
        Choice::AllSevenFail => "Dead-lettered only when all seven deliveries fail (0.5⁷)",
        Choice::ForgetsInitialDelivery => {
            "Forgets the initial delivery: six deliveries instead of seven"
        }
        Choice::EventFailsLikeOneDelivery => {
            "Believes an event is lost as often as one delivery fails"
        }
        Choice::NaiveDeduplicates => "Believes the naive consumer discards the duplicate too",
        Choice::V4CatchesRepublication => "Believes a v4 id gives the second publication away",
        Choice::V4MissesRepublication => {
            "Each publication brings a new v4: the duplicate gets through"
        }
        Choice::V5CatchesRepublication => {
            "A v5 comes from the fact: the republication has the same id"
        }
        Choice::V5MissesRepublication => "Believes a v5 id changes at each publication too",
        Choice::DeliveredOnce => "Believes an event, once processed, never arrives again",
        Choice::IdempotentDiscardsRedelivery => {
            "The idempotent consumer discards the redelivery; the naive applies it"
        }
        Choice::IdempotentAppliesAgain => {
            "Believes the idempotent consumer applies the redelivery too"
        }
        Choice::CheckStopsBoth => "Believes the check stops both instances",
        Choice::AppCheckIsEnough => {
            "Believes a check in the application is enough against the race"
        }
        Choice::BothInstancesApply => "Both check before either writes: both apply",
        Choice::ViolationUndoesBoth => "Believes the unique violation undoes both",
        Choice::OneInstanceWins => "Insert first: one wins, the other hits the constraint",
        Choice::ConstraintLetsBothApply => "Believes both still apply with the unique constraint",
        // Shown in their own words, which the statements carry.
        Choice::DeadLettered
        | Choice::Redelivered
        | Choice::DropsIt
        | Choice::Redelivers
        | Choice::WaitsForInstance
        | Choice::DeadLettersAtOnce
        | Choice::OtherApplies
        | Choice::OffsetSkipped
        | Choice::OtherDiscards
        | Choice::KafkaExactlyOnce
        | Choice::OtherInstanceGetsIt
        | Choice::SqsDropsIt
        | Choice::SameInstanceKeepsIt
        | Choice::EffectLost
        | Choice::EffectTwice
        | Choice::EffectOnce
        | Choice::LessSql
        | Choice::InParallel
        | Choice::SqlStandard
        | Choice::AllOrNothing
        | Choice::ImmediateFirst
        | Choice::BothSameTime
        | Choice::ScheduleFirst
        | Choice::VisibleInBoth
        | Choice::OnlyOnTheSchedule
        | Choice::JitterRevealsIt
        | Choice::TooSmallToSee
        | Choice::BothEffectsChange
        | Choice::NeitherChanges
        | Choice::OnlyCounter
        | Choice::AppendLine
        | Choice::AddToBalance
        | Choice::SetStatus
        | Choice::SendEmail
        | Choice::DedupTableCoversEmail
        | Choice::ProtectAtProvider
        | Choice::FewerRetries
        | Choice::InstanceMemory
        | Choice::IdempotentRepeats
        | Choice::NaiveRepeats
        | Choice::BothRepeat
        | Choice::NeitherRepeats
        | Choice::ResumeFromSaved
        | Choice::ReadsFromStart
        | Choice::HubResends
        | Choice::AckFirstRereads
        | Choice::AckFirstLosesIt
        | Choice::HubNoticesTheCrash
        | Choice::LostGoesToDeadLetter
        | Choice::TooSlow
        | Choice::AckUnknown
        | Choice::V4Collide
        | Choice::NoCursor => "",
    }
}
