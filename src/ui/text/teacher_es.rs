//! The teacher's page in Spanish (the default): tú, the lesson's terms.
use crate::lab::path::Choice;
use crate::ui::teacher::texts::TeacherTexts;

pub static TEACHER_ES: TeacherTexts = TeacherTexts {
    title: "Lo que revelaron las predicciones de la clase",
    intro: "Reúne las respuestas de tu clase en el recorrido guiado del laboratorio: qué pasos costaron más, qué ideas equivocadas tiene la clase y quién necesita ayuda, y luego cada paso tal como lo vieron, para preparar la próxima clase.",
    language: "Idioma",
    source_heading: "De dónde leer las respuestas",
    source_was: "Respuestas leídas de {0}. Despliega esta sección para leer otras.",
    store_heading: "Desde el almacén de registros (LRS)",
    store_hint: "Usa una clave de solo lectura. La clave solo se guarda en esta pestaña mientras la tengas abierta: nunca va en un enlace ni queda en el navegador al cerrarla.",
    endpoint: "Dirección xAPI del LRS",
    key: "Clave",
    secret: "Secreto",
    activity: "Actividad del laboratorio (IRI)",
    activity_hint: "El mismo IRI que la página del curso le da al laboratorio en la opción xapi.",
    class: "Clase (IRI, opcional)",
    since: "Desde (opcional)",
    until: "Hasta (opcional)",
    period_hint: "Solo cuentan las respuestas de ese periodo, del LRS o de un archivo.",
    read_store: "Leer del LRS",
    file_heading: "Desde un archivo exportado",
    file_hint: "Un archivo de declaraciones exportado de cualquier LRS: un arreglo JSON, una página de declaraciones o JSON Lines (una declaración por línea). También puedes soltarlo en cualquier parte de esta página.",
    pick_file: "Abrir un archivo de declaraciones",
    stop: "Detener",
    statements_n: ["{0} declaración", "{0} declaraciones"],
    statements_read_n: ["{0} declaración leída", "{0} declaraciones leídas"],
    answers_n: ["{0} respuesta", "{0} respuestas"],
    learners_n: ["{0} estudiante", "{0} estudiantes"],
    stops_n: ["{0} paso", "{0} pasos"],
    pages_n: ["{0} página", "{0} páginas"],
    reading_store: "Leyendo del LRS: {0} en {1}…",
    reading_file: "Leyendo «{0}»: {1} de {2}…",
    done: "Listo: {0}, {1} de {2}, en {3}\u{a0}s.",
    stopped: "Lectura detenida. Se muestra lo leído hasta ahora: {0}.",
    skipped: "No se contaron: {0}.",
    skip_reasons: [
        ["{0} que no es JSON", "{0} que no son JSON"],
        ["{0} que no es una declaración xAPI", "{0} que no son declaraciones xAPI"],
        ["{0} con algún campo de otro tipo", "{0} con algún campo de otro tipo"],
        ["{0} demasiado grande", "{0} demasiado grandes"],
        ["{0} de otro verbo (inicio, avance, finalización)", "{0} de otros verbos (inicio, avance, finalización)"],
        ["{0} de otra actividad", "{0} de otras actividades"],
        ["{0} de otra clase", "{0} de otras clases"],
        ["{0} fuera del periodo elegido", "{0} fuera del periodo elegido"],
        ["{0} sin un estudiante identificable", "{0} sin un estudiante identificable"],
        ["{0} sin respuesta", "{0} sin respuesta"],
        ["{0} repetida", "{0} repetidas"],
        ["{0} por encima del límite de pasos u opciones", "{0} por encima del límite de pasos u opciones"],
    ],
    other_activity_example: "por ejemplo, {0}",
    none_here: [
        "La única declaración leída no es una respuesta de esta actividad, esta clase y este periodo. Revisa el IRI de la actividad y el de la clase.",
        "Ninguna de las {0} declaraciones leídas es una respuesta de esta actividad, esta clase y este periodo. Revisa el IRI de la actividad y el de la clase.",
    ],
    none_in_store: "El LRS no tiene respuestas de la actividad {0}. Revisa su IRI: tiene que ser el mismo que la página del curso le da al laboratorio.",
    seen_activities: "Sí hay respuestas de: {0}.",
    nothing_yet: "Aún no hay respuestas: léelas del LRS o abre un archivo.",
    wrong_key: "El LRS no aceptó la clave (401). Revisa la clave y el secreto.",
    forbidden: "La clave no tiene permiso para leer declaraciones (403). Pide una clave de solo lectura.",
    not_found: "En esa dirección no hay declaraciones xAPI (404). Revisa la dirección: suele terminar en /xapi/.",
    server: "El LRS respondió con un error ({0}). Prueba de nuevo en un rato.",
    status: "El LRS respondió {0} en lugar de una página de declaraciones.",
    unreachable: "El LRS responde, pero no deja que esta página lo lea (CORS). Pide que autorice el origen {0}.",
    shape: "La respuesta del LRS no es una página de declaraciones xAPI. Revisa la dirección.",
    foreign_more: "El LRS indicó seguir leyendo en otro sitio ({0}). La clave no se envía allí, así que la lectura se detuvo.",
    repeated_more: "El LRS volvió a ofrecer una página que ya se había leído, así que la lectura se detuvo.",
    no_answer: "Nadie responde en {0}: revisa la dirección y el puerto (en Learning Locker suele terminar en /data/xAPI/).",
    closed: "El LRS cortó la conexión antes de terminar una página.",
    redirected: "El LRS respondió con una redirección. Esta página no la sigue: solo lee del origen del LRS. Escribe la dirección final del LRS.",
    timed_out: "El LRS dejó de enviar datos: {0} s sin recibir nada, así que se canceló la lectura.",
    too_many_pages: "Se leyeron {0} páginas, el máximo de una lectura, y el LRS ofrecía más. Acota el periodo («desde», «hasta») para leer el resto.",
    more_too_long: "El LRS indicó la página siguiente con un texto de {0} bytes, que no es una dirección; la lectura se detuvo.",
    page_too_large: "Una página del LRS ocupa más de {0} MB, el máximo que se lee; la lectura se detuvo.",
    page_not_utf8: "Una página del LRS no es texto UTF-8 (byte no válido en la posición {0}); la lectura se detuvo.",
    page_too_deep: "Una página del LRS anida más de {0} niveles, más que cualquier declaración xAPI; la lectura se detuvo.",
    partial: "Parcial: se leyeron {0}; faltan las demás.",
    resume: "Reintentar",
    stopped_by_you: "Lectura detenida con «Detener».",
    bad_endpoint: "La dirección del LRS no es válida: escribe una dirección completa, como https://lrs.ejemplo.org/xapi/.",
    no_activity: "Escribe el IRI de la actividad del laboratorio: el LRS busca las respuestas por actividad.",
    bad_since: "La fecha «desde» no es válida.",
    bad_until: "La fecha «hasta» no es válida o no es posterior a «desde».",
    file_empty: "El archivo está vacío.",
    not_statements: "«{0}» no es un archivo de declaraciones: empieza con «{1}». Se espera un arreglo JSON, una página de declaraciones o JSON Lines.",
    trailing: "«{0}» tiene algo más después de las declaraciones (en el byte {1}). Se muestra lo leído hasta ahí.",
    truncated: "«{0}» termina en medio de una declaración: puede que esté incompleto. Se muestra lo leído.",
    unreadable: "No se pudo leer «{0}».",
    tomorrow_heading: "Para la próxima clase",
    hardest_heading: "Los pasos que más costaron",
    hardest_intro: "Cuántos acertaron en su primera respuesta, del que menos al que más.",
    hardest_share: "{0} de {1} a la primera ({2}\u{a0}%)",
    hardest_more: ["y {0} paso más en «Paso a paso»", "y {0} pasos más en «Paso a paso»"],
    misconceptions_heading: "Ideas equivocadas de la clase",
    misconceptions_intro: "Las primeras respuestas equivocadas, por la idea que revelan: cuántas respuestas y cuántos estudiantes, de la idea más extendida a la menos.",
    no_misconceptions: "Nadie eligió una opción equivocada en su primera respuesta.",
    more_beliefs: ["Mostrar {0} idea más", "Mostrar las {0} ideas restantes"],
    need_heading: "Quién necesita ayuda",
    need_intro: "Aciertos en la primera respuesta de cada paso; primero quien tiene menos (un paso sin responder cuenta como no acertado). ≠: no acertó porque, con sus propios ajustes, lo que vio no era ninguna opción.",
    score: "{0} de {1} a la primera",
    unfinished: "Sin terminar: se quedó en el paso {0} de {1} ({2})",
    finished: "Recorrido completo",
    more_need: ["Mostrar {0} estudiante más", "Mostrar los {0} estudiantes restantes"],
    at_stops: "en {0}",
    stops_heading: "Paso a paso",
    answered: "Respondieron: {0}",
    first_right: "Acertaron a la primera: {0} ({1}\u{a0}%)",
    retried: "Respondieron más de una vez: {0}",
    unoffered: "Con ajustes cambiados por el estudiante (lo que vio no coincidía con ninguna opción): {0}",
    stop_time: "Tiempo hasta su primera respuesta: {0} (mediana de {1})",
    setting: "Lo que leyeron antes",
    show_answer: "Mostrar la respuesta",
    hide_answer: "Ocultar la respuesta",
    open_in_lab: "Abrir este paso en el laboratorio",
    right_choice: "Correcta",
    later: ["y {0} en una respuesta posterior", "y {0} en respuestas posteriores"],
    who: "Quiénes la eligieron en su primera respuesta ({0})",
    who_more: "y {0} más",
    new_stop: "Paso {0}",
    stop_n: "Paso {0}",
    learners_heading: "Estudiante por estudiante",
    learners_intro: "La primera respuesta de cada estudiante en cada paso, en el orden del recorrido, y cuándo respondió.",
    when: "Respondió de {0} a {1}",
    show_more: ["Mostrar {0} estudiante más", "Mostrar {0} estudiantes más"],
    tries: "{0} respuestas",
    right_mark: "acertó",
    wrong_mark: "no acertó",
    unoffered_mark: "no acertó: con sus ajustes, lo que vio no era ninguna opción",
    anonymise: "Anonimizar",
    anonymous: "Estudiante {0}",
    project: "Proyectar",
    end_project: "Dejar de proyectar",
    print: "Imprimir",
    export: "Exportar CSV",
    csv_header: [
        "estudiante",
        "clase",
        "paso",
        "nombre del paso",
        "pregunta",
        "primera respuesta",
        "opción como se mostró",
        "idea que revela",
        "acertó",
        "respuestas",
        "hora de la primera respuesta",
    ],
    yes: "sí",
    no: "no",
    csv_name: "respuestas-de-la-clase.csv",
    beliefs: belief_es,
};

/// The belief behind each choice shown as a number, for the teacher (see `TeacherTexts::beliefs`):
/// a match over every `Choice`, so a new choice does not compile until it is placed here (a
/// choice shown in its own words has no belief: `None`).
fn belief_es(c: Choice) -> Option<&'static str> {
    Some(match c {
        Choice::EffectLost => "Con el efecto primero, espera perder el efecto (confunde los dos órdenes)",
        Choice::EffectOnce => "Cree que escribir la marca justo después del efecto basta",
        Choice::EffectTwice => "Sabe que, sin su marca, la reentrega aplica el efecto otra vez",
        Choice::CountsInitialDelivery => "Cuenta la entrega inicial como intento, o cree que cada reintento espera lo mismo",
        Choice::OnlyItsOwnWait => "Toma solo la espera de ese intento, sin sumar las anteriores",
        Choice::WaitsAddUp => "Suma las esperas desde la publicación",
        Choice::NextWait => "Confunde el momento con la espera siguiente de la tabla",
        Choice::RetriesAlwaysGetThrough => "Cree que con reintentos todo evento acaba entregado",
        Choice::AllSevenFail => "Solo acaba en dead\u{2060}-\u{2060}letter si fallan las siete entregas (0,5⁷)",
        Choice::ForgetsInitialDelivery => "Olvida la entrega inicial: cuenta seis entregas en vez de siete",
        Choice::EventFailsLikeOneDelivery => "Cree que un evento acaba en dead\u{2060}-\u{2060}letter tan a menudo como falla una entrega",
        Choice::NaiveDeduplicates => "Cree que el consumidor no idempotente también descarta el duplicado",
        Choice::V4CatchesRepublication => "Cree que un id v4 delata la segunda publicación",
        Choice::V4MissesRepublication => "Cada publicación trae un v4 nuevo: el duplicado pasa",
        Choice::V5CatchesRepublication => "El v5 sale del hecho: publicarlo otra vez trae el mismo id",
        Choice::V5MissesRepublication => "Cree que un id v5 también cambia en cada publicación",
        Choice::DeliveredOnce => "Cree que, procesado el evento, no vuelve a llegar",
        Choice::IdempotentDiscardsRedelivery => "El idempotente descarta la reentrega; el no idempotente la aplica",
        Choice::IdempotentAppliesAgain => "Cree que el idempotente también aplica la reentrega",
        Choice::CheckStopsBoth => "Cree que la comprobación frena a las dos instancias",
        Choice::AppCheckIsEnough => "Cree que comprobar en la aplicación basta contra la carrera",
        Choice::BothInstancesApply => "Las dos comprueban antes de que ninguna escriba: aplican las dos",
        Choice::ViolationUndoesBoth => "Cree que la violación de unicidad revierte las dos transacciones",
        Choice::OneInstanceWins => "Insertar primero: gana una, la otra choca con la restricción",
        Choice::ConstraintLetsBothApply => "Cree que con la restricción de unicidad aún aplican las dos",
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
