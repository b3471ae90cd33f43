// Answers told apart by their key: a status (200), a class of statuses (2XX) or default.
import type { ResponseIr } from './types.js';

/** A success answer: a 2xx status or the 2XX class (default is never a handler's result). */
export function isSuccess(response: Pick<ResponseIr, 'key'>): boolean {
  return response.key.startsWith('2');
}
