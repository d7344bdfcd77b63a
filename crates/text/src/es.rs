//! The Spanish table: the course's language, and the lab's default. Neutral «tú» and the
//! lesson's own terms. In running text «dead-letter» is written `dead\u{2060}-\u{2060}letter`: a
//! word joiner each side of the hyphen keeps it whole at a line's end on a phone, and a search
//! for «dead-letter» still finds it (a no-break hyphen, U+2011, is missed by Chromium's find).
use super::{
    Announce, EvidenceTexts, JitterTexts, PathTexts, ScenarioTexts, StopText, Texts, Verdicts,
};
use retry_lab_core::lab::checkpoints::Challenge;
use retry_lab_core::lab::checkpoints::Stop;
use retry_lab_core::lab::path::Act;
// The choices' and mistakes' words are in path-es.txt for the page (see `later!`).
#[cfg(not(target_arch = "wasm32"))]
use retry_lab_core::lab::path::{Answer, Choice};
use retry_lab_core::problem::Why;
use retry_lab_core::problem::{Expected, Kind as ValueKind, Source};
use retry_lab_core::sim::config::Setting;
use retry_lab_core::sim::consumer::Action as Did;
use retry_lab_core::sim::demos::{Op, OpResult};
use retry_lab_core::sim::log::Kind;
use retry_lab_core::sim::outcome::{Fault, Outcome, Reason, RootCause};

pub static ES: Texts = Texts {
    title: "Laboratorio: reintentos, backoff y dead-letter",
    subtitle: "Publica eventos en un hub de webhooks simulado, sube la tasa de fallos y mira cómo los reintentos esperan, cómo un evento termina en dead\u{2060}-\u{2060}letter y qué hace cada consumidor con los duplicados.",
    language: "Idioma",
    workbench_heading: "Banco de pruebas del consumidor",
    workbench_intro: "¿Dónde ubicar el límite de idempotencia? Arma tu propio consumidor con pasos y comprueba, con dos instancias, todas las formas de intercalarlos y todas las caídas posibles.",
    workbench_open: "Abrir el banco de pruebas del consumidor",
    controls: "Controles",
    play: "Reproducir",
    pause: "Pausar",
    step: "Avanzar un paso",
    reset: "Reiniciar",
    speed: "Velocidad",
    speed_hint: "segundos simulados por segundo real",
    settings: keyed!(Setting {
        Seed: "Semilla",
        FailureProbability: "Probabilidad de que falle cada entrega (inicial o intento)",
        AckLostShare: "Fallos con el evento ya procesado (ack perdido)",
        BaseSeconds: "Base (s)",
        MaxRetries: "Máximo de intentos",
        DedupOn: "El consumidor idempotente deduplica por",
    }),
    apply: "Aplicar",
    new_seed: "Otra semilla",
    ack_lost_hint: "de todos los fallos, el porcentaje en que el consumidor ya había procesado el evento y solo se perdió el ack",
    outage: "Consumidor fuera de servicio",
    dedup_producer: "id del productor (UUID v4)",
    dedup_derived: "id derivado (UUID v5)",
    publish_one: "Publicar un pase",
    publish_twice: "Publicar el mismo pase dos veces",
    faults: "Inyectar una causa de reentrega (una vez)",
    fault_armed: "Causa preparada para el próximo intento",
    clock: "Reloj simulado",
    timeline: "Backoff del evento seleccionado",
    timeline_empty: "Publica un pase para ver su línea de tiempo.",
    timeline_widths: "Cada tramo de la barra es tan largo como su espera, y cada espera dobla la anterior. La línea vertical marca el instante actual del reloj simulado.",
    next_attempt: "Próximo intento",
    countdown: "faltan",
    initial_delivery: "entrega inicial",
    retry: "Intento",
    dead_letter_box: "Dead-letter",
    veiled_until: "lo verás en el paso {0}",
    schedule: "Tabla de espera",
    formula: "Fórmula",
    wait: "Espera",
    cumulative: "Acumulado",
    in_flight: "Eventos",
    events_empty: "Todavía no hay eventos.",
    event: "Evento",
    fact: "Pase (clave de entrada)",
    state: "Estado",
    attempts: "Última entrega",
    showing_latest: "Se muestran los {0} más recientes",
    dlq: "Cola de dead-letter",
    dlq_empty: "Vacía: ningún evento ha agotado sus intentos.",
    dlq_emptied: "Vacía otra vez: lo que agotó sus intentos salió con un reintento manual.",
    moved_at: "En la cola desde",
    last_reason: "Motivo del último fallo",
    replay: "Reintentar",
    replay_all: "Reintentar todos",
    replay_naive_note: "Ojo: si un intento anterior llegó a procesarse (ack perdido), el reintento manual se lo vuelve a entregar al consumidor no idempotente, que aplica el efecto otra vez; el idempotente lo descarta.",
    consumers: "Consumidores sobre el mismo flujo",
    idempotent: "Idempotente",
    naive: "No idempotente",
    deliveries_seen: "Entregas recibidas",
    effects_applied: "Efectos aplicados",
    duplicates_discarded: "Duplicados descartados",
    extra_applied: "Efectos de más (duplicados)",
    extra_causes: "Efectos de más: {0} por reentrega del hub y {1} por publicar el mismo hecho dos veces.",
    republished_note: "El productor publicó el mismo hecho dos veces, como dos eventos: esto no es un reintento del hub. Solo lo neutraliza un consumidor que deduplica por un id derivado del propio hecho (UUID v5).",
    pass_rows: "Filas en la tabla de pases",
    notifications: "Notificaciones enviadas",
    reservations: "Reservas creadas",
    emails: "Correos enviados",
    counter: "Contador (+1)",
    log_lines: "Líneas añadidas al log",
    status_rows: "Estado = 'scheduled' (programado), por pase",
    status_note: "Fijar un estado a una constante es naturalmente idempotente: por eso esta fila coincide en los dos consumidores.",
    dedup_table: "Tabla de deduplicación (restricción de unicidad) · ids registrados: {0}",
    dedup_key: "Id registrado",
    duplicates: "Doble publicación",
    duplicates_empty: "Usa «Publicar el mismo pase dos veces» para comparar los ids.",
    namespace: "Espacio de nombres",
    key: "Clave de entrada (natural)",
    producer_id: "Id del productor (v4)",
    derived_id: "Id derivado (v5)",
    same: "iguales",
    different: "distintos",
    dup_verdict_v4: "Si se deduplica por v4, las dos publicaciones pasan: el mismo hecho se procesa dos veces.",
    dup_verdict_v5: "Si se deduplica por v5, la segunda publicación tiene el mismo id y se descarta.",
    demos: "Demostraciones paso a paso",
    race: "Dos instancias con el mismo evento",
    race_intro: "Dos instancias reciben el mismo evento reentregado a la vez y alternan sus operaciones.",
    check_then_insert: "Comprobar y luego insertar",
    unique_constraint: "Restricción de unicidad",
    tx: "Límite de la transacción",
    tx_intro: "El consumidor se cae entre sus dos escrituras. El hub vuelve a entregar el evento y el consumidor, ya reiniciado, lo procesa de principio a fin.",
    one_tx: "Marca y efecto en una transacción",
    mark_first: "Dos transacciones: marca primero",
    effect_first: "Dos transacciones: efecto primero",
    next_step: "Siguiente operación",
    restart_demo: "Volver a empezar",
    effects_committed: "Efectos confirmados",
    marks_committed: "Marcas confirmadas",
    polling: "Modo de polling y cursor",
    polling_intro: "El hub guarda los eventos en un log ordenado, cada uno con su número (seq). El consumidor lee a partir de su cursor, procesa los eventos, hace commit en su base de datos y, por último, guarda el cursor.",
    cursor_after_commit: "Guardar el cursor después del commit",
    cursor_before: "Guardar el cursor antes de procesar",
    append: "Añadir un evento al log del hub",
    poll: "Leer un lote",
    poll_crash: "Leer un lote y caerse a la mitad",
    restart_consumer: "Reiniciar el consumidor",
    restarted: "tras el reinicio",
    lose_cursor: "Perder el cursor",
    cursor: "Cursor",
    hub_log: "Log del hub",
    skipped: "Saltados (nunca procesados)",
    skipped_which: ["el evento {0}", "los eventos {0}"],
    log: "Registro de la simulación",
    rng_details: "Generador (para autores)",
    export_jsonl: "Exportar JSON Lines",
    export_csv: "Exportar CSV",
    log_older: "Las {0} entradas anteriores no caben en esta lista: están en la exportación.",
    log_dropped: "La página conserva las {0} entradas más recientes; las {1} más antiguas no se guardaron. Si guardas la sesión como escenario, el archivo permite repetir la simulación entera.",
    log_past: "La lista muestra el instante {0}, al que volviste en el tiempo. La exportación contiene la ejecución entera, hasta {1}.",
    figures: "Gráficos",
    observed_dlq: "Tasa de dead\u{2060}-\u{2060}letter observada",
    analytic_dlq: "Tasa analítica (p de la entrega inicial · p{1} de los intentos = p{2})",
    published: "Publicados",
    delivered: "Entregados",
    dead_lettered: "En dead-letter",
    bad_number: "Valor no válido; se mantiene el anterior",
    too_many: "Se alcanzó el máximo de eventos de esta simulación; reinicia para seguir.",
    no_english: "No se pudieron cargar los textos en inglés (texts-en.txt); el laboratorio sigue en español.",
    continued: "Sigues donde lo dejaste en este navegador: {0} de {1} pasos superados y {2} de {3} desafíos.",
    continued_host: "Sigues donde lo dejaste, según lo que guardó la plataforma del curso: {0} de {1} pasos superados y {2} de {3} desafíos.",
    start_over: "Empezar de nuevo",
    keep_going: "Seguir",
    veiled_hint: "se verá después de tu predicción",
    dismiss: "Cerrar",
    crash_title: "El laboratorio se detuvo por un error inesperado",
    crash_body: "No es culpa tuya. Recarga para empezar de nuevo; si vuelve a pasar, avisa a tu docente con el texto de abajo.",
    reload: "Recargar el laboratorio",
    input_problems: "Algunos datos recibidos no eran válidos y se usaron los valores por defecto:",
    challenges: "Desafíos",
    demo_lanes: ["Instancia A", "Base de datos compartida", "Instancia B", "Tras reiniciar (A')"],
    scenarios: ScenarioTexts {
        heading: "Escenarios",
        intro: "Un escenario es una ejecución guardada en un archivo: los ajustes, las publicaciones y cada acción con su instante simulado. Carga uno preparado o tu propio archivo, o guarda lo que hiciste para repetirlo.",
        preset: "Escenario preparado",
        presets: [
            "Caída del consumidor: eventos a dead-letter, arreglo y reintento manual",
            "Cincuenta pases durante una racha de fallos (oleadas de reintentos)",
            "Doble publicación con deduplicación por el id del productor (v4)",
            "Doble publicación con deduplicación por el id derivado (v5)",
        ],
        load: "Cargar",
        loaded: "Cargado: «{0}». Reprodúcelo para ver avanzar sus eventos en la línea de tiempo.",
        loaded_unnamed: "el escenario que preparó esta página",
        loaded_link: "la sesión del enlace",
        file: "Cargar un archivo de escenario",
        drop_hint: "También puedes soltar el archivo sobre el laboratorio.",
        save: "Guardar la sesión como escenario",
        save_hint: "El archivo guarda todo lo que has hecho hasta el instante actual del reloj. Si lo cargas más tarde, la simulación se repite exactamente igual.",
        choose: "Elegir un archivo…",
        bad: "No se pudo usar el escenario (campo «{0}»): {1}. La ejecución actual sigue igual.",
        bad_whole: "No se pudo usar el escenario: {0}. La ejecución actual sigue igual.",
        future_dropped: "Cambiaste algo en un momento anterior: se descartaron las acciones posteriores.",
        time_travel: "Volver en el tiempo",
        step_back: "Retroceder un paso",
        past_hint: "Estás viendo un momento anterior de la simulación. Si pulsas «Reproducir», todo vuelve a ocurrir igual, incluido lo que hiciste después. Si cambias algo ahora, se descartará lo que hiciste después.",
    },
    evidence: EvidenceTexts {
        at_secs: "a los {0}\u{a0}s",
        next: "{0}, en espera: llegará {1}",
        dead_lettered: "A la cola de dead\u{2060}-\u{2060}letter {0}",
        consumers: "Duplicados descartados por el idempotente: {0} · efectos aplicados por el no idempotente: {1}",
        natural: "En el no idempotente, «Contador (+1)» vale {0}, pero «Estado = 'scheduled'» no cambia (número de valores distintos que tomó: {1}).",
        reads: "Lecturas: {0}",
        crashed_at: "{0} (se cayó)",
    },
    path: PathTexts {
        heading: "Recorrido guiado",
        step_of: "Paso {0} de {1}",
        back: "Anterior",
        next: "Siguiente",
        next_stop: "Ir al paso {0}",
        explore: "Explorar libremente",
        resume: "Volver al recorrido guiado",
        step_short: "Avanzar",
        to_card: "Volver a la tarjeta del paso",
        to_card_word: " Paso",
        predict: "Antes de ejecutarlo, ¿qué crees que va a pasar?",
        answer: "Elige tu respuesta:",
        do_now: "Ahora compruébalo: usa este botón o los controles de siempre.",
        waiting: "Esperando a que ocurra…",
        right: "¡Acertaste!",
        wrong: "No era eso.",
        you_said: "Tu predicción: «{0}». Lo que pasó: «{1}».",
        answer_was: "La respuesta correcta: «{0}».",
        unoffered: "Ninguna opción dice «{0}»: la escena cambió antes de ejecutarla y ninguna predicción podía acertar. Empieza el paso de nuevo para verlo como está preparado.",
        again: "Empezar este paso de nuevo",
        rows: "idempotente {0}, no idempotente {1}",
        missed: "Para repasar, los pasos que no acertaste:",
        finished: "Recorrido completado: acertaste {0} de {1}. Sigue explorando por tu cuenta.",
        passed: "acertado",
        passed_wrong: "superado sin acertar",
        look: "Míralo en:",
        workbench_short: "Banco",
        to_the_end: "Hasta el final",
        demo_progress: "La demostración va por la operación {0} de {1}; cada una aparece en el panel «Demostraciones paso a paso».",
        to_workbench: "Siguiente: arma tu propio consumidor en el «Banco de pruebas del consumidor» y comprueba si aguanta todas las reentregas y carreras.",
        feedback_loading: "Cargando el texto…",
        feedback_missing: "No se pudo cargar el texto. Vuelve a cargar la página para leerlo.",
        set_rate: "Pon aquí la «Probabilidad de que falle cada entrega» al 50\u{a0}% y lee debajo la tasa de dead\u{2060}-\u{2060}letter resultante.",
        rate_needed: "Está al {0}: este paso necesita el 50\u{a0}%.",
        recovery_caption: "Intentos que recibe el consumidor cada minuto (escala logarítmica). Está caído del minuto 0 al 3; luego aguanta hasta 2 intentos por segundo.",
        recovery_hubs: ["Reintento en el acto", "Tabla de espera"],
        recovery_minute: "Minuto {0}",
        recovery_caught_up: "{0}: se puso al día a los {1}.",
        recovery_never: "{0}: no se puso al día en los {1} minutos simulados ({2} eventos entregados).",
        herd_caption: "Intentos que llegan al servicio cada segundo, en los primeros 4 minutos (la línea: los 20 por segundo que aguanta).",
        herd_hubs: ["Tabla exacta", "Con jitter"],
        herd_delivered: "{0}: {1} de {2} entregadas, la última a los {3}.",
        herd_none: "{0}: ninguna entregada; las {1} acabaron en dead\u{2060}-\u{2060}letter.",
        herd_lesson: "La lección reintenta con la tabla exacta, sin jitter: este gráfico muestra lo que cuesta esa elección cuando muchas entregas fallan en el mismo instante. Lo que gana con ella lo pondrás a prueba en el paso siguiente.",
        eos_columns: ["Exactly-once:", "apagado", "encendido"],
        eos_rows: ["Mensajes visibles en el topic de salida (read_committed)", "Filas en la base de datos (idempotente)", "Filas en la base de datos (no idempotente)"],
        eos_story: "Con el exactly-once encendido: A leyó, escribió su fila, produjo su mensaje y se cayó; Kafka abortó su transacción; B leyó el mismo mensaje, escribió, produjo y confirmó.",
        acts: keyed!(Act {
            Publish: "Publicar un pase y reproducir",
            PublishTwice: "Publicar el mismo pase dos veces",
            CrashAndPublish: "Preparar la caída tras el commit y publicar",
            LoseAckAndPublish: "Perder el ack y publicar",
            RebalanceAndPublish: "Reequilibrar el grupo a mitad del lote y publicar",
            ExpireAndPublish: "Hacer que expire el visibility timeout y publicar",
            Compare: "Comparar los dos hubs",
            CompareExactlyOnce: "Comparar sin y con exactly-once",
            ReplayLogs: "Repetir la caída en los dos hubs",
            Restart: "Reiniciar el consumidor",
            FixAndReplay: "Arreglar la causa y hacer el reintento manual",
            NextStep: "Siguiente operación de la demostración",
            LoseCursor: "Perder el cursor",
            Poll: "Leer un lote",
            PollAndCrash: "Leer un lote y caerse a la mitad",
            OpenWorkbench: "Comprobarlo en el banco de pruebas",
        }),
        acts_short: keyed!(Act {
            Publish: "Publicar",
            PublishTwice: "Publicar 2 veces",
            CrashAndPublish: "Caída y publicar",
            LoseAckAndPublish: "Perder el ack",
            RebalanceAndPublish: "Reequilibrar",
            ExpireAndPublish: "Expirar y publicar",
            Compare: "Comparar",
            CompareExactlyOnce: "Comparar",
            ReplayLogs: "Repetir la caída",
            Restart: "Reiniciarlo",
            FixAndReplay: "Reintento manual",
            NextStep: "Siguiente operación",
            LoseCursor: "Perder el cursor",
            Poll: "Leer un lote",
            PollAndCrash: "Leer y caerse",
            OpenWorkbench: "Ir al banco",
        }),
        jitter: JitterTexts {
            retry: "Intento",
            table: "Espera de la tabla",
            fixed: "Tabla exacta",
            jittered: "Con jitter",
            apart: "{0}: esperas fuera de la tabla, {1} de {2}.",
            found: "En los dos logs, el intento {0} llegó {1} tarde: con la tabla exacta es la única espera que cambia; con jitter, una desviación más. Si un hub con jitter anotara en el log la espera sorteada de cada intento, el retraso volvería a verse.",
        },
        stops: keyed!(Stop {
            Backoff: StopText {
                title: "La barra de backoff exponencial",
                todo: "Aquí fallan todas las entregas, la inicial y los intentos, así que el hub reintenta según la tabla de espera de la lección. Publica un pase: aquí se lista cada intento con el segundo en que llega, y la barra del panel de abajo dibuja cada espera.",
                prompt: "¿En qué segundo, contado desde la publicación, ocurre el intento 3?",
                explain: later!("Las esperas se suman: 30 + 60 + 120 = 210\u{a0}s, el «Acumulado» de la tabla de espera. Sin azar, cada intento llegó justo a su hora: míralo en la lista de arriba."),
            },
            NoImmediateRetry: StopText {
                title: "Reintentar en el acto o esperar",
                todo: later!("Un consumidor pasa tres minutos caído y en ese tiempo le fallan 60 entregas, una cada 3\u{a0}s. Luego vuelve, pero frágil: aguanta hasta 2 intentos por segundo; si le llegan más, fallan todos. Compara dos hubs con esas mismas 60 entregas: uno reintenta un segundo después de cada fallo; el otro sigue la tabla de espera."),
                prompt: later!("¿Con cuál de los dos hubs se pone al día antes el consumidor (los 60 eventos entregados)?"),
                explain: later!("Con la tabla de espera, los reintentos llegan repartidos y el consumidor recibe los 60 eventos poco después de volver. Con el reintento en el acto, los 60 insisten cada segundo y cada ráfaga lo vuelve a tumbar."),
            },
            JitterHerd: StopText {
                title: "Muchas entregas fallidas a la vez: para qué sirve el jitter",
                todo: later!("Un servicio estuvo caído 10\u{a0}s y en ese momento le fallaron a la vez 120 entregas. Al volver aguanta hasta 20 intentos por segundo; si le llegan más, fallan todos. Compara dos hubs que reintentan esas 120 entregas: uno con la tabla exacta de la lección (backoff determinista) y otro con la misma tabla y jitter, que alarga o acorta cada espera al azar, hasta un 20\u{a0}%."),
                prompt: later!("¿Con cuál de los dos hubs se entregan las 120?"),
                explain: later!("Con la tabla exacta, las 120 vuelven juntas en cada intento y cada ola tumba el servicio: todas acaban en dead\u{2060}-\u{2060}letter. Con jitter, los reintentos se reparten y caben en lo que aguanta el servicio. El jitter sirve cuando muchas entregas fallan en el mismo instante."),
            },
            NoJitter: StopText {
                title: "Un intento que llega tarde",
                todo: later!("Ahora una caída hace fallar un solo evento y el hub lo reintenta seis veces, pero un intento se retrasa: el 4 sale 7\u{a0}s más tarde de lo que toca. Repite esa caída en los dos hubs del paso anterior (tabla exacta y jitter) y lee el log que deja cada uno."),
                prompt: later!("¿En cuál de los dos logs podrás señalar el intento que llegó tarde?"),
                explain: later!("Con la tabla exacta solo se aparta el intento 4: 247\u{a0}s en vez de 240. Con jitter se apartan todas y esos 7\u{a0}s se pierden. El jitter sirve cuando muchas entregas fallan en el mismo instante; sin esas olas, la tabla exacta deja ver cada retraso."),
            },
            DeadLetter: StopText {
                title: "Cuando se agotan los seis intentos",
                todo: later!("El consumidor está fuera de servicio: fallarán la entrega inicial y los seis intentos. Publica un pase y mira pasar cada intento (el reloj va aquí a 600\u{a0}s simulados por segundo). Aquí el consumidor está caído; también podría tener un bug o haber cambiado de URL sin avisar."),
                prompt: later!("Cuando falla el intento 6, ¿qué hace el hub con el evento?"),
                explain: later!("Ni lo borró ni siguió insistiendo: al fallar el intento 6, a los 1890\u{a0}s, lo apartó en la cola de dead\u{2060}-\u{2060}letter con su id, sus intentos y el motivo. Arreglada la causa, el reintento manual lo entrega, y así se supera el paso."),
            },
            FailureRate: StopText {
                title: "Tú eliges la probabilidad de fallo",
                todo: later!("Cada entrega falla con la probabilidad que elijas, sin depender de las demás; el evento acaba en dead\u{2060}-\u{2060}letter si fallan la inicial y los seis intentos. Predice primero; luego pon aquí mismo la probabilidad al 50\u{a0}%: se simularán miles de eventos con ese valor y verás la tasa observada debajo."),
                prompt: later!("Con una probabilidad de fallo del 50\u{a0}%, ¿qué parte de los eventos acabará en la cola de dead\u{2060}-\u{2060}letter?"),
                explain: later!("Un evento solo llega a dead\u{2060}-\u{2060}letter si fallan sus siete entregas, la inicial y los seis intentos: 0,5 elevado a 7, es decir, 1 de cada 128 (≈ 0,78\u{a0}%). La tasa observada lo confirma: aunque falle la mitad de las entregas, casi todo llega."),
            },
            DoubleV4: StopText {
                title: "Doble publicación: deduplicación por el id del productor (v4)",
                todo: later!("Por un error, el productor publica dos veces el mismo pase, cada vez con un UUID v4 aleatorio nuevo. El consumidor idempotente deduplica aquí por ese id del productor."),
                prompt: later!("¿Cuántas filas tendrá cada consumidor en la tabla de pases?"),
                explain: later!("Los dos UUID v4 son distintos: la tabla de deduplicación no ve ningún duplicado y el idempotente también guarda dos filas. Un id aleatorio protege de las reentregas, no de un hecho publicado dos veces."),
            },
            DoubleV5: StopText {
                title: "La misma doble publicación, ahora con deduplicación por el id derivado (v5)",
                todo: later!("Ahora el consumidor idempotente deduplica por el UUID v5, derivado del propio hecho (el norad_id y la hora de inicio del pase). Vuelve a publicar el mismo pase dos veces."),
                prompt: later!("¿Cuántas filas tendrá cada consumidor en la tabla de pases?"),
                explain: later!("Las dos publicaciones tienen la misma clave de entrada, así que su id v5 coincide: la segunda choca con la restricción de unicidad y el idempotente la descarta. El no idempotente, que no deduplica, guarda dos filas."),
            },
            Crash: StopText {
                title: "Caída tras el commit, antes del ack",
                todo: later!("Una instancia del consumidor procesa el evento y confirma su escritura en la base de datos, pero se cae antes de responder al hub. El botón prepara esa caída y publica un pase."),
                prompt: later!("¿Qué le pasa al evento?"),
                explain: later!("Sin respuesta, el hub no sabe que el trabajo se hizo: reintenta según la tabla y el consumidor recibe el evento otra vez. El idempotente lo descarta; el no idempotente repite el efecto. Es el precio de at-least-once."),
            },
            AskRedelivery: StopText {
                title: "Pregunta de la lección: sin ack",
                todo: later!("Acabas de verlo en el laboratorio; ahora piénsalo en general, con cualquier broker."),
                prompt: later!("Un consumidor actualiza la base de datos y se cae antes de enviar el ack. Con entrega at-least-once, ¿qué hace el broker?"),
                explain: later!("Sin ack, el broker no distingue «procesado» de «perdido», y at-least-once elige no perder nada: lo reentrega, como mostró el paso anterior con el intento 1."),
            },
            AckLost: StopText {
                title: "Un ack perdido por el camino",
                todo: later!("El consumidor procesa el evento y confirma su escritura, pero su respuesta se pierde en la red. En RabbitMQ, esto pasa cuando la conexión se corta antes de que llegue el ack: el mensaje vuelve a la cola. En el laboratorio, esa nueva entrega es el reintento del hub, a los 30\u{a0}s. El botón prepara la pérdida y publica un pase."),
                prompt: later!("¿Cuántas filas tendrá cada consumidor en la tabla de pases?"),
                explain: later!("El hub no recibió la respuesta y reintentó a los 30\u{a0}s. El idempotente encontró el id en su tabla de deduplicación y descartó la repetición; el no idempotente guardó una segunda fila. Nadie tenía un bug: la red perdió la respuesta (el ack)."),
            },
            Rebalance: StopText {
                title: "Un reequilibrio a mitad de lote",
                todo: later!("Kafka reparte las particiones entre las instancias de un consumer group. A procesa el primer evento de un lote y hace commit en la base de datos que comparte con B; antes de que confirme el offset, la partición pasa a B, que sigue desde el último offset confirmado."),
                prompt: later!("¿Qué hace el consumidor idempotente de la instancia B con ese evento?"),
                explain: later!("B recibió el evento a los 30\u{a0}s (el reintento del hub) y halló su id en la tabla de deduplicación, en la base de datos compartida con A. ¿Y con el exactly-once de Kafka activado? Lo verás en el paso siguiente."),
            },
            ExactlyOnce: StopText {
                title: "El exactly-once de Kafka, activado",
                todo: later!("Otra vez, la instancia A lee un mensaje, escribe su fila en la base de datos (fuera de Kafka), produce un mensaje en un topic de salida y se cae antes de confirmar su offset. Con el exactly-once de Kafka, lo que A produce y su offset van en una transacción. Compara la caída con y sin exactly-once."),
                prompt: later!("Con el exactly-once encendido, ¿qué queda repetido tras la caída de A?"),
                explain: later!("Kafka abortó la transacción de A: con read_committed, su mensaje no se ve en el topic de salida. Pero su fila estaba confirmada fuera de Kafka, y B, con el consumidor no idempotente, la escribió otra vez. Esa base de datos necesita su propia idempotencia."),
            },
            VisibilityTimeout: StopText {
                title: "Un visibility timeout expirado, con el trabajo hecho",
                todo: later!("En SQS, un mensaje recibido queda oculto durante su visibility timeout, y el consumidor debe borrarlo antes de que expire. La instancia A va lenta: termina el trabajo y hace commit en su base de datos, pero el plazo ya había expirado cuando intenta borrar el mensaje. En el laboratorio, la nueva entrega es el reintento del hub, a los 30\u{a0}s."),
                prompt: later!("¿Qué pasa con ese mensaje?"),
                explain: later!("Al expirar el plazo, el mensaje volvió a ser visible y B lo recibió en el reintento, aunque A ya había hecho el trabajo. El idempotente lo descartó; el no idempotente repitió el efecto. Un plazo más largo lo hace más raro, no imposible."),
            },
            Transaction: StopText {
                title: "El límite de la transacción",
                todo: later!("El consumidor escribe la marca de deduplicación y el efecto en dos transacciones, la marca primero, y se cae entre ambas. El hub reentrega y el consumidor reiniciado empieza de nuevo. Avanza la demostración paso a paso."),
                prompt: later!("¿Qué le pasa al efecto?"),
                explain: later!("La marca quedó confirmada sin su efecto: en la reentrega, el consumidor la encontró, creyó que ya había procesado el evento y lo descartó. El efecto se perdió. ¿Y en el otro orden? Lo verás en el paso siguiente."),
            },
            EffectFirst: StopText {
                title: "El otro orden: el efecto primero",
                todo: later!("Ahora el consumidor confirma primero el efecto y, en otra transacción, escribe después la marca: el orden en que se suele programar. Se cae entre las dos. El hub reentrega y el consumidor reiniciado empieza de nuevo. Avanza la demostración operación a operación."),
                prompt: later!("Al final, tras la reentrega, ¿cuántas veces queda aplicado el efecto («Efectos confirmados»)?"),
                explain: later!("El efecto quedó confirmado sin su marca: en la reentrega, el consumidor no la encontró, tomó el evento por nuevo y lo aplicó otra vez. Con dos transacciones, el orden solo elige el fallo: marca primero, efecto perdido; efecto primero, efecto doble."),
            },
            AskSameTransaction: StopText {
                title: "Pregunta de la lección: una sola transacción",
                todo: later!("Piensa en lo que mostraron las dos demostraciones."),
                prompt: later!("¿Por qué el insert de la tabla de deduplicación y la actualización de negocio deben ocurrir en la misma transacción?"),
                explain: later!("Una transacción es todo o nada: si algo falla a la mitad, se revierten las dos escrituras. Con dos transacciones, las demostraciones perdieron el efecto (marca primero) o lo duplicaron (efecto primero)."),
            },
            Race: StopText {
                title: "Dos instancias a la vez",
                todo: later!("Dos instancias del consumidor reciben el mismo evento reentregado al mismo tiempo. Cada una pregunta «¿ya vi este id?» y, si no, inserta la marca y aplica el efecto, sin restricción de unicidad. Avanza paso a paso."),
                prompt: later!("¿Cuántas instancias aplican el efecto?"),
                explain: later!("Las dos preguntan antes de que ninguna confirme: las dos creen que el evento es nuevo y aplican el efecto. La comprobación en la aplicación compite consigo misma; con la restricción de unicidad, la segunda haría rollback."),
            },
            InsertFirst: StopText {
                title: "El patrón completo: insertar primero",
                todo: later!("Otra vez dos instancias reciben el mismo evento a la vez, pero ahora cada una empieza insertando la marca, con restricción de unicidad, y aplica el efecto en esa misma transacción. Nadie pregunta antes «¿ya vi este id?». Avanza paso a paso."),
                prompt: later!("¿Cuántas instancias aplican el efecto?"),
                explain: later!("El insert de B esperó a que A terminara. Al confirmar A la marca y el efecto juntos, el insert de B violó la restricción de unicidad e hizo rollback. Un efecto, decidido por la base de datos."),
            },
            Natural: StopText {
                title: "Dos efectos y una entrega repetida",
                todo: later!("Los dos consumidores fijan, entre otras cosas, el estado del pase a «scheduled» y suman 1 a un contador. El botón hace que se pierda el ack de la primera entrega, y el hub la repite. Aquí mismo, bajo el botón, verás cómo quedan esos dos efectos."),
                prompt: later!("Tras las dos entregas, en el consumidor no idempotente, ¿cuál de esos dos efectos queda distinto de como lo dejaría una sola entrega?"),
                explain: later!("En el no idempotente el contador quedó en 2, pero el estado sigue en «scheduled» como tras una entrega: escribir el mismo valor dos veces deja lo mismo; sumar, no. El mensaje era el mismo: la idempotencia es de la operación, no del formato del mensaje."),
            },
            AskNatural: StopText {
                title: "Pregunta de la lección: idempotencia natural",
                todo: later!("Imagina cada operación aplicada dos veces al mismo evento: ¿cuál deja el mismo resultado que una sola vez?"),
                prompt: later!("¿Qué operación es naturalmente idempotente sin ningún trabajo extra?"),
                explain: later!("Fijar un valor deja el mismo estado final, lo hagas una vez o diez: «Estado = 'scheduled'» coincide en los dos consumidores, mientras que el contador, las líneas de log y los correos del no idempotente crecieron."),
            },
        Boundary: StopText {
                title: "¿Dónde proteger un correo contra la reentrega?",
                todo: later!("Ahora el efecto es enviar un correo de confirmación. Un rollback no deshace un correo: una vez enviado, ya salió, haya o no una transacción abierta."),
                prompt: later!("¿Dónde tiene que ir la protección contra la reentrega de ese evento?"),
                explain: later!("Un correo no se confirma con la tabla de deduplicación: el límite de idempotencia tiene que llegar al proveedor. Algunos aceptan una clave (el id del evento) y, durante minutos u horas, envían un solo correo por clave. Un outbox evita perderlo, no duplicarlo."),
            },
            Cursor: StopText {
                title: "El cursor de polling",
                todo: later!("En el modo de polling, el consumidor lee el log ordenado del hub a partir de su cursor, y guardar el cursor es responsabilidad suya. Ya ha leído un lote. Haz que pierda el cursor y que vuelva a leer."),
                prompt: later!("Tras perder el cursor y releer desde cero, ¿qué consumidor repite efectos?"),
                explain: later!("Sin cursor, los dos releen eventos ya procesados. El idempotente los descarta por su id; el no idempotente repite cada efecto. Si el cursor falla, la idempotencia evita el daño."),
            },
            CursorResume: StopText {
                title: "Un reinicio del consumidor de polling",
                todo: later!("El consumidor de polling leyó los eventos del 1 al 3 y guardó su cursor después de confirmar cada uno. Mientras tanto llegaron el 4 y el 5. Ahora se reinicia, como tras un despliegue, y vuelve a leer."),
                prompt: later!("Al volver, ¿por qué evento empieza a leer?"),
                explain: later!("Tras el reinicio, la primera lectura es la del 4 y luego la del 5: el cursor guardado seguía en 3, así que no se repitió ni se saltó nada. Guardarlo tras confirmar el trabajo permite reanudar."),
            },
        AckFirst: StopText {
                title: "Confirmar antes de procesar",
                todo: later!("Este consumidor de polling guarda su cursor (su forma de confirmar, como un ack o un offset) antes de procesar cada evento, no después. El botón le hace leer un lote de tres y caerse a la mitad del segundo evento; después, reinícialo y haz que vuelva a leer."),
                prompt: later!("Tras reiniciarse y leer otra vez, ¿qué pasa con el evento que estaba procesando al caerse?"),
                explain: later!("El evento 2 quedó entre los «Saltados (nunca procesados)»: el cursor ya lo daba por hecho y nadie lo volvió a leer. Por eso Kafka, RabbitMQ y SQS funcionan por defecto en modo at-least-once: se confirma tras el trabajo; un evento puede repetirse, pero no perderse."),
            },
            AskAtLeastOnce: StopText {
                title: "Pregunta de la lección: at-least-once",
                todo: later!("La última pregunta resume todo el recorrido."),
                prompt: later!("¿Por qué un sistema distribuido honesto garantiza entrega at-least-once y no exactly-once?"),
                explain: later!("Desde el hub, una respuesta perdida y un consumidor caído se ven igual. Para no perder eventos, el hub reintenta, y los duplicados son una certeza. Lo que sí se logra es que procesar dos veces tenga el mismo efecto que una: la idempotencia."),
            },
        }),
    },
    done: "logrado",
    not_done: "pendiente",
    host_accepted: "Mensajes de la página aceptados",
    host_ignored: "ignorados",
    share: "Crear enlace para compartir",
    share_copy: "Copiar el enlace",
    share_copied: "Copiado.",
    share_copy_failed: "No se pudo copiar: selecciona el enlace y cópialo.",
    share_too_long: "Este enlace tendría {0} caracteres, más de los {1} que admiten muchas plataformas y programas de mensajería. Comparte la sesión como archivo de escenario:",
    share_download: "Descargar la sesión (.json)",
    share_hint: "Este enlace abre lo mismo que ves (semilla, ajustes y el escenario cargado o lo que hiciste, hasta este instante):",
    observed: "Observado",
    analytic: "Analítico",
    dlq_short: "DLQ",
    fig_table: "Ver como tabla",
    fig_dlq_title: "Tasa de dead-letter según p",
    fig_dlq_caption: "Línea: p elevada a (intentos + 1), escala logarítmica. Puntos: simulación con {0} eventos por p. Cuadrado y línea vertical: la p actual.",
    fig_rate_axis: "tasa",
    fig_attempts_title: "Intentos necesarios para entregar",
    fig_attempts_caption: "Barras: proporción de eventos entregados a la primera (0), en cada intento (1, 2, …) o llevados a la cola de dead\u{2060}-\u{2060}letter (DLQ, dead\u{2060}-\u{2060}letter queue). Marcas horizontales: valor analítico.",
    fig_attempt_axis: "intento",
    fig_share_axis: "eventos",
    fig_cdf_title: "Tiempo hasta la entrega (acumulado)",
    fig_cdf_caption: "Proporción de eventos ya entregados en cada instante; los escalones caen en los instantes de la tabla de espera. Línea fina: valor analítico; línea gruesa: valor observado.",
    fig_time_axis: "segundos desde la publicación",
    fig_duplicates: "Entregas duplicadas por evento: {0} (valor analítico: {1})",
    fig_runs: "Simulación de Montecarlo con semilla fija; eventos simulados con la p actual:",
    fig_legend: "se recalcula al mover los controles",
    id_kind: "Id",
    comparison: "¿Iguales?",
    sim_time: "Tiempo simulado",
    poll_col: "Lectura",
    group_sep: "\u{a0}",
    decimal_sep: ",",
    percent: "{0}\u{a0}%",
    publication_n: "Publicación {0}",
    state_delivering: "entregando",
    state_waiting: "esperando el intento {0}",
    attempt_n: "intento {0}",
    dlq_attempts: "fallaron la entrega inicial y todos sus intentos ({0})",
    state_delivered: "entregado",
    delivered_at: "entregado a los {0}",
    state_dead_lettered: "en dead-letter",
    outcomes: keyed!(Outcome {
        Delivered: "entregado",
        ConsumerError: "error del consumidor",
        AckLost: "ack perdido",
    }),
    reasons: keyed!(Reason {
        ConsumerDown: "el consumidor está caído",
        ConsumerError: "el consumidor respondió con un error",
        AckLost: "procesado, pero el ack no llegó",
        CrashAfterCommit: "caída tras el commit, antes del ack",
        Rebalance: "reequilibrio del consumer group",
        VisibilityTimeout: "expiró el visibility timeout",
        ConsumerBug: "el consumidor tiene un bug y responde con un error",
        UrlChanged: "el consumidor cambió de URL sin avisar",
    }),
    causes: keyed!(RootCause {
        Down: "el consumidor está caído",
        Bug: "el consumidor tiene un bug",
        UrlChanged: "el consumidor cambió de URL",
    }),
    root_cause: "Causa raíz",
    fix_cause: "Arreglar la causa",
    faults_named: keyed!(Fault {
        CrashAfterCommit: "Caída tras el commit",
        AckLost: "Ack perdido en la red",
        Rebalance: "Reequilibrio del grupo",
        VisibilityTimeout: "Visibility timeout expirado",
    }),
    kinds: keyed!(Kind {
        Published: "publicado",
        Attempt: "intento",
        RetryScheduled: "reintento programado",
        DeadLettered: "a dead-letter",
        Replayed: "reintento manual",
        FaultInjected: "causa inyectada",
        OutageOn: "consumidor fuera de servicio: inicio",
        OutageOff: "consumidor fuera de servicio: fin",
        SettingChanged: "ajuste cambiado",
    }),
    challenge_goals: keyed!(Challenge {
        DeadLetter: "Lleva un evento a la cola de dead\u{2060}-\u{2060}letter.",
        ReplayDelivered: "Arregla la causa (pulsa «Arreglar la causa» o desmarca «Consumidor fuera de servicio») y haz el reintento manual hasta que el evento se entregue.",
        AckLostDouble: "Haz que el consumidor no idempotente aplique dos veces un efecto por un ack perdido.",
        V5AbsorbsDouble: "Muestra que el id v5 neutraliza una doble publicación.",
        LostCursor: "En modo de polling, pierde el cursor y observa qué consumidor repite efectos.",
        Race: "Ejecuta hasta el final la demostración de la condición de carrera.",
    }),
    demo_ops: keyed!(Op {
        CheckSeen: "pregunta «¿ya vi este id?» → no",
        InsertMark: "inserta la marca de deduplicación (sin confirmar)",
        ApplyEffect: "aplica el efecto (sin confirmar)",
        Commit: "confirma la transacción (commit)",
    }),
    did: keyed!(Did {
        Applied: "aplicado",
        Discarded: "descartado",
    }),
    instance: "instancia {0}",
    fault_explained: keyed!(Fault {
        CrashAfterCommit: "La instancia confirma su transacción y se cae antes de responder. El hub no recibe respuesta y reintenta según la tabla; la misma instancia, ya de vuelta, recibe el evento otra vez.",
        AckLost: "La instancia confirma y responde, pero la respuesta se pierde en la red. El hub reintenta según la tabla y el evento llega de nuevo. En RabbitMQ ocurre lo mismo si la conexión se corta antes de que llegue el ack: el mensaje vuelve a la cola.",
        Rebalance: "El grupo se reequilibra: la partición pasa a la otra instancia antes de que la primera confirme el offset (en Kafka, eso hace las veces del ack). El reintento lo recibe la otra instancia. Es lo que pasa en Kafka cuando cambia el consumer group a mitad de un lote: la otra instancia sigue desde el último offset confirmado.",
        VisibilityTimeout: "La instancia es lenta: termina el trabajo y hace commit en su base de datos, pero el visibility timeout ya expiró y su borrado llega tarde. El mensaje vuelve a ser visible y, en el reintento, lo toma la otra instancia. Es el plazo de SQS: mientras dura, nadie más ve el mensaje.",
    }),
    verdicts: Verdicts {
        none: "Resultado: el efecto se perdió; el evento quedó marcado como procesado sin que nada ocurriera.",
        one: "Resultado: exactamente un efecto, aunque el evento llegó más de una vez.",
        more: "Resultado: el efecto se aplicó dos veces.",
    },
    why: why_es,
    #[cfg(not(target_arch = "wasm32"))]
    choice: choice_es,
    #[cfg(target_arch = "wasm32")]
    choice: super::spanish_path::spanish_choice,
    #[cfg(not(target_arch = "wasm32"))]
    mistake: mistake_es,
    // In the page the sentences come with `path-es.txt`.
    #[cfg(target_arch = "wasm32")]
    mistake: super::spanish_path::spanish_mistake,
    expected: keyed!(Expected {
        Object: "un objeto",
        WholeNumber: "un número entero",
        Number: "un número",
        Text: "un texto",
        PanelList: "una lista de nombres de paneles",
        List: "una lista",
    }),
    value_kinds: keyed!(ValueKind {
        Undefined: "«undefined» (sin valor)",
        Null: "«null» (vacío)",
        Boolean: "un valor lógico",
        Number: "un número",
        Text: "un texto",
        List: "una lista",
        Object: "un objeto",
        Unsupported: "un valor no admitido",
    }),
    sources: keyed!(Source {
        Options: "opciones de la página",
        Storage: "estado guardado",
        Link: "enlace",
        Host: "progreso guardado en la plataforma",
    }),
    announce: Announce {
        dead_lettered: "Un evento pasó a la cola de dead-letter: {0}.",
        applied_twice: "Duplicado de {0}: el consumidor no idempotente aplicó el efecto otra vez; el idempotente lo descartó.",
        delivered: "{0}: entregado en el intento {1}.",
    },
    lanes_caption: "Todos los eventos en curso ({0}) en el mismo eje de tiempo: una ráfaga de fallos se ve como oleadas de reintentos.",
    at_least_once: "Así funciona la entrega at-least-once: el hub reintenta hasta saber que el consumidor procesó el evento, y por eso a veces entrega dos veces. Nadie puede garantizar exactly-once de extremo a extremo; lo que sí puedes conseguir es que repetir no cambie nada: un consumidor idempotente.",
    demo_results: keyed!(OpResult {
        Done: "",
        SeenDiscard: "ya lo vio: descarta el evento",
        Blocked: "INSERT espera: otra transacción ya insertó el mismo id sin confirmar",
        UniqueViolationRollback: "INSERT viola la restricción de unicidad: rollback, sin efecto",
        CrashRollback: "se cae y se reinicia: lo que no había confirmado se revierte (desde aquí se llama {0}': la misma instancia, reiniciada)",
    }),
};

/// Why outside input was not used, one sentence per reason; `{0}`… are `Why::args`.
fn why_es(why: &Why) -> &'static str {
    match why {
        Why::NotProbability(..) => "«{0}» no es una probabilidad entre 0 y 1",
        Why::NotWholeIn(..) => "«{0}» no es un número entero entre {1} y {2}",
        Why::NotWhole(..) => "«{0}» no es un número entero",
        Why::GivenTwice => "aparece dos veces; se usa la primera",
        Why::MustBe(..) => "debe ser «{0}» o «{1}»",
        Why::Unknown => "desconocido; se ignora",
        Why::TooLong(..) => "tiene {0} caracteres; el límite es {1}",
        Why::WrongType(..) => "debe ser {0}, no {1}",
        Why::NotPanel(..) => "panel desconocido «{0}»",
        Why::NotOrigin(..) => "«{0}» no es un origen",
        Why::TooLarge(..) => "ocupa {0} bytes: es demasiado grande para este laboratorio",
        Why::EarlierVersion => {
            "lo guardó una versión anterior del laboratorio; sus ajustes no se conservan"
        }
        Why::OtherVersion(..) => "lo guardó la versión {0} del laboratorio; esta es la versión {1}",
        Why::NoVersion => "no es el estado de este laboratorio (no tiene versión)",
        Why::UnknownCheckpoint(..) => "punto de control desconocido «{0}»",
        Why::OutOfRange(..) => "{0} no está entre {1} y {2}",
        Why::OneOf(..) => "debe ser uno de estos valores: {0}",
        Why::NotIri(..) => {
            "«{0}» no es un IRI absoluto (como https://curso.example/labs/reintentos)"
        }
        Why::Missing => "falta",
        Why::NoPublication => "no publica nada: pon al menos un evento o una acción de publicar",
        Why::TooMany(..) => "{0} entradas; el límite es {1}",
        Why::NotUtc(..) => "«{0}» no es una hora UTC como 2026-07-29T14:00:00Z",
        Why::TooLate(..) => "{0} ms es posterior al máximo permitido ({1} ms)",
        Why::NotWindow(..) => "el comienzo ({0} ms) es posterior al final ({1} ms)",
        Why::NotJson => "no es un archivo JSON válido",
        Why::NotUtf8(..) => "no es texto UTF-8 (byte no válido en la posición {0})",
        Why::NotFileName(..) => {
            "«{0}» no es el nombre de un archivo .json de la misma carpeta que la página"
        }
        Why::NotFetched => "no se pudo descargar desde el mismo sitio web que la página",
        Why::Damaged => "está dañado o incompleto: copia el enlace entero",
        Why::NotId(..) => "«{0}» no es un identificador (de 1 a 64 letras, cifras, «.», «_» o «-»)",
        Why::NotJsonAt(..) => "no es un archivo JSON válido (línea {0}, columna {1})",
        Why::TooMuchWork(..) => {
            "podría pedir {0} intentos de entrega (publicaciones × (reintentos + 1) × (1 + reenvíos)); el límite es {1}, así que no se reproduce"
        }
    }
}

/// Each worded choice of a stop, by what it says (never by its place in a list).
#[cfg(not(target_arch = "wasm32"))]
fn choice_es(c: Choice) -> &'static str {
    match c {
        // Shown as numbers (seconds, rows, counts, shares), not words.
        Choice::CountsInitialDelivery
        | Choice::OnlyItsOwnWait
        | Choice::WaitsAddUp
        | Choice::NextWait
        | Choice::RetriesAlwaysGetThrough
        | Choice::AllSevenFail
        | Choice::ForgetsInitialDelivery
        | Choice::EventFailsLikeOneDelivery
        | Choice::NaiveDeduplicates
        | Choice::V4CatchesRepublication
        | Choice::V4MissesRepublication
        | Choice::V5CatchesRepublication
        | Choice::V5MissesRepublication
        | Choice::IdempotentDiscardsRedelivery
        | Choice::IdempotentAppliesAgain
        | Choice::CheckStopsBoth
        | Choice::AppCheckIsEnough
        | Choice::BothInstancesApply
        | Choice::ViolationUndoesBoth
        | Choice::OneInstanceWins
        | Choice::ConstraintLetsBothApply => "",
        Choice::DeadLetterDiscards => "Se descarta: el hub lo da por perdido",
        Choice::RetriedForEver => "El hub sigue reintentándolo sin fin, cada 960\u{a0}s",
        Choice::DeadLetterKeepsIt => "Queda apartado, con sus intentos y el motivo",
        Choice::BackToProducer => "Vuelve al productor, que tendrá que publicarlo de nuevo",
        Choice::DeadLettered => "Pasa a la cola de dead\u{2060}-\u{2060}letter",
        Choice::Redelivered => "El hub lo vuelve a entregar y el consumidor lo recibe otra vez",
        Choice::DeliveredOnce => "Queda entregado a la primera y no pasa nada más",
        Choice::DropsIt => "Lo da por procesado y lo descarta",
        Choice::Redelivers => "Lo vuelve a entregar a un consumidor",
        Choice::WaitsForInstance => "Espera a que esa misma instancia se reinicie",
        Choice::DeadLettersAtOnce => "Lo mueve en el acto a la cola de dead\u{2060}-\u{2060}letter",
        Choice::EffectLost => "Se pierde: nunca se aplica",
        Choice::EffectTwice => "Se aplica dos veces",
        Choice::EffectOnce => "Se aplica una vez, como debe",
        Choice::LessSql => "Para escribir menos SQL",
        Choice::InParallel => "Para que la base de datos los ejecute en paralelo",
        Choice::SqlStandard => "Porque el estándar SQL lo exige",
        Choice::AllOrNothing => "Para que se confirmen o se reviertan juntos",
        Choice::AppendLine => "Añadir una línea a un archivo de log",
        Choice::AddToBalance => "Sumar diez al saldo de una cuenta",
        Choice::SetStatus => "Fijar el estado de un pase a un valor constante",
        Choice::SendEmail => "Enviar un correo de confirmación",
        Choice::DedupTableCoversEmail => {
            "En la tabla de deduplicación, en la misma transacción que el envío"
        }
        Choice::ProtectAtProvider => "En el proveedor, que respeta una clave de idempotencia",
        Choice::FewerRetries => "En el hub: reintentando menos veces",
        Choice::InstanceMemory => "En la memoria de la instancia que envía el correo",
        Choice::IdempotentRepeats => "El idempotente",
        Choice::NaiveRepeats => "El no idempotente",
        Choice::BothRepeat => "Los dos",
        Choice::NeitherRepeats => "Ninguno",
        Choice::TooSlow => "Porque garantizar exactly-once sería demasiado lento",
        Choice::AckUnknown => "Porque, sin respuesta, el hub no sabe si se procesó y reintenta",
        Choice::V4Collide => "Porque dos UUID v4 pueden coincidir",
        Choice::NoCursor => "Porque los consumidores no guardan su cursor",
        Choice::FixedTableInOrder => {
            "El de la tabla exacta: cada reintento llega a su hora, en orden"
        }
        Choice::JitterSpreadsRetries => {
            "El de jitter: los reintentos llegan repartidos y caben en lo que aguanta"
        }
        Choice::SameRetriesSameResult => "Los dos igual: son los mismos reintentos",
        Choice::NothingRepeats => "Nada: el exactly-once cubre todo el procesamiento",
        Choice::DatabaseRepeats => {
            "La fila del no idempotente en la base de datos: su commit queda fuera de Kafka"
        }
        Choice::OnlyTopicRepeats => {
            "Solo el mensaje del topic de salida; la base de datos queda bien"
        }
        Choice::ImmediateFirst => {
            "El que reintenta en el acto: en cuanto el consumidor vuelve, le llega todo"
        }
        Choice::ScheduleFirst => "El que sigue la tabla de espera",
        Choice::BothSameTime => "Los dos a la vez: son los mismos 60 eventos",
        Choice::VisibleInBoth => "En los dos: basta con comparar cada espera con la tabla",
        Choice::OnlyOnTheSchedule => {
            "Solo en el de la tabla exacta: allí cualquier desviación destaca"
        }
        Choice::JitterRevealsIt => "Solo en el de jitter: el azar hace resaltar los retrasos",
        Choice::TooSmallToSee => {
            "En ninguno: 7\u{a0}s en esperas de cientos de segundos no se notan"
        }
        Choice::OtherApplies => "Lo aplica otra vez: B nunca había visto ese evento",
        Choice::OtherDiscards => {
            "Lo descarta: la tabla de deduplicación está en la base de datos que comparte con A"
        }
        Choice::KafkaExactlyOnce => "Nada: la semántica exactly-once de Kafka evita que se repita",
        Choice::OffsetSkipped => "Nada: Kafka sabe que A ya lo leyó y no se lo entrega",
        Choice::SqsDropsIt => "SQS ve que el trabajo terminó y lo da por procesado",
        Choice::OtherInstanceGetsIt => "Vuelve a ser visible y otra instancia lo recibe de nuevo",
        Choice::SameInstanceKeepsIt => "Sigue reservado para A hasta que A lo borre",
        Choice::OnlyCounter => "Solo el contador",
        Choice::BothEffectsChange => "Los dos, el estado y el contador",
        Choice::NeitherChanges => "Ninguno de los dos: ya lo había procesado",
        Choice::ResumeFromSaved => "Por el 4: su cursor guardado dice que del 1 al 3 ya están",
        Choice::ReadsFromStart => "Por el 1: al reiniciarse olvida por dónde iba",
        Choice::HubResends => "Por donde le diga el hub, que lleva la cuenta de cada consumidor",
        Choice::AckFirstRereads => "Lo vuelve a leer: al reiniciarse empieza por donde se cayó",
        Choice::AckFirstLosesIt => "Se pierde en silencio: el cursor ya lo daba por procesado",
        Choice::HubNoticesTheCrash => "El hub nota la caída y se lo vuelve a entregar",
        Choice::LostGoesToDeadLetter => "Pasa a la cola de dead\u{2060}-\u{2060}letter",
    }
}

/// What a wrong prediction or answer gets wrong, answered with what the run showed: the card
/// shows it alone, instead of the stop's explanation, so it stands on its own.
#[cfg(not(target_arch = "wasm32"))]
fn mistake_es(stop: Stop, said: Answer) -> Option<&'static str> {
    use Choice::*;
    // A match over every choice, so a new one is placed here or does not compile; a choice
    // two stops offer says which stop's mistake it is.
    Some(match stop.offering(said)?.choice {
        CountsInitialDelivery => "90\u{a0}s saldría si cada reintento esperara 30\u{a0}s (3 × 30) o si la entrega inicial contara como intento 1. Pero cada espera dobla la anterior y la inicial no cuenta: el intento 3 llegó a los 30 + 60 + 120 = 210\u{a0}s.",
        OnlyItsOwnWait => "120\u{a0}s es solo la espera justo antes del intento 3. El intento llega tras sumar las tres esperas, 30 + 60 + 120 = 210\u{a0}s: la columna «Acumulado» de la tabla de espera.",
        NextWait => "240\u{a0}s es la espera siguiente, la que va antes del intento 4. El intento 3 llega tras las tres primeras esperas: 30 + 60 + 120 = 210\u{a0}s, donde lo marca la barra.",
        DeadLetterDiscards => "No se perdió: en la «Cola de dead\u{2060}-\u{2060}letter» sigue con su id, sus siete entregas fallidas y el motivo. Apartarlo no es tirarlo: cuando arregles la causa, el reintento manual lo entregará.",
        RetriedForEver => "Tras el intento 6 la línea de tiempo no muestra ninguno más: el hub dejó de insistir y lo apartó en la cola de dead\u{2060}-\u{2060}letter. Insistir sin fin contra un consumidor caído solo gasta entregas y esconde el problema.",
        BackToProducer => "El productor no vuelve a saber de él: el hub lo guardó en su propia cola de dead\u{2060}-\u{2060}letter, con sus intentos y el motivo, para reintentarlo a mano cuando se arregle la causa.",
        ImmediateFirst => "Le llega todo, sí, pero de golpe: aguanta 2 intentos por segundo y 60 eventos que insisten cada segundo no lo dejan levantarse. El gráfico lo muestra: con ese hub no se entrega ninguno.",
        BothSameTime => "Los eventos son los mismos, pero no la carga: la tabla los espacia; los reintentos en el acto ahogan al consumidor. En el gráfico, solo con la tabla de espera se pone al día el consumidor.",
        VisibleInBoth => "En el log con jitter, el intento 4 también llegó 7\u{a0}s tarde, pero su espera se aparta de la tabla como todas las demás (el jitter las alarga o acorta hasta un 20\u{a0}%): nada permite señalarlo. Solo la tabla exacta lo deja ver.",
        JitterRevealsIt => "El azar no resalta nada: mueve todas las esperas, y los 7\u{a0}s del retraso quedan dentro de lo que el jitter ya mueve. En el log de la tabla exacta, la espera del intento 4 es la única distinta.",
        TooSmallToSee => "Con la tabla exacta se notan: 247\u{a0}s en vez de los 240\u{a0}s de la tabla, y todas las demás esperas coinciden al segundo. Lo que los esconde es el jitter, no su tamaño.",
        FixedTableInOrder => "A su hora, sí, pero todas a la misma hora: las 120 vuelven juntas a los 30\u{a0}s, luego a los 90\u{a0}s…, y cada ola pasa de los 20 por segundo que aguanta el servicio. En el gráfico, con la tabla exacta no se entrega ninguna.",
        SameRetriesSameResult => "Son los mismos intentos, pero no llegan a la vez: con jitter se reparten en varios segundos y caben en lo que aguanta el servicio. En el gráfico, solo el hub con jitter entrega las 120.",
        RetriesAlwaysGetThrough => "Los reintentos no garantizan la entrega: con siete entregas que fallan la mitad de las veces, a 1 evento de cada 128 le fallan todas. En «Gráficos», la tasa no es cero.",
        ForgetsInitialDelivery => "1,6\u{a0}% es 0,5 elevado a 6: esa cuenta olvida la entrega inicial. Tienen que fallar siete entregas, y 0,5⁷ ≈ 0,78\u{a0}%, la tasa que muestra «Gráficos».",
        EventFailsLikeOneDelivery => "El 50\u{a0}% es de cada entrega, no del evento: para acabar en dead\u{2060}-\u{2060}letter tienen que fallar las siete. La tasa observada en «Gráficos» ronda el 0,8\u{a0}%.",
        NaiveDeduplicates => match stop {
            Stop::DoubleV4 | Stop::DoubleV5 => "El no idempotente no deduplica: guarda una fila por cada evento que le llega, y le llegaron dos (sus «Filas en la tabla de pases»).",
            _ => return None,
        },
        V4CatchesRepublication => "Con v4, cada publicación lleva un UUID aleatorio nuevo: en «Doble publicación», la fila «Id del productor (v4)» marca «distintos». La tabla de deduplicación no vio ningún duplicado.",
        V5MissesRepublication => "Con v5, el id sale del propio hecho: en «Doble publicación», la fila «Id derivado (v5)» marca «iguales». La segunda chocó con la restricción de unicidad y el idempotente la descartó.",
        DeadLettered => "Un solo fallo no manda nada a dead\u{2060}-\u{2060}letter: la línea de tiempo muestra el intento 1 a los 30\u{a0}s, y el consumidor recibió el mismo evento otra vez.",
        DeliveredOnce => match stop {
            Stop::Crash => "El trabajo se hizo, pero el hub no recibió la respuesta: para él, el evento seguía sin entregar. Lo reintentó a los 30\u{a0}s y los consumidores lo recibieron dos veces.",
            Stop::AckLost => "El consumidor sí lo procesó, pero el hub no se enteró: sin ack no lo distingue de un evento perdido. Lo reentregó a los 30\u{a0}s y el no idempotente guardó otra fila.",
            _ => return None,
        },
        DropsIt => "Si lo descartara, perdería en silencio los mensajes que de verdad no se procesaron: justo lo que at-least-once evita. En el paso anterior, el hub lo reintentó.",
        WaitsForInstance => "El broker no espera a una instancia concreta. En el paso anterior lo recibió A porque ya había vuelto; si no, lo habría recibido cualquier otro consumidor disponible.",
        DeadLettersAtOnce => "La cola de dead\u{2060}-\u{2060}letter es para cuando se agotan los intentos, no para el primer ack que falta: en el paso anterior, el hub reintentó a los 30\u{a0}s.",
        IdempotentAppliesAgain => "El idempotente anota el id en la misma transacción que el efecto: en la reentrega lo encontró y descartó el evento («Duplicados descartados»).",
        OtherApplies => "B no necesita haberlo visto: la tabla de deduplicación está en la base de datos compartida, donde A escribió la marca con el efecto. B encontró el id y descartó el evento.",
        OffsetSkipped => "Kafka solo conoce el último offset confirmado, y A no confirmó el de este evento. B siguió desde ese offset y lo recibió otra vez: el intento 1 de la lista de arriba.",
        KafkaExactlyOnce => "Aquí nada lo impidió: A no confirmó su offset y B recibió el evento otra vez, el intento 1 de la lista de arriba. Qué cubre de verdad el exactly-once de Kafka lo pondrás a prueba en el paso siguiente.",
        NothingRepeats => "El exactly-once abortó lo de dentro de Kafka: el mensaje de A en el topic de salida, que read_committed ya no muestra. La fila de A estaba confirmada fuera de Kafka, y B, con el consumidor no idempotente, la escribió otra vez: dos filas.",
        OnlyTopicRepeats => "Es al revés: con read_committed, el topic de salida solo deja ver un mensaje, porque Kafka abortó la transacción de A. Lo que se repitió fue la fila del no idempotente en la base de datos, que Kafka no puede deshacer.",
        SqsDropsIt => "SQS no sabe nada del trabajo: solo ve si el mensaje se borró a tiempo. No se borró, así que volvió a ser visible y B lo recibió: el intento 1 de la lista de arriba.",
        SameInstanceKeepsIt => "Solo lo reserva el plazo: al expirar, cualquier consumidor que pida mensajes puede recibirlo. Aquí lo recibió B: el intento 1 de la lista de arriba.",
        EffectLost => match stop {
            Stop::EffectFirst => "Esta vez el efecto se confirmó antes de la caída; lo que faltó fue la marca. Sin marca, la reentrega parece nueva y el efecto se aplica otra vez: «Efectos confirmados» llegó a 2.",
            _ => return None,
        },
        EffectTwice => match stop {
            Stop::Transaction => "Aquí la marca se confirmó antes que el efecto: en la reentrega, el consumidor la encontró y descartó el evento. «Efectos confirmados» se quedó en 0.",
            _ => return None,
        },
        EffectOnce => match stop {
            Stop::Transaction => "Solo una transacción que abarque la marca y el efecto lo garantiza. Con dos, la caída entre ellas dejó la marca sin su efecto: «Efectos confirmados» se quedó en 0.",
            Stop::EffectFirst => "Escribir la marca justo después no basta: la caída llegó entre el efecto y la marca. Sin marca, el consumidor reiniciado tomó la reentrega por nueva y aplicó el efecto otra vez: «Efectos confirmados» llegó a 2.",
            _ => return None,
        },
        LessSql => "No se trata de escribir menos: con dos transacciones el SQL es el mismo, pero en la demostración la caída entre ellas dejó la marca sin su efecto.",
        InParallel => "No es cuestión de velocidad: en una transacción las sentencias van una tras otra. Lo que enseñó la demostración es otra cosa: con dos transacciones, la caída entre ambas dejó la marca sin su efecto.",
        SqlStandard => "Ningún estándar lo exige: lo necesita el consumidor. En la demostración, la marca confirmada sola hizo que la reentrega se descartara, y el efecto nunca se aplicó.",
        CheckStopsBoth => "Nada detuvo a las instancias: comprobar y luego insertar no es atómico, y en la demostración las dos aplicaron el efecto.",
        AppCheckIsEnough => "Las dos leyeron «no visto» antes de que ninguna escribiera: comprobar en la aplicación no basta, y en la demostración el efecto se aplicó dos veces.",
        ViolationUndoesBoth => "La violación solo revierte la transacción de B; la de A, que insertó primero, confirmó la marca y el efecto juntos: un efecto, el de A.",
        ConstraintLetsBothApply => "Esta vez no hay comprobación previa que engañar: el insert de B chocó con la restricción de unicidad y B hizo rollback, sin efecto.",
        BothEffectsChange => "Fijar el estado a «scheduled» dos veces deja «scheduled»: la fila de estado del no idempotente sigue en «scheduled». Solo creció el contador, que suma.",
        NeitherChanges => "El no idempotente no recuerda nada: lo aplicó todo otra vez. El estado quedó igual, porque escribir el mismo valor no cambia nada; el contador sumó uno más.",
        AppendLine => "En los consumidores, «Líneas añadidas al log» del no idempotente creció con cada duplicado: el resultado depende del número de veces.",
        AddToBalance => "Sumar diez dos veces suma veinte: el saldo depende de cuántas veces se repite, como el «Contador (+1)» del no idempotente, que creció con cada duplicado.",
        SendEmail => "«Correos enviados» del no idempotente creció con cada duplicado, y un correo enviado no se puede retirar.",
        DedupTableCoversEmail => "El rollback deshace la marca, no el correo: si la instancia se cae tras enviarlo y antes del commit, la copia que vuelve lo envía otra vez. En el banco de pruebas, ningún orden es seguro con un correo.",
        FewerRetries => "Menos reintentos no evitan la reentrega: con una basta para que el correo salga dos veces, y un evento que no se entrega llega antes a la cola de dead\u{2060}-\u{2060}letter.",
        InstanceMemory => "La otra instancia no ve esa memoria, y un reinicio la borra: la copia reentregada envía el correo otra vez.",
        IdempotentRepeats => "El idempotente encontró los eventos en su tabla de deduplicación y los descartó: sus efectos no cambiaron.",
        BothRepeat => "Los dos volvieron a leer los mismos eventos, pero solo el no idempotente los aplicó otra vez: el idempotente los descartó por su id.",
        NeitherRepeats => "Sin cursor, los dos consumidores volvieron a leer desde el principio del log; el no idempotente aplicó otra vez lo que ya había aplicado.",
        ReadsFromStart => "Al reiniciarse se pierde la memoria, no lo guardado: el cursor seguía en 3 y la lectura empezó por el 4.",
        HubResends => "En el modo de polling, el hub solo guarda el log; cada consumidor es responsable de su posición. Este la guardó, y por eso empezó por el 4.",
        AckFirstRereads => "Empezó por donde decía el cursor, y el cursor ya daba el 2 por leído: en el panel de polling, el 2 aparece en «Saltados (nunca procesados)». Guardar antes de procesar convierte una caída en un evento perdido.",
        HubNoticesTheCrash => "En el modo de polling el hub solo guarda el log: la cuenta la lleva el cursor del consumidor, que ya apuntaba más allá del 2. Nadie lo volvió a leer: quedó saltado.",
        LostGoesToDeadLetter => "A dead\u{2060}-\u{2060}letter van los eventos cuyas entregas fallan, y aquí ninguna falló a ojos de nadie. El 2 quedó saltado sin que nadie lo notara: justo lo que at-least-once evita.",
        TooSlow => "La velocidad no cambia nada: por rápido que sea el hub, si la respuesta se pierde no sabe si el trabajo se hizo. Lo viste en «Un ack perdido por el camino»: tuvo que reintentar.",
        V4Collide => "Dos UUID v4 prácticamente nunca coinciden. Los duplicados del recorrido vinieron de reentregar un evento o de publicar dos veces un hecho.",
        NoCursor => "Perder el cursor también provoca duplicados (lo viste en «El cursor de polling»), pero no explica la garantía: aunque nadie lo perdiera, una respuesta perdida obliga al hub a reintentar.",
        WaitsAddUp
        | DeadLetterKeepsIt
        | ScheduleFirst
        | OnlyOnTheSchedule
        | JitterSpreadsRetries
        | AllSevenFail
        | V4MissesRepublication
        | V5CatchesRepublication
        | Redelivered
        | Redelivers
        | IdempotentDiscardsRedelivery
        | OtherDiscards
        | DatabaseRepeats
        | OtherInstanceGetsIt
        | AllOrNothing
        | BothInstancesApply
        | OneInstanceWins
        | OnlyCounter
        | SetStatus
        | ProtectAtProvider
        | NaiveRepeats
        | ResumeFromSaved
        | AckFirstLosesIt
        | AckUnknown => return None,
    })
}
