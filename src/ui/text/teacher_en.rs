//! The teacher's page in English.
use crate::lab::path::Choice;
use crate::ui::teacher::texts::TeacherTexts;

pub static TEACHER_EN: TeacherTexts = TeacherTexts {
    title: "What the class's predictions revealed",
    intro: "Gathers your class's answers on the lab's guided path: which stops were hardest, which misconceptions the class holds and who needs help, then each stop as the learners saw it, to prepare the next class.",
    language: "Language",
    source_heading: "Where to read the answers from",
    source_was: "Answers read from {0}. Unfold this section to read others.",
    store_heading: "From the learning record store (LRS)",
    store_hint: "Use a read-only key. The key is kept in this tab only while it is open: it never goes into a link and is gone from the browser once you close it.",
    endpoint: "The LRS's xAPI address",
    key: "Key",
    secret: "Secret",
    activity: "The lab's activity (IRI)",
    activity_hint: "The one the course page gives the lab as its xapi option.",
    class: "Class (IRI, optional)",
    since: "Since (optional)",
    until: "Until (optional)",
    period_hint: "Only the answers of that period count, from the LRS or from a file.",
    read_store: "Read from the LRS",
    file_heading: "From an exported file",
    file_hint: "A file of statements exported from any LRS: a JSON array, a statements page or JSON Lines (one statement a line). You can also drop it anywhere on this page.",
    pick_file: "Open a file of statements",
    stop: "Stop",
    statements_n: ["{0} statement", "{0} statements"],
    statements_read_n: ["{0} statement read", "{0} statements read"],
    answers_n: ["{0} answer", "{0} answers"],
    learners_n: ["{0} learner", "{0} learners"],
    stops_n: ["{0} stop", "{0} stops"],
    pages_n: ["{0} page", "{0} pages"],
    reading_store: "Reading from the LRS: {0} in {1}…",
    reading_file: "Reading «{0}»: {1} of {2}…",
    done: "Done: {0}, {1} from {2}, in {3}\u{a0}s.",
    stopped: "Reading stopped. What was read so far is shown: {0}.",
    skipped: "Not counted: {0}.",
    skip_reasons: [
        ["{0} that is not JSON", "{0} that are not JSON"],
        ["{0} that is not an xAPI statement", "{0} that are not xAPI statements"],
        ["{0} with a field of another type", "{0} with a field of another type"],
        ["{0} too large", "{0} too large"],
        ["{0} of another verb (initialized, progressed, completed)", "{0} of other verbs (initialized, progressed, completed)"],
        ["{0} of another activity", "{0} of other activities"],
        ["{0} of another class", "{0} of other classes"],
        ["{0} outside the period chosen", "{0} outside the period chosen"],
        ["{0} without an identifiable learner", "{0} without an identifiable learner"],
        ["{0} without a response", "{0} without a response"],
        ["{0} repeated", "{0} repeated"],
        ["{0} beyond the limit of stops or choices", "{0} beyond the limit of stops or choices"],
    ],
    other_activity_example: "for example {0}",
    none_here: [
        "The one statement read is no answer of this activity, this class and this period. Check the activity's and the class's IRIs.",
        "None of the {0} statements read is an answer of this activity, this class and this period. Check the activity's and the class's IRIs.",
    ],
    none_in_store: "The LRS has no answers of the activity {0}. Check its IRI: it must be the one the course page gives the lab.",
    seen_activities: "It does have answers of: {0}.",
    nothing_yet: "No answers yet: read them from the LRS or open a file.",
    wrong_key: "The LRS did not accept the key (401). Check the key and the secret.",
    forbidden: "The key may not read statements (403). Ask for a read-only key.",
    not_found: "There are no xAPI statements at that address (404). Check the address: it usually ends in /xapi/.",
    server: "The LRS answered with an error ({0}). Try again in a while.",
    status: "The LRS answered {0} instead of a page of statements.",
    unreachable: "The LRS answers, but does not let this page read it (CORS). Ask for the origin {0} to be allowed.",
    shape: "The LRS's answer is not a page of xAPI statements. Check the address.",
    foreign_more: "The LRS said to go on reading elsewhere ({0}). The key is not sent there, so reading stopped.",
    repeated_more: "The LRS offered a page that had already been read, so reading stopped.",
    no_answer: "Nobody answers at {0}: check the address and the port (in Learning Locker it usually ends in /data/xAPI/).",
    closed: "The LRS closed the connection before a page was complete.",
    redirected: "The LRS answered with a redirect. This page does not follow it: it reads only from the LRS's own origin. Type the LRS's final address.",
    timed_out: "The LRS stopped sending data: nothing for {0} s, so the read was cancelled.",
    too_many_pages: "{0} pages were read, the most one read takes, and the LRS offered more. Narrow the period («since», «until») to read the rest.",
    more_too_long: "The LRS gave the next page as a text of {0} bytes, which is no address; reading stopped.",
    page_too_large: "A page from the LRS is larger than {0} MB, the most that is read; reading stopped.",
    page_not_utf8: "A page from the LRS is not UTF-8 text (invalid byte at offset {0}); reading stopped.",
    page_too_deep: "A page from the LRS nests more than {0} levels, deeper than any xAPI statement; reading stopped.",
    partial: "Partial: {0} read; the rest are missing.",
    resume: "Retry",
    stopped_by_you: "Reading was stopped with «Stop».",
    bad_endpoint: "The LRS's address is not valid: write a whole address, such as https://lrs.example.org/xapi/.",
    no_activity: "Write the lab's activity IRI: the LRS looks answers up by activity.",
    bad_since: "The «since» date is not valid.",
    bad_until: "The «until» date is not valid, or not after «since».",
    file_empty: "The file is empty.",
    not_statements: "«{0}» is not a file of statements: it starts with «{1}». A JSON array, a statements page or JSON Lines is expected.",
    trailing: "«{0}» has something more after its statements (at byte {1}). What was read up to there is shown.",
    truncated: "«{0}» ends in the middle of a statement: it may be incomplete. What was read is shown.",
    unreadable: "«{0}» could not be read.",
    tomorrow_heading: "For the next class",
    hardest_heading: "The hardest stops",
    hardest_intro: "How many were right in their first answer, the fewest first.",
    hardest_share: "{0} of {1} on the first try ({2} %)",
    hardest_more: ["and {0} more stop in «Stop by stop»", "and {0} more stops in «Stop by stop»"],
    misconceptions_heading: "The class's misconceptions",
    misconceptions_intro: "Wrong first answers, by the belief they show: how many answers and how many learners, the most widely held first.",
    no_misconceptions: "Nobody chose a wrong option in their first answer.",
    more_beliefs: ["Show {0} more belief", "Show the {0} other beliefs"],
    need_heading: "Who needs help",
    need_intro: "Right first answers per stop; the fewest first (a stop not answered counts as not right). ≠: not right because, with their own settings, what they saw was none of the choices.",
    score: "{0} of {1} on the first try",
    unfinished: "Not finished: left off at stop {0} of {1} ({2})",
    finished: "Path complete",
    more_need: ["Show {0} more learner", "Show the {0} other learners"],
    at_stops: "at {0}",
    stops_heading: "Stop by stop",
    answered: "Answered: {0}",
    first_right: "Right on the first try: {0} ({1} %)",
    retried: "Answered more than once: {0}",
    unoffered: "With settings the learner changed (what they saw matched no choice): {0}",
    stop_time: "Time to their first answer: {0} (median of {1})",
    setting: "What they read first",
    show_answer: "Show the answer",
    hide_answer: "Hide the answer",
    open_in_lab: "Open this stop in the lab",
    right_choice: "Right",
    later: ["and {0} in a later answer", "and {0} in later answers"],
    who: "Who chose it in their first answer ({0})",
    who_more: "and {0} more",
    new_stop: "Stop {0}",
    stop_n: "Stop {0}",
    learners_heading: "Learner by learner",
    learners_intro: "Each learner's first answer at each stop, in the path's order, and when they answered.",
    when: "Answered from {0} to {1}",
    show_more: ["Show {0} more learner", "Show {0} more learners"],
    tries: "{0} answers",
    right_mark: "right",
    wrong_mark: "wrong",
    unoffered_mark: "wrong: with their settings, what they saw was none of the choices",
    anonymise: "Anonymise",
    anonymous: "Learner {0}",
    project: "Project",
    end_project: "Stop projecting",
    print: "Print",
    export: "Export CSV",
    csv_header: [
        "learner",
        "class",
        "stop",
        "stop name",
        "question",
        "first answer",
        "choice as shown",
        "belief it shows",
        "right",
        "answers",
        "time of the first answer",
    ],
    yes: "yes",
    no: "no",
    csv_name: "class-answers.csv",
    beliefs: belief_en,
};

/// The belief behind each choice shown as a number, for the teacher (see `TeacherTexts::beliefs`):
/// a match over every `Choice`, so a new choice does not compile until it is placed here (a
/// choice shown in its own words has no belief: `None`).
fn belief_en(c: Choice) -> Option<&'static str> {
    Some(match c {
        Choice::EffectLost => {
            "With the effect first, expects the effect lost (mixes up the two orders)"
        }
        Choice::EffectOnce => "Believes writing the mark right after the effect is enough",
        Choice::EffectTwice => {
            "Knows that without its mark the redelivery applies the effect again"
        }
        Choice::CountsInitialDelivery => {
            "Counts the initial delivery as a retry, or expects every retry to wait the same"
        }
        Choice::OnlyItsOwnWait => {
            "Takes that retry's own wait alone, not the sum of the earlier ones"
        }
        Choice::WaitsAddUp => "Adds the waits up from publication",
        Choice::NextWait => "Takes the schedule's next wait for the moment",
        Choice::RetriesAlwaysGetThrough => "Believes retries always get an event through",
        Choice::AllSevenFail => "Dead-lettered only when all seven deliveries fail (0.5⁷)",
        Choice::ForgetsInitialDelivery => {
            "Forgets the initial delivery: six deliveries instead of seven"
        }
        Choice::EventFailsLikeOneDelivery => {
            "Believes an event is dead-lettered as often as one delivery fails"
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
        Choice::ViolationUndoesBoth => {
            "Believes the uniqueness violation rolls back both transactions"
        }
        Choice::OneInstanceWins => "Insert first: one wins, the other hits the constraint",
        Choice::ConstraintLetsBothApply => {
            "Believes both still apply with the uniqueness constraint"
        }
        Choice::DeadLetterDiscards
        | Choice::RetriedForEver
        | Choice::DeadLetterKeepsIt
        | Choice::BackToProducer
        | Choice::ImmediateFirst
        | Choice::BothSameTime
        | Choice::ScheduleFirst
        | Choice::VisibleInBoth
        | Choice::OnlyOnTheSchedule
        | Choice::JitterRevealsIt
        | Choice::TooSmallToSee
        | Choice::FixedTableInOrder
        | Choice::JitterSpreadsRetries
        | Choice::SameRetriesSameResult
        | Choice::DeadLettered
        | Choice::Redelivered
        | Choice::DropsIt
        | Choice::Redelivers
        | Choice::WaitsForInstance
        | Choice::DeadLettersAtOnce
        | Choice::OtherApplies
        | Choice::OffsetSkipped
        | Choice::OtherDiscards
        | Choice::KafkaExactlyOnce
        | Choice::NothingRepeats
        | Choice::OnlyTopicRepeats
        | Choice::DatabaseRepeats
        | Choice::OtherInstanceGetsIt
        | Choice::SqsDropsIt
        | Choice::SameInstanceKeepsIt
        | Choice::LessSql
        | Choice::InParallel
        | Choice::SqlStandard
        | Choice::AllOrNothing
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
        | Choice::NoCursor => return None,
    })
}
