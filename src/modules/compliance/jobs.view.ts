// A compliance job on the wire (SPEC `ComplianceJob`). Every required member is always shown: the
// schema requires them whatever `compliance_job.fields` asks, and the DOCS examples show them all.
// The URLs point at this server (the host the client called), in place of signed storage URLs.
import { isoMillis } from '../../shared/clock.js';
import type { JobRow } from './jobs.repo.js';

/** Where Aviary serves a job's files; the token in the path is the only credential (as a signed URL's signature is). */
export const FILES_PATH = '/_aviary-storage/compliance';

export function jobView(j: JobRow, base: string) {
  return {
    id: j.id,
    type: j.type,
    ...(j.name !== null ? { name: j.name } : {}),
    resumable: j.resumable === 1,
    status: j.status,
    created_at: isoMillis(j.created_at),
    upload_url: `${base}${FILES_PATH}/${j.upload_token}/upload`,
    upload_expires_at: isoMillis(j.upload_expires_at),
    download_url: `${base}${FILES_PATH}/${j.download_token}/download`,
    download_expires_at: isoMillis(j.download_expires_at),
  };
}
