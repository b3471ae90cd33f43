// The clinic calls as an openapi-fetch user types them; type-checked with openapi-typescript's output
// (tsconfig.openapi-typescript.json), so the per-tool strict line says whether the union narrows and a
// File is a multipart part.
import createClient from 'openapi-fetch';
import type { components, paths } from '../../out/openapi-typescript/clinic-api.ts';
import { MAIL_BOOKING } from './booking.ts';

type Appointment = components['schemas']['Appointment'];

export const contactOf = (appointment: Appointment): string =>
  appointment.contact.kind === 'phone' ? appointment.contact.number : appointment.contact.address;

const client = createClient<paths>({ baseUrl: 'http://127.0.0.1' });

/** The multipart body as openapi-fetch's docs write it: the caller's bodySerializer builds the FormData. */
function formData(body: Record<string, string | Blob>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(body)) form.append(name, value);
  return form;
}

export const upload = (patient: string, scan: File) =>
  client.POST('/clinic/patients/{patient}/scans', {
    params: { path: { patient } },
    // @ts-expect-error openapi-typescript types a `format: binary` part as string, not Blob (docs/ecosystem.md)
    body: { scan, title: 'X-ray' },
    bodySerializer: formData,
  });

export const book = () => client.POST('/clinic/appointments', { body: MAIL_BOOKING });
