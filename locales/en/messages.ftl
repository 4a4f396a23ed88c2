# arrivals-bot, English. Every string a rider sees. Every language's messages.ftl has the same ids
# and variables (a test compares them); commands are named as words.json names them.

## Commands: the value is the usage line, .description the menu text (Telegram, Discord)

command-start = /start
    .description = Start here: what I do, with examples
command-help = /help
    .description = How to ask for your { vehicle-one }
command-next = /next <stop> [route]
    .description = Next { vehicle-many } at a stop, for one route or all
command-routes = /routes <stop>
    .description = Routes and directions serving a stop
command-disruptions = /disruptions [stop] [route]  or  /disruptions route <route>
    .description = Detours and service changes now: at a stop, on a route, or all
command-reliability = /reliability [stop] <route>
    .description = How reliable a route's live times were lately
command-stop = /stop <stop or name>
    .description = Where a stop is and what serves it
command-save = /save <stop> [name]
    .description = Save a stop for this chat
command-saved = /saved (or /stops)
    .description = Your saved stops, each one tap away
command-unsave = /unsave <stop or name>
    .description = Forget a saved stop
command-subscribe = /subscribe <stop> [route] <HH:MM> [days]  or  /subscribe <stop> <route> when <N> min <HH:MM-HH:MM> [days]
    .description = Get the arrivals at a time, or when your { vehicle-one } is near
command-subs = /subs
    .description = This chat's alerts, with their ids and next times
command-unsubscribe = /unsubscribe <id|all>
    .description = Remove an alert
command-pause = /pause <id|all>
    .description = Pause an alert
command-resume = /resume <id|all>
    .description = Turn a paused alert back on
command-timezone = /timezone [zone]
    .description = The time zone alert times are read in
command-notify = /notify <stop> <route>
    .description = Tell me when { vehicle-this } is 5 min away
command-where = /where <stop> <route>
    .description = Where the next { vehicle-one } of a route is now, on a map
command-line = /line [stop] <route>
    .description = The route drawn with its { vehicle-many } on it
command-live = /live <stop> [route]
    .description = Arrivals that keep themselves up to date for 10 minutes
command-disruptionspage = /disruptionspage <page> [stop] [route]
    .description = Another page of the disruptions
command-disruption = /disruption <reference>
    .description = One disruption's whole text
command-ghost = /ghost <stop> <route> <trip> <due>
    .description = Say a trip did not come (the 👻 button)
command-lang = /lang { $languageCodes }
    .description = Choose the language: { $languages }

## Command arguments (Discord option descriptions)

arg-stop = stop
    .description = { $stopDigits ->
        [0] The stop code on the sign
       *[other] The { $stopDigits }-digit number on the stop sign
    }, like { $stopExample }
arg-route = route
    .description = A route, like { $routeExample }
arg-stop-or-name = stop
    .description = { $stopDigits ->
        [0] A stop code
       *[other] A { $stopDigits }-digit stop number
    }, or words from the stop's name
arg-language = language
    .description = { $languages }
arg-label = name
    .description = A one-word name for the stop, like home or work
arg-stop-or-label = stop
    .description = { $stopDigits ->
        [0] The stop's code
       *[other] The stop's { $stopDigits }-digit number
    }, or the name you saved it under
arg-time = time
    .description = A 24-hour time, like 07:30
arg-days = days
    .description = daily, weekdays, weekends, or days like mon,wed,fri
arg-when = when
    .description = Alert when { vehicle-the } is this many minutes away, like 5
arg-window = window
    .description = The hours to watch, like 07:00-09:00
arg-way = direction
    .description = The way it goes: words of its destination
arg-id = id
    .description = The alert's id, from /subs (or all)
arg-timezone = zone
    .description = An IANA time zone, like { $zoneExample }
arg-channel = channel
    .description = A Telegram channel's public name, like @ottawabuses
arg-trip = trip
    .description = The trip's start time, like 0930
arg-direction = direction
    .description = 0 or 1, as the 🛤 buttons give it
arg-due = due
    .description = When the trip was due, as its 👻 button carries it

## Vehicles: what riders call what comes, a route's own ($mode: GTFS route_type), else the
## feed's ($vehicles: what every route runs); "any" reads as neutral words

vehicle-one = { $mode ->
    [bus] bus
    [train] train
    [tram] tram
    [metro] metro
    [ferry] ferry
   *[other] { $vehicles ->
        [bus] bus
        [train] train
        [tram] tram
        [metro] metro
        [ferry] ferry
       *[other] vehicle
    }
}
vehicle-the = { $mode ->
    [bus] the bus
    [train] the train
    [tram] the tram
    [metro] the metro
    [ferry] the ferry
   *[other] { $vehicles ->
        [bus] the bus
        [train] the train
        [tram] the tram
        [metro] the metro
        [ferry] the ferry
       *[other] the vehicle
    }
}
vehicle-this = { $mode ->
    [bus] this bus
    [train] this train
    [tram] this tram
    [metro] this metro
    [ferry] this ferry
   *[other] { $vehicles ->
        [bus] this bus
        [train] this train
        [tram] this tram
        [metro] this metro
        [ferry] this ferry
       *[other] this vehicle
    }
}
vehicle-many = { $vehicles ->
    [bus] buses
    [train] trains
    [tram] trams
    [metro] metros
    [ferry] ferries
   *[other] departures
}
vehicle-emoji = { $vehicles ->
    [train] 🚆
    [tram] 🚋
    [metro] 🚇
    [ferry] ⛴️
   *[other] 🚌
}

## Help and welcome

start-title = Hello! I tell you when your { vehicle-one } comes.
start-intro = Send the { $stopDigits ->
    [0] stop code
   *[other] { $stopDigits }-digit number
} on the stop sign and I'll list the next { vehicle-many }, live when { vehicle-the } has GPS.
greeting-saved = Or tap one of your saved stops:
greeting-saved-button = { $label } ({ $stopNo })
greeting-location-button = 📍 Share my location
help-title = { $agency ->
    [none] { $vehicles ->
        [bus] Bus arrivals
       *[other] Arrivals
    }
   *[other] { $vehicles ->
        [bus] { $agency } bus arrivals
       *[other] { $agency } arrivals
    }
}
help-intro = Type a stop { $stopDigits ->
    [0] code (on the sign)
   *[other] number ({ $stopDigits } digits, on the sign)
} for all routes there, or a stop and a route.
help-commands-heading = Commands
help-command-line = { $usage }: { $description }
help-examples-heading = Try
help-example-next = /next { $stopExample } { $routeExample }: the next { vehicle-many } of route { $routeExample } at stop { $stopExample }
help-example-bare = { $stopExample }: every route at stop { $stopExample }
help-example-routes = /routes { $stopExample }: what serves stop { $stopExample }
help-example-stop = /stop { $nameExample }: find a stop by name
help-example-lang = /lang fr: en français
help-location = You can also share your location to see the stops near you.
help-data-heading = Data
help-topic-arrivals = { vehicle-emoji } Arrivals
help-topic-stops = ⭐ Your stops
help-topic-alerts = 🔔 Alerts
help-topic-trip = 🚶 Your trip
help-topic-settings = ⚙️ Settings
help-topic-line = { $topic }: { $commands }
help-command-name = /{ $command }
help-topics-more = Each command explained: /{ $command } alerts (a group or a command's name), or the buttons below.
help-note-near-way = A "when N min" alert or /notify for { vehicle-many } going one way only: add "to" and where they go, like /notify { $stopExample } { $routeExample } to <destination>.
button-help-all = ◀ All commands
usage-help-topic-bad = I have no help on "{ $topic }". Try /{ $command } alerts, or /{ $command } alone for every group.
arg-help-topic = topic
    .description = A group of commands (arrivals, stops, alerts, settings) or a command's name

## Usage errors: what was wrong with what the rider typed

usage-too-long = That message is too long ({ $length } characters); I read up to { $max }. Try: /next { $stopExample } { $routeExample }
usage-empty = Send a stop number, like { $stopExample }, or /help.
usage-not-understood = I didn't understand "{ $text }". Send a stop number, like { $stopExample }, or /help.
usage-unknown-command = I don't know /{ $command }. Type /help for what I can do.
usage-stop-missing = Which stop? Add its { $stopDigits ->
    [0] code
   *[other] { $stopDigits }-digit number
}, like: { $example }
usage-stop-digits = Stop numbers have { $stopDigits } digits: { $stop } has { $digits }.
usage-stop-not-number = "{ $text }" is not a stop number. { $stopDigits ->
    [0] Stop codes look like { $stopExample }.
   *[other] Stop numbers have { $stopDigits } digits, like { $stopExample }.
}
usage-route-bad = "{ $route }" is not a route number. Routes look like { $routeExample }.
usage-route-missing = Which route? Add it, like: { $example }
usage-route-missing-at = Which route at { $stop }? Add it after the stop: /{ $command } { $stop } and the route's number. /routes { $stop } lists those that stop there.
usage-route-without-stop = At which stop? { $route } reads as a route: send the stop's { $stopDigits ->
    [0] code
   *[other] { $stopDigits }-digit number
} before it, or the name you saved it under (/stops lists them). { $stopDigits ->
    [0] { "" }
   *[other] If { $route } was a stop, stop numbers have { $stopDigits } digits.
}
usage-direction-needs-when = A direction is for alerts of { vehicle-the } near the stop ("when 5 min 07:00-09:00"), not for alerts at a time.
usage-too-many-words = Too many words for /{ $command }. Try: { $example }
usage-lang-bad = I speak { $languages }: /lang { $languageCodes }.
usage-trip-bad = "{ $trip }" is not a trip's start time. Press 📍 under the arrivals, or type /where with a stop and a route.
usage-direction-bad = A direction is 0 or 1, as the 🛤 buttons give it. Type /line with a route, or a stop and a route.

## Arrivals

arrivals-title = { $stopName } ({ $stopNo })
arrivals-route-heading = { $routeNo } { $heading }
arrivals-minutes = { $minutes ->
    [0] now
   *[other] { $minutes } min
}
arrivals-trip = { $when } ({ $clock }) { $source }
arrivals-trip-every = every { $minutes } min { $source }
arrivals-trip-with-notes = { $trip } · { $notes }
arrivals-trip-to = { $trip } to { $destination }
arrivals-note-last = last { vehicle-one }
arrivals-note-double-decker = double-decker
arrivals-note-60ft = 60-ft
arrivals-note-bike-rack = bike rack
arrivals-note-gps-old = GPS { $age } min old, uncertain
arrivals-no-trips = No more trips today.
arrivals-done-today = No more today: { $routes }
arrivals-none = No { vehicle-many } are expected at this stop right now.
arrivals-route-unknown-route = Route { $routeNo } does not exist.
arrivals-route-route-not-at-stop = Route { $routeNo } does not stop at { $stopNo }. /routes { $stopNo } lists the ones that do.
routes-here-line = Routes at { $stopNo }: { $routes }
arrivals-route-other = The transit service reported a problem with route { $routeNo }{ $code ->
    [none] .
   *[other] {" "}(code { $code }).
}
arrivals-more-routes = and { $count ->
    [one] one more route
   *[other] { $count } more routes
} — ask for one: /next { $stopNo } { $example }
arrivals-trip-cancelled = { $clock } cancelled ✖
arrivals-live-unavailable = ⚠️ Live data is unavailable right now: { $estimated ->
    [yes] these are scheduled times except those marked 🧭.
   *[no] these are scheduled times.
}
arrivals-live-stale = ⚠️ Live data is out of date: { $estimated ->
    [yes] these are scheduled times except those marked 🧭.
   *[no] these are scheduled times.
}
arrivals-updated = Updated at { $clock }

## Buttons

button-refresh = Refresh
button-save = Save stop
button-route = Route { $routeNo }
button-stop = { $stopNo } { $name }
button-transfer = ↔ { $stopNo } { $name }
button-disruptions = ⚠️ { $count ->
    [one] The disruption in full
   *[other] The { $count } disruptions in full
}
button-where = 📍 { $routeNo } · { $when }
button-arrivals = Arrivals
button-live = 🔴 Live
live-board-left = 🔴 Live: updated every 30 s for { $minutes } more min
live-board-stopped = Live updates stopped. Press 🔴 Live for { $minutes } more minutes.
live-last-known = ⚠️ Live data is unavailable right now: these are the last times received.
live-board-unavailable = ⚠️ Live data is unavailable right now. Press Refresh for the arrivals.

## Where is my bus (📍, /where)

where-title = 📍 { $routeNo } to { $destination }
where-arrival = { $when } ({ $clock }) to { $stopName } ({ $stopNo })
where-stops-away = { $stops ->
    [0] At your stop or coming to it
    [one] 1 stop away
   *[other] { $stops } stops away
}
where-passed = This { vehicle-one } has passed your stop.
where-live-passed = 📍 No longer updated: { vehicle-the } has passed your stop.
where-live-ended = 📍 No longer updated. Press 📍 again to follow { vehicle-this }.
where-fix = Position from { $age } ago
where-fix-now = Position live now
where-fix-old = ⚠️ No recent position: the last one is { $age } old, so { vehicle-the } is no longer there.
where-fix-suspect = ⚠️ Position of unknown age: its tracker's clock is ahead of ours, so the bus may no longer be there.
where-no-fix = No position for this bus: its tracker sends none right now.
where-no-fix-scheduled = No position for { vehicle-this }: only its scheduled time is known.
where-no-fix-no-feed = No position for { vehicle-this }: this network's feed gives no vehicle positions.
where-age-seconds = { $seconds } s
where-age-minutes = { $minutes } min
where-speed = Moving at { $speed } km/h
where-occupancy-empty = 🟢 Empty
where-occupancy-many-seats = 🟢 Many seats available
where-occupancy-few-seats = 🟡 Few seats available
where-occupancy-standing = 🟠 Standing room only
where-occupancy-crushed = 🔴 Crowded, standing room only
where-occupancy-full = 🔴 Full
where-occupancy-not-accepting = 🔴 Not taking passengers
where-wheelchair-yes = ♿ Wheelchair accessible
where-wheelchair-no = Not wheelchair accessible
where-vehicle = Vehicle { $label }
where-map = Map: { $link }
where-map-old = Last known position (old): { $link }
where-map-suspect = Last reported position (age unknown): { $link }
where-trip-gone = That { vehicle-one } of route { $routeNo } is no longer among the next ones at { $stopNo }.
where-no-trips = No { vehicle-one } of route { $routeNo } is coming to { $stopNo } right now.

## Failures: the transit service or the bot could not answer

error-refused-credentials = The transit service refused this bot's key. The bot's operator has to fix it; sorry.
error-unavailable = The transit service can't reach its own data right now. Try again in a minute.
error-unrecognised = The transit service answered with an error I don't know (code { $code }). Try again later.
error-unknown-stop = Stop { $stopNo } doesn't exist. Check the { $stopDigits ->
    [0] stop code
   *[other] { $stopDigits }-digit number
} on the stop sign.
error-unknown-route = Route { $routeNo } doesn't exist. Check the number on the front of { vehicle-the }.
error-route-not-at-stop = Route { $routeNo } does not stop at { $stopNo }. Try /routes { $stopNo } to see what does.
error-no-routes = No routes serve stop { $stopNo } at the moment.
error-ambiguous-stop = Stop { $stopNo } is in several networks: write the network's name before it.
error-busy = The transit service is busy: it has been asked too many questions at once. Try again in a minute.
error-timeout = The transit service is not answering (it took too long). Try again in a minute.
error-network = The transit service is not answering (I can't reach it). Try again in a minute.
error-http = The transit service is not answering properly (HTTP { $status }). Try again in a minute.
error-parse = The transit service is not answering properly (its answer made no sense). Try again in a minute.
error-bad-request = I couldn't ask the transit service that way. Check the stop and route numbers.
error-loading = Schedule data is loading (a first import takes a few minutes). Try again shortly.
error-no-schedule = This network's schedule could not be loaded, so I have no times for its stops. The bot's operator can see why in its log; trying again in a minute will not help.
error-internal = Something went wrong on my side. Try again in a minute.

## Disruptions (detours, service changes): under arrivals and /disruptions

disruptions-heading = ⚠️ Disruptions
disruptions-line = { $effect }: { $text }
disruptions-use-stop = ➡️ Use stop { $stop } ({ $name }) instead
disruptions-line-agency = { $agency } · { $effect }: { $text }
disruptions-page = Page { $page } of { $pages } ({ $count } disruptions)
button-page-previous = ◀ Previous
button-page-next = Next ▶
button-disruption-full = 📄 In full: { $text }
disruption-title = ⚠️ Disruption
disruption-gone = That disruption is no longer listed: it may have ended. /disruptions lists those now.
usage-page-bad = "{ $page }" is not a page number. The buttons under the list turn its pages.
arg-page = page
    .description = The page of the list, like 2
arg-disruption = disruption
    .description = The disruption, as its 📄 button names it
disruptions-more = and { $count ->
    [one] one more
   *[other] { $count } more
}
disruptions-unavailable-short = ⚠️ Disruptions can't be read right now.
disruptions-unavailable = The disruptions feed can't be read right now. Try again in a few minutes.
disruptions-incomplete = One of the networks' disruptions can't be read right now: it may have more.
disruptions-not-published = This network publishes no disruptions I can read.
disruptions-none = No disruptions right now.
disruptions-not-understood = I don't understand "{ $stop }" here (it is no saved stop or stop name). Try /disruptions alone for all of them, /disruptions with a stop, /disruptions route and a route number, or /disruptions off or on for the pushes.
disruptions-title-stop = { $routeNo ->
    [none] Disruptions at stop { $stopNo }
   *[other] Disruptions for route { $routeNo } at stop { $stopNo }
}
disruptions-title-route = Disruptions on route { $routeNo }
disruptions-title-all = Disruptions now
disruption-push-title = { $routeNo ->
    [none] ⚠️ Disruption at your stop { $stopNo }
   *[other] ⚠️ Disruption for route { $routeNo } at your stop { $stopNo }
}
disruption-push-footer = /disruptions off: no more of these messages.
disruptions-pushes-off = Disruptions will no longer be pushed to this chat. /disruptions on to have them again.
disruptions-pushes-on = Disruptions touching this chat's saved stops and alerts will be pushed here. /disruptions off to stop them.
disruptions-pushes-failed = I couldn't save that right now. Try again in a minute.
usage-pushes-bad = Say /disruptions on or /disruptions off.
arg-pushes = pushes
    .description = on or off: disruptions pushed to this chat
disruption-effect-no-service = No service
disruption-effect-reduced-service = Reduced service
disruption-effect-significant-delays = Delays
disruption-effect-detour = Detour
disruption-effect-additional-service = More service
disruption-effect-modified-service = Service change
disruption-effect-stop-moved = Stop moved
disruption-effect-accessibility-issue = Accessibility
disruption-effect-no-effect = Notice
disruption-effect-other = Notice
disruption-effect-unknown = Notice

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
stop-not-found = I don't know stop { $stopNo }. Check the { $stopDigits ->
    [0] stop code
   *[other] { $stopDigits }-digit number
} on the stop sign.
stop-which-title = Stop { $stopNo } is in several networks: which one?
stop-which-line = { $agency }: { $name }
stop-which-line-near = { $agency }: { $name } ({ $meters } m away)
stop-unconfirmed = ⚠️ { $network } may also have a stop { $code }, but { $why ->
    [loading] its schedule is still loading
    [no-schedule] its schedule could not be loaded
   *[other] it is not answering right now
}: this is { $stopNo }.
stop-search-title = Stops matching "{ $words }"
stop-search-none = No stop matches "{ $words }". Try fewer or other words.
stop-search-more = { $count ->
    [one] and one more; add a word to narrow it down.
   *[other] and { $count } more; add a word to narrow it down.
}
stop-search-no-index = I can't search stops by name here. Send the { $stopDigits ->
    [0] stop code
   *[other] { $stopDigits }-digit number
} on the stop sign.
stops-unsearchable = { $network ->
    [none] This network's stops
   *[other] The stops of { $network }
} can't be looked up by name or place: { $why ->
    [loading] its schedule is still loading. Try again shortly.
   *[other] its schedule could not be loaded (the bot's operator can see why).
}

## Nearby stops (a shared location)

location-title = Stops near you
location-line = { $stopNo } { $name }: { $meters } m
location-none = No stop within { $meters } m of that spot.
location-no-index = I can't look up stops by location here. Send the { $stopDigits ->
    [0] stop code
   *[other] { $stopDigits }-digit stop number
} instead.
location-bad = That location doesn't look right. Share it again?

## Saved stops

save-done = Saved stop { $stopNo }. /stops lists your saved stops.
save-done-named = Saved stop { $stopNo } as "{ $label }": /next { $label } asks for it.
save-already = Stop { $stopNo } is already saved. /stops lists your saved stops.
save-label-taken = You already have a stop saved as "{ $label }". Pick another name, or /unsave { $label } first.
save-full = You already have { $max } saved stops, the most I keep.
save-failed = I couldn't save that right now. Nothing was lost; try again in a minute.
stops-title = Your saved stops
stops-none = No saved stops yet. Save one with /save { $stopExample }, or /save { $stopExample } home to give it a name.
stops-failed = I couldn't read your saved stops right now. Try again in a minute.
unsave-failed = I couldn't forget that stop right now. It is still saved; try again in a minute.
unsave-done = Removed stop { $stopNo } from your saved stops.
unsave-unknown = "{ $stop }" is not one of your saved stops. /stops lists them.
usage-saved-unknown = You have no stop saved as "{ $label }". /stops lists your saved stops; /save followed by a stop and { $label } names one.
usage-stop-name-unknown = No saved stop and no stop's name matches "{ $label }". /stops lists your saved stops; /stop with other words searches the names.
stop-name-choice-title = Which stop? Stops matching "{ $words }"
usage-label-bad = A stop's name is one word of up to 20 letters or digits, like home or work.

## Alerts (/subscribe, /subs, /unsubscribe, /pause, /resume, /timezone)

subscribe-done = Alert { $id } set: { $what }. Next: { $next }.
subscribe-full = This chat already has { $max } alerts, the most I keep. /unsubscribe one first.
subscribe-failed = I couldn't set that alert right now. Nothing was changed; try again in a minute.
subscribe-not-admin = Only this group's administrators can change its alerts.
subscribe-channel-unknown = I can't find the channel { $channel }. Add me to it as an administrator who can post, then try again.
subscribe-channel-not-admin = Only an administrator of { $channel } can set its alerts.
subscribe-channel-cannot-post = I can't post in { $channel } yet: make me an administrator who can post messages.
subscribe-channel-unsupported = Setting a channel's alerts from here works on Telegram only.
subscribe-what-at = { $route ->
    [none] every route at { $stopNo }
   *[other] route { $route } at { $stopNo }
} at { $time }, { $days }
subscribe-what-near = when { $route }{ $towards ->
    [none] { "" }
   *[other] { "" } to { $towards }
} is { $minutes } min from { $stopNo }, { $from }-{ $until }, { $days }
days-daily = every day
days-weekdays = weekdays
days-weekends = weekends
days-list = { $days }
day-0 = Sun
day-1 = Mon
day-2 = Tue
day-3 = Wed
day-4 = Thu
day-5 = Fri
day-6 = Sat
subs-title = Alerts in this chat
subs-none = No alerts in this chat yet. Try: /subscribe { $stopExample } { $routeExample } 07:30 weekdays
subs-line = { $id }: { $what }{ $paused ->
    [user] { "" } (paused)
    [refused] { "" } (paused: I could not post here)
   *[none] . Next: { $next }
}
subs-failed = I couldn't read this chat's alerts right now. Try again in a minute.
unsubscribe-done = Alert { $id } removed.
unsubscribe-all-done = { $count ->
    [0] There were no alerts to remove.
    [one] Removed the one alert of this chat.
   *[other] Removed all { $count } alerts of this chat.
}
unsubscribe-failed = I couldn't remove { $id ->
    [all] the alerts
   *[other] alert { $id }
} right now. /subs shows those still set; try again in a minute.
pause-done = Alert { $id } paused. /resume { $id } turns it back on.
pause-all-done = { $count ->
    [0] There are no active alerts to pause.
    [one] Paused the one active alert. /resume all turns the alerts back on.
   *[other] Paused all { $count } active alerts. /resume all turns them back on.
}
pause-failed = I couldn't pause { $id ->
    [all] the alerts
   *[other] alert { $id }
} right now. Try again in a minute.
resume-done = Alert { $id } is on again. Next: { $next }.
resume-all-done = { $count ->
    [0] No alert of this chat is paused.
    [one] The one paused alert is on again.
   *[other] All { $count } paused alerts are on again.
}
resume-failed = I couldn't turn { $id ->
    [all] the alerts
   *[other] alert { $id }
} back on right now. Try again in a minute.
subs-unknown-id = This chat has no alert { $id }. /subs lists them with their ids.
timezone-set = Alert times in this chat are now read in { $zone }.
timezone-current = Alert times in this chat are read in { $zone }. Change with /timezone America/Vancouver (any IANA zone).
timezone-agency = This chat has no time zone of its own: alert times are read on the agency's clock{ $zone ->
    [none] {""}
   *[other] {" "}({ $zone })
}. Set one with /timezone America/Vancouver (any IANA zone).
usage-time-bad = "{ $time }" is not a time of day. Use 24-hour time, like 07:30 or 17:45.
usage-time-missing = At what time? Add it, like: { $example }
usage-time-unread = I can't read "{ $time }" as a time. Write it on the 24-hour clock, like: { $example }
usage-days-bad = I don't know the day "{ $day }". Use daily, weekdays, weekends, or days like mon,wed,fri.
usage-minutes-bad = "{ $minutes }" is not a number of minutes from 1 to 60, like: when 5 min
usage-window-bad = "{ $window }" is not a time window. Use two 24-hour times, like 07:00-09:00.
usage-window-order = The window { $window } ends before it starts. Use a window like 07:00-09:00.
usage-window-needs-when = { $window } is a window: to be told when your { vehicle-one } is near during it, add how near, like: /subscribe { $stopExample } { $routeExample } when 5 min { $window }
usage-window-missing = During which hours? Add a window, like: /subscribe { $stopExample } { $routeExample } when 5 min 07:00-09:00
usage-near-route-missing = Which route? "When near" alerts watch one route, like: /subscribe { $stopExample } { $routeExample } when 5 min 07:00-09:00
usage-id-missing = Which alert? Add its id from /subs, like: /unsubscribe k3f9
usage-timezone-bad = "{ $zone }" is not a time zone I know. Use an IANA name, like America/Toronto or Europe/Paris.
alert-title = ⏰ { $stopName } ({ $stopNo })
alert-near = { vehicle-emoji } Route { $routeNo }{ $towards ->
    [none] { "" }
   *[other] { "" } to { $towards }
} { $minutes ->
    [0] is due now at
   *[other] is { $minutes } min from
} { $stopName } ({ $stopNo }), at { $clock } { $source }
alert-near-closer = { vehicle-emoji } The next { $routeNo }{ $towards ->
    [none] { "" }
   *[other] { "" } to { $towards }
} { $minutes ->
    [0] is due now at
   *[other] is { $minutes } min from
} { $stopName } ({ $stopNo }); { $following ->
    [none] no other is shown yet.
   *[other] the following one is in { $followingMinutes } min.
}
near-direction-bad = I can't read "{ $typed }" as a direction: type a few words of the destination, after "to".
near-direction-choose = Route { $routeNo } goes more than one way at { $stopNo }: which one? (Or type it: { $example })
near-direction-unknown = Route { $routeNo } does not go to "{ $typed }" from { $stopNo }: which way?
button-direction = to { $towards }
subs-next-today-until = today until { $until }
subs-next-today-at = today { $time }
alert-unavailable = ⚠️ Arrivals at stop { $stopNo } are unavailable right now: the transit service is not answering. I'll try again at the next alert.
button-notify = 🔔 { $routeNo } near
button-notify-towards = 🔔 { $routeNo } to { $towards }

## Language

lang-set = OK, I'll speak English in this chat.
lang-failed = I couldn't remember that right now; try again in a minute.

## Terminal chat

console-welcome = Type a stop number like { $stopExample }, or /help. Ctrl+D quits.

## Live map: the web page a link (or a Telegram Mini App) opens

map-title = Route { $route }: live map
map-direction = to { $heading }
map-on-road = On the road
map-stops = Stops
map-disruptions = Disruptions
map-none-on-road = Nothing of route { $route } is on the road right now.
map-no-positions = This feed gives no vehicle positions: the route and its stops only.
map-your-stop = your stop
map-vehicle = { $label } to { $heading }
map-vehicle-next = next stop { $stop }
map-tracked = seen { $seconds } s ago
map-old = last seen { $minutes } min ago, not where it is now
map-suspect = position of unknown age
map-updated = Updated { $time }
map-unavailable = The live data cannot be read right now; trying again.
map-refused = There is no route { $route } to show.
map-saved-stops = Your saved stops
map-drawing = Route { $route } drawn with its stops and vehicles
map-no-tiles = Drawn without a background map.
map-link = Live map of a route: { $url }
map-button-route = 🗺 { $route }
map-button = 🗺 Map

## Chat adapters: what an adapter says itself (Telegram pop-ups, inline mode)

rate-limited = Slow down a little: too many requests. Try again in a minute.
refresh-up-to-date = Already up to date.
button-expired = This button has expired. Send the stop number again.
inline-usage-title = Type a stop number, like { $stopExample } { $routeExample }
inline-usage-description = The next { vehicle-many } at a stop, to share in this chat

## Trust: how far each arrival's time may be relied on. One mark beside the minutes, learnt once
## from the legend under the arrivals and in /help; words where the schedule is known

arrivals-source-tracked = 📡
arrivals-source-predicted = 🔮
arrivals-source-estimated = 🧭
arrivals-source-scheduled = 🕒
arrivals-legend-tracked = 📡 { vehicle-one } tracked
arrivals-legend-predicted = 🔮 predicted, no { vehicle-one } seen
arrivals-legend-predicted-no-positions = 🔮 predicted
arrivals-legend-estimated = 🧭 estimated from the { vehicle-one }'s position
arrivals-legend-scheduled = 🕒 scheduled
arrivals-note-late = { $minutes } min late
arrivals-note-early = { $minutes } min early
arrivals-note-on-time = on time
arrivals-trip-skipped = { $clock } skips this stop ⏭
arrivals-trip-vanished = { $clock } 👻 vanished from tracking at { $since }
arrivals-note-vanished-next = Next: { $clock } { $source }
arrivals-note-use-stop = use stop { $stop } instead
arrivals-legend-vanished = 👻 vanished from tracking, may not come
arrivals-live-stale-age = ⚠️ Live data is { $minutes } min old: { $estimated ->
    [yes] these are scheduled times except those marked 🧭.
   *[no] these are scheduled times.
}

## Line
button-line = 🛤 { $routeNo }
button-line-direction = 🛤 → { $heading }
line-title = 🛤 Route { $routeNo }
line-heading = { $routeNo } → { $heading }
line-bus = { vehicle-emoji } { $when } { $mark }{ $note } · { $stops ->
    [0] at your stop
    [one] { $stops } stop away
   *[other] { $stops } stops away
}
line-buses = { $count ->
    [0] No { vehicle-one } on this direction now
    [one] { $count } { vehicle-one } on this direction
   *[other] { $count } { vehicle-many } on this direction
}
line-no-buses = No { vehicle-one } on the line now
line-no-positions = This network gives no vehicle positions: no { vehicle-one } can be placed on the line.
line-no-stops = Route { $routeNo } has no stops in the schedule to draw.
line-not-drawable = Route { $routeNo } cannot be drawn here: this source does not give a route's stops in order. /next shows its times.
line-legend-tracked = { vehicle-one } seen
line-legend-predicted = predicted, not seen
line-legend-estimated = estimated from its position
line-legend-scheduled = schedule only
line-legend-rider = your stop
line-legend-skipped = skipped

## Reliability (/reliability): how the feed's live times came out, measured by the bot itself
reliability-heading = Last { $days } days, route { $route }:
reliability-heading-at = Last { $days } days, route { $route } at { $stop }:
reliability-predictions = { $accurate }% of { $scored ->
        [one] 1 prediction
       *[other] { $scored } predictions
    } came true within the usual margin (from 30 s early to 1½ min late for a { vehicle-one } due within 3 min, more further ahead); following them, you'd have caught { vehicle-the } { $caught }% of the time.
reliability-few = Few predictions checked so far: take these figures as a first hint.
reliability-none-yet = No prediction checked yet: the bot compares each live time with the moment { vehicle-the } is seen at the stop, and has not seen one pass yet.
reliability-trips = { $cancelled ->
        [one] 1 trip cancelled
       *[other] { $cancelled } trips cancelled
    }, { $vanished } vanished from tracking.
reliability-trips-route = On the whole route { $route }: { $cancelled ->
        [one] 1 trip cancelled
       *[other] { $cancelled } trips cancelled
    }, { $vanished } vanished from tracking.
reliability-reports = { $count ->
        [one] 1 rider reported a { vehicle-one } that didn't come this week.
       *[other] { $count } riders reported a { vehicle-one } that didn't come this week.
    }
reliability-no-realtime = This feed gives no live times, only the timetable: there is nothing to measure.
reliability-not-recorded = No figures for this feed: the bot measures live times only on GTFS-Realtime feeds it follows.

## Riders' reports: the 👻 button under a board, for a trip shown before whose time has passed
button-report-ghost = 👻 { $routeNo } { $time } didn't come?
report-counted = 👻 Thank you: your word that the { $routeNo } didn't come is counted.
report-already = You already reported this { $routeNo }. Thank you.
report-too-many = You have sent many reports this hour. Thank you; try again later.
report-turned-off = Reports of trips that didn't come are turned off on this bot.
report-not-yet = This { $routeNo } is not due yet: it can be reported once its time has passed.
report-too-late = This trip was due too long ago to be reported.
report-failed = Your report could not be saved right now. Please try again in a moment.

## Trip changes pushed: a trip a chat waits for (its alert's hour, its live board or 📍) cancelled,
## vanished from tracking or skipping the stop, with the route's next trip and how far to trust it

trip-change-cancelled = ✖ The { $routeNo } due at { $clock } at { $stopNo } is cancelled.
trip-change-vanished = 👻 The { $routeNo } due at { $clock } at { $stopNo } vanished from tracking at { $since }: it may not come.
trip-change-skipped = ⏭ The { $routeNo } due at { $clock } will not stop at { $stopNo }: it skips this stop.
trip-change-next = Next: { $clock } ({ $trust })
trip-change-no-next = No other { $routeNo } is shown at { $stopNo } for now.
trip-change-trust-tracked = tracked
trip-change-trust-predicted = predicted, no { vehicle-one } seen
trip-change-trust-estimated = estimated from the { vehicle-one }'s position
trip-change-trust-scheduled = scheduled only
where-live-cancelled = 📍 No longer updated: this { vehicle-one } was cancelled.
where-live-vanished = 📍 No longer updated: this { vehicle-one } vanished from tracking and may not come.
where-live-skipped = 📍 No longer updated: this { vehicle-one } no longer stops at your stop.

## A /line picture kept up to date (🔴 Live under it): redrawn in place while what it shows changes
command-linelive = /linelive [stop] <route>
    .description = The route drawn with its { vehicle-many } on it, redrawn for 10 minutes

## Later boards: /next with a day, a time, the first or the last trips, from the schedule
arg-later = when
    .description = A later time: tomorrow, at 07:00, sunday, first, last
later-title = { $where }, { $when }
later-place-route = Route { $routeNo } at { $stopName } ({ $stopNo })
later-place = { $stopName } ({ $stopNo })
later-when-from = { $day } from { $time }
later-when-day = { $day }
later-when-first = { $day }, first { vehicle-many }
later-when-last = { $day }, last { vehicle-many }
later-trip = { $clock } { $source }
later-trip-every = { $clock }, then every { $minutes } min { $source }
later-clock-other-day = { $clock } { $day }
later-none = No { vehicle-many } scheduled at this stop then ({ $day }).
later-from-schedule = Times from the schedule: live times show on /next nearer the time.
later-unsupported = This transit service gives only the next trips: it cannot answer for a later time or another day.
button-later = Later →
usage-later-bad-time = "{ $time }" is not a time of day: write it like 07:00, 7h30 or 7pm (hours 00 to 23).
usage-later-bad-date = "{ $date }" is not a date: write it like 2026-11-28.
usage-later-bad-word = "{ $word }" is not a day or a time: try tomorrow, sunday, at 07:00, first or last.
usage-later-missing-time = At what time? Add it after "at", like: at 07:00
usage-later-too-many = One day and one time at most, and first or last without a time: like "tomorrow at 07:00" or "last sunday".

## Leave now (/place, /walk, /leave): when to walk from a place of the rider's to the stop.
## A place is named, never shown: replies say its name, never where it is

command-place = /place <name>  (then share your location)  or  /place delete <name>
    .description = Save where you leave from, for /leave
command-walk = /walk slow|normal|fast
    .description = How fast you walk to your stop
command-leave = /leave <stop> <route> [from <place>] [days HH:MM-HH:MM]
    .description = Tell me when to leave for my { vehicle-one }
arg-place = place
    .description = The name of a place you saved, like home
arg-coordinates = coordinates
    .description = Latitude,longitude, like 45.42,-75.69
arg-place-delete = delete
    .description = The name of a place to delete
arg-pace = pace
    .description = slow, normal or fast
place-share = Now share your location (📎 → Location) to save it as "{ $name }". Where you can't share one, type its coordinates: { $example }
place-saved = Saved "{ $name }". Try: /leave { $stopExample } { $routeExample } from { $name }
place-deleted = Deleted "{ $name }".
place-unknown = This chat has no place "{ $name }". /place lists them.
place-none = No places saved in this chat. Save one with /place home, then share your location.
place-list = { $count ->
    [one] One place saved: { $names }.
   *[other] { $count } places saved: { $names }.
} /place delete <name> deletes one.
place-full = This chat already has { $max } places, the most I keep. /place delete one first.
place-failed = I couldn't read or save this chat's places right now. Nothing was changed; try again in a minute.
place-unavailable = Places are not kept by this bot.
place-delete-which = Which place? Like: /place delete home
place-coordinates-bad = I can't read "{ $typed }" as a place. Type its latitude and longitude, like 45.42,-75.69.
walk-pace-bad = I don't know the pace "{ $typed }". Use slow, normal or fast.
walk-set = Walking pace set: { $pace ->
    [slow] slow
    [fast] fast
   *[normal] normal
} ({ $kmh } km/h).
walk-retimed = { $count ->
    [one] Your leave-now alert now counts on this pace.
   *[other] Your { $count } leave-now alerts now count on this pace.
}
walk-current = Your walking pace is { $pace ->
    [slow] slow
    [fast] fast
   *[normal] normal
} ({ $kmh } km/h). Change it with /walk slow, /walk normal or /walk fast.
leave-no-place = Where do you leave from? Save a place first: { $example }, then share your location.
leave-place-unknown = This chat has no place "{ $name }": it has { $names }.
leave-place-which = From which place?
leave-place-missing = From which place? Like: { $example }
leave-window-missing = During which hours? Add a window after the days, like: /leave { $stopExample } { $routeExample } weekdays 17:30-18:30
leave-stop-unplaced = I don't know where stop { $stopNo } is, so I can't time your walk to it.
leave-too-far = "{ $name }" is too far from stop { $stopNo } to walk there.
button-leave-from = 🚶 from { $name }
button-leave = 🚶 { $routeNo }
subscribe-what-leave = when to leave { $place } for { $route }{ $towards ->
    [none] { "" }
   *[other] { "" } to { $towards }
} at { $stopNo } ({ $walk } min walk), { $from }-{ $until }, { $days }
leave-now = 🚶 Leave now for the { $routeNo }{ $towards ->
    [none] { "" }
   *[other] { "" } to { $towards }
} at { $clock } ({ $trust ->
    [tracked] tracked
    [predicted] predicted
    [estimated] estimated from its position
   *[scheduled] scheduled: not tracked
}), { $walk } min walk from { $place } to { $stopName } ({ $stopNo }).
leave-missed = 🚶 You can't make the { $routeNo }{ $towards ->
    [none] { "" }
   *[other] { "" } to { $towards }
} at { $clock } any more: it's a { $walk } min walk from { $place }. { $next ->
    [none] No other is shown yet.
   *[other] The next you can catch comes at { $nextClock } ({ $nextTrust ->
        [tracked] tracked
        [predicted] predicted
        [estimated] estimated
       *[scheduled] scheduled: not tracked
    }): leave by { $leaveAt }.
}
leave-next = { $next ->
    [none] No { vehicle-one } you can catch is shown yet: I'll tell you when to leave.
   *[other] 🚶 The next you can catch comes at { $nextClock } ({ $nextTrust ->
        [tracked] tracked
        [predicted] predicted
        [estimated] estimated
       *[scheduled] scheduled: not tracked
    }): leave by { $leaveAt }; I'll tell you when.
}

## 🚌 Track this bus: one trip followed to the rider's stop in one message, and 🛎 the stop where
## they get off (said once when it is next, once when the bus is there)
command-track = /track <stop> <route>
    .description = Follow one { vehicle-one } to your stop, live
command-off = /off <stop> <route> at <stop>
    .description = Be told when the stop where you get off is next
arg-off = getoff
    .description = The stop where you get off
button-track = { vehicle-emoji } { $routeNo } · { $when }
button-track-next = { vehicle-emoji } Follow the next one · { $when }
button-track-this = { vehicle-emoji } Track to my stop
button-get-off = 🛎 Get off at…
button-off-stop = 🛎 { $stopName } ({ $stopNo })
track-title = { vehicle-emoji } { $routeNo } to { $destination }
track-title-route = { vehicle-emoji } { $routeNo }
track-aboard-far = On its way to your stop { $stopName } ({ $stopNo }): its minutes come once it is among the next ones there.
track-to-stop = { $when } ({ $clock }) to { $stopName } ({ $stopNo }) { $mark }
track-to-off = { $when } ({ $clock }) to your stop { $stopName } ({ $stopNo }) { $mark }
track-no-position = No position for this { vehicle-one } right now.
track-off-at = 🛎 Get off at { $stopName } ({ $stopNo }): I'll tell you when it is next.
track-footer = Followed live · updated { $clock }
track-already = { vehicle-emoji } You already follow this { $routeNo }: the message above is kept up to date.
track-already-off = 🛎 Get off at { $off }: the message above follows your { vehicle-one } and I'll tell you when your stop is next.
track-over-passed = { vehicle-emoji } No longer followed: the { $routeNo } has passed your stop ({ $stopNo }).
track-over-arrived = { vehicle-emoji } No longer followed: you are at your stop.
track-over-cancelled = { vehicle-emoji } No longer followed: this { $routeNo } was cancelled.
track-over-vanished = { vehicle-emoji } No longer followed: this { $routeNo } vanished from tracking and may not come.
track-over-skipped = { vehicle-emoji } No longer followed: this { $routeNo } no longer stops at { $stopNo }.
track-live-ended = { vehicle-emoji } No longer followed. Press { vehicle-emoji } again to follow a { vehicle-one }.
off-next = 🛎 Your stop is next: { $stopName } ({ $stopNo })
off-reached = 🛎 You are at your stop: { $stopName } ({ $stopNo }). Get off here.
off-choose = 🛎 Where do you get off the { $routeNo }?
off-type = 🛎 Type where you get off: { $command } at <stop>
