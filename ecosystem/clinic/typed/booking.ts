// The booking each tool's typed call sends: a literal whose `contact` must fit that tool's union type.
export const MAIL_BOOKING = {
  patient: '6f1c2a70-3b7e-4c1a-9d3e-2f4b5a6c7d8e',
  startsAt: '2026-12-01T09:30:00Z',
  length: 'PT30M',
  contact: { kind: 'mail', address: 'ada@example.org' },
  room: null,
} as const;
