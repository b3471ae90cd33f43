// The clinic calls as a @hey-api/openapi-ts user types them; type-checked with its output
// (tsconfig.hey-api.json), so the per-tool strict line says whether the union narrows, a File is a part, a
// Blob is a body and an answer, and what an event's data is typed as.
import {
  addScan,
  bookAppointment,
  getPhoto,
  putPhoto,
  watchAppointments,
} from '../../out/hey-api/clinic-api/sdk.gen.ts';
import type { Appointment } from '../../out/hey-api/clinic-api/types.gen.ts';
import { MAIL_BOOKING } from './booking.ts';

export const contactOf = (appointment: Appointment): string =>
  appointment.contact.kind === 'phone' ? appointment.contact.number : appointment.contact.address;

export const upload = (patient: string, scan: File) => addScan({ path: { patient }, body: { scan, title: 'X-ray' } });

export const book = () => bookAppointment({ body: MAIL_BOOKING });

export const uploadPhoto = (patient: string, photo: Blob) => putPhoto({ path: { patient }, body: photo });

export const downloadPhoto = async (patient: string): Promise<Blob | undefined> =>
  (await getPhoto({ path: { patient } })).data;

/** The SSE client yields each event's data; its name and id come through onSseEvent. */
export async function firstBooked(): Promise<Appointment | undefined> {
  const names: (string | undefined)[] = [];
  const { stream } = await watchAppointments({ query: { count: 10 }, onSseEvent: ({ event }) => names.push(event) });
  for await (const data of stream) {
    // @ts-expect-error hey-api types an event's data as the `string` of the schema; it reads no x-itemSchema
    if (names.at(-1) === 'booked') return data satisfies Appointment;
  }
  return undefined;
}
