# arrivals-bot, English. Every string a rider sees. Keep ids and variables in step with fr.ftl
# (a test compares them).

## Commands: the value is the usage line, .description the menu text (Telegram, Discord)

command-start = /start
    .description = Start here: what I do, with examples
command-help = /help
    .description = How to ask for your bus
command-next = /next <stop> [route]
    .description = Next buses at a stop, for one route or all
command-routes = /routes <stop>
    .description = Routes and directions serving a stop
command-stop = /stop <stop or name>
    .description = Where a stop is and what serves it
command-save = /save <stop>
    .description = Save a stop for this chat
command-stops = /stops
    .description = Your saved stops
command-lang = /lang en|fr
    .description = Choose the language: English or French

## Command arguments (Discord option descriptions)

arg-stop = stop
    .description = The 4-digit number on the stop sign, like 3017
arg-route = route
    .description = A route number, like 95 or R2
arg-stop-or-name = stop
    .description = A 4-digit stop number, or words from the stop's name
arg-language = language
    .description = en or fr

## Help and welcome

start-title = Hello! I tell you when your bus comes.
start-intro = Send the 4-digit number on the stop sign and I'll list the next buses, live when the bus has GPS.
help-title = OC Transpo bus arrivals
help-intro = Type a stop number (4 digits, on the sign) for all routes there, or a stop and a route.
help-commands-heading = Commands
help-command-line = { $usage }: { $description }
help-examples-heading = Try
help-example-next = /next 3017 95: the next route 95 buses at stop 3017
help-example-bare = 3017: every route at stop 3017
help-example-routes = /routes 3017: what serves stop 3017
help-example-stop = /stop rideau: find a stop by name
help-example-lang = /lang fr: en français
help-location = You can also share your location to see the stops near you.

## Usage errors: what was wrong with what the rider typed

usage-too-long = That message is too long ({ $length } characters); I read up to { $max }. Try: /next 3017 95
usage-empty = Send a stop number, like 3017, or /help.
usage-not-understood = I didn't understand "{ $text }". Send a stop number, like 3017, or /help.
usage-unknown-command = I don't know /{ $command }. Type /help for what I can do.
usage-stop-missing = Which stop? Add its 4-digit number, like: { $example }
usage-stop-digits = Stop numbers have 4 digits: { $stop } has { $digits }.
usage-stop-not-number = "{ $text }" is not a stop number. Stop numbers have 4 digits, like 3017.
usage-route-bad = "{ $route }" is not a route number. Routes look like 95, 6 or R2.
usage-too-many-words = Too many words for /{ $command }. Try: { $example }
usage-lang-bad = I speak English and French: /lang en or /lang fr.

## Arrivals

arrivals-title = { $stopName } ({ $stopNo })
arrivals-route-heading = { $routeNo } { $heading }
arrivals-minutes = { $minutes ->
    [0] now
   *[other] { $minutes } min
}
arrivals-trip = { $when } ({ $clock }) { $source }
arrivals-trip-with-notes = { $trip } · { $notes }
arrivals-trip-to = { $trip } to { $destination }
arrivals-source-live = 📡
arrivals-source-scheduled = 🕒
arrivals-note-last = last bus
arrivals-note-double-decker = double-decker
arrivals-note-60ft = 60-ft
arrivals-note-bike-rack = bike rack
arrivals-note-gps-old = GPS { $age } min old, uncertain
arrivals-no-trips = No more trips today.
arrivals-none = No buses are expected at this stop right now.
arrivals-route-error-11 = Route { $routeNo } does not exist.
arrivals-route-error-12 = Route { $routeNo } does not stop at { $stopNo }. /routes { $stopNo } lists the ones that do.
arrivals-route-error-other = The transit service reported a problem with route { $routeNo } (code { $code }).
arrivals-more-routes = and { $count ->
    [one] one more route
   *[other] { $count } more routes
} — ask for one: /next { $stopNo } { $example }
arrivals-legend = 📡 live (GPS) · 🕒 scheduled
arrivals-updated = Updated at { $clock }

## Buttons

button-refresh = Refresh
button-save = Save stop
button-route = Route { $routeNo }
button-stop = { $stopNo } { $name }

## Failures: the transit service or the bot could not answer

error-api-1 = The transit service refused this bot's key. The bot's operator has to fix it; sorry.
error-api-2 = The transit service can't reach its own data right now. Try again in a minute.
error-api-10 = Stop { $stopNo } doesn't exist. Check the 4-digit number on the stop sign.
error-api-11 = Route { $routeNo } doesn't exist. Check the number on the front of the bus.
error-api-12 = Route { $routeNo } does not stop at { $stopNo }. Try /routes { $stopNo } to see what does.
error-api-13 = No routes serve stop { $stopNo } at the moment.
error-api-unknown = The transit service answered with an error I don't know (code { $code }). Try again later.
error-timeout = The transit service is not answering (it took too long). Try again in a minute.
error-network = The transit service is not answering (I can't reach it). Try again in a minute.
error-http = The transit service is not answering properly (HTTP { $status }). Try again in a minute.
error-parse = The transit service is not answering properly (its answer made no sense). Try again in a minute.
error-invalid-request = I couldn't ask the transit service that way. Check the stop and route numbers.
error-internal = Something went wrong on my side. Try again in a minute.

## Routes at a stop (/routes)

routes-title = Routes at { $stopName } ({ $stopNo })
routes-line = { $routeNo } { $heading }
routes-line-direction = { $routeNo } { $heading } ({ $direction })
routes-none = No routes serve this stop.
routes-direction-east = Eastbound
routes-direction-west = Westbound
routes-direction-north = Northbound
routes-direction-south = Southbound

## One stop (/stop)

stop-title = { $stopName } ({ $stopNo })
stop-location = Location: { $lat }, { $lon }
stop-map = Map: { $url }
stop-routes-heading = Routes
stop-routes-unknown = I couldn't get the routes right now.
stop-not-found = I don't know stop { $stopNo }. Check the 4-digit number on the stop sign.
stop-search-title = Stops matching "{ $words }"
stop-search-none = No stop matches "{ $words }". Try fewer or other words.
stop-search-more = { $count ->
    [one] and one more; add a word to narrow it down.
   *[other] and { $count } more; add a word to narrow it down.
}
stop-search-no-index = I can't search stops by name here. Send the 4-digit number on the stop sign.

## Nearby stops (a shared location)

location-title = Stops near you
location-line = { $stopNo } { $name }: { $meters } m
location-none = No stop within { $meters } m of that spot.
location-no-index = I can't look up stops by location here. Send the 4-digit stop number instead.
location-bad = That location doesn't look right. Share it again?

## Saved stops

save-done = Saved stop { $stopNo }. /stops lists your saved stops.
save-already = Stop { $stopNo } is already saved. /stops lists your saved stops.
save-full = You already have { $max } saved stops, the most I keep.
save-failed = I couldn't save that right now. Nothing was lost; try again in a minute.
stops-title = Your saved stops
stops-none = No saved stops yet. Save one with /save 3017.
stops-failed = I couldn't read your saved stops right now. Try again in a minute.

## Language

lang-set = OK, I'll speak English in this chat.
lang-failed = I couldn't remember that right now; try again in a minute.

## Terminal chat

console-welcome = Type a stop number like 3017, or /help. Ctrl+D quits.

## Chat adapters: what an adapter says itself (Telegram pop-ups, inline mode)

rate-limited = Slow down a little: too many requests. Try again in a minute.
refresh-up-to-date = Already up to date.
button-expired = This button has expired. Send the stop number again.
inline-usage-title = Type a stop number, like 3017 95
inline-usage-description = The next buses at a stop, to share in this chat
