// The clinic calls as an orval user types them; type-checked with orval's output (tsconfig.orval.json),
// so the per-tool strict line says whether the union narrows and a File is a multipart part.
import { addScan, bookAppointment, type Appointment } from '../../out/orval/clinic-api/client.ts';

export const contactOf = (appointment: Appointment): string =>
  appointment.contact.kind === 'phone' ? appointment.contact.number : appointment.contact.address;

export const upload = (patient: string, scan: File) => addScan(patient, { scan, title: 'X-ray' });

export const book = () =>
  bookAppointment({
    patient: '6f1c2a70-3b7e-4c1a-9d3e-2f4b5a6c7d8e',
    startsAt: '2026-12-01T09:30:00Z',
    length: 'PT30M',
    contact: { kind: 'mail', address: 'ada@example.org' },
    room: null,
  });
