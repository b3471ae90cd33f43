// Responses told apart by their key: a status (200), a class of statuses (2XX) or default.
import type { ParameterIr, ResponseIr } from './types.js';

/** A success response: a 2xx status or the 2XX class (default is never a handler's result). */
export function isSuccess(response: Pick<ResponseIr, 'key'>): boolean {
  return response.key.startsWith('2');
}

/**
 * The headers a handler sets on a response (a success's by its result, another's by its answer, respond.ts): every
 * declared one but `location` (the runtime fills it), on a response the handler's result is rendered from (a file or
 * an event stream goes out before any header of its own).
 */
export function handlerHeaders(response: ResponseIr): readonly ParameterIr[] {
  if (response.file || response.events) return [];
  return response.headers.filter((header) => header.name.toLowerCase() !== 'location');
}
