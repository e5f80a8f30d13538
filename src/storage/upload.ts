/**
 * A file part of a request, spooled to a temporary file as it arrived (http/multipart.ts), with
 * its size and SHA-256 computed on the way. The client's filename is kept only as metadata.
 */
export interface Upload {
  field: string;
  filename: string;
  contentType: string;
  path: string;
  size: number;
  sha256: string;
}
