// The clinic calls as an orval user types them; type-checked with orval's output (tsconfig.orval.json),
// so the per-tool strict line says whether the union narrows, a File is a multipart part, a Blob is a body
// and an answer, and whether the event stream can be had.
import {
  addScan,
  bookAppointment,
  getPhoto,
  getWatchAppointmentsUrl,
  putPhoto,
  type Appointment,
} from '../../out/orval/clinic-api/client.ts';
import { MAIL_BOOKING } from './booking.ts';

export const contactOf = (appointment: Appointment): string =>
  appointment.contact.kind === 'phone' ? appointment.contact.number : appointment.contact.address;

export const upload = (patient: string, scan: File) => addScan(patient, { scan, title: 'X-ray' });

export const book = () => bookAppointment(MAIL_BOOKING);

export const uploadPhoto = (patient: string, photo: Blob) => putPhoto(patient, photo);

/** Typed a Blob; the mutator (hooks/orval-fetch.ts) must read a non-JSON answer as one. */
export const downloadPhoto = async (patient: string): Promise<Blob | undefined> => {
  const answer = await getPhoto(patient);
  return answer.status === 200 ? answer.data : undefined;
};

/** orval's watchAppointments() resolves with the whole stream as one string: its URL, then fetch. */
export const feed = (base: string) =>
  fetch(`${base}${getWatchAppointmentsUrl({ count: 10 })}`, { headers: { accept: 'text/event-stream' } });
