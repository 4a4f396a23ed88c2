# arrivals-bot, español. Todo texto que lee un usuario. Mismos ids y mismas variables que los
# messages.ftl de los demás idiomas (una prueba los compara); los comandos se nombran como los
# nombra words.json. Vocabulario: parada, ruta, autobús.

## Commands: the value is the usage line, .description the menu text (Telegram, Discord)

command-start = /start
    .description = Para empezar: qué hago, con ejemplos
command-help = /ayuda
    .description = Cómo preguntar por tu { vehicle-one }
command-next = /proxima <parada> [ruta]
    .description = Próximas llegadas a una parada, de una ruta o de todas
command-routes = /rutas <parada>
    .description = Rutas y sentidos que pasan por una parada
command-disruptions = /incidencias [parada] [ruta]  o  /incidencias ruta <ruta>
    .description = Desvíos y cambios de servicio en curso
command-reliability = /fiabilidad [parada] <ruta>
    .description = Fiabilidad de las horas en vivo de una ruta
command-stop = /parada <parada o nombre>
    .description = Dónde está una parada y qué pasa por ella
command-save = /guardar <parada> [nombre]
    .description = Guardar una parada para este chat
command-saved = /paradas
    .description = Tus paradas guardadas
command-unsave = /olvidar <parada o nombre>
    .description = Olvidar una parada guardada
command-subscribe = /alerta <parada> [ruta] <HH:MM> [días]  o  /alerta <parada> <ruta> cuando <N> min <HH:MM-HH:MM> [días]
    .description = Recibir los horarios a una hora, o cuando tu { vehicle-one } esté cerca
command-subs = /alertas
    .description = Las alertas de este chat y su próxima hora
command-unsubscribe = /borrar <código|todas>
    .description = Borrar una alerta
command-pause = /pausar <código|todas>
    .description = Pausar una alerta
command-resume = /reanudar <código|todas>
    .description = Volver a activar una alerta pausada
command-timezone = /zona [zona]
    .description = La zona horaria en que se leen las horas de las alertas
command-notify = /avisar <parada> <ruta>
    .description = Avisarme cuando { vehicle-this } esté a 5 min
command-where = /donde <parada> <ruta>
    .description = Dónde está ahora el próximo { vehicle-one } de una ruta, en un mapa
command-line = /linea [parada] <ruta>
    .description = La ruta dibujada con sus { vehicle-many }
command-live = /envivo <parada> [ruta]
    .description = Horarios al día durante 10 minutos
command-disruptionspage = /disruptionspage <página> [parada] [ruta]
    .description = Otra página de las incidencias
command-disruption = /disruption <referencia>
    .description = El texto completo de una incidencia
command-ghost = /ghost <parada> <ruta> <viaje> <hora>
    .description = Decir que un viaje no pasó (el botón 👻)
command-lang = /idioma { $languageCodes }
    .description = Elegir el idioma: { $languages }

## Command arguments (Discord option descriptions)

arg-stop = parada
    .description = { $stopDigits ->
        [0] El código de la parada en el poste
       *[other] El número de { $stopDigits } cifras en el poste de la parada
    }, como { $stopExample }
arg-route = ruta
    .description = Una ruta, como { $routeExample }
arg-stop-or-name = parada
    .description = { $stopDigits ->
        [0] Un código de parada
       *[other] Un número de parada de { $stopDigits } cifras
    }, o palabras del nombre de la parada
arg-language = idioma
    .description = { $languages }
arg-label = nombre
    .description = Un nombre de una palabra para la parada, como casa o trabajo
arg-stop-or-label = parada
    .description = { $stopDigits ->
        [0] El código de la parada
       *[other] El número de { $stopDigits } cifras de la parada
    }, o el nombre con que la guardaste
arg-time = hora
    .description = Una hora en formato de 24 horas, como 07:30
arg-days = días
    .description = diario, entre-semana, fin-de-semana, o días como lun,mié,vie
arg-when = cuando
    .description = Avisar cuando { vehicle-the } esté a estos minutos, como 5
arg-window = franja
    .description = Las horas a vigilar, como 07:00-09:00
arg-way = dirección
    .description = Hacia dónde va: palabras de su destino
arg-id = código
    .description = El código de la alerta, que muestra /alertas (o todas)
arg-timezone = zona
    .description = Una zona horaria IANA, como { $zoneExample }
arg-channel = canal
    .description = El nombre público de un canal de Telegram, como @ottawabuses
arg-trip = viaje
    .description = La hora de salida del viaje, como 0930
arg-direction = sentido
    .description = 0 o 1, como lo dan los botones 🛤
arg-due = hora
    .description = La hora prevista del viaje, como la lleva su botón 👻

## Vehicles: what riders call what comes, a route's own ($mode: GTFS route_type), else the
## feed's ($vehicles: what every route runs); "any" reads as neutral words

vehicle-one = { $mode ->
    [bus] autobús
    [train] tren
    [tram] tranvía
    [metro] metro
    [ferry] ferri
   *[other] { $vehicles ->
        [bus] autobús
        [train] tren
        [tram] tranvía
        [metro] metro
        [ferry] ferri
       *[other] vehículo
    }
}
vehicle-the = { $mode ->
    [bus] el autobús
    [train] el tren
    [tram] el tranvía
    [metro] el metro
    [ferry] el ferri
   *[other] { $vehicles ->
        [bus] el autobús
        [train] el tren
        [tram] el tranvía
        [metro] el metro
        [ferry] el ferri
       *[other] el vehículo
    }
}
vehicle-this = { $mode ->
    [bus] este autobús
    [train] este tren
    [tram] este tranvía
    [metro] este metro
    [ferry] este ferri
   *[other] { $vehicles ->
        [bus] este autobús
        [train] este tren
        [tram] este tranvía
        [metro] este metro
        [ferry] este ferri
       *[other] este vehículo
    }
}
vehicle-many = { $vehicles ->
    [bus] autobuses
    [train] trenes
    [tram] tranvías
    [metro] metros
    [ferry] ferris
   *[other] servicios
}
vehicle-emoji = { $vehicles ->
    [train] 🚆
    [tram] 🚋
    [metro] 🚇
    [ferry] ⛴️
   *[other] 🚌
}

## Help and welcome

start-title = ¡Hola! Te digo cuándo llega tu { vehicle-one }.
start-intro = Envía el { $stopDigits ->
    [0] código de parada
   *[other] número de { $stopDigits } cifras
} del poste de la parada y te mostraré los próximos { vehicle-many }, en tiempo real cuando { vehicle-the } tiene GPS.
greeting-saved = O toca una de tus paradas guardadas:
greeting-saved-button = { $label } ({ $stopNo })
greeting-location-button = 📍 Compartir mi ubicación
help-title = { $agency ->
    [none] { $vehicles ->
        [bus] Próximos autobuses
       *[other] Próximas salidas
    }
   *[other] { $vehicles ->
        [bus] Próximos autobuses de { $agency }
       *[other] Próximas salidas de { $agency }
    }
}
help-intro = Escribe un { $stopDigits ->
    [0] código de parada (en el poste)
   *[other] número de parada ({ $stopDigits } cifras, en el poste)
} para ver todas las rutas que pasan, o una parada y una ruta.
help-commands-heading = Comandos
help-command-line = { $usage }: { $description }
help-examples-heading = Prueba
help-example-next = /proxima { $stopExample } { $routeExample }: los próximos { vehicle-many } de la ruta { $routeExample } en la parada { $stopExample }
help-example-bare = { $stopExample }: todas las rutas en la parada { $stopExample }
help-example-routes = /rutas { $stopExample }: qué pasa por la parada { $stopExample }
help-example-stop = /parada { $nameExample }: buscar una parada por su nombre
help-example-lang = /idioma en: in English
help-location = También puedes compartir tu ubicación para ver las paradas cercanas.
help-data-heading = Datos
help-topic-arrivals = { vehicle-emoji } Llegadas
help-topic-stops = ⭐ Tus paradas
help-topic-alerts = 🔔 Alertas
help-topic-trip = 🚶 Tu viaje
help-topic-settings = ⚙️ Ajustes
help-topic-line = { $topic }: { $commands }
help-command-name = /{ $command }
help-topics-more = Cada comando explicado: /{ $command } alertas (un grupo o el nombre de un comando), o los botones de abajo.
help-note-near-way = Una alerta «cuando N min» o /avisar para los { vehicle-many } que van en un solo sentido: añade «hacia» y su destino, como /avisar { $stopExample } { $routeExample } hacia <destino>.
button-help-all = ◀ Todos los comandos
usage-help-topic-bad = No tengo ayuda sobre «{ $topic }». Prueba /{ $command } alertas, o /{ $command } solo para todos los grupos.
arg-help-topic = tema
    .description = Un grupo de comandos (llegadas, paradas, alertas, ajustes) o el nombre de un comando

## Usage errors: what was wrong with what the rider typed

usage-too-long = Ese mensaje es demasiado largo ({ $length } caracteres); leo hasta { $max }. Prueba: /proxima { $stopExample } { $routeExample }
usage-empty = Envía un número de parada, como { $stopExample }, o /ayuda.
usage-not-understood = No entendí «{ $text }». Envía un número de parada, como { $stopExample }, o /ayuda.
usage-unknown-command = No conozco /{ $command }. Escribe /ayuda para ver lo que sé hacer.
usage-stop-missing = ¿Qué parada? Añade su { $stopDigits ->
    [0] código
   *[other] número de { $stopDigits } cifras
}, como: { $example }
usage-stop-digits = Los números de parada tienen { $stopDigits } cifras: { $stop } tiene { $digits }.
usage-stop-not-number = «{ $text }» no es un número de parada. { $stopDigits ->
    [0] Los códigos de parada son como { $stopExample }.
   *[other] Los números de parada tienen { $stopDigits } cifras, como { $stopExample }.
}
usage-route-bad = «{ $route }» no es un número de ruta. Las rutas son como { $routeExample }.
usage-route-missing = ¿Qué ruta? Añádela, como: { $example }
usage-route-missing-at = ¿Qué ruta en { $stop }? Añádela después de la parada: /{ $command } { $stop } y el número de la ruta. /rutas { $stop } muestra las que paran allí.
usage-route-without-stop = ¿En qué parada? { $route } se lee como una ruta: envía antes el { $stopDigits ->
    [0] código
   *[other] número de { $stopDigits } cifras
} de la parada, o el nombre con que la guardaste (/paradas las muestra). { $stopDigits ->
    [0] { "" }
   *[other] Si { $route } era una parada, los números de parada tienen { $stopDigits } cifras.
}
usage-direction-needs-when = Una dirección es para alertas de { vehicle-the } cerca de la parada («cuando 5 min 07:00-09:00»), no para alertas a una hora.
usage-too-many-words = Demasiadas palabras para /{ $command }. Prueba: { $example }
usage-lang-bad = Hablo { $languages }: /idioma { $languageCodes }.
usage-trip-bad = «{ $trip }» no es la hora de salida de un viaje. Toca 📍 bajo los horarios, o escribe /donde con una parada y una ruta.
usage-direction-bad = Un sentido es 0 o 1, como lo dan los botones 🛤. Escribe /linea con una ruta, o una parada y una ruta.

## Arrivals

arrivals-title = { $stopName } ({ $stopNo })
arrivals-route-heading = { $routeNo } { $heading }
arrivals-minutes = { $minutes ->
    [0] ahora
   *[other] { $minutes } min
}
arrivals-trip = { $when } ({ $clock }) { $source }
arrivals-trip-every = cada { $minutes } min { $source }
arrivals-trip-with-notes = { $trip } · { $notes }
arrivals-trip-to = { $trip } hacia { $destination }
arrivals-source-scheduled = 🕒
arrivals-note-last = último { vehicle-one }
arrivals-note-double-decker = dos pisos
arrivals-note-60ft = articulado
arrivals-note-bike-rack = portabicicletas
arrivals-note-gps-old = GPS de hace { $age } min, incierto
arrivals-no-trips = No hay más viajes hoy.
arrivals-done-today = No hay más hoy: { $routes }
arrivals-none = No se espera ningún { vehicle-one } en esta parada por ahora.
arrivals-route-unknown-route = La ruta { $routeNo } no existe.
arrivals-route-route-not-at-stop = La ruta { $routeNo } no para en { $stopNo }. /rutas { $stopNo } muestra las que sí.
routes-here-line = Rutas en { $stopNo }: { $routes }
arrivals-route-other = El servicio de transporte informó de un problema con la ruta { $routeNo }{ $code ->
    [none] .
   *[other] {" "}(código { $code }).
}
arrivals-more-routes = y { $count ->
    [one] una ruta más
   *[other] { $count } rutas más
} — pide una: /proxima { $stopNo } { $example }
arrivals-trip-cancelled = { $clock } cancelado ✖
arrivals-live-unavailable = ⚠️ Los datos en tiempo real no están disponibles ahora: { $estimated ->
    [yes] estos son los horarios programados, salvo los marcados 🧭.
   *[no] estos son los horarios programados.
}
arrivals-live-stale = ⚠️ Los datos en tiempo real están desactualizados: { $estimated ->
    [yes] estos son los horarios programados, salvo los marcados 🧭.
   *[no] estos son los horarios programados.
}
arrivals-updated = Actualizado a las { $clock }

## Buttons

button-refresh = Actualizar
button-save = Guardar parada
button-route = Ruta { $routeNo }
button-stop = { $stopNo } { $name }
button-transfer = ↔ { $stopNo } { $name }
button-disruptions = ⚠️ { $count ->
    [one] La incidencia completa
   *[other] Las { $count } incidencias completas
}
button-where = 📍 { $routeNo } · { $when }
button-arrivals = Horarios
button-live = 🔴 En vivo
live-board-left = 🔴 En vivo: se actualiza cada 30 s durante { $minutes } min más
live-board-stopped = Las actualizaciones en vivo se detuvieron. Toca 🔴 En vivo para { $minutes } minutos más.
live-last-known = ⚠️ Los datos en tiempo real no están disponibles ahora: estos son los últimos horarios recibidos.
live-board-unavailable = ⚠️ Los datos en tiempo real no están disponibles ahora. Toca Actualizar para ver los horarios.

## Where is my bus (📍, /where)

where-title = 📍 { $routeNo } hacia { $destination }
where-arrival = { $when } ({ $clock }) en { $stopName } ({ $stopNo })
where-stops-away = { $stops ->
    [0] En tu parada o llegando a ella
    [one] A 1 parada
   *[other] A { $stops } paradas
}
where-passed = Este { vehicle-one } ya pasó tu parada.
where-live-passed = 📍 Ya no se actualiza: { vehicle-the } ya pasó tu parada.
where-live-ended = 📍 Ya no se actualiza. Toca 📍 otra vez para seguir a { vehicle-this }.
where-fix = Posición de hace { $age }
where-fix-now = Posición en tiempo real
where-fix-old = ⚠️ No hay posición reciente: la última es de hace { $age }, así que { vehicle-the } ya no está allí.
where-fix-suspect = ⚠️ Posición de antigüedad desconocida: el reloj de su localizador va adelantado respecto al nuestro, así que el autobús puede que ya no esté allí.
where-no-fix = No hay posición de este autobús: su localizador no envía ninguna ahora.
where-no-fix-scheduled = No hay posición de { vehicle-this }: solo se conoce su hora programada.
where-no-fix-no-feed = No hay posición de { vehicle-this }: los datos de esta red no dan posiciones de vehículos.
where-age-seconds = { $seconds } s
where-age-minutes = { $minutes } min
where-speed = Circula a { $speed } km/h
where-occupancy-empty = 🟢 Vacío
where-occupancy-many-seats = 🟢 Muchos asientos libres
where-occupancy-few-seats = 🟡 Pocos asientos libres
where-occupancy-standing = 🟠 Solo de pie
where-occupancy-crushed = 🔴 Lleno, solo de pie
where-occupancy-full = 🔴 Completo
where-occupancy-not-accepting = 🔴 No admite pasajeros
where-wheelchair-yes = ♿ Accesible en silla de ruedas
where-wheelchair-no = No accesible en silla de ruedas
where-vehicle = Vehículo { $label }
where-map = Mapa: { $link }
where-map-old = Última posición conocida (antigua): { $link }
where-map-suspect = Última posición informada (antigüedad desconocida): { $link }
where-trip-gone = Ese { vehicle-one } de la ruta { $routeNo } ya no está entre los próximos en { $stopNo }.
where-no-trips = Ningún { vehicle-one } de la ruta { $routeNo } viene a { $stopNo } por ahora.

## Failures: the transit service or the bot could not answer

error-refused-credentials = El servicio de transporte rechazó la clave de este bot. Quien opera el bot tiene que arreglarlo; lo siento.
error-unavailable = El servicio de transporte no puede acceder a sus propios datos ahora. Inténtalo de nuevo en un minuto.
error-unrecognised = El servicio de transporte respondió con un error que no conozco (código { $code }). Inténtalo más tarde.
error-unknown-stop = La parada { $stopNo } no existe. Revisa el { $stopDigits ->
    [0] código de parada
   *[other] número de { $stopDigits } cifras
} en el poste de la parada.
error-unknown-route = La ruta { $routeNo } no existe. Revisa el número en el frente de { vehicle-the }.
error-route-not-at-stop = La ruta { $routeNo } no para en { $stopNo }. Prueba /rutas { $stopNo } para ver cuáles sí.
error-no-routes = Ninguna ruta pasa por la parada { $stopNo } en este momento.
error-ambiguous-stop = La parada { $stopNo } está en varias redes: escribe el nombre de la red delante.
error-busy = El servicio de transporte está ocupado: recibe demasiadas preguntas a la vez. Inténtalo de nuevo en un minuto.
error-timeout = El servicio de transporte no responde (tardó demasiado). Inténtalo de nuevo en un minuto.
error-network = El servicio de transporte no responde (no consigo conectar). Inténtalo de nuevo en un minuto.
error-http = El servicio de transporte no responde bien (HTTP { $status }). Inténtalo de nuevo en un minuto.
error-parse = El servicio de transporte no responde bien (su respuesta no tenía sentido). Inténtalo de nuevo en un minuto.
error-bad-request = No pude preguntar así al servicio de transporte. Revisa los números de parada y de ruta.
error-loading = Se están cargando los horarios (una primera importación tarda unos minutos). Inténtalo de nuevo en breve.
error-no-schedule = No se pudieron cargar los horarios de esta red, así que no tengo horas para sus paradas. Quien opera el bot puede ver por qué en su registro; volver a intentarlo en un minuto no servirá.
error-internal = Algo salió mal por mi parte. Inténtalo de nuevo en un minuto.

## Disruptions (detours, service changes): under arrivals and /disruptions

disruptions-heading = ⚠️ Incidencias
disruptions-line = { $effect }: { $text }
disruptions-use-stop = ➡️ Tome mejor la parada { $stop } ({ $name })
disruptions-line-agency = { $agency } · { $effect }: { $text }
disruptions-page = Página { $page } de { $pages } ({ $count } incidencias)
button-page-previous = ◀ Anterior
button-page-next = Siguiente ▶
button-disruption-full = 📄 Completa: { $text }
disruption-title = ⚠️ Incidencia
disruption-gone = Esa incidencia ya no aparece: puede que haya terminado. /incidencias muestra las de ahora.
usage-page-bad = «{ $page }» no es un número de página. Los botones bajo la lista pasan sus páginas.
arg-page = página
    .description = La página de la lista, como 2
arg-disruption = incidencia
    .description = La incidencia, como la nombra su botón 📄
disruptions-more = y { $count ->
    [one] una más
   *[other] { $count } más
}
disruptions-unavailable-short = ⚠️ No se pueden leer las incidencias ahora.
disruptions-unavailable = No se puede leer la fuente de incidencias ahora. Inténtalo de nuevo en unos minutos.
disruptions-incomplete = No se pueden leer ahora las incidencias de una de las redes: puede que haya más.
disruptions-not-published = Esta red no publica incidencias que yo pueda leer.
disruptions-none = No hay incidencias ahora.
disruptions-not-understood = No entiendo «{ $stop }» aquí (no es una parada guardada ni un nombre de parada). Prueba solo /incidencias para verlas todas, /incidencias con una parada, /incidencias ruta y un número de ruta, o /incidencias activar o desactivar para los envíos.
disruptions-title-stop = { $routeNo ->
    [none] Incidencias en la parada { $stopNo }
   *[other] Incidencias de la ruta { $routeNo } en la parada { $stopNo }
}
disruptions-title-route = Incidencias en la ruta { $routeNo }
disruptions-title-all = Incidencias ahora
disruption-push-title = { $routeNo ->
    [none] ⚠️ Incidencia en tu parada { $stopNo }
   *[other] ⚠️ Incidencia de la ruta { $routeNo } en tu parada { $stopNo }
}
disruption-push-footer = /incidencias desactivar: no recibir más estos mensajes.
disruptions-pushes-off = Ya no se enviarán incidencias a este chat. /incidencias activar para volver a recibirlas.
disruptions-pushes-on = Las incidencias que afecten a las paradas guardadas y a las alertas de este chat se enviarán aquí. /incidencias desactivar para dejar de recibirlas.
disruptions-pushes-failed = No pude guardar eso ahora. Inténtalo de nuevo en un minuto.
usage-pushes-bad = Escribe /incidencias activar o /incidencias desactivar.
arg-pushes = envíos
    .description = activar o desactivar: las incidencias enviadas a este chat
disruption-effect-no-service = Sin servicio
disruption-effect-reduced-service = Servicio reducido
disruption-effect-significant-delays = Retrasos
disruption-effect-detour = Desvío
disruption-effect-additional-service = Servicio adicional
disruption-effect-modified-service = Cambio de servicio
disruption-effect-stop-moved = Parada trasladada
disruption-effect-accessibility-issue = Accesibilidad
disruption-effect-no-effect = Aviso
disruption-effect-other = Aviso
disruption-effect-unknown = Aviso

## Routes at a stop (/routes)

routes-title = Rutas en { $stopName } ({ $stopNo })
routes-line = { $routeNo } { $heading }
routes-line-direction = { $routeNo } { $heading } ({ $direction })
routes-none = Ninguna ruta pasa por esta parada.
routes-direction-east = dirección este
routes-direction-west = dirección oeste
routes-direction-north = dirección norte
routes-direction-south = dirección sur

## One stop (/stop)

stop-title = { $stopName } ({ $stopNo })
stop-location = Ubicación: { $lat }, { $lon }
stop-map = Mapa: { $url }
stop-routes-heading = Rutas
stop-routes-unknown = No pude obtener las rutas ahora.
stop-not-found = No conozco la parada { $stopNo }. Revisa el { $stopDigits ->
    [0] código de parada
   *[other] número de { $stopDigits } cifras
} en el poste de la parada.
stop-which-title = La parada { $stopNo } está en varias redes: ¿cuál?
stop-which-line = { $agency }: { $name }
stop-which-line-near = { $agency }: { $name } (a { $meters } m)
stop-unconfirmed = ⚠️ { $network } quizá también tenga una parada { $code }, pero { $why ->
    [loading] sus horarios aún se están cargando
    [no-schedule] sus horarios no se pudieron cargar
   *[other] no responde ahora
}: esta es la { $stopNo }.
stop-search-title = Paradas que coinciden con «{ $words }»
stop-search-none = Ninguna parada coincide con «{ $words }». Prueba con menos palabras o con otras.
stop-search-more = { $count ->
    [one] y una más; añade una palabra para afinar.
   *[other] y { $count } más; añade una palabra para afinar.
}
stop-search-no-index = Aquí no puedo buscar paradas por nombre. Envía el { $stopDigits ->
    [0] código de parada
   *[other] número de { $stopDigits } cifras
} del poste de la parada.
stops-unsearchable = { $network ->
    [none] Las paradas de esta red
   *[other] Las paradas de { $network }
} no se pueden buscar por nombre ni por lugar: { $why ->
    [loading] sus horarios aún se están cargando. Inténtalo de nuevo en breve.
   *[other] sus horarios no se pudieron cargar (quien opera el bot puede ver por qué).
}

## Nearby stops (a shared location)

location-title = Paradas cerca de ti
location-line = { $stopNo } { $name }: { $meters } m
location-none = No hay ninguna parada a menos de { $meters } m de ese lugar.
location-no-index = Aquí no puedo buscar paradas por ubicación. Envía mejor el { $stopDigits ->
    [0] código de parada
   *[other] número de parada de { $stopDigits } cifras
}.
location-bad = Esa ubicación no parece correcta. ¿La compartes otra vez?

## Saved stops

save-done = Parada { $stopNo } guardada. /paradas muestra tus paradas guardadas.
save-done-named = Parada { $stopNo } guardada como «{ $label }»: /proxima { $label } la consulta.
save-already = La parada { $stopNo } ya está guardada. /paradas muestra tus paradas guardadas.
save-label-taken = Ya tienes una parada guardada como «{ $label }». Elige otro nombre, o primero /olvidar { $label }.
save-full = Ya tienes { $max } paradas guardadas, el máximo que guardo.
save-failed = No pude guardar eso ahora. No se perdió nada; inténtalo de nuevo en un minuto.
stops-title = Tus paradas guardadas
stops-none = Aún no tienes paradas guardadas. Guarda una con /guardar { $stopExample }, o /guardar { $stopExample } casa para darle un nombre.
stops-failed = No pude leer tus paradas guardadas ahora. Inténtalo de nuevo en un minuto.
unsave-failed = No pude olvidar esa parada ahora. Sigue guardada; inténtalo de nuevo en un minuto.
unsave-done = Quité la parada { $stopNo } de tus paradas guardadas.
unsave-unknown = «{ $stop }» no es una de tus paradas guardadas. /paradas las muestra.
usage-saved-unknown = No tienes ninguna parada guardada como «{ $label }». /paradas muestra tus paradas guardadas; /guardar seguido de una parada y de { $label } le pone ese nombre.
usage-stop-name-unknown = Ninguna parada guardada ni ningún nombre de parada coincide con «{ $label }». /paradas muestra tus paradas guardadas; /parada con otras palabras busca entre los nombres.
stop-name-choice-title = ¿Qué parada? Paradas que coinciden con «{ $words }»
usage-label-bad = El nombre de una parada es una palabra de hasta 20 letras o cifras, como casa o trabajo.

## Alerts (/subscribe, /subs, /unsubscribe, /pause, /resume, /timezone)

subscribe-done = Alerta { $id } creada: { $what }. Próxima: { $next }.
subscribe-full = Este chat ya tiene { $max } alertas, el máximo que guardo. Primero /borrar una.
subscribe-failed = No pude crear esa alerta ahora. No se cambió nada; inténtalo de nuevo en un minuto.
subscribe-not-admin = Solo los administradores de este grupo pueden cambiar sus alertas.
subscribe-channel-unknown = No encuentro el canal { $channel }. Añádeme como administrador que pueda publicar y vuelve a intentarlo.
subscribe-channel-not-admin = Solo un administrador de { $channel } puede crear sus alertas.
subscribe-channel-cannot-post = Aún no puedo publicar en { $channel }: hazme administrador con permiso para publicar mensajes.
subscribe-channel-unsupported = Crear las alertas de un canal desde aquí solo funciona en Telegram.
subscribe-what-at = { $route ->
    [none] todas las rutas en { $stopNo }
   *[other] la ruta { $route } en { $stopNo }
} a las { $time }, { $days }
subscribe-what-near = cuando el { $route }{ $towards ->
    [none] { "" }
   *[other] { "" } hacia { $towards }
} esté a { $minutes } min de { $stopNo }, { $from }-{ $until }, { $days }
days-daily = todos los días
days-weekdays = entre semana
days-weekends = los fines de semana
days-list = { $days }
day-0 = dom
day-1 = lun
day-2 = mar
day-3 = mié
day-4 = jue
day-5 = vie
day-6 = sáb
subs-title = Alertas de este chat
subs-none = Aún no hay alertas en este chat. Prueba: /alerta { $stopExample } { $routeExample } 07:30 entre-semana
subs-line = { $id }: { $what }{ $paused ->
    [user] { "" } (pausada)
    [refused] { "" } (pausada: no pude publicar aquí)
   *[none] . Próxima: { $next }
}
subs-failed = No pude leer las alertas de este chat ahora. Inténtalo de nuevo en un minuto.
unsubscribe-done = Alerta { $id } borrada.
unsubscribe-all-done = { $count ->
    [0] No había alertas que borrar.
    [one] Borré la única alerta de este chat.
   *[other] Borré las { $count } alertas de este chat.
}
unsubscribe-failed = No pude borrar { $id ->
    [all] las alertas
   *[other] la alerta { $id }
} ahora. /alertas muestra las que siguen activas; inténtalo de nuevo en un minuto.
pause-done = Alerta { $id } pausada. /reanudar { $id } la vuelve a activar.
pause-all-done = { $count ->
    [0] No hay alertas activas que pausar.
    [one] Pausé la única alerta activa. /reanudar todas vuelve a activar las alertas.
   *[other] Pausé las { $count } alertas activas. /reanudar todas las vuelve a activar.
}
pause-failed = No pude pausar { $id ->
    [all] las alertas
   *[other] la alerta { $id }
} ahora. Inténtalo de nuevo en un minuto.
resume-done = La alerta { $id } vuelve a estar activa. Próxima: { $next }.
resume-all-done = { $count ->
    [0] Ninguna alerta de este chat está pausada.
    [one] La única alerta pausada vuelve a estar activa.
   *[other] Las { $count } alertas pausadas vuelven a estar activas.
}
resume-failed = No pude volver a activar { $id ->
    [all] las alertas
   *[other] la alerta { $id }
} ahora. Inténtalo de nuevo en un minuto.
subs-unknown-id = Este chat no tiene ninguna alerta { $id }. /alertas las muestra con sus códigos.
timezone-set = Las horas de las alertas de este chat se leen ahora en { $zone }.
timezone-current = Las horas de las alertas de este chat se leen en { $zone }. Cámbiala con /zona America/Mexico_City (cualquier zona IANA).
timezone-agency = Este chat no tiene zona horaria propia: las horas de las alertas se leen en el reloj de la agencia{ $zone ->
    [none] {""}
   *[other] {" "}({ $zone })
}. Elige una con /zona America/Mexico_City (cualquier zona IANA).
usage-time-bad = «{ $time }» no es una hora del día. Usa el formato de 24 horas, como 07:30 o 17:45.
usage-time-missing = ¿A qué hora? Añádela, como: { $example }
usage-time-unread = No puedo leer «{ $time }» como una hora. Escríbela en formato de 24 horas, como: { $example }
usage-days-bad = No conozco el día «{ $day }». Usa diario, entre-semana, fin-de-semana, o días como lun,mié,vie.
usage-minutes-bad = «{ $minutes }» no es un número de minutos de 1 a 60, como: cuando 5 min
usage-window-bad = «{ $window }» no es una franja horaria. Usa dos horas en formato de 24 horas, como 07:00-09:00.
usage-window-order = La franja { $window } termina antes de empezar. Usa una franja como 07:00-09:00.
usage-window-needs-when = { $window } es una franja: para saber cuándo tu { vehicle-one } está cerca durante ella, añade a cuántos minutos, como: /alerta { $stopExample } { $routeExample } cuando 5 min { $window }
usage-window-missing = ¿Durante qué horas? Añade una franja, como: /alerta { $stopExample } { $routeExample } cuando 5 min 07:00-09:00
usage-near-route-missing = ¿Qué ruta? Las alertas «cuando esté cerca» vigilan una ruta, como: /alerta { $stopExample } { $routeExample } cuando 5 min 07:00-09:00
usage-id-missing = ¿Qué alerta? Añade su código de /alertas, como: /borrar k3f9
usage-timezone-bad = «{ $zone }» no es una zona horaria que conozca. Usa un nombre IANA, como America/Mexico_City o Europe/Madrid.
alert-title = ⏰ { $stopName } ({ $stopNo })
alert-near = { vehicle-emoji } La ruta { $routeNo }{ $towards ->
    [none] { "" }
   *[other] { "" } hacia { $towards }
} { $minutes ->
    [0] llega ahora a
   *[other] está a { $minutes } min de
} { $stopName } ({ $stopNo }), a las { $clock } { $source }
alert-near-closer = { vehicle-emoji } El próximo { $routeNo }{ $towards ->
    [none] { "" }
   *[other] { "" } hacia { $towards }
} { $minutes ->
    [0] llega ahora a
   *[other] está a { $minutes } min de
} { $stopName } ({ $stopNo }); { $following ->
    [none] aún no se muestra otro.
   *[other] el siguiente pasa en { $followingMinutes } min.
}
near-direction-bad = No puedo leer «{ $typed }» como una dirección: escribe unas palabras del destino, después de «hacia».
near-direction-choose = La ruta { $routeNo } va en más de una dirección en { $stopNo }: ¿cuál? (O escríbela: { $example })
near-direction-unknown = La ruta { $routeNo } no va hacia «{ $typed }» desde { $stopNo }: ¿en qué dirección?
button-direction = hacia { $towards }
subs-next-today-until = hoy hasta las { $until }
subs-next-today-at = hoy { $time }
alert-unavailable = ⚠️ Los horarios de la parada { $stopNo } no están disponibles ahora: el servicio de transporte no responde. Lo intentaré de nuevo en la próxima alerta.
button-notify = 🔔 { $routeNo } cerca
button-notify-towards = 🔔 { $routeNo } hacia { $towards }

## Language

lang-set = De acuerdo, hablaré español en este chat.
lang-failed = No pude recordarlo ahora; inténtalo de nuevo en un minuto.

## Terminal chat

console-welcome = Escribe un número de parada como { $stopExample }, o /ayuda. Ctrl+D para salir.

## Live map: the web page a link (or a Telegram Mini App) opens

map-title = Línea { $route }: mapa en vivo
map-direction = hacia { $heading }
map-on-road = En circulación
map-stops = Paradas
map-disruptions = Incidencias
map-none-on-road = Ningún vehículo de la línea { $route } circula ahora mismo.
map-no-positions = Esta fuente no da la posición de los vehículos: solo la línea y sus paradas.
map-your-stop = tu parada
map-vehicle = { $label } hacia { $heading }
map-vehicle-next = próxima parada { $stop }
map-tracked = visto hace { $seconds } s
map-old = visto hace { $minutes } min, ya no está ahí
map-suspect = posición de antigüedad desconocida
map-updated = Actualizado a las { $time }
map-unavailable = Los datos en vivo no se pueden leer ahora; se vuelve a intentar.
map-refused = No hay una línea { $route } que mostrar.
map-saved-stops = Tus paradas guardadas
map-drawing = La línea { $route } con sus paradas y vehículos
map-no-tiles = Dibujado sin mapa de fondo.
map-link = Mapa en vivo de una línea: { $url }
map-button-route = 🗺 { $route }
map-button = 🗺 Mapa

## Chat adapters: what an adapter says itself (Telegram pop-ups, inline mode)

rate-limited = Más despacio: demasiadas peticiones. Inténtalo de nuevo en un minuto.
refresh-up-to-date = Ya está actualizado.
button-expired = Este botón ha caducado. Envía otra vez el número de parada.
inline-usage-title = Escribe un número de parada, como { $stopExample } { $routeExample }
inline-usage-description = Los próximos { vehicle-many } a una parada, para compartir en este chat

## Confianza: cuánto fiarse de la hora de cada llegada. Una marca junto a los minutos, que se
## aprende una vez en la leyenda bajo las llegadas y en /ayuda; palabras donde se conoce el horario

arrivals-source-tracked = 📡
arrivals-source-predicted = 🔮
arrivals-source-estimated = 🧭
arrivals-legend-tracked = 📡 { vehicle-one } localizado
arrivals-legend-predicted = 🔮 previsto, { vehicle-one } sin localizar
arrivals-legend-predicted-no-positions = 🔮 previsto
arrivals-legend-estimated = 🧭 estimado por su posición
arrivals-legend-scheduled = 🕒 programado
arrivals-note-late = { $minutes } min de retraso
arrivals-note-early = { $minutes } min de adelanto
arrivals-note-on-time = puntual
arrivals-trip-skipped = { $clock } no para aquí ⏭
arrivals-trip-vanished = { $clock } 👻 desapareció del seguimiento a las { $since }
arrivals-note-vanished-next = Siguiente: { $clock } { $source }
arrivals-note-use-stop = tome mejor la parada { $stop }
arrivals-legend-vanished = 👻 desaparecido del seguimiento, puede no pasar
arrivals-live-stale-age = ⚠️ Los datos en tiempo real tienen { $minutes } min: { $estimated ->
    [yes] estas son las horas programadas, salvo las marcadas 🧭.
   *[no] estas son las horas programadas.
}

## Line
button-line = 🛤 { $routeNo }
button-line-direction = 🛤 → { $heading }
line-title = 🛤 Ruta { $routeNo }
line-heading = { $routeNo } → { $heading }
line-bus = { vehicle-emoji } { $when } { $mark }{ $note } · { $stops ->
    [0] en tu parada
    [one] a { $stops } parada
   *[other] a { $stops } paradas
}
line-buses = { $count ->
    [0] Ningún { vehicle-one } en este sentido ahora
    [one] { $count } { vehicle-one } en este sentido
   *[other] { $count } { vehicle-many } en este sentido
}
line-no-buses = Ningún { vehicle-one } en la ruta ahora
line-no-positions = Esta red no da la posición de los vehículos: ningún { vehicle-one } puede situarse en la ruta.
line-no-stops = La ruta { $routeNo } no tiene paradas que dibujar en el horario.
line-not-drawable = La ruta { $routeNo } no se puede dibujar aquí: esta fuente no da las paradas de una ruta en orden. /proxima da sus horarios.
line-legend-tracked = { vehicle-one } visto
line-legend-predicted = previsto, no visto
line-legend-estimated = estimado por su posición
line-legend-scheduled = solo horario
line-legend-rider = tu parada
line-legend-skipped = sin servicio

## Fiabilidad (/fiabilidad): cómo resultaron las horas en vivo, medido por el propio bot
reliability-heading = Últimos { $days } días, ruta { $route }:
reliability-heading-at = Últimos { $days } días, ruta { $route } en la parada { $stop }:
reliability-predictions = El { $accurate } % de { $scored ->
        [one] 1 predicción
       *[other] { $scored } predicciones
    } se cumplió dentro del margen habitual (de 30 s antes a 1 min 30 después para un { vehicle-one } que llega en menos de 3 min, más con más antelación); siguiéndolas, habrías alcanzado { vehicle-the } el { $caught } % de las veces.
reliability-few = Pocas predicciones comprobadas por ahora: tome estas cifras como una primera indicación.
reliability-none-yet = Ninguna predicción comprobada aún: el bot compara cada hora en vivo con el momento en que se ve { vehicle-the } en la parada, y todavía no ha visto pasar ninguno.
reliability-trips = { $cancelled ->
        [one] 1 viaje cancelado
       *[other] { $cancelled } viajes cancelados
    }, { $vanished } desaparecidos del seguimiento.
reliability-trips-route = En toda la ruta { $route }: { $cancelled ->
        [one] 1 viaje cancelado
       *[other] { $cancelled } viajes cancelados
    }, { $vanished } desaparecidos del seguimiento.
reliability-reports = { $count ->
        [one] 1 usuario informó de un { vehicle-one } que no pasó esta semana.
       *[other] { $count } usuarios informaron de un { vehicle-one } que no pasó esta semana.
    }
reliability-no-realtime = Esta fuente no da horas en vivo, solo el horario: no hay nada que medir.
reliability-not-recorded = No hay cifras para esta fuente: el bot solo mide las horas en vivo de las fuentes GTFS-Realtime que sigue.

## Avisos de usuarios: el botón 👻 bajo un tablero, para un viaje ya mostrado cuya hora pasó
button-report-ghost = 👻 { $routeNo } { $time } ¿no pasó?
report-counted = 👻 Gracias: tu aviso de que el { $routeNo } no pasó está contado.
report-already = Ya avisaste de este { $routeNo }. Gracias.
report-too-many = Has enviado muchos avisos en esta hora. Gracias; inténtalo más tarde.
report-turned-off = Los avisos de viajes que no pasaron están desactivados en este bot.
report-not-yet = Este { $routeNo } aún no debía pasar: podrás avisar una vez pasada su hora.
report-too-late = Este viaje debía pasar hace demasiado tiempo para avisar ahora.
report-failed = No se pudo guardar tu aviso ahora. Inténtalo de nuevo en un momento.

## Cambios de viajes enviados: un viaje que una conversación espera (la hora de su alerta, su tablero
## en vivo o su 📍) cancelado, desaparecido del seguimiento o que no para, con el siguiente

trip-change-cancelled = ✖ El { $routeNo } previsto a las { $clock } en { $stopNo } está cancelado.
trip-change-vanished = 👻 El { $routeNo } previsto a las { $clock } en { $stopNo } desapareció del seguimiento a las { $since }: puede no pasar.
trip-change-skipped = ⏭ El { $routeNo } previsto a las { $clock } no parará en { $stopNo }: se salta esta parada.
trip-change-next = Siguiente: { $clock } ({ $trust })
trip-change-no-next = No se muestra otro { $routeNo } en { $stopNo } por ahora.
trip-change-trust-tracked = con seguimiento
trip-change-trust-predicted = previsto, sin vehículo a la vista
trip-change-trust-estimated = estimado por su posición
trip-change-trust-scheduled = solo horario
where-live-cancelled = 📍 Ya no se actualiza: este viaje fue cancelado.
where-live-vanished = 📍 Ya no se actualiza: este viaje desapareció del seguimiento y puede no pasar.
where-live-skipped = 📍 Ya no se actualiza: este viaje ya no para en tu parada.

## Una imagen de /line al día (🔴 En vivo debajo): redibujada en su sitio cuando cambia lo que muestra
command-linelive = /linelive [parada] <ruta>
    .description = La ruta dibujada con sus { vehicle-many }, redibujada durante 10 minutos

## Later boards: /next with a day, a time, the first or the last trips, from the schedule
arg-later = cuando
    .description = Más tarde: mañana, a las 7:00, domingo, primero, último
later-title = { $where }, { $when }
later-place-route = Ruta { $routeNo } en { $stopName } ({ $stopNo })
later-place = { $stopName } ({ $stopNo })
later-when-from = { $day } desde las { $time }
later-when-day = { $day }
later-when-first = { $day }, primeros { vehicle-many }
later-when-last = { $day }, últimos { vehicle-many }
later-trip = { $clock } { $source }
later-trip-every = { $clock }, luego cada { $minutes } min { $source }
later-clock-other-day = { $clock } { $day }
later-none = No hay salidas programadas en esta parada entonces ({ $day }).
later-from-schedule = Horas del horario: las horas en directo aparecen con /proxima cuando se acerca la hora.
later-unsupported = Este servicio de transporte solo da las próximas salidas: no puede responder para más tarde ni para otro día.
button-later = Más tarde →
usage-later-bad-time = «{ $time }» no es una hora: escríbala como 07:00, 7h30 o 7pm (horas de 00 a 23).
usage-later-bad-date = «{ $date }» no es una fecha: escríbala como 2026-11-28.
usage-later-bad-word = «{ $word }» no es un día ni una hora: pruebe mañana, domingo, a las 7:00, primero o último.
usage-later-missing-time = ¿A qué hora? Añádala después de «a las», por ejemplo: a las 7:00
usage-later-too-many = Un día y una hora como máximo, y primero o último sin hora: por ejemplo «mañana a las 7:00» o «último domingo».
## Salir ahora (/place, /walk, /leave): cuándo caminar desde un lugar del viajero hasta la parada.
## Un lugar se nombra, nunca se muestra: las respuestas dicen su nombre, nunca dónde está

command-place = /lugar <nombre>  (luego comparta su ubicación)  o  /lugar borrar <nombre>
    .description = Guardar desde dónde sale, para /salir
command-walk = /caminar lento|normal|rapido
    .description = A qué ritmo camina hasta la parada
command-leave = /salir <parada> <ruta> [desde <lugar>] [días HH:MM-HH:MM]
    .description = Avisarme cuándo salir para mi { vehicle-one }
arg-place = lugar
    .description = El nombre de un lugar guardado, como casa
arg-coordinates = coordenadas
    .description = Latitud,longitud, como 45.42,-75.69
arg-place-delete = borrar
    .description = El nombre de un lugar a borrar
arg-pace = ritmo
    .description = lento, normal o rápido
place-share = Ahora comparta su ubicación (📎 → Ubicación) para guardarla como «{ $name }». Si no puede, escriba sus coordenadas: { $example }
place-saved = «{ $name }» guardado. Pruebe: /salir { $stopExample } { $routeExample } desde { $name }
place-deleted = «{ $name }» borrado.
place-unknown = Este chat no tiene el lugar «{ $name }». /lugar los lista.
place-none = No hay lugares guardados en este chat. Guarde uno con /lugar casa y luego comparta su ubicación.
place-list = { $count ->
    [one] Un lugar guardado: { $names }.
   *[other] { $count } lugares guardados: { $names }.
} /lugar borrar <nombre> borra uno.
place-full = Este chat ya tiene { $max } lugares, el máximo. Borre uno con /lugar borrar.
place-failed = No pude leer ni guardar los lugares de este chat ahora. No se cambió nada; inténtelo en un minuto.
place-unavailable = Este bot no guarda lugares.
place-delete-which = ¿Qué lugar? Por ejemplo: /lugar borrar casa
place-coordinates-bad = No puedo leer «{ $typed }» como un lugar. Escriba su latitud y longitud, como 45.42,-75.69.
walk-pace-bad = No conozco el ritmo «{ $typed }». Use lento, normal o rapido.
walk-set = Ritmo al caminar: { $pace ->
    [slow] lento
    [fast] rápido
   *[normal] normal
} ({ $kmh } km/h).
walk-retimed = { $count ->
    [one] Su alerta de salida cuenta ahora con este ritmo.
   *[other] Sus { $count } alertas de salida cuentan ahora con este ritmo.
}
walk-current = Su ritmo al caminar es { $pace ->
    [slow] lento
    [fast] rápido
   *[normal] normal
} ({ $kmh } km/h). Cámbielo con /caminar lento, /caminar normal o /caminar rapido.
leave-no-place = ¿Desde dónde sale? Guarde primero un lugar: { $example }, y luego comparta su ubicación.
leave-place-unknown = Este chat no tiene el lugar «{ $name }»: tiene { $names }.
leave-place-which = ¿Desde qué lugar?
leave-place-missing = ¿Desde qué lugar? Por ejemplo: { $example }
leave-window-missing = ¿En qué horario? Añada una franja después de los días, como: /salir { $stopExample } { $routeExample } laborables 17:30-18:30
leave-stop-unplaced = No sé dónde está la parada { $stopNo }, así que no puedo calcular su caminata.
leave-too-far = «{ $name }» está demasiado lejos de la parada { $stopNo } para ir a pie.
button-leave-from = 🚶 desde { $name }
button-leave = 🚶 { $routeNo } a pie
subscribe-what-leave = cuándo salir de { $place } para el { $route }{ $towards ->
    [none] { "" }
   *[other] { "" } hacia { $towards }
} en { $stopNo } ({ $walk } min a pie), { $from }-{ $until }, { $days }
leave-now = 🚶 Salga ahora para el { $routeNo }{ $towards ->
    [none] { "" }
   *[other] { "" } hacia { $towards }
} de las { $clock } ({ $trust ->
    [tracked] seguido en vivo
    [predicted] previsto
    [estimated] estimado por su posición
   *[scheduled] horario programado: sin seguimiento
}), { $walk } min a pie desde { $place } hasta { $stopName } ({ $stopNo }).
leave-missed = 🚶 Ya no alcanza el { $routeNo }{ $towards ->
    [none] { "" }
   *[other] { "" } hacia { $towards }
} de las { $clock }: { $place } está a { $walk } min a pie. { $next ->
    [none] Aún no se muestra otro.
   *[other] El próximo que puede alcanzar pasa a las { $nextClock } ({ $nextTrust ->
        [tracked] seguido en vivo
        [predicted] previsto
        [estimated] estimado
       *[scheduled] horario programado: sin seguimiento
    }): salga antes de las { $leaveAt }.
}
leave-next = { $next ->
    [none] Aún no se muestra ningún { vehicle-one } que pueda alcanzar: le avisaré cuándo salir.
   *[other] 🚶 El próximo que puede alcanzar pasa a las { $nextClock } ({ $nextTrust ->
        [tracked] seguido en vivo
        [predicted] previsto
        [estimated] estimado
       *[scheduled] horario programado: sin seguimiento
    }): salga antes de las { $leaveAt }; le avisaré.
}

## 🚌 Seguir este autobús: un viaje seguido hasta la parada del usuario en un mensaje, y 🛎 la
## parada donde se baja (dicha una vez cuando es la próxima, otra cuando el autobús llega)
command-track = /seguir <parada> <ruta>
    .description = Seguir un { vehicle-one } hasta tu parada, en vivo
command-off = /bajar <parada> <ruta> a <parada>
    .description = Aviso cuando la parada donde te bajas es la próxima
arg-off = bajada
    .description = La parada donde te bajas
button-track = { vehicle-emoji } { $routeNo } · { $when }
button-track-next = { vehicle-emoji } Seguir el siguiente · { $when }
button-track-this = { vehicle-emoji } Seguir hasta mi parada
button-get-off = 🛎 Bajar en…
button-off-stop = 🛎 { $stopName } ({ $stopNo })
track-title = { vehicle-emoji } { $routeNo } hacia { $destination }
track-title-route = { vehicle-emoji } { $routeNo }
track-aboard-far = En camino a tu parada { $stopName } ({ $stopNo }): sus minutos llegan cuando esté entre los próximos.
track-to-stop = { $when } ({ $clock }) hasta { $stopName } ({ $stopNo }) { $mark }
track-to-off = { $when } ({ $clock }) hasta tu parada { $stopName } ({ $stopNo }) { $mark }
track-no-position = Sin posición para este { vehicle-one } por ahora.
track-off-at = 🛎 Bajada en { $stopName } ({ $stopNo }): te aviso cuando sea la próxima.
track-footer = Seguido en vivo · actualizado a las { $clock }
track-already = { vehicle-emoji } Ya sigues este { $routeNo }: el mensaje de arriba se mantiene al día.
track-already-off = 🛎 Bajada en { $off }: el mensaje de arriba sigue tu { vehicle-one } y te aviso cuando tu parada sea la próxima.
track-over-passed = { vehicle-emoji } Ya no se sigue: el { $routeNo } pasó tu parada ({ $stopNo }).
track-over-arrived = { vehicle-emoji } Ya no se sigue: estás en tu parada.
track-over-cancelled = { vehicle-emoji } Ya no se sigue: este { $routeNo } fue cancelado.
track-over-vanished = { vehicle-emoji } Ya no se sigue: este { $routeNo } desapareció del seguimiento y puede que no venga.
track-over-skipped = { vehicle-emoji } Ya no se sigue: este { $routeNo } ya no para en { $stopNo }.
track-live-ended = { vehicle-emoji } Ya no se sigue. Pulsa { vehicle-emoji } otra vez para seguir un { vehicle-one }.
off-next = 🛎 Tu parada es la próxima: { $stopName } ({ $stopNo })
off-reached = 🛎 Estás en tu parada: { $stopName } ({ $stopNo }). Bájate aquí.
off-choose = 🛎 ¿Dónde te bajas del { $routeNo }?
off-type = 🛎 Escribe dónde te bajas: { $command } a <parada>
