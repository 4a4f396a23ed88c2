import protobuf from 'protobufjs/light.js';

// The part of GTFS-Realtime (gtfs-realtime.proto, proto2, package transit_realtime) that trip
// updates, vehicle positions and service alerts use, as a protobufjs reflection descriptor: field numbers and enum values as the
// specification's reference gives them, including the newer trip relationships DELETED (7) and NEW
// (8) that the 1.x bindings lack, and a DUPLICATED trip's own date and time (trip_properties).
// It encodes the local server's feeds and the tests' ones, and is what the bench measures the
// source's own decoders against (sources/gtfs/realtime/: decode.ts, decode-vehicles.ts and
// alert-content.ts read the wire themselves, with the same field numbers). Everything else a
// feed carries (TTS texts, images, extensions) is left out.

const event = {
  fields: {
    delay: { type: 'int32', id: 1 },
    time: { type: 'int64', id: 2 },
    uncertainty: { type: 'int32', id: 3 },
    scheduledTime: { type: 'int64', id: 4 },
  },
};

const descriptor = {
  nested: {
    transit_realtime: {
      nested: {
        FeedMessage: {
          edition: 'proto2',
          fields: {
            header: { rule: 'required', type: 'FeedHeader', id: 1 },
            entity: { rule: 'repeated', type: 'FeedEntity', id: 2 },
          },
        },
        FeedHeader: {
          edition: 'proto2',
          fields: {
            gtfsRealtimeVersion: { rule: 'required', type: 'string', id: 1 },
            incrementality: { type: 'Incrementality', id: 2 },
            timestamp: { type: 'uint64', id: 3 },
          },
          nested: { Incrementality: { values: { FULL_DATASET: 0, DIFFERENTIAL: 1 } } },
        },
        FeedEntity: {
          edition: 'proto2',
          fields: {
            id: { rule: 'required', type: 'string', id: 1 },
            isDeleted: { type: 'bool', id: 2 },
            tripUpdate: { type: 'TripUpdate', id: 3 },
            alert: { type: 'Alert', id: 5 },
            vehicle: { type: 'VehiclePosition', id: 4 },
          },
        },
        VehiclePosition: {
          edition: 'proto2',
          fields: {
            trip: { type: 'TripDescriptor', id: 1 },
            vehicle: { type: 'VehicleDescriptor', id: 8 },
            position: { type: 'Position', id: 2 },
            currentStopSequence: { type: 'uint32', id: 3 },
            stopId: { type: 'string', id: 7 },
            currentStatus: { type: 'VehicleStopStatus', id: 4 },
            timestamp: { type: 'uint64', id: 5 },
            occupancyStatus: { type: 'OccupancyStatus', id: 9 },
          },
          nested: {
            VehicleStopStatus: { values: { INCOMING_AT: 0, STOPPED_AT: 1, IN_TRANSIT_TO: 2 } },
            OccupancyStatus: {
              values: {
                EMPTY: 0,
                MANY_SEATS_AVAILABLE: 1,
                FEW_SEATS_AVAILABLE: 2,
                STANDING_ROOM_ONLY: 3,
                CRUSHED_STANDING_ROOM_ONLY: 4,
                FULL: 5,
                NOT_ACCEPTING_PASSENGERS: 6,
                NO_DATA_AVAILABLE: 7,
                NOT_BOARDABLE: 8,
              },
            },
          },
        },
        Position: {
          edition: 'proto2',
          fields: {
            latitude: { rule: 'required', type: 'float', id: 1 },
            longitude: { rule: 'required', type: 'float', id: 2 },
            bearing: { type: 'float', id: 3 },
            odometer: { type: 'double', id: 4 },
            speed: { type: 'float', id: 5 },
          },
        },
        TripUpdate: {
          edition: 'proto2',
          fields: {
            trip: { rule: 'required', type: 'TripDescriptor', id: 1 },
            vehicle: { type: 'VehicleDescriptor', id: 3 },
            stopTimeUpdate: { rule: 'repeated', type: 'StopTimeUpdate', id: 2 },
            timestamp: { type: 'uint64', id: 4 },
            delay: { type: 'int32', id: 5 },
            tripProperties: { type: 'TripProperties', id: 6 },
          },
          nested: {
            StopTimeEvent: event,
            TripProperties: {
              fields: {
                tripId: { type: 'string', id: 1 },
                startDate: { type: 'string', id: 2 },
                startTime: { type: 'string', id: 3 },
              },
            },
            StopTimeUpdate: {
              fields: {
                stopSequence: { type: 'uint32', id: 1 },
                stopId: { type: 'string', id: 4 },
                arrival: { type: 'StopTimeEvent', id: 2 },
                departure: { type: 'StopTimeEvent', id: 3 },
                scheduleRelationship: { type: 'ScheduleRelationship', id: 5 },
              },
              nested: { ScheduleRelationship: { values: { SCHEDULED: 0, SKIPPED: 1, NO_DATA: 2, UNSCHEDULED: 3 } } },
            },
          },
        },
        TripDescriptor: {
          edition: 'proto2',
          fields: {
            tripId: { type: 'string', id: 1 },
            routeId: { type: 'string', id: 5 },
            directionId: { type: 'uint32', id: 6 },
            startTime: { type: 'string', id: 2 },
            startDate: { type: 'string', id: 3 },
            scheduleRelationship: { type: 'ScheduleRelationship', id: 4 },
          },
          nested: {
            ScheduleRelationship: {
              values: { SCHEDULED: 0, ADDED: 1, UNSCHEDULED: 2, CANCELED: 3, REPLACEMENT: 5, DUPLICATED: 6, DELETED: 7, NEW: 8 },
            },
          },
        },
        Alert: {
          edition: 'proto2',
          fields: {
            activePeriod: { rule: 'repeated', type: 'TimeRange', id: 1 },
            informedEntity: { rule: 'repeated', type: 'EntitySelector', id: 5 },
            cause: { type: 'Cause', id: 6 },
            effect: { type: 'Effect', id: 7 },
            url: { type: 'TranslatedString', id: 8 },
            headerText: { type: 'TranslatedString', id: 10 },
            descriptionText: { type: 'TranslatedString', id: 11 },
            severityLevel: { type: 'SeverityLevel', id: 14 },
          },
          nested: {
            Cause: {
              values: {
                UNKNOWN_CAUSE: 1,
                OTHER_CAUSE: 2,
                TECHNICAL_PROBLEM: 3,
                STRIKE: 4,
                DEMONSTRATION: 5,
                ACCIDENT: 6,
                HOLIDAY: 7,
                WEATHER: 8,
                MAINTENANCE: 9,
                CONSTRUCTION: 10,
                POLICE_ACTIVITY: 11,
                MEDICAL_EMERGENCY: 12,
              },
            },
            Effect: {
              values: {
                NO_SERVICE: 1,
                REDUCED_SERVICE: 2,
                SIGNIFICANT_DELAYS: 3,
                DETOUR: 4,
                ADDITIONAL_SERVICE: 5,
                MODIFIED_SERVICE: 6,
                OTHER_EFFECT: 7,
                UNKNOWN_EFFECT: 8,
                STOP_MOVED: 9,
                NO_EFFECT: 10,
                ACCESSIBILITY_ISSUE: 11,
              },
            },
            SeverityLevel: { values: { UNKNOWN_SEVERITY: 1, INFO: 2, WARNING: 3, SEVERE: 4 } },
          },
        },
        TimeRange: {
          edition: 'proto2',
          fields: {
            start: { type: 'uint64', id: 1 },
            end: { type: 'uint64', id: 2 },
          },
        },
        EntitySelector: {
          edition: 'proto2',
          fields: {
            agencyId: { type: 'string', id: 1 },
            routeId: { type: 'string', id: 2 },
            routeType: { type: 'int32', id: 3 },
            trip: { type: 'TripDescriptor', id: 4 },
            stopId: { type: 'string', id: 5 },
            directionId: { type: 'uint32', id: 6 },
          },
        },
        TranslatedString: {
          edition: 'proto2',
          fields: { translation: { rule: 'repeated', type: 'Translation', id: 1 } },
          nested: {
            Translation: {
              edition: 'proto2',
              fields: {
                text: { rule: 'required', type: 'string', id: 1 },
                language: { type: 'string', id: 2 },
              },
            },
          },
        },
        VehicleDescriptor: {
          edition: 'proto2',
          fields: {
            id: { type: 'string', id: 1 },
            label: { type: 'string', id: 2 },
            licensePlate: { type: 'string', id: 3 },
          },
        },
      },
    },
  },
};

// protobufjs reads a JSON descriptor's types as proto3 unless told (`edition`), and would then
// leave out every optional field equal to its default: a delay of 0, a stop_sequence of 0.
const root = protobuf.Root.fromJSON(descriptor);

/** The FeedMessage type: encode(object) for the local server and the tests; decode(bytes) for the bench's comparison. */
export const FeedMessageType = root.lookupType('transit_realtime.FeedMessage');
