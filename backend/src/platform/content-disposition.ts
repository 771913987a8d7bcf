/**
 * A Content-Disposition value naming a file as sent: plain ASCII in `filename` for old browsers (other
 * characters, quotes and backslashes replaced), the exact name in `filename*` (RFC 6266 / 5987).
 */
export const contentDisposition = (kind: 'inline' | 'attachment', filename: string) =>
  `${kind}; filename="${filename.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
