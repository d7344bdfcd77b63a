//! The teacher's page in Spanish (the default): tú, the lesson's terms.
use crate::lab::path::Choice;
use crate::ui::teacher::texts::TeacherTexts;

pub static TEACHER_ES: TeacherTexts = TeacherTexts {
    title: "Lo que revelaron las predicciones de la clase",
    intro: "Reúne las respuestas de tu clase en el recorrido guiado del laboratorio: parada por parada, cuántos acertaron a la primera, qué eligió cada quien y qué ideas equivocadas se repiten, para preparar la próxima clase.",
    language: "Idioma",
    source_heading: "De dónde leer las respuestas",
    store_heading: "Desde el almacén de registros (LRS)",
    store_hint: "Usa una clave de solo lectura. La clave solo se guarda en esta pestaña mientras la tengas abierta: nunca va en un enlace ni queda en el navegador al cerrarla.",
    endpoint: "Dirección xAPI del LRS",
    key: "Clave",
    secret: "Secreto",
    activity: "Actividad del laboratorio (IRI)",
    activity_hint: "La misma que la página del curso le da al laboratorio en la opción xapi.",
    class: "Clase (IRI, opcional)",
    since: "Solo desde (opcional)",
    read_store: "Leer del LRS",
    file_heading: "Desde un archivo exportado",
    file_hint: "Un archivo de declaraciones exportado de cualquier LRS: un arreglo JSON, una página de declaraciones o JSON Lines (una declaración por línea). También puedes soltarlo en esta página.",
    pick_file: "Abrir un archivo de declaraciones",
    stop: "Detener",
    reading_store: "Leyendo del LRS: {0} declaraciones en {1} páginas…",
    reading_file: "Leyendo «{0}»: {1} de {2}…",
    done: "Listo: {0} declaraciones leídas, {1} respuestas de {2} estudiantes, en {3} s.",
    stopped: "Lectura detenida. Se muestra lo leído hasta ahora: {0} declaraciones.",
    skipped: "No se contaron: {0}.",
    skip_reasons: [
        "{0} que no son JSON",
        "{0} que no son declaraciones xAPI",
        "{0} con algún campo de otro tipo",
        "{0} demasiado grandes",
        "{0} de otros verbos (inicio, avance, finalización)",
        "{0} de otras actividades",
        "{0} de otras clases",
        "{0} sin un estudiante identificable",
        "{0} sin respuesta",
        "{0} repetidas",
        "{0} por encima del límite de paradas u opciones",
    ],
    other_activity_example: "por ejemplo, {0}",
    none_here: "Ninguna de las {0} declaraciones leídas es una respuesta de esta actividad y esta clase. Revisa la IRI de la actividad y la de la clase.",
    nothing_yet: "Aún no hay respuestas: léelas del LRS o abre un archivo.",
    wrong_key: "El LRS no aceptó la clave (401). Revisa la clave y el secreto.",
    forbidden: "La clave no tiene permiso para leer declaraciones (403). Pide una clave de solo lectura.",
    not_found: "En esa dirección no hay declaraciones xAPI (404). Revisa la dirección: suele terminar en /xapi/.",
    server: "El LRS respondió con un error ({0}). Prueba de nuevo en un rato.",
    status: "El LRS respondió {0} en lugar de una página de declaraciones.",
    unreachable: "No se pudo leer del LRS: o la dirección no responde, o el LRS no deja que esta página lo lea (CORS). Pide que autorice el origen {0}.",
    shape: "La respuesta del LRS no es una página de declaraciones xAPI. Revisa la dirección.",
    foreign_more: "El LRS indicó seguir leyendo en otro sitio ({0}). La clave no se envía allí, así que la lectura se detuvo.",
    repeated_more: "El LRS devolvió dos veces la misma página siguiente, así que la lectura se detuvo.",
    bad_endpoint: "La dirección del LRS no es válida: escribe una dirección completa, como https://lrs.ejemplo.org/xapi/.",
    no_activity: "Escribe la IRI de la actividad del laboratorio: el LRS busca las respuestas por actividad.",
    bad_since: "La fecha «solo desde» no es válida.",
    file_empty: "El archivo está vacío.",
    not_statements: "«{0}» no es un archivo de declaraciones: empieza con «{1}». Se espera un arreglo JSON, una página de declaraciones o JSON Lines.",
    trailing: "«{0}» tiene algo más después de las declaraciones (en el byte {1}). Se muestra lo leído hasta ahí.",
    truncated: "«{0}» termina en medio de una declaración: puede que esté incompleto. Se muestra lo leído.",
    unreadable: "No se pudo leer «{0}».",
    summary: "{0} estudiantes · {1} respuestas · {2} paradas",
    misconceptions_heading: "Las ideas equivocadas más comunes",
    misconceptions_intro: "Primeras respuestas equivocadas de la clase, de la más elegida a la menos.",
    no_misconceptions: "Nadie eligió una opción equivocada en su primera respuesta.",
    one_learner: "1 estudiante",
    learners_n: "{0} estudiantes",
    at_stops: "en {0}",
    stops_heading: "Parada por parada",
    answered: "Respondieron: {0}",
    first_right: "Acertaron a la primera: {0} ({1} %)",
    retried: "Respondieron más de una vez: {0}",
    right_choice: "Correcta",
    later: "y {0} en respuestas posteriores",
    who: "Quiénes la eligieron primero ({0})",
    who_more: "y {0} más",
    new_stop: "Parada {0}",
    learners_heading: "Estudiante por estudiante",
    learners_intro: "La primera respuesta de cada estudiante en cada parada, en el orden del recorrido.",
    show_more: "Mostrar {0} estudiantes más",
    tries: "{0} respuestas",
    right_mark: "acertó",
    wrong_mark: "no acertó",
    anonymise: "Anonimizar",
    anonymous: "Estudiante {0}",
    project: "Proyectar",
    end_project: "Dejar de proyectar",
    export: "Exportar CSV",
    csv_header: [
        "estudiante",
        "parada",
        "nombre de la parada",
        "primera respuesta",
        "texto de la respuesta",
        "acertó",
        "respuestas",
    ],
    yes: "sí",
    no: "no",
    csv_name: "respuestas-de-la-clase.csv",
    belief: belief_es,
};

/// The belief behind each choice shown as a number, for the teacher (see `TeacherTexts::belief`).
fn belief_es(c: Choice) -> &'static str {
    match c {
        Choice::CountsInitialDelivery => "Cuenta la entrega inicial como si fuera un intento",
        Choice::OnlyItsOwnWait => "Toma solo la espera de ese intento, sin sumar las anteriores",
        Choice::WaitsAddUp => "Suma las esperas desde la publicación",
        Choice::NextWait => "Confunde el momento con la espera siguiente de la tabla",
        Choice::SeventhIntento => {
            "Espera un séptimo intento antes de la dead\u{2060}-\u{2060}letter"
        }
        Choice::RetriesAlwaysGetThrough => "Cree que con reintentos todo evento acaba entregado",
        Choice::AllSevenFail => {
            "Solo llega a la dead\u{2060}-\u{2060}letter si fallan las siete entregas (0,5⁷)"
        }
        Choice::ForgetsInitialDelivery => {
            "Olvida la entrega inicial: cuenta seis entregas en vez de siete"
        }
        Choice::EventFailsLikeOneDelivery => {
            "Cree que un evento se pierde tan a menudo como falla una entrega"
        }
        Choice::NaiveDeduplicates => "Cree que el consumidor ingenuo también descarta el duplicado",
        Choice::V4CatchesRepublication => "Cree que un id v4 delata la segunda publicación",
        Choice::V4MissesRepublication => "Cada publicación trae un v4 nuevo: el duplicado pasa",
        Choice::V5CatchesRepublication => "El v5 sale del hecho: la republicación trae el mismo id",
        Choice::V5MissesRepublication => "Cree que un id v5 también cambia en cada publicación",
        Choice::DeliveredOnce => "Cree que, procesado el evento, no vuelve a llegar",
        Choice::IdempotentDiscardsRedelivery => {
            "El idempotente descarta la reentrega; el ingenuo la aplica"
        }
        Choice::IdempotentAppliesAgain => "Cree que el idempotente también aplica la reentrega",
        Choice::CheckStopsBoth => "Cree que la comprobación frena a las dos instancias",
        Choice::AppCheckIsEnough => "Cree que comprobar en la aplicación basta contra la carrera",
        Choice::BothInstancesApply => {
            "Las dos comprueban antes de que ninguna escriba: aplican las dos"
        }
        Choice::ViolationUndoesBoth => "Cree que la violación de unicidad deshace a las dos",
        Choice::OneInstanceWins => "Insertar primero: gana una, la otra choca con la restricción",
        Choice::ConstraintLetsBothApply => "Cree que con la restricción única aún aplican las dos",
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
