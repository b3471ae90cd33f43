// The clinic calls as a @hey-api/openapi-ts user types them; type-checked with its output
// (tsconfig.hey-api.json), so the per-tool strict line says whether the union narrows and a File is a part.
import { addScan, bookAppointment } from '../../out/hey-api/clinic-api/sdk.gen.ts';
import type { Appointment } from '../../out/hey-api/clinic-api/types.gen.ts';
import { MAIL_BOOKING } from './booking.ts';

export const contactOf = (appointment: Appointment): string =>
  appointment.contact.kind === 'phone' ? appointment.contact.number : appointment.contact.address;

export const upload = (patient: string, scan: File) => addScan({ path: { patient }, body: { scan, title: 'X-ray' } });

export const book = () => bookAppointment({ body: MAIL_BOOKING });
