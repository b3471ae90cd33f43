// The Content-Disposition a file is sent with, by the server, its mocks and the client's uploads alike: the name
// as RFC 8187 UTF-8 text, which the client and the server's upload reader decode.

/** `attachment; filename*=UTF-8''<name>`, encoded as RFC 8187 asks (' ( ) * too, which encodeURIComponent keeps). */
export function attachmentDisposition(name: string): string {
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename*=UTF-8''${encoded}`;
}
