// The clinic calls as a kubb user types them; type-checked with kubb's output (tsconfig.kubb.json), so
// the per-tool strict line says whether the union narrows and a File is a multipart part.
import { addScan } from '../../out/kubb/clinic-api/clients/addScan.ts';
import { bookAppointment } from '../../out/kubb/clinic-api/clients/bookAppointment.ts';
import type { Appointment } from '../../out/kubb/clinic-api/types/Appointment.ts';
import { MAIL_BOOKING } from './booking.ts';

export const contactOf = (appointment: Appointment): string =>
  appointment.contact.kind === 'phone' ? appointment.contact.number : appointment.contact.address;

export const upload = (patient: string, scan: File) => addScan({ patient, data: { scan, title: 'X-ray' } });

export const book = () => bookAppointment({ data: MAIL_BOOKING });
