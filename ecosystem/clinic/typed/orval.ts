// The clinic calls as an orval user types them; type-checked with orval's output (tsconfig.orval.json),
// so the per-tool strict line says whether the union narrows and a File is a multipart part.
import { addScan, bookAppointment, type Appointment } from '../../out/orval/clinic-api/client.ts';
import { MAIL_BOOKING } from './booking.ts';

export const contactOf = (appointment: Appointment): string =>
  appointment.contact.kind === 'phone' ? appointment.contact.number : appointment.contact.address;

export const upload = (patient: string, scan: File) => addScan(patient, { scan, title: 'X-ray' });

export const book = () => bookAppointment(MAIL_BOOKING);
