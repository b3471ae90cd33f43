// The clinic calls as an openapi-fetch user types them; type-checked with openapi-typescript's output
// (tsconfig.openapi-typescript.json), so the per-tool strict line says whether the union narrows, a File is
// a multipart part, a Blob is a body and an answer, and whether the event stream can be had.
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

export const uploadPhoto = (patient: string, photo: Blob) =>
  client.PUT('/clinic/patients/{patient}/photo', {
    params: { path: { patient } },
    // @ts-expect-error openapi-typescript types a `format: binary` body as string, not Blob (docs/ecosystem.md)
    body: photo,
    // Sent as it is (the Blob; the types say string): the default serializer would write it as JSON.
    bodySerializer: (body) => body,
    headers: { 'content-type': 'image/png' },
  });

export const downloadPhoto = async (patient: string): Promise<Blob | undefined> => {
  const { data } = await client.GET('/clinic/patients/{patient}/photo', {
    params: { path: { patient } },
    parseAs: 'blob',
  });
  return data;
};

/** parseAs: 'stream' gives the body as it arrives, to be read as events (hooks/server-events.ts). */
export const feed = async (): Promise<ReadableStream<Uint8Array> | null | undefined> =>
  (await client.GET('/clinic/appointments/feed', { params: { query: { count: 10 } }, parseAs: 'stream' })).data;
