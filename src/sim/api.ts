import type { FaultFailure } from './faults.js';
import { nextTrips, nextTripsAllRoutes, routeSummary, stopError, type ResultName, type StopAnswer } from './ops/stop-answers.js';
import { runGtfsQuery } from './ops/gtfs-query.js';
import type { SimNetwork } from './network.js';
import { gtfsJson, gtfsXml } from './render/gtfs-render.js';
import { stopAnswerJson } from './render/stop-json.js';
import { stopAnswerXml } from './render/stop-xml.js';
import { responseFormat, type Params } from './request.js';
import { HTML_TYPE, JSON_TYPE, text, XML_TYPE, type SimResponse } from './response.js';
import { API_ERROR_CODES, type ResponseFormat } from '../sources/octranspo-v12/index.js';

// The four v1.2 operations: parameters in, a formatted response out. Errors of the stop
// operations are in-band with HTTP 200, as the service gave them.

export const OPERATIONS = ['GetRouteSummaryForStop', 'GetNextTripsForStop', 'GetNextTripsForStopAllRoutes', 'Gtfs'] as const;
export type Operation = (typeof OPERATIONS)[number];

export function isOperation(name: string): name is Operation {
  return (OPERATIONS as readonly string[]).includes(name);
}

export interface ApiContext {
  network: SimNetwork;
  nowMs: number;
  appId: string;
  apiKey: string;
}

export function answer(operation: Operation, params: Params, context: ApiContext): SimResponse {
  const format = responseFormat(params);
  const authorised = params.get('appID') === context.appId && params.get('apiKey') === context.apiKey;
  if (operation === 'Gtfs') {
    // The spec shows no in-band error for Gtfs: a refusal there is an HTTP status.
    if (!authorised) return text(401, 'Invalid API key');
    const outcome = runGtfsQuery(context.network.gtfs, params);
    if (!outcome.ok) return text(400, `Bad Request: ${outcome.reason}`);
    return format === 'json'
      ? { status: 200, contentType: JSON_TYPE, body: gtfsJson(outcome.echo, outcome.records) }
      : { status: 200, contentType: XML_TYPE, body: gtfsXml(outcome.records) };
  }
  const result = resultName(operation);
  if (!authorised) return stopResponse(stopError(result, API_ERROR_CODES.INVALID_API_KEY), format);
  const stopNo = params.get('stopNo');
  switch (operation) {
    case 'GetRouteSummaryForStop':
      return stopResponse(routeSummary(context.network, stopNo), format);
    case 'GetNextTripsForStop':
      return stopResponse(nextTrips(context.network, stopNo, params.get('routeNo'), context.nowMs), format);
    case 'GetNextTripsForStopAllRoutes':
      return stopResponse(nextTripsAllRoutes(context.network, stopNo, context.nowMs), format);
  }
}

function resultName(operation: Exclude<Operation, 'Gtfs'>): ResultName {
  return operation === 'GetNextTripsForStop' ? 'GetNextTripsForStop' : 'GetRouteSummaryForStop';
}

function stopResponse(stopAnswer: StopAnswer, format: ResponseFormat): SimResponse {
  return format === 'json'
    ? { status: 200, contentType: JSON_TYPE, body: stopAnswerJson(stopAnswer) }
    : { status: 200, contentType: XML_TYPE, body: stopAnswerXml(stopAnswer) };
}

/** A failure served instead of the answer ('truncated' and 'reset' are handled by the server). */
export function failureResponse(failure: Exclude<FaultFailure, 'truncated' | 'reset'>, operation: Operation, params: Params): SimResponse {
  switch (failure) {
    case 'http-500':
      return text(500, 'Internal Server Error');
    case 'error-2':
      if (operation === 'Gtfs') return text(503, 'Unable to query data source');
      return stopResponse(stopError(resultName(operation), API_ERROR_CODES.DATA_SOURCE_UNAVAILABLE), responseFormat(params));
    case 'html':
      return { status: 200, contentType: HTML_TYPE, body: HTML_ERROR_PAGE };
    case 'plain-text':
      return text(200, 'The service is temporarily unavailable. Please try again later.');
  }
}

const HTML_ERROR_PAGE = `<!DOCTYPE html>
<html>
<head><title>Service Unavailable</title></head>
<body><h1>Service Unavailable</h1><p>The server is temporarily unable to service your request.</p></body>
</html>
`;
