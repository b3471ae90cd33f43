// The clinic calls as a kubb user types them; type-checked with kubb's output (tsconfig.kubb.json), so
// the per-tool strict line says whether the union narrows, a File is a multipart part, a Blob is a body and
// an answer, and what an event stream is typed as.
import { addScan } from '../../out/kubb/clinic-api/clients/addScan.ts';
import { bookAppointment } from '../../out/kubb/clinic-api/clients/bookAppointment.ts';
import { getPhoto } from '../../out/kubb/clinic-api/clients/getPhoto.ts';
import { putPhoto } from '../../out/kubb/clinic-api/clients/putPhoto.ts';
import { watchAppointments } from '../../out/kubb/clinic-api/clients/watchAppointments.ts';
import type { Appointment } from '../../out/kubb/clinic-api/types/Appointment.ts';
import { MAIL_BOOKING } from './booking.ts';

export const contactOf = (appointment: Appointment): string =>
  appointment.contact.kind === 'phone' ? appointment.contact.number : appointment.contact.address;

export const upload = (patient: string, scan: File) => addScan({ patient, data: { scan, title: 'X-ray' } });

export const book = () => bookAppointment({ data: MAIL_BOOKING });

export const uploadPhoto = (patient: string, photo: Blob) => putPhoto({ patient, data: photo });

/** kubb sets no responseType for a file answer: the call says `blob` (hooks/kubb-fetch.ts honours it). */
export const downloadPhoto = async (patient: string): Promise<Blob> =>
  (await getPhoto({ patient }, { responseType: 'blob' })).data;

/** kubb types the stream as the schema's string: asked for as a stream, the body must be read as events. */
export async function feed(): Promise<ReadableStream<Uint8Array>> {
  const { data } = await watchAppointments({ params: { count: 10 } }, { responseType: 'stream' });
  // @ts-expect-error kubb types a text/event-stream answer as `string`; it reads no x-itemSchema
  return data satisfies ReadableStream<Uint8Array>;
}
