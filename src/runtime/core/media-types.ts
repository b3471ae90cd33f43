// Media types as RFC 9110 compares them (section 8.3.1): type and subtype case-insensitive, parameters not part of
// the type. One matcher for every place that takes a file by its media type (uploads and multipart parts on the
// server, the client's defaults for them, file responses on both sides), where a declared `image/*` or `*/*` is a
// media range (section 12.5.1) that takes each type under it.

/** The media type of a Content-Type header, lower case and without parameters. */
export function mediaTypeOf(contentType: string | undefined): string | undefined {
  const type = contentType?.split(';')[0]?.trim().toLowerCase();
  return type === '' ? undefined : type;
}

/** Whether a declared media type is a range (`image/*`, or every type) rather than one type. */
export function isMediaRange(declared: string): boolean {
  return declared.endsWith('/*');
}

/** The media type of `contentType` when one of `declared` (types or ranges) takes it; undefined otherwise. */
export function declaredMediaType(declared: readonly string[], contentType: string | undefined): string | undefined {
  const type = mediaTypeOf(contentType);
  if (type === undefined) return undefined;
  const matches = (entry: string) => {
    const range = entry.toLowerCase();
    return range === type || range === '*/*' || (isMediaRange(range) && type.startsWith(range.slice(0, -1)));
  };
  return declared.some(matches) ? type : undefined;
}

/** The media type a file goes with when the caller names none: the declared one, when there is one and no range. */
export function soleMediaType(declared: readonly string[]): string | undefined {
  const [only] = declared;
  return declared.length === 1 && only !== undefined && !isMediaRange(only) ? only : undefined;
}
