# arrivals-bot, français (usage québécois). Tous les textes que voit l'usager. Mêmes ids et mêmes
# variables que les messages.ftl des autres langues (un test les compare); les commandes y sont
# nommées comme words.json les nomme.

## Commands: the value is the usage line, .description the menu text (Telegram, Discord)

command-start = /start
    .description = Ce que je fais, avec des exemples
command-help = /aide
    .description = Comment demander votre { vehicle-one }
command-next = /prochain <arrêt> [circuit]
    .description = Prochains passages à un arrêt, pour un circuit ou tous
command-routes = /circuits <arrêt>
    .description = Circuits et directions qui desservent un arrêt
command-disruptions = /perturbations [arrêt] [circuit]  ou  /perturbations circuit <circuit>
    .description = Détours et changements de service en cours
command-reliability = /fiabilite [arrêt] <circuit>
    .description = Fiabilité des heures en direct
command-stop = /arret <arrêt ou nom>
    .description = Où se trouve un arrêt et ce qui le dessert
command-save = /enregistrer <arrêt> [nom]
    .description = Enregistrer un arrêt ici
command-saved = /arrets
    .description = Vos arrêts enregistrés
command-unsave = /oublier <arrêt ou nom>
    .description = Oublier un arrêt enregistré
command-subscribe = /alerte <arrêt> [circuit] <HH:MM> [jours]  ou  /alerte <arrêt> <circuit> quand <N> min <HH:MM-HH:MM> [jours]
    .description = Les passages à une heure, ou quand { vehicle-the } approche
command-subs = /alertes
    .description = Les alertes d'ici et leur prochaine heure
command-unsubscribe = /supprimer <code|toutes>
    .description = Supprimer une alerte
command-pause = /pause <code|toutes>
    .description = Mettre une alerte en pause
command-resume = /reprendre <code|toutes>
    .description = Réactiver une alerte en pause
command-timezone = /fuseau [fuseau]
    .description = Le fuseau horaire des heures d'alerte
command-notify = /prevenir <arrêt> <circuit>
    .description = Me prévenir quand { vehicle-this } est à 5 min
command-where = /position <arrêt> <circuit>
    .description = Où est le prochain { vehicle-one } d'un circuit, sur une carte
command-line = /ligne [arrêt] <circuit>
    .description = Le circuit et ses { vehicle-many }
command-live = /direct <arrêt> [circuit]
    .description = Des passages à jour pendant 10 minutes
command-disruptionspage = /disruptionspage <page> [arrêt] [circuit]
    .description = Une autre page des perturbations
command-disruption = /disruption <référence>
    .description = Le texte entier d'une perturbation
command-ghost = /ghost <arrêt> <circuit> <trajet> <heure>
    .description = Dire qu'un passage n'a pas eu lieu (le bouton 👻)
command-lang = /langue { $languageCodes }
    .description = Choisir la langue : { $languages }

## Command arguments (Discord option descriptions)

arg-stop = arrêt
    .description = { $stopDigits ->
        [0] Le code inscrit sur le panneau de l'arrêt
       *[other] Le numéro à { $stopDigits } chiffres sur le panneau de l'arrêt
    }, par exemple { $stopExample }
arg-route = circuit
    .description = Un circuit, par exemple { $routeExample }
arg-stop-or-name = arrêt
    .description = { $stopDigits ->
        [0] Un code d'arrêt
       *[other] Un numéro d'arrêt à { $stopDigits } chiffres
    }, ou des mots du nom de l'arrêt
arg-language = langue
    .description = { $languages }
arg-label = nom
    .description = Un nom d'un mot pour l'arrêt, comme maison ou travail
arg-stop-or-label = arrêt
    .description = { $stopDigits ->
        [0] Le code de l'arrêt
       *[other] Le numéro à { $stopDigits } chiffres de l'arrêt
    }, ou le nom sous lequel vous l'avez enregistré
arg-time = heure
    .description = Une heure sur 24 heures, comme 07:30
arg-days = jours
    .description = tous-les-jours, semaine, fin-de-semaine, ou des jours comme lun,mer,ven
arg-when = quand
    .description = Alerter quand { vehicle-the } est à ce nombre de minutes, comme 5
arg-window = plage
    .description = Les heures à surveiller, comme 07:00-09:00
arg-way = direction
    .description = La direction : des mots de sa destination
arg-id = code
    .description = Le code de l'alerte, affiché par /alertes (ou toutes)
arg-timezone = fuseau
    .description = Un fuseau horaire IANA, comme { $zoneExample }
arg-channel = canal
    .description = Le nom public d'un canal Telegram, comme @ottawabuses
arg-trip = trajet
    .description = L'heure de départ du trajet, comme 0930
arg-direction = sens
    .description = 0 ou 1, comme le donnent les boutons 🛤
arg-due = heure
    .description = L'heure prévue du passage, comme son bouton 👻 la porte

## Vehicles: what riders call what comes, a route's own ($mode: GTFS route_type), else the
## feed's ($vehicles: what every route runs); "any" reads as neutral words

vehicle-one = { $mode ->
    [bus] autobus
    [train] train
    [tram] tramway
    [metro] métro
    [ferry] traversier
   *[other] { $vehicles ->
        [bus] autobus
        [train] train
        [tram] tramway
        [metro] métro
        [ferry] traversier
       *[other] véhicule
    }
}
vehicle-the = { $mode ->
    [bus] l'autobus
    [train] le train
    [tram] le tramway
    [metro] le métro
    [ferry] le traversier
   *[other] { $vehicles ->
        [bus] l'autobus
        [train] le train
        [tram] le tramway
        [metro] le métro
        [ferry] le traversier
       *[other] le véhicule
    }
}
vehicle-this = { $mode ->
    [bus] cet autobus
    [train] ce train
    [tram] ce tramway
    [metro] ce métro
    [ferry] ce traversier
   *[other] { $vehicles ->
        [bus] cet autobus
        [train] ce train
        [tram] ce tramway
        [metro] ce métro
        [ferry] ce traversier
       *[other] ce véhicule
    }
}
vehicle-many = { $vehicles ->
    [bus] autobus
    [train] trains
    [tram] tramways
    [metro] métros
    [ferry] traversiers
   *[other] départs
}
vehicle-emoji = { $vehicles ->
    [train] 🚆
    [tram] 🚋
    [metro] 🚇
    [ferry] ⛴️
   *[other] 🚌
}

## Help and welcome

start-title = Bonjour! Je vous dis quand passe votre { vehicle-one }.
start-intro = Envoyez le { $stopDigits ->
    [0] code
   *[other] numéro à { $stopDigits } chiffres
} inscrit sur le panneau de l'arrêt et je vous donne les prochains passages, en temps réel quand { vehicle-the } a un GPS.
greeting-saved = Ou touchez l'un de vos arrêts enregistrés :
greeting-saved-button = { $label } ({ $stopNo })
greeting-location-button = 📍 Partager ma position
help-title = { $agency ->
    [none] { $vehicles ->
        [bus] Passages des autobus
       *[other] Prochains passages
    }
   *[other] { $vehicles ->
        [bus] { $agency } : passages des autobus
       *[other] { $agency } : prochains passages
    }
}
help-intro = Tapez un { $stopDigits ->
    [0] code d'arrêt (sur le panneau)
   *[other] numéro d'arrêt ({ $stopDigits } chiffres, sur le panneau)
} pour tous les circuits, ou un arrêt et un circuit.
help-commands-heading = Commandes
help-command-line = { $usage } : { $description }
help-examples-heading = Essayez
help-example-next = /prochain { $stopExample } { $routeExample } : les prochains { vehicle-many } du circuit { $routeExample } à l'arrêt { $stopExample }
help-example-bare = { $stopExample } : tous les circuits à l'arrêt { $stopExample }
help-example-routes = /circuits { $stopExample } : ce qui dessert l'arrêt { $stopExample }
help-example-stop = /arret { $nameExample } : trouver un arrêt par son nom
help-example-lang = /langue en : in English
help-location = Vous pouvez aussi partager votre position pour voir les arrêts près de vous.
help-data-heading = Données
help-topic-arrivals = { vehicle-emoji } Passages
help-topic-stops = ⭐ Vos arrêts
help-topic-alerts = 🔔 Alertes
help-topic-trip = 🚶 Votre trajet
help-topic-settings = ⚙️ Réglages
help-topic-line = { $topic } : { $commands }
help-command-name = /{ $command }
help-topics-more = Chaque commande expliquée : /{ $command } alertes (un groupe ou le nom d'une commande), ou les boutons ci-dessous.
help-note-near-way = Une alerte « quand N min » ou /prevenir pour les { vehicle-many } qui vont dans un seul sens : ajoutez « vers » et leur destination, comme /prevenir { $stopExample } { $routeExample } vers <destination>.
button-help-all = ◀ Toutes les commandes
usage-help-topic-bad = Je n'ai pas d'aide sur « { $topic } ». Essayez /{ $command } alertes, ou /{ $command } seul pour tous les groupes.
arg-help-topic = sujet
    .description = Un groupe de commandes (passages, arrets, alertes, reglages) ou le nom d'une commande

## Usage errors: what was wrong with what the rider typed

usage-too-long = Ce message est trop long ({ $length } caractères); j'en lis au plus { $max }. Essayez : /prochain { $stopExample } { $routeExample }
usage-empty = Envoyez un numéro d'arrêt, par exemple { $stopExample }, ou /aide.
usage-not-understood = Je n'ai pas compris « { $text } ». Envoyez un numéro d'arrêt, par exemple { $stopExample }, ou /aide.
usage-unknown-command = Je ne connais pas /{ $command }. Tapez /aide pour voir ce que je sais faire.
usage-stop-missing = Quel arrêt? Ajoutez son { $stopDigits ->
    [0] code
   *[other] numéro à { $stopDigits } chiffres
}, par exemple : { $example }
usage-stop-digits = Les numéros d'arrêt ont { $stopDigits } chiffres : { $stop } en a { $digits }.
usage-stop-not-number = « { $text } » n'est pas un numéro d'arrêt. { $stopDigits ->
    [0] Les codes d'arrêt ressemblent à { $stopExample }.
   *[other] Les numéros d'arrêt ont { $stopDigits } chiffres, par exemple { $stopExample }.
}
usage-route-bad = « { $route } » n'est pas un numéro de circuit. Les circuits ressemblent à { $routeExample }.
usage-route-missing = Quel circuit? Ajoutez-le, par exemple : { $example }
usage-route-missing-at = Quel circuit à l'arrêt { $stop }? Ajoutez-le après l'arrêt : /{ $command } { $stop } puis le numéro du circuit. /circuits { $stop } affiche ceux qui y passent.
usage-route-without-stop = À quel arrêt? { $route } ressemble à un circuit : envoyez { $stopDigits ->
    [0] le code de l'arrêt
   *[other] le numéro de l'arrêt ({ $stopDigits } chiffres)
} avant lui, ou le nom sous lequel vous l'avez enregistré (/arrets les affiche). { $stopDigits ->
    [0] { "" }
   *[other] Si { $route } était un arrêt : les numéros d'arrêt ont { $stopDigits } chiffres.
}
usage-direction-needs-when = Une direction va avec les alertes de passage proche (« quand 5 min 7h-9h »), pas avec les alertes à heure fixe.
usage-too-many-words = Trop de mots pour /{ $command }. Essayez : { $example }
usage-lang-bad = Je parle { $languages } : /langue { $languageCodes }.
usage-trip-bad = « { $trip } » n'est pas l'heure de départ d'un trajet. Touchez 📍 sous les passages, ou tapez /position avec un arrêt et un circuit.
usage-direction-bad = Un sens vaut 0 ou 1, comme le donnent les boutons 🛤. Tapez /ligne avec un circuit, ou un arrêt et un circuit.

## Arrivals

arrivals-title = { $stopName } ({ $stopNo })
arrivals-route-heading = { $routeNo } { $heading }
arrivals-minutes = { $minutes ->
    [0] maintenant
   *[other] { $minutes } min
}
arrivals-trip = { $when } ({ $clock }) { $source }
arrivals-trip-every = toutes les { $minutes } min { $source }
arrivals-trip-with-notes = { $trip } · { $notes }
arrivals-trip-to = { $trip } vers { $destination }
arrivals-note-last = dernier { vehicle-one }
arrivals-note-double-decker = autobus à deux étages
arrivals-note-60ft = articulé (60 pi)
arrivals-note-bike-rack = support à vélos
arrivals-note-gps-old = GPS vieux de { $age } min, incertain
arrivals-no-trips = Plus aucun passage aujourd'hui.
arrivals-done-today = Plus de passage aujourd'hui : { $routes }
arrivals-none = Aucun { vehicle-one } n'est prévu à cet arrêt pour le moment.
arrivals-route-unknown-route = Le circuit { $routeNo } n'existe pas.
arrivals-route-route-not-at-stop = Le circuit { $routeNo } ne passe pas à l'arrêt { $stopNo }. /circuits { $stopNo } affiche ceux qui y passent.
routes-here-line = Circuits à l'arrêt { $stopNo } : { $routes }
arrivals-route-other = Le service de transport signale un problème avec le circuit { $routeNo }{ $code ->
    [none] .
   *[other] {" "}(code { $code }).
}
arrivals-more-routes = et { $count ->
    [one] un autre circuit
   *[other] { $count } autres circuits
} — demandez-en un : /prochain { $stopNo } { $example }
arrivals-trip-cancelled = { $clock } annulé ✖
arrivals-live-unavailable = ⚠️ Les données en direct sont indisponibles : { $estimated ->
    [yes] voici les heures prévues, sauf celles marquées 🧭.
   *[no] voici les heures prévues.
}
arrivals-live-stale = ⚠️ Les données en direct sont périmées : { $estimated ->
    [yes] voici les heures prévues, sauf celles marquées 🧭.
   *[no] voici les heures prévues.
}
arrivals-updated = Mis à jour à { $clock }

## Buttons

button-refresh = Actualiser
button-save = Enregistrer l'arrêt
button-route = Circuit { $routeNo }
button-stop = { $stopNo } { $name }
button-transfer = ↔ { $stopNo } { $name }
button-disruptions = ⚠️ { $count ->
    [one] La perturbation en entier
   *[other] Les { $count } perturbations en entier
}
button-where = 📍 { $routeNo } · { $when }
button-arrivals = Passages
button-live = 🔴 En direct
live-board-left = 🔴 En direct : mis à jour toutes les 30 s pendant encore { $minutes } min
live-board-stopped = Mises à jour en direct arrêtées. Touchez 🔴 En direct pour { $minutes } minutes de plus.
live-last-known = ⚠️ Les données en direct sont indisponibles : voici les dernières heures reçues.
live-board-unavailable = ⚠️ Les données en direct sont indisponibles. Touchez Actualiser pour les passages.

## Where is my bus (📍, /where)

where-title = 📍 { $routeNo } vers { $destination }
where-arrival = { $when } ({ $clock }) à { $stopName } ({ $stopNo })
where-stops-away = { $stops ->
    [0] À votre arrêt ou sur le point d'y arriver
    [one] À 1 arrêt
   *[other] À { $stops } arrêts
}
where-passed = Déjà passé : { vehicle-this } a dépassé votre arrêt.
where-live-passed = 📍 Plus mis à jour : { vehicle-the } a passé votre arrêt.
where-live-ended = 📍 Plus mis à jour. Touchez 📍 de nouveau pour suivre { vehicle-this }.
where-fix = Position d'il y a { $age }
where-fix-now = Position en direct
where-fix-old = ⚠️ Aucune position récente : la dernière date de { $age }, { vehicle-the } n'y est plus.
where-fix-suspect = ⚠️ Position d'âge inconnu : l'horloge de son traceur est en avance sur la nôtre, l'autobus n'y est peut-être plus.
where-no-fix = Aucune position pour cet autobus : son traceur n'en envoie pas en ce moment.
where-no-fix-scheduled = Aucune position pour { vehicle-this } : seule son heure prévue est connue.
where-no-fix-no-feed = Aucune position pour { vehicle-this } : les données de ce réseau ne donnent pas la position des véhicules.
where-age-seconds = { $seconds } s
where-age-minutes = { $minutes } min
where-speed = Roule à { $speed } km/h
where-occupancy-empty = 🟢 Vide
where-occupancy-many-seats = 🟢 Beaucoup de places assises
where-occupancy-few-seats = 🟡 Peu de places assises
where-occupancy-standing = 🟠 Places debout seulement
where-occupancy-crushed = 🔴 Bondé, places debout seulement
where-occupancy-full = 🔴 Complet
where-occupancy-not-accepting = 🔴 N'accepte pas de passagers
where-wheelchair-yes = ♿ Accessible en fauteuil roulant
where-wheelchair-no = Non accessible en fauteuil roulant
where-vehicle = Véhicule { $label }
where-map = Carte : { $link }
where-map-old = Dernière position connue (ancienne) : { $link }
where-map-suspect = Dernière position signalée (âge inconnu) : { $link }
where-trip-gone = Sur le circuit { $routeNo }, { vehicle-this } ne figure plus parmi les prochains passages à l'arrêt { $stopNo }.
where-no-trips = Aucun { vehicle-one } du circuit { $routeNo } n'arrive à l'arrêt { $stopNo } pour le moment.

## Failures: the transit service or the bot could not answer

error-refused-credentials = Le service de transport refuse la clé de ce robot. L'exploitant du robot doit corriger la situation; désolé.
error-unavailable = Le service de transport n'arrive pas à joindre ses propres données en ce moment. Réessayez dans une minute.
error-unrecognised = Le service de transport a répondu par une erreur inconnue (code { $code }). Réessayez plus tard.
error-unknown-stop = L'arrêt { $stopNo } n'existe pas. Vérifiez le { $stopDigits ->
    [0] code
   *[other] numéro à { $stopDigits } chiffres
} sur le panneau de l'arrêt.
error-unknown-route = Le circuit { $routeNo } n'existe pas. Vérifiez le numéro à l'avant de { vehicle-the }.
error-route-not-at-stop = Le circuit { $routeNo } ne passe pas à l'arrêt { $stopNo }. Essayez /circuits { $stopNo } pour voir ce qui s'y arrête.
error-no-routes = Aucun circuit ne dessert l'arrêt { $stopNo } en ce moment.
error-ambiguous-stop = L'arrêt { $stopNo } existe dans plusieurs réseaux : écrivez le nom du réseau devant.
error-busy = Le service de transport est occupé : on lui pose trop de questions à la fois. Réessayez dans une minute.
error-timeout = Le service de transport ne répond pas (il a mis trop de temps). Réessayez dans une minute.
error-network = Le service de transport ne répond pas (impossible de le joindre). Réessayez dans une minute.
error-http = Le service de transport ne répond pas correctement (HTTP { $status }). Réessayez dans une minute.
error-parse = Le service de transport ne répond pas correctement (sa réponse est incompréhensible). Réessayez dans une minute.
error-bad-request = Je n'ai pas pu formuler cette demande au service de transport. Vérifiez les numéros d'arrêt et de circuit.
error-loading = Les horaires sont en cours de chargement (une première importation prend quelques minutes). Réessayez sous peu.
error-no-schedule = Les horaires de ce réseau n'ont pas pu être chargés : je n'ai donc pas d'heures pour ses arrêts. L'exploitant du robot peut en voir la raison dans son journal; réessayer dans une minute n'y changera rien.
error-internal = Quelque chose a mal tourné de mon côté. Réessayez dans une minute.

## Disruptions (detours, service changes): under arrivals and /disruptions

disruptions-heading = ⚠️ Perturbations
disruptions-line = { $effect } : { $text }
disruptions-use-stop = ➡️ Prenez plutôt l'arrêt { $stop } ({ $name })
disruptions-line-agency = { $agency } · { $effect } : { $text }
disruptions-page = Page { $page } sur { $pages } ({ $count } perturbations)
button-page-previous = ◀ Précédentes
button-page-next = Suivantes ▶
button-disruption-full = 📄 En entier : { $text }
disruption-title = ⚠️ Perturbation
disruption-gone = Cette perturbation n'est plus affichée : elle est peut-être terminée. /perturbations affiche celles en cours.
usage-page-bad = « { $page } » n'est pas un numéro de page. Les boutons sous la liste en tournent les pages.
arg-page = page
    .description = La page de la liste, comme 2
arg-disruption = perturbation
    .description = La perturbation, comme son bouton 📄 la nomme
disruptions-more = et { $count ->
    [one] une autre
   *[other] { $count } autres
}
disruptions-unavailable-short = ⚠️ Les perturbations ne peuvent pas être lues pour l'instant.
disruptions-unavailable = Le flux des perturbations ne peut pas être lu pour l'instant. Réessayez dans quelques minutes.
disruptions-incomplete = Les perturbations d'un des réseaux ne peuvent pas être lues pour l'instant : il peut y en avoir d'autres.
disruptions-not-published = Ce réseau ne publie pas de perturbations que je sache lire.
disruptions-none = Aucune perturbation en ce moment.
disruptions-not-understood = Je ne comprends pas « { $stop } » ici (ce n'est ni un arrêt enregistré ni un nom d'arrêt). Essayez /perturbations seul pour toutes, /perturbations avec un arrêt, /perturbations circuit et un numéro de circuit, ou /perturbations off ou on pour les envois.
disruptions-title-stop = { $routeNo ->
    [none] Perturbations à l'arrêt { $stopNo }
   *[other] Perturbations du circuit { $routeNo } à l'arrêt { $stopNo }
}
disruptions-title-route = Perturbations sur le circuit { $routeNo }
disruptions-title-all = Perturbations en ce moment
disruption-push-title = { $routeNo ->
    [none] ⚠️ Perturbation à votre arrêt { $stopNo }
   *[other] ⚠️ Perturbation du circuit { $routeNo } à votre arrêt { $stopNo }
}
disruption-push-footer = /perturbations off : ne plus recevoir ces messages.
disruptions-pushes-off = Les perturbations ne seront plus envoyées dans cette conversation. /perturbations on pour les recevoir à nouveau.
disruptions-pushes-on = Les perturbations touchant les arrêts enregistrés et les alertes de cette conversation y seront envoyées. /perturbations off pour les arrêter.
disruptions-pushes-failed = Je n'ai pas pu enregistrer ce choix pour l'instant. Réessayez dans une minute.
usage-pushes-bad = Écrivez /perturbations on ou /perturbations off.
arg-pushes = envois
    .description = on ou off : les perturbations envoyées dans cette conversation
disruption-effect-no-service = Aucun service
disruption-effect-reduced-service = Service réduit
disruption-effect-significant-delays = Retards
disruption-effect-detour = Détour
disruption-effect-additional-service = Service ajouté
disruption-effect-modified-service = Service modifié
disruption-effect-stop-moved = Arrêt déplacé
disruption-effect-accessibility-issue = Accessibilité
disruption-effect-no-effect = Avis
disruption-effect-other = Avis
disruption-effect-unknown = Avis

## Routes at a stop (/routes)

routes-title = Circuits à { $stopName } ({ $stopNo })
routes-line = { $routeNo } { $heading }
routes-line-direction = { $routeNo } { $heading } ({ $direction })
routes-none = Aucun circuit ne dessert cet arrêt.
routes-direction-east = direction est
routes-direction-west = direction ouest
routes-direction-north = direction nord
routes-direction-south = direction sud

## One stop (/stop)

stop-title = { $stopName } ({ $stopNo })
stop-location = Emplacement : { $lat }, { $lon }
stop-map = Carte : { $url }
stop-routes-heading = Circuits
stop-routes-unknown = Je n'ai pas pu obtenir les circuits pour le moment.
stop-not-found = Je ne connais pas l'arrêt { $stopNo }. Vérifiez le { $stopDigits ->
    [0] code
   *[other] numéro à { $stopDigits } chiffres
} sur le panneau de l'arrêt.
stop-which-title = L'arrêt { $stopNo } existe dans plusieurs réseaux : lequel?
stop-which-line = { $agency } : { $name }
stop-which-line-near = { $agency } : { $name } (à { $meters } m)
stop-unconfirmed = ⚠️ { $network } a peut-être aussi un arrêt { $code }, mais { $why ->
    [loading] ses horaires sont encore en chargement
    [no-schedule] ses horaires n'ont pas pu être chargés
   *[other] il ne répond pas en ce moment
} : ceci est { $stopNo }.
stop-search-title = Arrêts correspondant à « { $words } »
stop-search-none = Aucun arrêt ne correspond à « { $words } ». Essayez moins de mots ou d'autres mots.
stop-search-more = { $count ->
    [one] et un autre; ajoutez un mot pour préciser.
   *[other] et { $count } autres; ajoutez un mot pour préciser.
}
stop-search-no-index = Je ne peux pas chercher les arrêts par nom ici. Envoyez le { $stopDigits ->
    [0] code
   *[other] numéro à { $stopDigits } chiffres
} inscrit sur le panneau de l'arrêt.
stops-unsearchable = { $network ->
    [none] Les arrêts de ce réseau
   *[other] Les arrêts de { $network }
} ne peuvent pas être cherchés par nom ni par position : { $why ->
    [loading] ses horaires sont encore en chargement. Réessayez sous peu.
   *[other] ses horaires n'ont pas pu être chargés (l'exploitant du robot peut voir pourquoi).
}

## Nearby stops (a shared location)

location-title = Arrêts près de vous
location-line = { $stopNo } { $name } : { $meters } m
location-none = Aucun arrêt à moins de { $meters } m de cet endroit.
location-no-index = Je ne peux pas chercher les arrêts par position ici. Envoyez plutôt le { $stopDigits ->
    [0] code de l'arrêt
   *[other] numéro d'arrêt à { $stopDigits } chiffres
}.
location-bad = Cette position semble erronée. Pouvez-vous la partager de nouveau?

## Saved stops

save-done = Arrêt { $stopNo } enregistré. /arrets affiche vos arrêts enregistrés.
save-done-named = Arrêt { $stopNo } enregistré sous « { $label } » : /prochain { $label } le demande.
save-already = L'arrêt { $stopNo } est déjà enregistré. /arrets affiche vos arrêts enregistrés.
save-label-taken = Vous avez déjà un arrêt enregistré sous « { $label } ». Choisissez un autre nom, ou faites d'abord /oublier { $label }.
save-full = Vous avez déjà { $max } arrêts enregistrés, le maximum que je garde.
save-failed = Je n'ai pas pu l'enregistrer pour le moment. Rien n'est perdu; réessayez dans une minute.
stops-title = Vos arrêts enregistrés
stops-none = Aucun arrêt enregistré pour l'instant. Enregistrez-en un avec /enregistrer { $stopExample }, ou /enregistrer { $stopExample } maison pour lui donner un nom.
stops-failed = Je n'ai pas pu lire vos arrêts enregistrés pour le moment. Réessayez dans une minute.
unsave-failed = Je n'ai pas pu oublier cet arrêt pour le moment. Il est toujours enregistré; réessayez dans une minute.
unsave-done = Arrêt { $stopNo } retiré de vos arrêts enregistrés.
unsave-unknown = « { $stop } » ne fait pas partie de vos arrêts enregistrés. /arrets les affiche.
usage-saved-unknown = Vous n'avez aucun arrêt enregistré sous « { $label } ». /arrets affiche vos arrêts; /enregistrer suivi d'un arrêt et de { $label } en nomme un.
usage-stop-name-unknown = Aucun arrêt enregistré ni aucun nom d'arrêt ne correspond à « { $label } ». /arrets affiche vos arrêts; /arret avec d'autres mots cherche parmi les noms.
stop-name-choice-title = Quel arrêt? Arrêts correspondant à « { $words } »
usage-label-bad = Le nom d'un arrêt est un mot de 20 lettres ou chiffres au plus, comme maison ou travail.

## Alerts (/subscribe, /subs, /unsubscribe, /pause, /resume, /timezone)

subscribe-done = Alerte { $id } créée : { $what }. Prochaine : { $next }.
subscribe-full = Cette conversation a déjà { $max } alertes, le maximum que je garde. Faites d'abord /supprimer.
subscribe-failed = Je n'ai pas pu créer cette alerte pour le moment. Rien n'a changé; réessayez dans une minute.
subscribe-not-admin = Seuls les administrateurs de ce groupe peuvent modifier ses alertes.
subscribe-channel-unknown = Je ne trouve pas le canal { $channel }. Ajoutez-moi comme administrateur qui peut publier, puis réessayez.
subscribe-channel-not-admin = Seul un administrateur de { $channel } peut créer ses alertes.
subscribe-channel-cannot-post = Je ne peux pas encore publier dans { $channel } : faites de moi un administrateur qui peut publier.
subscribe-channel-unsupported = Créer les alertes d'un canal d'ici ne fonctionne que sur Telegram.
subscribe-what-at = { $route ->
    [none] tous les circuits à l'arrêt { $stopNo }
   *[other] circuit { $route } à l'arrêt { $stopNo }
} à { $time }, { $days }
subscribe-what-near = quand le { $route }{ $towards ->
    [none] { "" }
   *[other] { "" } vers { $towards }
} est à { $minutes } min de l'arrêt { $stopNo }, { $from }-{ $until }, { $days }
days-daily = tous les jours
days-weekdays = en semaine
days-weekends = la fin de semaine
days-list = { $days }
day-0 = dim
day-1 = lun
day-2 = mar
day-3 = mer
day-4 = jeu
day-5 = ven
day-6 = sam
subs-title = Alertes de cette conversation
subs-none = Aucune alerte ici pour l'instant. Essayez : /alerte { $stopExample } { $routeExample } 07:30 semaine
subs-line = { $id } : { $what }{ $paused ->
    [user] { "" } (en pause)
    [refused] { "" } (en pause : je ne pouvais pas publier ici)
   *[none] . Prochaine : { $next }
}
subs-failed = Je n'ai pas pu lire les alertes de cette conversation pour le moment. Réessayez dans une minute.
unsubscribe-done = Alerte { $id } supprimée.
unsubscribe-all-done = { $count ->
    [0] Il n'y avait aucune alerte à supprimer.
    [one] L'unique alerte de cette conversation a été supprimée.
   *[other] Les { $count } alertes de cette conversation ont été supprimées.
}
unsubscribe-failed = Je n'ai pas pu supprimer { $id ->
    [all] les alertes
   *[other] l'alerte { $id }
} pour le moment. /alertes affiche celles qui restent; réessayez dans une minute.
pause-done = Alerte { $id } en pause. /reprendre { $id } la réactive.
pause-all-done = { $count ->
    [0] Aucune alerte active à mettre en pause.
    [one] L'unique alerte active est en pause. /reprendre toutes réactive les alertes.
   *[other] Les { $count } alertes actives sont en pause. /reprendre toutes les réactive.
}
pause-failed = Je n'ai pas pu mettre { $id ->
    [all] les alertes
   *[other] l'alerte { $id }
} en pause pour le moment. Réessayez dans une minute.
resume-done = L'alerte { $id } est réactivée. Prochaine : { $next }.
resume-all-done = { $count ->
    [0] Aucune alerte de cette conversation n'est en pause.
    [one] L'unique alerte en pause est réactivée.
   *[other] Les { $count } alertes en pause sont réactivées.
}
resume-failed = Je n'ai pas pu réactiver { $id ->
    [all] les alertes
   *[other] l'alerte { $id }
} pour le moment. Réessayez dans une minute.
subs-unknown-id = Cette conversation n'a pas d'alerte { $id }. /alertes les affiche avec leur code.
timezone-set = Les heures des alertes de cette conversation sont maintenant lues dans le fuseau { $zone }.
timezone-current = Les heures des alertes de cette conversation sont lues dans le fuseau { $zone }. Changez-le avec /fuseau America/Vancouver (tout fuseau IANA).
timezone-agency = Cette conversation n'a pas de fuseau horaire à elle : les heures des alertes sont lues à l'heure du transporteur{ $zone ->
    [none] {""}
   *[other] {" "}({ $zone })
}. Choisissez-en un avec /fuseau America/Vancouver (tout fuseau IANA).
usage-time-bad = « { $time } » n'est pas une heure. Utilisez l'heure sur 24 heures, comme 07:30 ou 17:45.
usage-time-missing = À quelle heure? Ajoutez-la, par exemple : { $example }
usage-time-unread = Je ne sais pas lire « { $time } » comme une heure. Écrivez-la sur 24 heures, par exemple : { $example }
usage-days-bad = Je ne connais pas le jour « { $day } ». Utilisez tous-les-jours, semaine, fin-de-semaine, ou des jours comme lun,mer,ven.
usage-minutes-bad = « { $minutes } » n'est pas un nombre de minutes de 1 à 60, comme : quand 5 min
usage-window-bad = « { $window } » n'est pas une plage horaire. Utilisez deux heures sur 24 heures, comme 07:00-09:00.
usage-window-order = La plage { $window } finit avant de commencer. Utilisez une plage comme 07:00-09:00.
usage-window-needs-when = { $window } est une plage horaire : pour savoir quand votre { vehicle-one } approche pendant celle-ci, ajoutez à combien de minutes, comme : /alerte { $stopExample } { $routeExample } quand 5 min { $window }
usage-window-missing = À quelles heures? Ajoutez une plage, par exemple : /alerte { $stopExample } { $routeExample } quand 5 min 07:00-09:00
usage-near-route-missing = Quel circuit? Les alertes « quand il approche » suivent un circuit, par exemple : /alerte { $stopExample } { $routeExample } quand 5 min 07:00-09:00
usage-id-missing = Quelle alerte? Ajoutez son code affiché par /alertes, par exemple : /supprimer k3f9
usage-timezone-bad = « { $zone } » n'est pas un fuseau horaire que je connais. Utilisez un nom IANA, comme America/Toronto ou Europe/Paris.
alert-title = ⏰ { $stopName } ({ $stopNo })
alert-near = { vehicle-emoji } Le circuit { $routeNo }{ $towards ->
    [none] { "" }
   *[other] { "" } vers { $towards }
} { $minutes ->
    [0] arrive maintenant à
   *[other] est à { $minutes } min de
} { $stopName } ({ $stopNo }), à { $clock } { $source }
alert-near-closer = { vehicle-emoji } Le prochain { $routeNo }{ $towards ->
    [none] { "" }
   *[other] { "" } vers { $towards }
} { $minutes ->
    [0] arrive maintenant à
   *[other] est à { $minutes } min de
} { $stopName } ({ $stopNo }); { $following ->
    [none] aucun autre n'est encore affiché.
   *[other] le suivant passe dans { $followingMinutes } min.
}
near-direction-bad = Je ne peux pas lire « { $typed } » comme une direction : tapez quelques mots de la destination, après « vers ».
near-direction-choose = Le circuit { $routeNo } va dans plus d'une direction à l'arrêt { $stopNo } : laquelle ? (Ou tapez-la : { $example })
near-direction-unknown = Le circuit { $routeNo } ne va pas vers « { $typed } » depuis l'arrêt { $stopNo } : dans quelle direction ?
button-direction = vers { $towards }
subs-next-today-until = aujourd'hui jusqu'à { $until }
subs-next-today-at = aujourd'hui { $time }
alert-unavailable = ⚠️ Les passages à l'arrêt { $stopNo } sont indisponibles pour le moment : le service de transport ne répond pas. Je réessaierai à la prochaine alerte.
button-notify = 🔔 { $routeNo } proche
button-notify-towards = 🔔 { $routeNo } vers { $towards }

## Language

lang-set = D'accord, je parlerai français dans cette conversation.
lang-failed = Je n'ai pas pu m'en souvenir pour le moment; réessayez dans une minute.

## Terminal chat

console-welcome = Tapez un numéro d'arrêt, par exemple { $stopExample }, ou /aide. Ctrl+D pour quitter.

## Live map: the web page a link (or a Telegram Mini App) opens

map-title = Ligne { $route } : carte en direct
map-direction = vers { $heading }
map-on-road = En circulation
map-stops = Arrêts
map-disruptions = Perturbations
map-none-on-road = Aucun véhicule de la ligne { $route } ne circule en ce moment.
map-no-positions = Ce flux ne donne pas la position des véhicules : seulement la ligne et ses arrêts.
map-your-stop = votre arrêt
map-vehicle = { $label } vers { $heading }
map-vehicle-next = prochain arrêt { $stop }
map-tracked = vu il y a { $seconds } s
map-old = vu il y a { $minutes } min, plus à cet endroit
map-suspect = position d’âge inconnu
map-updated = Mis à jour à { $time }
map-unavailable = Les données en direct sont illisibles pour l’instant ; nouvel essai bientôt.
map-refused = Il n’y a pas de ligne { $route } à montrer.
map-saved-stops = Vos arrêts enregistrés
map-drawing = La ligne { $route } avec ses arrêts et ses véhicules
map-no-tiles = Dessin sans fond de carte.
map-link = Carte en direct d’une ligne : { $url }
map-button-route = 🗺 { $route }
map-button = 🗺 Carte

## Chat adapters: what an adapter says itself (Telegram pop-ups, inline mode)

rate-limited = Un peu moins vite : trop de demandes. Réessayez dans une minute.
refresh-up-to-date = C'est déjà à jour.
button-expired = Ce bouton a expiré. Envoyez de nouveau le numéro d'arrêt.
inline-usage-title = Tapez un numéro d'arrêt, par exemple { $stopExample } { $routeExample }
inline-usage-description = Les prochains { vehicle-many } à un arrêt, à partager dans cette conversation

## Trust: how far each arrival's time may be relied on. One mark beside the minutes, learnt once
## from the legend under the arrivals and in /help; words where the schedule is known

arrivals-source-tracked = 📡
arrivals-source-predicted = 🔮
arrivals-source-estimated = 🧭
arrivals-source-scheduled = 🕒
arrivals-legend-tracked = 📡 { vehicle-one } localisé
arrivals-legend-predicted = 🔮 prévu, { vehicle-one } non localisé
arrivals-legend-predicted-no-positions = 🔮 prévu
arrivals-legend-estimated = 🧭 estimé d'après sa position
arrivals-legend-scheduled = 🕒 horaire
arrivals-note-late = { $minutes } min de retard
arrivals-note-early = { $minutes } min d'avance
arrivals-note-on-time = à l'heure
arrivals-trip-skipped = { $clock } ne s'arrête pas ici ⏭
arrivals-trip-vanished = { $clock } 👻 disparu du suivi à { $since }
arrivals-note-vanished-next = Suivant : { $clock } { $source }
arrivals-note-use-stop = prenez plutôt l'arrêt { $stop }
arrivals-legend-vanished = 👻 disparu du suivi, peut ne pas passer
arrivals-live-stale-age = ⚠️ Les données en direct datent de { $minutes } min : { $estimated ->
    [yes] voici les heures prévues, sauf celles marquées 🧭.
   *[no] voici les heures prévues.
}

## Line
button-line = 🛤 { $routeNo }
button-line-direction = 🛤 → { $heading }
line-title = 🛤 Circuit { $routeNo }
line-heading = { $routeNo } → { $heading }
line-bus = { vehicle-emoji } { $when } { $mark }{ $note } · { $stops ->
    [0] à votre arrêt
    [one] à { $stops } arrêt
   *[other] à { $stops } arrêts
}
line-buses = { $count ->
    [0] Aucun { vehicle-one } dans ce sens en ce moment
    [one] { $count } { vehicle-one } dans ce sens
   *[other] { $count } { vehicle-many } dans ce sens
}
line-no-buses = Aucun { vehicle-one } sur le circuit en ce moment
line-no-positions = Ce réseau ne donne pas la position des véhicules : aucun { vehicle-one } ne peut être placé sur le circuit.
line-no-stops = Le circuit { $routeNo } n’a pas d’arrêts à dessiner dans l’horaire.
line-not-drawable = Le circuit { $routeNo } ne peut pas être dessiné ici : cette source ne donne pas les arrêts d’un circuit dans l’ordre. /prochain donne ses horaires.
line-legend-tracked = { vehicle-one } localisé
line-legend-predicted = prévu, non localisé
line-legend-estimated = estimé selon sa position
line-legend-scheduled = horaire seul
line-legend-rider = votre arrêt
line-legend-skipped = non desservi

## Fiabilité (/fiabilite) : ce que valaient les heures en direct, mesuré par le bot lui-même
reliability-heading = { $days } derniers jours, circuit { $route } :
reliability-heading-at = { $days } derniers jours, circuit { $route } à l'arrêt { $stop } :
reliability-predictions = { $accurate } % { $scored ->
        [one] d'une prévision
       *[other] de { $scored } prévisions
    } se sont vérifiées dans la marge habituelle (de 30 s d'avance à 1 min 30 de retard pour un { vehicle-one } attendu dans moins de 3 min, davantage au-delà) ; en les suivant, vous auriez attrapé { vehicle-the } { $caught } % du temps.
reliability-few = Peu de prévisions vérifiées jusqu'ici : prenez ces chiffres comme une première indication.
reliability-none-yet = Aucune prévision vérifiée pour l'instant : le bot compare chaque heure en direct au moment où { vehicle-the } est vu à l'arrêt, et n'en a pas encore vu passer.
reliability-trips = { $cancelled ->
        [one] 1 passage annulé
       *[other] { $cancelled } passages annulés
    }, { $vanished } disparus du suivi.
reliability-trips-route = Sur tout le circuit { $route } : { $cancelled ->
        [one] 1 passage annulé
       *[other] { $cancelled } passages annulés
    }, { $vanished } disparus du suivi.
reliability-reports = { $count ->
        [one] 1 usager a signalé un { vehicle-one } qui n'est pas passé cette semaine.
       *[other] { $count } usagers ont signalé un { vehicle-one } qui n'est pas passé cette semaine.
    }
reliability-no-realtime = Ce flux ne donne pas d'heures en direct, seulement l'horaire : il n'y a rien à mesurer.
reliability-not-recorded = Pas de chiffres pour ce flux : le bot ne mesure les heures en direct que des flux GTFS-Realtime qu'il suit.

## Signalements : le bouton 👻 sous un tableau, pour un passage déjà montré dont l'heure est passée
button-report-ghost = 👻 { $routeNo } { $time } pas passé ?
report-counted = 👻 Merci : votre signalement que le { $routeNo } n'est pas passé est compté.
report-already = Vous avez déjà signalé ce { $routeNo }. Merci.
report-too-many = Vous avez envoyé beaucoup de signalements cette heure-ci. Merci ; réessayez plus tard.
report-turned-off = Les signalements de passages manqués sont désactivés sur ce bot.
report-not-yet = Ce { $routeNo } n'est pas encore prévu : il pourra être signalé une fois son heure passée.
report-too-late = Ce passage était prévu il y a trop longtemps pour être signalé.
report-failed = Votre signalement n'a pas pu être enregistré pour l'instant. Réessayez dans un moment.

## Changements de trajets envoyés : un passage qu'une conversation attend (l'heure de son alerte,
## son tableau en direct ou son 📍) annulé, disparu du suivi ou qui ne s'arrête plus, avec le suivant

trip-change-cancelled = ✖ Le { $routeNo } prévu à { $clock } à l'arrêt { $stopNo } est annulé.
trip-change-vanished = 👻 Le { $routeNo } prévu à { $clock } à l'arrêt { $stopNo } a disparu du suivi à { $since } : il peut ne pas passer.
trip-change-skipped = ⏭ Le { $routeNo } prévu à { $clock } ne s'arrêtera pas à l'arrêt { $stopNo } : il saute cet arrêt.
trip-change-next = Suivant : { $clock } ({ $trust })
trip-change-no-next = Aucun autre { $routeNo } n'est affiché à l'arrêt { $stopNo } pour l'instant.
trip-change-trust-tracked = suivi
trip-change-trust-predicted = prévu, aucun véhicule repéré
trip-change-trust-estimated = estimé d'après sa position
trip-change-trust-scheduled = horaire seulement
where-live-cancelled = 📍 Plus mis à jour : ce passage a été annulé.
where-live-vanished = 📍 Plus mis à jour : ce passage a disparu du suivi et peut ne pas passer.
where-live-skipped = 📍 Plus mis à jour : ce passage ne s'arrête plus à votre arrêt.

## Une image de /line tenue à jour (🔴 En direct sous elle) : redessinée sur place quand ce qu'elle montre change
command-linelive = /linelive [arrêt] <circuit>
    .description = Le circuit et ses { vehicle-many }, redessinés pendant 10 minutes

## Later boards: /next with a day, a time, the first or the last trips, from the schedule
arg-later = quand
    .description = Plus tard : demain, à 7h, dimanche, premier, dernier
later-title = { $where }, { $when }
later-place-route = Circuit { $routeNo } à { $stopName } ({ $stopNo })
later-place = { $stopName } ({ $stopNo })
later-when-from = { $day } à partir de { $time }
later-when-day = { $day }
later-when-first = { $day }, premiers { vehicle-many }
later-when-last = { $day }, derniers { vehicle-many }
later-trip = { $clock } { $source }
later-trip-every = { $clock }, puis toutes les { $minutes } min { $source }
later-clock-other-day = { $clock } { $day }
later-none = Aucun passage prévu à cet arrêt à ce moment ({ $day }).
later-from-schedule = Heures de l'horaire : les heures en direct s'affichent avec /prochain à l'approche.
later-unsupported = Ce service de transport ne donne que les prochains passages : il ne peut pas répondre pour plus tard ni pour un autre jour.
button-later = Plus tard →
usage-later-bad-time = « { $time } » n'est pas une heure : écrivez-la comme 07:00, 7h30 ou 19h (heures de 00 à 23).
usage-later-bad-date = « { $date } » n'est pas une date : écrivez-la comme 2026-11-28.
usage-later-bad-word = « { $word } » n'est ni un jour ni une heure : essayez demain, dimanche, à 7h, premier ou dernier.
usage-later-missing-time = À quelle heure? Ajoutez-la après « à », par exemple : à 7h
usage-later-too-many = Un jour et une heure au plus, et premier ou dernier sans heure : par exemple « demain à 7h » ou « dernier dimanche ».
## Partir maintenant (/place, /walk, /leave) : quand marcher d'un lieu du voyageur jusqu'à l'arrêt.
## Un lieu est nommé, jamais montré : les réponses disent son nom, jamais où il est

command-place = /lieu <nom>  (puis partagez votre position)  ou  /lieu supprimer <nom>
    .description = Enregistrer d'où vous partez, pour /partir
command-walk = /marche lent|normal|rapide
    .description = À quelle vitesse vous marchez jusqu'à l'arrêt
command-leave = /partir <arrêt> <ligne> [depuis <lieu>] [jours HH:MM-HH:MM]
    .description = Me dire quand partir pour mon { vehicle-one }
arg-place = lieu
    .description = Le nom d'un lieu enregistré, comme maison
arg-coordinates = coordonnées
    .description = Latitude,longitude, comme 45.42,-75.69
arg-place-delete = supprimer
    .description = Le nom d'un lieu à supprimer
arg-pace = allure
    .description = lent, normal ou rapide
place-share = Partagez maintenant votre position (📎 → Position) pour l'enregistrer comme « { $name } ». Si vous ne pouvez pas, tapez ses coordonnées : { $example }
place-saved = « { $name } » enregistré. Essayez : /partir { $stopExample } { $routeExample } depuis { $name }
place-deleted = « { $name } » supprimé.
place-unknown = Cette conversation n'a pas de lieu « { $name } ». /lieu les liste.
place-none = Aucun lieu enregistré ici. Enregistrez-en un avec /lieu maison, puis partagez votre position.
place-list = { $count ->
    [one] Un lieu enregistré : { $names }.
   *[other] { $count } lieux enregistrés : { $names }.
} /lieu supprimer <nom> en supprime un.
place-full = Cette conversation a déjà { $max } lieux, le maximum. Supprimez-en un avec /lieu supprimer.
place-failed = Je n'ai pas pu lire ni enregistrer les lieux de cette conversation. Rien n'a changé ; réessayez dans une minute.
place-unavailable = Ce bot ne garde pas de lieux.
place-delete-which = Quel lieu ? Par exemple : /lieu supprimer maison
place-coordinates-bad = Je ne peux pas lire « { $typed } » comme un lieu. Tapez sa latitude et sa longitude, comme 45.42,-75.69.
walk-pace-bad = Je ne connais pas l'allure « { $typed } ». Utilisez lent, normal ou rapide.
walk-set = Allure de marche : { $pace ->
    [slow] lente
    [fast] rapide
   *[normal] normale
} ({ $kmh } km/h).
walk-retimed = { $count ->
    [one] Votre alerte de départ compte désormais sur cette allure.
   *[other] Vos { $count } alertes de départ comptent désormais sur cette allure.
}
walk-current = Votre allure de marche est { $pace ->
    [slow] lente
    [fast] rapide
   *[normal] normale
} ({ $kmh } km/h). Changez-la avec /marche lent, /marche normal ou /marche rapide.
leave-no-place = D'où partez-vous ? Enregistrez d'abord un lieu : { $example }, puis partagez votre position.
leave-place-unknown = Cette conversation n'a pas de lieu « { $name } » : elle a { $names }.
leave-place-which = Depuis quel lieu ?
leave-place-missing = Depuis quel lieu ? Par exemple : { $example }
leave-window-missing = Pendant quelles heures ? Ajoutez une plage après les jours, comme : /partir { $stopExample } { $routeExample } semaine 17:30-18:30
leave-stop-unplaced = Je ne sais pas où est l'arrêt { $stopNo } : je ne peux pas calculer votre marche.
leave-too-far = « { $name } » est trop loin de l'arrêt { $stopNo } pour y aller à pied.
button-leave-from = 🚶 depuis { $name }
button-leave = 🚶 { $routeNo } à pied
subscribe-what-leave = quand partir de { $place } pour le { $route }{ $towards ->
    [none] { "" }
   *[other] { "" } vers { $towards }
} à { $stopNo } ({ $walk } min de marche), { $from }-{ $until }, { $days }
leave-now = 🚶 Partez maintenant pour le { $routeNo }{ $towards ->
    [none] { "" }
   *[other] { "" } vers { $towards }
} de { $clock } ({ $trust ->
    [tracked] suivi en direct
    [predicted] prévu
    [estimated] estimé selon sa position
   *[scheduled] horaire prévu : non suivi
}), { $walk } min de marche de { $place } à { $stopName } ({ $stopNo }).
leave-missed = 🚶 Vous ne pouvez plus attraper le { $routeNo }{ $towards ->
    [none] { "" }
   *[other] { "" } vers { $towards }
} de { $clock } : { $place } est à { $walk } min de marche. { $next ->
    [none] Aucun autre n'est encore affiché.
   *[other] Le prochain que vous pouvez attraper passe à { $nextClock } ({ $nextTrust ->
        [tracked] suivi en direct
        [predicted] prévu
        [estimated] estimé
       *[scheduled] horaire prévu : non suivi
    }) : partez avant { $leaveAt }.
}
leave-next = { $next ->
    [none] Aucun { vehicle-one } que vous pouvez attraper n'est encore affiché : je vous dirai quand partir.
   *[other] 🚶 Le prochain que vous pouvez attraper passe à { $nextClock } ({ $nextTrust ->
        [tracked] suivi en direct
        [predicted] prévu
        [estimated] estimé
       *[scheduled] horaire prévu : non suivi
    }) : partez avant { $leaveAt } ; je vous préviendrai.
}

## 🚌 Suivre ce bus : un trajet suivi jusqu'à l'arrêt du client dans un message, et 🛎 l'arrêt où
## il descend (dit une fois quand c'est le prochain, une fois quand le bus y est)
command-track = /suivre <arrêt> <circuit>
    .description = Suivre un { vehicle-one } jusqu'à votre arrêt, en direct
command-off = /descente <arrêt> <circuit> à <arrêt>
    .description = Être prévenu quand l'arrêt où vous descendez est le prochain
arg-off = descente
    .description = L'arrêt où vous descendez
button-track = { vehicle-emoji } { $routeNo } · { $when }
button-track-next = { vehicle-emoji } Suivre le suivant · { $when }
button-track-this = { vehicle-emoji } Suivre jusqu'à mon arrêt
button-get-off = 🛎 Descendre à…
button-off-stop = 🛎 { $stopName } ({ $stopNo })
track-title = { vehicle-emoji } { $routeNo } vers { $destination }
track-title-route = { vehicle-emoji } { $routeNo }
track-aboard-far = En route vers votre arrêt { $stopName } ({ $stopNo }) : ses minutes viendront quand il sera parmi les prochains.
track-to-stop = { $when } ({ $clock }) jusqu'à { $stopName } ({ $stopNo }) { $mark }
track-to-off = { $when } ({ $clock }) jusqu'à votre arrêt { $stopName } ({ $stopNo }) { $mark }
track-no-position = Pas de position pour ce { vehicle-one } pour l'instant.
track-off-at = 🛎 Descente à { $stopName } ({ $stopNo }) : je vous préviens quand c'est le prochain arrêt.
track-footer = Suivi en direct · mis à jour à { $clock }
track-already = { vehicle-emoji } Vous suivez déjà ce { $routeNo } : le message ci-dessus est tenu à jour.
track-already-off = 🛎 Descente à { $off } : le message ci-dessus suit votre { vehicle-one } et je vous préviens quand votre arrêt est le prochain.
track-over-passed = { vehicle-emoji } Plus suivi : le { $routeNo } a passé votre arrêt ({ $stopNo }).
track-over-arrived = { vehicle-emoji } Plus suivi : vous êtes à votre arrêt.
track-over-cancelled = { vehicle-emoji } Plus suivi : ce { $routeNo } a été annulé.
track-over-vanished = { vehicle-emoji } Plus suivi : ce { $routeNo } a disparu du suivi et pourrait ne pas venir.
track-over-skipped = { vehicle-emoji } Plus suivi : ce { $routeNo } ne s'arrête plus à { $stopNo }.
track-live-ended = { vehicle-emoji } Plus suivi. Appuyez de nouveau sur { vehicle-emoji } pour suivre un { vehicle-one }.
off-next = 🛎 Votre arrêt est le prochain : { $stopName } ({ $stopNo })
off-reached = 🛎 Vous êtes à votre arrêt : { $stopName } ({ $stopNo }). Descendez ici.
off-choose = 🛎 Où descendez-vous du { $routeNo } ?
off-type = 🛎 Écrivez où vous descendez : { $command } à <arrêt>
