//! Every user-facing string, once per language: Spanish (the course's language, default) and
//! English. Components never hold literal text.
use crate::embed::challenges::Challenge;
use crate::sim::demos::{Op, OpResult};
use crate::sim::hub::Reason;
use crate::sim::log::Kind;
use crate::sim::{EventState, Fault, Outcome};

pub use crate::lang::Lang;

impl Lang {
    pub fn t(self) -> &'static Texts {
        match self {
            Lang::Es => &ES,
            Lang::En => &EN,
        }
    }
}

pub struct Texts {
    pub lang: Lang,
    pub title: &'static str,
    pub subtitle: &'static str,
    pub language: &'static str,
    pub controls: &'static str,
    pub play: &'static str,
    pub pause: &'static str,
    pub step: &'static str,
    pub reset: &'static str,
    pub speed: &'static str,
    pub speed_hint: &'static str,
    pub seed: &'static str,
    pub apply: &'static str,
    pub new_seed: &'static str,
    pub failure_probability: &'static str,
    pub ack_lost_share: &'static str,
    pub ack_lost_hint: &'static str,
    pub base_seconds: &'static str,
    pub max_retries: &'static str,
    pub outage: &'static str,
    pub dedup_on: &'static str,
    pub dedup_producer: &'static str,
    pub dedup_derived: &'static str,
    pub publish_one: &'static str,
    pub publish_twice: &'static str,
    pub faults: &'static str,
    pub fault_armed: &'static str,
    pub clock: &'static str,
    pub timeline: &'static str,
    pub timeline_empty: &'static str,
    pub timeline_widths: &'static str,
    pub next_attempt: &'static str,
    pub countdown: &'static str,
    pub initial_delivery: &'static str,
    pub retry: &'static str,
    pub dead_letter_box: &'static str,
    pub schedule: &'static str,
    pub formula: &'static str,
    pub wait: &'static str,
    pub cumulative: &'static str,
    pub in_flight: &'static str,
    pub events_empty: &'static str,
    pub event: &'static str,
    pub fact: &'static str,
    pub state: &'static str,
    pub attempts: &'static str,
    pub showing_latest: &'static str,
    pub dlq: &'static str,
    pub dlq_empty: &'static str,
    pub moved_at: &'static str,
    pub last_reason: &'static str,
    pub replay: &'static str,
    pub replay_all: &'static str,
    pub replay_naive_note: &'static str,
    pub consumers: &'static str,
    pub idempotent: &'static str,
    pub naive: &'static str,
    pub deliveries_seen: &'static str,
    pub effects_applied: &'static str,
    pub duplicates_discarded: &'static str,
    pub extra_applied: &'static str,
    pub pass_rows: &'static str,
    pub notifications: &'static str,
    pub reservations: &'static str,
    pub emails: &'static str,
    pub counter: &'static str,
    pub log_lines: &'static str,
    pub status_rows: &'static str,
    pub status_note: &'static str,
    pub dedup_table: &'static str,
    pub dedup_key: &'static str,
    pub duplicates: &'static str,
    pub duplicates_empty: &'static str,
    pub namespace: &'static str,
    pub key: &'static str,
    pub producer_id: &'static str,
    pub derived_id: &'static str,
    pub same: &'static str,
    pub different: &'static str,
    pub dup_verdict_v4: &'static str,
    pub dup_verdict_v5: &'static str,
    pub demos: &'static str,
    pub race: &'static str,
    pub race_intro: &'static str,
    pub check_then_insert: &'static str,
    pub unique_constraint: &'static str,
    pub tx: &'static str,
    pub tx_intro: &'static str,
    pub one_tx: &'static str,
    pub mark_first: &'static str,
    pub effect_first: &'static str,
    pub next_step: &'static str,
    pub restart_demo: &'static str,
    pub effects_committed: &'static str,
    pub marks_committed: &'static str,
    pub polling: &'static str,
    pub polling_intro: &'static str,
    pub cursor_after_commit: &'static str,
    pub cursor_before: &'static str,
    pub append: &'static str,
    pub poll: &'static str,
    pub poll_crash: &'static str,
    pub lose_cursor: &'static str,
    pub cursor: &'static str,
    pub hub_log: &'static str,
    pub skipped: &'static str,
    pub log: &'static str,
    pub export_jsonl: &'static str,
    pub export_csv: &'static str,
    pub log_older: &'static str,
    pub figures: &'static str,
    pub observed_dlq: &'static str,
    pub analytic_dlq: &'static str,
    pub published: &'static str,
    pub delivered: &'static str,
    pub dead_lettered: &'static str,
    pub bad_number: &'static str,
    pub too_many: &'static str,
    pub dismiss: &'static str,
    pub crash_title: &'static str,
    pub crash_body: &'static str,
    pub reload: &'static str,
    pub input_problems: &'static str,
    pub challenges: &'static str,
    pub done: &'static str,
    pub not_done: &'static str,
    pub host_accepted: &'static str,
    pub host_ignored: &'static str,
    pub share: &'static str,
    pub share_hint: &'static str,
    pub observed: &'static str,
    pub analytic: &'static str,
    pub dlq_short: &'static str,
    pub fig_table: &'static str,
    pub fig_dlq_title: &'static str,
    pub fig_dlq_caption: &'static str,
    pub fig_rate_axis: &'static str,
    pub fig_attempts_title: &'static str,
    pub fig_attempts_caption: &'static str,
    pub fig_attempt_axis: &'static str,
    pub fig_share_axis: &'static str,
    pub fig_cdf_title: &'static str,
    pub fig_cdf_caption: &'static str,
    pub fig_time_axis: &'static str,
    pub fig_duplicates: &'static str,
    pub fig_runs: &'static str,
    pub fig_legend: &'static str,
    pub id_kind: &'static str,
    pub comparison: &'static str,
    pub sim_time: &'static str,
    pub poll_col: &'static str,
}

impl Texts {
    pub fn outcome(&self, o: Outcome) -> &'static str {
        let es = self.lang == Lang::Es;
        match (o, es) {
            (Outcome::Delivered, true) => "entregado",
            (Outcome::Delivered, false) => "delivered",
            (Outcome::ConsumerError, true) => "error del consumidor",
            (Outcome::ConsumerError, false) => "consumer error",
            (Outcome::AckLost, true) => "ack perdido",
            (Outcome::AckLost, false) => "ack lost",
        }
    }

    pub fn reason(&self, r: Reason) -> &'static str {
        let es = self.lang == Lang::Es;
        match r {
            Reason::ConsumerDown => {
                if es {
                    "consumidor caído"
                } else {
                    "consumer down"
                }
            }
            Reason::ConsumerError => {
                if es {
                    "el consumidor respondió con error"
                } else {
                    "consumer answered with an error"
                }
            }
            Reason::AckLost => {
                if es {
                    "procesado, pero el ack no llegó"
                } else {
                    "processed, but the ack never arrived"
                }
            }
            Reason::CrashAfterCommit => {
                if es {
                    "caída tras el commit, antes del ack"
                } else {
                    "crash after commit, before the ack"
                }
            }
            Reason::Rebalance => {
                if es {
                    "rebalanceo del grupo de consumidores"
                } else {
                    "consumer-group rebalance"
                }
            }
            Reason::VisibilityTimeout => {
                if es {
                    "venció el visibility timeout"
                } else {
                    "visibility timeout expired"
                }
            }
        }
    }

    pub fn fault(&self, f: Fault) -> &'static str {
        let es = self.lang == Lang::Es;
        match f {
            Fault::CrashAfterCommit => {
                if es {
                    "Caída tras commit"
                } else {
                    "Crash after commit"
                }
            }
            Fault::AckLost => {
                if es {
                    "Ack perdido en la red"
                } else {
                    "Ack lost on the network"
                }
            }
            Fault::Rebalance => {
                if es {
                    "Rebalanceo del grupo"
                } else {
                    "Group rebalance"
                }
            }
            Fault::VisibilityTimeout => {
                if es {
                    "Vence el visibility timeout"
                } else {
                    "Visibility timeout expires"
                }
            }
        }
    }

    pub fn state(&self, s: &EventState) -> String {
        let es = self.lang == Lang::Es;
        match *s {
            EventState::Delivering { .. } => (if es { "entregando" } else { "delivering" }).into(),
            EventState::WaitingRetry { retry, .. } => {
                if es {
                    format!("esperando reintento {retry}")
                } else {
                    format!("waiting for retry {retry}")
                }
            }
            EventState::Delivered { .. } => (if es { "entregado" } else { "delivered" }).into(),
            EventState::DeadLettered { .. } => (if es {
                "en dead-letter"
            } else {
                "dead-lettered"
            })
            .into(),
        }
    }

    pub fn kind(&self, k: Kind) -> &'static str {
        let es = self.lang == Lang::Es;
        match k {
            Kind::Published => {
                if es {
                    "publicado"
                } else {
                    "published"
                }
            }
            Kind::Attempt => {
                if es {
                    "intento"
                } else {
                    "attempt"
                }
            }
            Kind::RetryScheduled => {
                if es {
                    "reintento programado"
                } else {
                    "retry scheduled"
                }
            }
            Kind::DeadLettered => {
                if es {
                    "a dead-letter"
                } else {
                    "dead-lettered"
                }
            }
            Kind::Replayed => {
                if es {
                    "reproceso manual"
                } else {
                    "manual replay"
                }
            }
            Kind::FaultInjected => {
                if es {
                    "falla inyectada"
                } else {
                    "fault injected"
                }
            }
            Kind::OutageOn => {
                if es {
                    "caída del consumidor: inicio"
                } else {
                    "consumer outage on"
                }
            }
            Kind::OutageOff => {
                if es {
                    "caída del consumidor: fin"
                } else {
                    "consumer outage off"
                }
            }
            Kind::SettingChanged => {
                if es {
                    "ajuste cambiado"
                } else {
                    "setting changed"
                }
            }
        }
    }

    pub fn publication_n(&self, n: u32) -> String {
        if self.lang == Lang::Es {
            format!("Publicación {n}")
        } else {
            format!("Publication {n}")
        }
    }

    pub fn challenge(&self, c: Challenge) -> &'static str {
        let es = self.lang == Lang::Es;
        match c {
            Challenge::DeadLetter => {
                if es {
                    "Llevá un evento a la cola de dead-letter."
                } else {
                    "Send an event to the dead-letter queue."
                }
            }
            Challenge::ReplayDelivered => {
                if es {
                    "Arreglá la causa (apagá la caída) y reprocesalo hasta entregarlo."
                } else {
                    "Fix the cause (switch the outage off) and replay it until it is delivered."
                }
            }
            Challenge::AckLostDouble => {
                if es {
                    "Hacé que el consumidor ingenuo aplique dos veces un efecto por un ack perdido."
                } else {
                    "Make the naive consumer apply an effect twice through a lost ack."
                }
            }
            Challenge::V5AbsorbsDouble => {
                if es {
                    "Mostrá que el id v5 absorbe una doble publicación."
                } else {
                    "Show that the v5 id absorbs a double publication."
                }
            }
            Challenge::LostCursor => {
                if es {
                    "En modo polling, perdé el cursor y mirá quién sufre."
                } else {
                    "In polling mode, lose the cursor and see who suffers."
                }
            }
            Challenge::Race => {
                if es {
                    "Corré la carrera de dos instancias hasta el final."
                } else {
                    "Run the race of two instances to the end."
                }
            }
        }
    }

    pub fn demo_step(&self, op: Option<Op>, r: OpResult) -> &'static str {
        let es = self.lang == Lang::Es;
        match (op, r) {
            (_, OpResult::CrashRollback) => {
                if es {
                    "se cae: su transacción abierta se revierte"
                } else {
                    "crashes: its open transaction rolls back"
                }
            }
            (_, OpResult::SeenDiscard) => {
                if es {
                    "ya visto: descarta"
                } else {
                    "already seen: discards"
                }
            }
            (_, OpResult::Blocked) => {
                if es {
                    "INSERT espera: otra transacción tiene la misma clave"
                } else {
                    "INSERT waits: another transaction holds the same key"
                }
            }
            (_, OpResult::UniqueViolationRollback) => {
                if es {
                    "INSERT viola la restricción única: rollback, sin efecto"
                } else {
                    "INSERT violates the unique constraint: rollback, no effect"
                }
            }
            (Some(Op::CheckSeen), _) => {
                if es {
                    "¿ya vi este id? → no"
                } else {
                    "have I seen this id? → no"
                }
            }
            (Some(Op::InsertMark), _) => {
                if es {
                    "INSERT de la marca de dedup (sin confirmar)"
                } else {
                    "INSERT the dedup mark (uncommitted)"
                }
            }
            (Some(Op::ApplyEffect), _) => {
                if es {
                    "aplica el efecto (sin confirmar)"
                } else {
                    "applies the effect (uncommitted)"
                }
            }
            (Some(Op::Commit), _) => {
                if es {
                    "COMMIT: confirma la transacción"
                } else {
                    "COMMIT: the transaction is confirmed"
                }
            }
            (None, _) => "",
        }
    }
}

pub static ES: Texts = Texts {
    lang: Lang::Es,
    title: "Laboratorio: reintentos, backoff y dead-letter",
    subtitle: "Publicá eventos en un hub de webhooks simulado, subí la tasa de fallos y mirá cómo los reintentos esperan, cómo un evento termina en dead-letter y qué hace cada consumidor con los duplicados.",
    language: "Idioma",
    controls: "Controles",
    play: "Reproducir",
    pause: "Pausa",
    step: "Paso",
    reset: "Reiniciar",
    speed: "Velocidad",
    speed_hint: "segundos simulados por segundo real",
    seed: "Semilla",
    apply: "Aplicar",
    new_seed: "Otra semilla",
    failure_probability: "Probabilidad de fallo por intento",
    ack_lost_share: "Fallos después de procesar (ack perdido)",
    ack_lost_hint: "parte de los fallos en que el consumidor ya procesó",
    base_seconds: "Base (s)",
    max_retries: "Reintentos máximos",
    outage: "Consumidor caído",
    dedup_on: "El consumidor idempotente deduplica por",
    dedup_producer: "id del productor (UUID v4)",
    dedup_derived: "id derivado (UUID v5)",
    publish_one: "Publicar un pase",
    publish_twice: "Publicar el mismo pase dos veces",
    faults: "Inyectar una causa de reentrega (una vez)",
    fault_armed: "Falla armada para el próximo intento",
    clock: "Reloj simulado",
    timeline: "Backoff del evento seleccionado",
    timeline_empty: "Publicá un pase para ver su línea de tiempo.",
    timeline_widths: "Cada tramo es un reintento y todos tienen el mismo ancho, para que 30 s se vea junto a 960 s; el relleno de un tramo avanza en proporción a su propia espera.",
    next_attempt: "Próximo intento",
    countdown: "faltan",
    initial_delivery: "entrega inicial",
    retry: "Reintento",
    dead_letter_box: "Dead-letter",
    schedule: "Tabla de espera",
    formula: "Fórmula",
    wait: "Espera",
    cumulative: "Acumulado",
    in_flight: "Eventos",
    events_empty: "Todavía no hay eventos.",
    event: "Evento",
    fact: "Hecho (clave)",
    state: "Estado",
    attempts: "Intentos",
    showing_latest: "Se muestran los más recientes",
    dlq: "Cola de dead-letter",
    dlq_empty: "Vacía: nada se perdió.",
    moved_at: "Movido a las",
    last_reason: "Último motivo",
    replay: "Reprocesar",
    replay_all: "Reprocesar todos",
    replay_naive_note: "Ojo: si un intento anterior llegó a procesarse (ack perdido), el reproceso se lo vuelve a entregar al consumidor ingenuo, que aplica el efecto otra vez; el idempotente lo descarta.",
    consumers: "Consumidores sobre el mismo flujo",
    idempotent: "Idempotente",
    naive: "Ingenuo",
    deliveries_seen: "Entregas recibidas",
    effects_applied: "Efectos aplicados",
    duplicates_discarded: "Duplicados descartados",
    extra_applied: "Efectos de más (duplicados)",
    pass_rows: "Filas en passes",
    notifications: "Notificaciones enviadas",
    reservations: "Reservas creadas",
    emails: "Correos enviados",
    counter: "Contador (+1)",
    log_lines: "Líneas de log agregadas",
    status_rows: "Estado = 'scheduled' (pases)",
    status_note: "Fijar un estado a una constante es idempotente por naturaleza: coincide en ambos.",
    dedup_table: "Tabla de deduplicación (clave única)",
    dedup_key: "Clave",
    duplicates: "Doble publicación",
    duplicates_empty: "Usá «Publicar el mismo pase dos veces» para comparar los ids.",
    namespace: "Namespace",
    key: "Clave natural",
    producer_id: "Id del productor (v4)",
    derived_id: "Id derivado (v5)",
    same: "iguales",
    different: "distintos",
    dup_verdict_v4: "Deduplicando por v4, las dos publicaciones pasan: el hecho se procesa dos veces.",
    dup_verdict_v5: "Deduplicando por v5, la segunda publicación tiene el mismo id y se descarta.",
    demos: "Demostraciones paso a paso",
    race: "Carrera de dos instancias",
    race_intro: "Dos instancias reciben el mismo evento reentregado a la vez y alternan sus operaciones.",
    check_then_insert: "Verificar y luego insertar",
    unique_constraint: "Restricción única",
    tx: "Límite de la transacción",
    tx_intro: "El consumidor se cae entre sus dos escrituras; el hub reentrega y el consumidor reiniciado corre entero.",
    one_tx: "Marca y efecto en una transacción",
    mark_first: "Dos transacciones: marca primero",
    effect_first: "Dos transacciones: efecto primero",
    next_step: "Siguiente paso",
    restart_demo: "Desde el principio",
    effects_committed: "Efectos confirmados",
    marks_committed: "Marcas confirmadas",
    polling: "Modo polling y cursor",
    polling_intro: "El hub guarda un log ordenado (seq); el consumidor lee desde su cursor, procesa, confirma y guarda el cursor.",
    cursor_after_commit: "Guardar el cursor después del commit",
    cursor_before: "Guardar el cursor antes de procesar",
    append: "El hub agrega un evento",
    poll: "Leer un lote",
    poll_crash: "Leer un lote y caerse a la mitad",
    lose_cursor: "Perder el cursor",
    cursor: "Cursor",
    hub_log: "Log del hub",
    skipped: "Saltados (nunca procesados)",
    log: "Registro",
    export_jsonl: "Exportar JSON Lines",
    export_csv: "Exportar CSV",
    log_older: "entradas anteriores no se muestran (la exportación incluye solo las retenidas)",
    figures: "Cifras",
    observed_dlq: "Tasa de dead-letter observada",
    analytic_dlq: "Analítica p^(reintentos+1)",
    published: "Publicados",
    delivered: "Entregados",
    dead_lettered: "En dead-letter",
    bad_number: "Valor no válido; se mantiene el anterior",
    too_many: "Se alcanzó el máximo de eventos de esta simulación; reiniciá para seguir.",
    dismiss: "Cerrar",
    crash_title: "El laboratorio se detuvo por un error inesperado",
    crash_body: "No es culpa tuya. Recargá para empezar de nuevo; si vuelve a pasar, avisá a tu docente con el texto de abajo.",
    reload: "Recargar el laboratorio",
    input_problems: "Algunos datos recibidos no eran válidos y se usaron los valores por defecto:",
    challenges: "Desafíos",
    done: "logrado",
    not_done: "pendiente",
    host_accepted: "Mensajes de la página aceptados",
    host_ignored: "ignorados",
    share: "Enlace para compartir",
    share_hint: "Abre esta misma simulación (semilla y ajustes):",
    observed: "Observado",
    analytic: "Analítico",
    dlq_short: "DLQ",
    fig_table: "Ver como tabla",
    fig_dlq_title: "Tasa de dead-letter según p",
    fig_dlq_caption: "Línea: p^(reintentos+1), escala logarítmica. Puntos: simulación con 10 000 eventos por p. Cuadrado y línea vertical: la p actual.",
    fig_rate_axis: "tasa",
    fig_attempts_title: "Intentos necesarios para entregar",
    fig_attempts_caption: "Barras: parte de los eventos entregados en cada intento (1 = entrega inicial) o llevados a DLQ. Trazos: ley geométrica truncada.",
    fig_attempt_axis: "intento",
    fig_share_axis: "eventos",
    fig_cdf_title: "Tiempo hasta la entrega (acumulado)",
    fig_cdf_caption: "Parte de los eventos ya entregados a cada tiempo; los escalones caen en los tiempos del calendario. Línea fina: analítico; gruesa: observado.",
    fig_time_axis: "segundos desde la publicación",
    fig_duplicates: "Entregas duplicadas por evento",
    fig_runs: "Monte Carlo con semilla fija; eventos a la p actual:",
    fig_legend: "se recalcula al mover los controles",
    id_kind: "Id",
    comparison: "¿Iguales?",
    sim_time: "Tiempo simulado",
    poll_col: "Lectura",
};

pub static EN: Texts = Texts {
    lang: Lang::En,
    title: "Lab: retries, backoff and dead letters",
    subtitle: "Publish events to a simulated webhook hub, turn up the failure rate, and watch retries wait, an event end up in the dead-letter queue, and what each consumer does with duplicates.",
    language: "Language",
    controls: "Controls",
    play: "Play",
    pause: "Pause",
    step: "Step",
    reset: "Reset",
    speed: "Speed",
    speed_hint: "simulated seconds per real second",
    seed: "Seed",
    apply: "Apply",
    new_seed: "New seed",
    failure_probability: "Failure probability per attempt",
    ack_lost_share: "Failures after processing (ack lost)",
    ack_lost_hint: "share of failures where the consumer had already processed",
    base_seconds: "Base (s)",
    max_retries: "Max retries",
    outage: "Consumer down",
    dedup_on: "The idempotent consumer deduplicates on",
    dedup_producer: "producer id (UUID v4)",
    dedup_derived: "derived id (UUID v5)",
    publish_one: "Publish a pass",
    publish_twice: "Publish the same pass twice",
    faults: "Inject a redelivery cause (once)",
    fault_armed: "Fault armed for the next attempt",
    clock: "Simulated clock",
    timeline: "Backoff of the selected event",
    timeline_empty: "Publish a pass to see its timeline.",
    timeline_widths: "Each segment is one retry and all have the same width, so 30 s stays visible next to 960 s; a segment fills in proportion to its own wait.",
    next_attempt: "Next attempt",
    countdown: "in",
    initial_delivery: "initial delivery",
    retry: "Retry",
    dead_letter_box: "Dead letter",
    schedule: "Wait table",
    formula: "Formula",
    wait: "Wait",
    cumulative: "Cumulative",
    in_flight: "Events",
    events_empty: "No events yet.",
    event: "Event",
    fact: "Fact (key)",
    state: "State",
    attempts: "Attempts",
    showing_latest: "Showing the most recent",
    dlq: "Dead-letter queue",
    dlq_empty: "Empty: nothing was lost.",
    moved_at: "Moved at",
    last_reason: "Last reason",
    replay: "Replay",
    replay_all: "Replay all",
    replay_naive_note: "Note: if an earlier attempt was processed (ack lost), the replay hands it to the naive consumer again, which applies the effect once more; the idempotent one discards it.",
    consumers: "Consumers on the same stream",
    idempotent: "Idempotent",
    naive: "Naive",
    deliveries_seen: "Deliveries received",
    effects_applied: "Effects applied",
    duplicates_discarded: "Duplicates discarded",
    extra_applied: "Extra effects (duplicates)",
    pass_rows: "Rows in passes",
    notifications: "Notifications sent",
    reservations: "Reservations created",
    emails: "Emails sent",
    counter: "Counter (+1)",
    log_lines: "Log lines appended",
    status_rows: "Status = 'scheduled' (passes)",
    status_note: "Setting a status to a constant is naturally idempotent: both agree.",
    dedup_table: "Dedup table (unique key)",
    dedup_key: "Key",
    duplicates: "Double publication",
    duplicates_empty: "Use “Publish the same pass twice” to compare the ids.",
    namespace: "Namespace",
    key: "Natural key",
    producer_id: "Producer id (v4)",
    derived_id: "Derived id (v5)",
    same: "same",
    different: "different",
    dup_verdict_v4: "Deduplicating on v4, both publications get through: the fact is processed twice.",
    dup_verdict_v5: "Deduplicating on v5, the second publication has the same id and is discarded.",
    demos: "Step-by-step demonstrations",
    race: "Race of two instances",
    race_intro: "Two instances receive the same redelivered event at once and take turns.",
    check_then_insert: "Check, then insert",
    unique_constraint: "Unique constraint",
    tx: "Transaction boundary",
    tx_intro: "The consumer crashes between its two writes; the hub redelivers and the restarted consumer runs to the end.",
    one_tx: "Mark and effect in one transaction",
    mark_first: "Two transactions: mark first",
    effect_first: "Two transactions: effect first",
    next_step: "Next step",
    restart_demo: "From the start",
    effects_committed: "Effects committed",
    marks_committed: "Marks committed",
    polling: "Polling mode and the cursor",
    polling_intro: "The hub keeps an ordered log (seq); the consumer reads from its cursor, processes, commits, then saves its cursor.",
    cursor_after_commit: "Save the cursor after the commit",
    cursor_before: "Save the cursor before processing",
    append: "Hub appends an event",
    poll: "Read a batch",
    poll_crash: "Read a batch and crash midway",
    lose_cursor: "Lose the cursor",
    cursor: "Cursor",
    hub_log: "Hub log",
    skipped: "Skipped (never processed)",
    log: "Log",
    export_jsonl: "Export JSON Lines",
    export_csv: "Export CSV",
    log_older: "older entries are not shown (the export holds only the retained ones)",
    figures: "Figures",
    observed_dlq: "Observed dead-letter rate",
    analytic_dlq: "Analytic p^(retries+1)",
    published: "Published",
    delivered: "Delivered",
    dead_lettered: "Dead-lettered",
    bad_number: "Invalid value; the previous one is kept",
    too_many: "This simulation reached its event limit; reset to go on.",
    dismiss: "Dismiss",
    crash_title: "The lab stopped because of an unexpected error",
    crash_body: "It is not your fault. Reload to start again; if it happens again, tell your teacher and include the text below.",
    reload: "Reload the lab",
    input_problems: "Some input was not valid and the defaults were used instead:",
    challenges: "Challenges",
    done: "done",
    not_done: "to do",
    host_accepted: "Messages from the page accepted",
    host_ignored: "ignored",
    share: "Share link",
    share_hint: "Opens this same simulation (seed and settings):",
    observed: "Observed",
    analytic: "Analytic",
    dlq_short: "DLQ",
    fig_table: "Show as a table",
    fig_dlq_title: "Dead-letter rate across p",
    fig_dlq_caption: "Line: p^(retries+1), log scale. Dots: simulation with 10,000 events per p. Square and vertical line: the current p.",
    fig_rate_axis: "rate",
    fig_attempts_title: "Attempts needed to deliver",
    fig_attempts_caption: "Bars: share of events delivered at each attempt (1 = initial delivery) or dead-lettered. Ticks: the truncated geometric law.",
    fig_attempt_axis: "attempt",
    fig_share_axis: "events",
    fig_cdf_title: "Time to delivery (cumulative)",
    fig_cdf_caption: "Share of events delivered by each time; the steps fall on the schedule's times. Thin line: analytic; thick: observed.",
    fig_time_axis: "seconds after publication",
    fig_duplicates: "Duplicate deliveries per event",
    fig_runs: "Seeded Monte Carlo; events at the current p:",
    fig_legend: "recomputed as the controls move",
    id_kind: "Id",
    comparison: "Same?",
    sim_time: "Simulated time",
    poll_col: "Poll",
};
