import crypto from 'node:crypto';
import type { DB } from '@server/db';
import type { FileStore } from '@server/adapters/files';
import type { Jobs, JobHandler, SendOptions } from '@server/adapters/jobs';
import type { EsignProvider, ProviderEnvelope } from '@server/adapters/esign';
import { httpError } from '@server/http';
import { newFileKey } from '@server/platform/files';
import { recordChange } from '@server/platform/history';
import { insertStoredFile } from '@server/platform/stored-files';
import type { Notifications } from '@server/modules/notifications/service';
import * as repo from './repo';
import type { Esign, EsignOwner, SignatureRequest } from './types';

/**
 * The e-signature engine: one implementation for both signed documents (weekly status, legal
 * closure document) over either provider (built-in or DocuSign).
 *
 * Requests only write rows (the envelope, its recipients, an event) and queue a job in the same transaction;
 * every call to a provider runs in a job: 'esign.send', 'esign.resend', 'esign.void', 'esign.sync'. The sync
 * job reads the provider's status and brings the owner in step: signedStatus (sent → completed | declined,
 * 'deleted' when the provider voided it), each recipient's isSigned / signedCode, and — when complete — the
 * signed PDF in the file store (signed_file_key and its name). News about an envelope that is voided, or is no
 * longer the owner's latest, never changes the owner.
 *
 * Without a job queue attached (tests, scripts) jobs wait in memory until `drain()`; `startEsign` attaches the
 * queue (main.ts) and hands it whatever waited.
 */
export const ESIGN_JOBS = {
  send: 'esign.send',
  resend: 'esign.resend',
  void: 'esign.void',
  sync: 'esign.sync',
  poll: 'esign.poll',
} as const;
type JobName = (typeof ESIGN_JOBS)[keyof typeof ESIGN_JOBS];

const RETRY: SendOptions = { retryLimit: 6, retryDelay: 20, retryBackoff: true, retryDelayMax: 1800 };
const PDF = 'application/pdf';
/** The recipient statuses a provider's status may replace (never a later one: signed and declined are final). */
const EARLIER: Record<string, string[]> = {
  sent: ['created'],
  delivered: ['created', 'sent'],
  signed: ['created', 'sent', 'delivered'],
  declined: ['created', 'sent', 'delivered'],
  voided: ['created', 'sent', 'delivered'],
};
/** DocuSign envelopes still out are asked for their status this often (the backstop of Connect webhooks). */
export const POLL_SECONDS = 15 * 60;

export interface EsignEngine extends Esign {
  /** The job handlers (also run by `drain`). */
  readonly handlers: Record<JobName, JobHandler<Record<string, unknown>>>;
  /** Queues a status sync of an envelope (public signing actions, webhooks, polls). */
  queueSync(trx: DB, envelopeId: number): Promise<void>;
  attachJobs(jobs: Jobs): Promise<void>;
  readonly providerImpl: EsignProvider;
}

export interface EngineDeps {
  db: DB;
  files: FileStore;
  provider: EsignProvider;
  /** Tells the owner's people when a document is signed by everyone or declined. */
  notifications?: Pick<Notifications, 'notify'>;
  log?: { warn(obj: object, msg?: string): void; error(obj: object, msg?: string): void };
}

const sha256 = (b: Buffer) => crypto.createHash('sha256').update(b).digest('hex');

const OWNER_AREA: Record<EsignOwner['type'], string> = {
  'weekly-status': 'Weekly Status',
  'legal-document': 'Closure With Client',
};

export function createEsign(deps: EngineDeps): EsignEngine {
  const { db, files, provider } = deps;
  let jobs: Jobs | undefined;
  const waiting: { name: JobName; data: Record<string, unknown> }[] = [];

  async function queue(trx: DB, name: JobName, data: Record<string, unknown>, opts: SendOptions = {}) {
    if (jobs) await jobs.send(name, data, { ...RETRY, ...opts, trx });
    else waiting.push({ name, data });
  }

  async function envelopeFor(id: number): Promise<
    ProviderEnvelope & {
      status: string;
      ownerType: string;
      ownerId: number;
      projectId: number;
      documentKey: string;
    }
  > {
    const env = await repo.findEnvelope(db, id);
    if (!env) throw new Error(`esign: envelope ${id} not found`);
    const recipients = await repo.listEnvelopeRecipients(db, id);
    return {
      id: env.id,
      providerRef: env.providerRef,
      subject: env.subject,
      message: env.message,
      documentName: env.documentName,
      documentSha256: env.documentSha256,
      status: env.status,
      ownerType: env.ownerType,
      ownerId: env.ownerId,
      projectId: env.projectId,
      documentKey: env.documentKey,
      recipients,
      document: async () => {
        const f = await files.get(env.documentKey);
        if (!f) throw new Error(`esign: the document of envelope ${id} is missing from the file store`);
        const chunks: Buffer[] = [];
        for await (const c of f.stream) chunks.push(Buffer.from(c as Buffer));
        return Buffer.concat(chunks);
      },
    };
  }

  async function event(t: DB, envelopeId: number, name: string, detail?: object) {
    await repo.insertEvent(t, { envelopeId, event: name, detail: detail ? JSON.stringify(detail) : null });
  }

  /** Brings the owner's record in step with the envelope (only when it is the owner's latest and not voided). */
  async function applyToOwner(
    t: DB,
    env: { id: number; ownerType: string; ownerId: number; projectId: number },
    change: { status?: 'completed' | 'declined' | 'deleted'; signedKey?: string; signedName?: string },
    recipients: { ownerRecipientId: number; isSigned: boolean; code: string | null }[],
  ) {
    const latest = await repo.latestEnvelope(t, env.ownerType, env.ownerId);
    if (latest?.id !== env.id) return;
    const owner = { type: env.ownerType, id: env.ownerId } as EsignOwner;
    for (const r of recipients) await repo.writeOwnerRecipient(t, owner, r);
    if (change.status) {
      await repo.writeOwnerStatus(t, owner, { ...change, status: change.status });
      await recordChange(t, {
        projectId: env.projectId,
        by: null,
        area: OWNER_AREA[env.ownerType as EsignOwner['type']] ?? 'Signature',
        action: 'changed',
        subject: `Signature ${change.status}`,
      });
    }
    if (change.status === 'completed' || change.status === 'declined')
      await notifyOwner(t, env, change.status);
  }

  /** Signed by everyone / declined: the weekly status's creator and managers, the legal document's managers and partners. */
  async function notifyOwner(
    t: DB,
    env: { id: number; ownerType: string; projectId: number },
    status: 'completed' | 'declined',
  ) {
    if (!deps.notifications) return;
    const weekly = env.ownerType === 'weekly-status';
    const [createdBy, declined] = await Promise.all([
      repo.envelopeCreator(t, env.id),
      status === 'declined' ? repo.findDecliner(t, env.id) : undefined,
    ]);
    await deps.notifications.notify(t, {
      event: weekly
        ? status === 'completed'
          ? 'weeklyStatusSigned'
          : 'weeklyStatusDeclined'
        : status === 'completed'
          ? 'legalDocumentCompleted'
          : 'legalDocumentDeclined',
      projectId: env.projectId,
      actorId: null,
      key: `envelope:${env.id}:${status}`,
      path: `/project/${env.projectId}/${weekly ? 'during/weekly-status' : 'closure/client'}`,
      recipients: weekly && createdBy ? [createdBy] : [],
      audience: weekly ? 'managers' : 'managersAndPartners',
      // which request it was (a project may have several weekly statuses out at once)
      detail:
        `Signature request #${env.id}` +
        (declined
          ? `: ${declined.name} declined${declined.declineReason ? `: "${declined.declineReason}"` : '.'}`
          : ': signed by every recipient.'),
    });
  }

  async function storeBytes(t: DB, prefix: string, body: Buffer, fileName: string, createdBy: number | null) {
    const key = newFileKey(prefix);
    const { size } = await files.put(key, body, { contentType: PDF, fileName });
    await insertStoredFile(t, { key, fileName, contentType: PDF, size, createdBy });
    return key;
  }

  async function sync(envelopeId: number) {
    const env = await envelopeFor(envelopeId);
    if (
      env.status === 'voided' ||
      env.status === 'completed' ||
      env.status === 'declined' ||
      env.status === 'queued'
    )
      return;
    const st = await provider.status(env);
    let signed: Buffer | undefined;
    if (st.status === 'completed') signed = await provider.signedDocument(env);
    let signedKey: string | undefined;
    const signedName = env.documentName.replace(/\.pdf$/i, '') + '-signed.pdf';
    if (signed) signedKey = newFileKey(`signatures/${env.ownerType}/${env.ownerId}/signed`);
    if (signed && signedKey) await files.put(signedKey, signed, { contentType: PDF, fileName: signedName });
    try {
      await db.transaction().execute(async (t) => {
        if ((await repo.lockEnvelopeStatus(t, envelopeId)) !== 'sent') {
          if (signedKey) await files.delete(signedKey).catch(() => undefined);
          return;
        }
        // statuses only move forward (the cluster test lost a signature to a stale 'delivered')
        for (const r of st.recipients)
          await repo.writeRecipientStatus(
            t,
            envelopeId,
            { ...r, at: r.at ? new Date(r.at) : undefined },
            EARLIER[r.status],
          );
        const mapped = await repo.listRecipientStates(t, envelopeId);
        const codes = new Map(st.recipients.map((r) => [r.id, r.code]));
        const ownerRecipients = mapped.map((m) => ({
          ownerRecipientId: m.ownerRecipientId,
          isSigned: m.status === 'signed',
          code: codes.get(m.id) ?? m.tokenHash ?? null,
        }));
        if (st.status === 'sent') {
          await applyToOwner(t, env, {}, ownerRecipients);
          return;
        }
        let change: Parameters<typeof applyToOwner>[2];
        if (st.status === 'completed' && signedKey) {
          await insertStoredFile(t, {
            key: signedKey,
            fileName: signedName,
            contentType: PDF,
            size: signed!.length,
            createdBy: null,
          });
          await repo.updateEnvelope(t, envelopeId, {
            status: 'completed',
            signedKey,
            completedAt: new Date(),
          });
          await event(t, envelopeId, 'completed', { signedSha256: sha256(signed!) });
          change = { status: 'completed', signedKey, signedName };
        } else if (st.status === 'declined') {
          await repo.updateEnvelope(t, envelopeId, { status: 'declined' });
          await event(t, envelopeId, 'declined');
          change = { status: 'declined' };
        } else {
          // voided at the provider (e.g. in DocuSign's own console)
          await repo.updateEnvelope(t, envelopeId, { status: 'voided', voidedAt: new Date() });
          await event(t, envelopeId, 'voided', { by: 'provider' });
          change = { status: 'deleted' };
        }
        await applyToOwner(t, env, change, ownerRecipients);
      });
    } catch (e) {
      if (signedKey) await files.delete(signedKey).catch(() => undefined);
      throw e;
    }
  }

  const handlers: EsignEngine['handlers'] = {
    [ESIGN_JOBS.send]: async (data) => {
      const env = await envelopeFor(Number(data.envelopeId));
      if (env.status !== 'queued') return; // voided before it went out, or already sent by an earlier run
      try {
        const { providerRef } = await provider.send(env);
        await db.transaction().execute(async (t) => {
          const sent = await repo.updateEnvelope(
            t,
            env.id,
            { status: 'sent', providerRef, lastError: null },
            'queued',
          );
          if (!sent) return;
          await event(t, env.id, 'sent', { provider: provider.kind, providerRef });
          await queue(t, ESIGN_JOBS.sync, { envelopeId: env.id });
        });
      } catch (e) {
        await repo.updateEnvelope(db, env.id, {
          lastError: String((e as Error).message ?? e).slice(0, 2000),
        });
        throw e;
      }
    },
    [ESIGN_JOBS.resend]: async (data) => {
      const env = await envelopeFor(Number(data.envelopeId));
      if (env.status !== 'sent') return;
      await provider.resend(env);
      await event(db, env.id, 'resent', { provider: provider.kind });
    },
    [ESIGN_JOBS.void]: async (data) => {
      const env = await envelopeFor(Number(data.envelopeId));
      if (!env.providerRef) return; // never went out
      await provider.void(env, String(data.reason ?? 'Voided'));
    },
    [ESIGN_JOBS.sync]: async (data) => sync(Number(data.envelopeId)),
    [ESIGN_JOBS.poll]: async () => {
      for (const envelopeId of await repo.listSentEnvelopeIds(db, provider.kind))
        await queue(db, ESIGN_JOBS.sync, { envelopeId });
      if (jobs)
        await jobs.send(ESIGN_JOBS.poll, {}, { startAfter: POLL_SECONDS, singletonKey: 'esign.poll' });
    },
  };

  async function openEnvelope(t: DB, owner: EsignOwner) {
    const latest = await repo.latestEnvelope(t, owner.type, owner.id);
    return latest && (latest.status === 'queued' || latest.status === 'sent') ? latest : undefined;
  }

  const engine: EsignEngine = {
    provider: provider.kind,
    providerImpl: provider,
    handlers,
    async request(trx, req: SignatureRequest) {
      if (req.recipients.length === 0)
        throw httpError(409, 'Add at least one recipient before sending to sign.');
      const hash = sha256(req.document);
      const documentKey = await storeBytes(
        trx,
        `signatures/${req.owner.type}/${req.owner.id}`,
        req.document,
        req.documentName,
        req.createdBy,
      );
      const env = await repo.insertEnvelope(trx, {
        ownerType: req.owner.type,
        ownerId: req.owner.id,
        projectId: req.projectId,
        provider: provider.kind,
        subject: req.subject,
        message: req.message ?? '',
        documentKey,
        documentName: req.documentName,
        documentSha256: hash,
        createdBy: req.createdBy,
      });
      await repo.insertRecipients(
        trx,
        req.recipients.map((r) => ({
          envelopeId: env.id,
          ownerRecipientId: r.id,
          name: r.name,
          email: r.email,
          routingOrder: 1,
        })),
      );
      await repo.insertEvent(trx, {
        envelopeId: env.id,
        event: 'created',
        documentSha256: hash,
        detail: JSON.stringify({ by: req.createdBy }),
      });
      await queue(trx, ESIGN_JOBS.send, { envelopeId: env.id });
      return { envelopeId: env.id, documentKey, sha256: hash };
    },
    async resend(trx, owner) {
      const open = await openEnvelope(trx, owner);
      if (!open) throw httpError(409, 'There is no document out for signature to resend.');
      if (open.status === 'queued') return; // its first e-mails are still on their way
      await queue(trx, ESIGN_JOBS.resend, { envelopeId: open.id });
    },
    async void(trx, owner, reason) {
      const open = await openEnvelope(trx, owner);
      if (!open) return;
      await repo.updateEnvelope(trx, open.id, { status: 'voided', voidedAt: new Date(), voidReason: reason });
      await event(trx, open.id, 'void-requested', { reason });
      await queue(trx, ESIGN_JOBS.void, { envelopeId: open.id, reason });
    },
    async queueSync(trx, envelopeId) {
      await queue(trx, ESIGN_JOBS.sync, { envelopeId });
    },
    async drain() {
      let ran = 0;
      while (waiting.length) {
        const job = waiting.shift()!;
        await handlers[job.name](job.data, { id: `local-${ran}`, retryCount: 0 });
        ran++;
      }
      return ran;
    },
    async attachJobs(j) {
      for (const name of Object.values(ESIGN_JOBS)) {
        await j.ensureQueue(name);
        await j.work(name, handlers[name]);
      }
      jobs = j;
      while (waiting.length) {
        const job = waiting.shift()!;
        await j.send(job.name, job.data, RETRY);
      }
      if (provider.kind === 'docusign')
        await j.send(ESIGN_JOBS.poll, {}, { startAfter: POLL_SECONDS, singletonKey: 'esign.poll' });
    },
  };
  return engine;
}
