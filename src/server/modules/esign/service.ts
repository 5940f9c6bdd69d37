import crypto from 'node:crypto';
import { sql } from 'kysely';
import type { DB } from '@server/db';
import type { FileStore } from '@server/adapters/files';
import type { Jobs, JobHandler, SendOptions } from '@server/adapters/jobs';
import type { EsignProvider, ProviderEnvelope } from '@server/adapters/esign';
import { httpError } from '@server/http';
import { newFileKey } from '@server/platform/files';
import { recordChange } from '@server/platform/history';
import type { Notifications } from '@server/modules/notifications/service';
import type { Esign, EsignOwner, SignatureRequest } from './types';

/**
 * The e-signature engine (issue 12): one implementation for both signed documents (weekly status, legal
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
    const env = await db.selectFrom('signatureEnvelopes').selectAll().where('id', '=', id).executeTakeFirst();
    if (!env) throw new Error(`esign: envelope ${id} not found`);
    const recipients = await db
      .selectFrom('signatureRecipients')
      .select(['id', 'name', 'email', 'routingOrder'])
      .where('envelopeId', '=', id)
      .orderBy('id')
      .execute();
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
    await t
      .insertInto('signatureEvents')
      .values({ envelopeId, event: name, detail: detail ? JSON.stringify(detail) : null })
      .execute();
  }

  /** The owner's latest envelope id. */
  async function latestOf(t: DB, type: string, id: number) {
    const row = await t
      .selectFrom('signatureEnvelopes')
      .select(['id', 'status'])
      .where('ownerType', '=', type)
      .where('ownerId', '=', id)
      .orderBy('id', 'desc')
      .executeTakeFirst();
    return row;
  }

  /** Brings the owner's record in step with the envelope (only when it is the owner's latest and not voided). */
  async function applyToOwner(
    t: DB,
    env: { id: number; ownerType: string; ownerId: number; projectId: number },
    change: { status?: 'completed' | 'declined' | 'deleted'; signedKey?: string; signedName?: string },
    recipients: { ownerRecipientId: number; isSigned: boolean; code: string | null }[],
  ) {
    const latest = await latestOf(t, env.ownerType, env.ownerId);
    if (latest?.id !== env.id) return;
    if (env.ownerType === 'weekly-status') {
      for (const r of recipients)
        await t
          .updateTable('weeklyStatusRecipients')
          .set((eb) => ({ isSigned: r.isSigned, signedCode: r.code, version: eb('version', '+', 1) }))
          .where('id', '=', r.ownerRecipientId)
          .where('weeklyStatusId', '=', env.ownerId)
          .execute();
      if (change.status)
        await t
          .updateTable('weeklyStatuses')
          .set((eb) => ({
            signedStatus: change.status!,
            ...(change.signedKey
              ? { signedFileKey: change.signedKey, signatureFilename: change.signedName }
              : {}),
            updatedAt: new Date(),
            version: eb('version', '+', 1),
          }))
          .where('id', '=', env.ownerId)
          .where('signedStatus', '=', 'sent')
          .execute();
    } else {
      for (const r of recipients)
        await t
          .updateTable('closureExternalRecipients')
          .set((eb) => ({ isSigned: r.isSigned, signedCode: r.code, version: eb('version', '+', 1) }))
          .where('id', '=', r.ownerRecipientId)
          .where('projectId', '=', env.ownerId)
          .execute();
      if (change.status)
        await t
          .updateTable('closureExternal')
          .set((eb) => ({
            signedStatus: change.status!,
            ...(change.signedKey
              ? { signedFileKey: change.signedKey, legalClosureDocumentAttachFile: change.signedName }
              : {}),
            updatedAt: new Date(),
            version: eb('version', '+', 1),
          }))
          .where('projectId', '=', env.ownerId)
          .where('signedStatus', '=', 'sent')
          .execute();
    }
    if (change.status)
      await recordChange(t, {
        projectId: env.projectId,
        by: null,
        area: OWNER_AREA[env.ownerType as EsignOwner['type']] ?? 'Signature',
        action: 'changed',
        subject: `Signature ${change.status}`,
      });
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
    const [meta, declined] = await Promise.all([
      t.selectFrom('signatureEnvelopes').select('createdBy').where('id', '=', env.id).executeTakeFirst(),
      status === 'declined'
        ? t
            .selectFrom('signatureRecipients')
            .select(['name', 'declineReason'])
            .where('envelopeId', '=', env.id)
            .where('status', '=', 'declined')
            .executeTakeFirst()
        : undefined,
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
      recipients: weekly && meta?.createdBy ? [meta.createdBy] : [],
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
    await t.insertInto('storedFiles').values({ key, fileName, contentType: PDF, size, createdBy }).execute();
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
        const current = await t
          .selectFrom('signatureEnvelopes')
          .select('status')
          .where('id', '=', envelopeId)
          // no key lock: a recipient's event insert (its foreign key takes KEY SHARE on the envelope) must not
          // wait for this job while it waits for that recipient's row
          .forNoKeyUpdate()
          .executeTakeFirstOrThrow();
        if (current.status !== 'sent') {
          if (signedKey) await files.delete(signedKey).catch(() => undefined);
          return;
        }
        for (const r of st.recipients) {
          const at = r.at ? new Date(r.at) : undefined;
          await t
            .updateTable('signatureRecipients')
            .set({
              status: r.status,
              ...(r.status === 'signed' && at ? { signedAt: sql<Date>`coalesce(signed_at, ${at})` } : {}),
              ...(r.status === 'declined'
                ? {
                    declinedAt: sql<Date>`coalesce(declined_at, ${at ?? new Date()})`,
                    declineReason: r.declineReason ?? null,
                  }
                : {}),
            })
            .where('id', '=', r.id)
            .where('envelopeId', '=', envelopeId)
            // statuses only move forward: this snapshot was read before the lock, and a signature committed
            // since must not be written back to 'delivered' (the cluster test lost one that way)
            .where('status', 'in', EARLIER[r.status])
            .execute();
        }
        const mapped = await t
          .selectFrom('signatureRecipients')
          .select(['id', 'ownerRecipientId', 'status', 'tokenHash'])
          .where('envelopeId', '=', envelopeId)
          .execute();
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
          await t
            .insertInto('storedFiles')
            .values({
              key: signedKey,
              fileName: signedName,
              contentType: PDF,
              size: signed!.length,
              createdBy: null,
            })
            .execute();
          await t
            .updateTable('signatureEnvelopes')
            .set({ status: 'completed', signedKey, completedAt: new Date(), updatedAt: new Date() })
            .where('id', '=', envelopeId)
            .execute();
          await event(t, envelopeId, 'completed', { signedSha256: sha256(signed!) });
          change = { status: 'completed', signedKey, signedName };
        } else if (st.status === 'declined') {
          await t
            .updateTable('signatureEnvelopes')
            .set({ status: 'declined', updatedAt: new Date() })
            .where('id', '=', envelopeId)
            .execute();
          await event(t, envelopeId, 'declined');
          change = { status: 'declined' };
        } else {
          // voided at the provider (e.g. in DocuSign's own console)
          await t
            .updateTable('signatureEnvelopes')
            .set({ status: 'voided', voidedAt: new Date(), updatedAt: new Date() })
            .where('id', '=', envelopeId)
            .execute();
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
          const upd = await t
            .updateTable('signatureEnvelopes')
            .set({ status: 'sent', providerRef, updatedAt: new Date(), lastError: null })
            .where('id', '=', env.id)
            .where('status', '=', 'queued')
            .executeTakeFirst();
          if (Number(upd.numUpdatedRows) === 0) return;
          await event(t, env.id, 'sent', { provider: provider.kind, providerRef });
          await queue(t, ESIGN_JOBS.sync, { envelopeId: env.id });
        });
      } catch (e) {
        await db
          .updateTable('signatureEnvelopes')
          .set({ lastError: String((e as Error).message ?? e).slice(0, 2000), updatedAt: new Date() })
          .where('id', '=', env.id)
          .execute();
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
      const open = await db
        .selectFrom('signatureEnvelopes')
        .select('id')
        .where('status', '=', 'sent')
        .where('provider', '=', provider.kind)
        .execute();
      for (const e of open) await queue(db, ESIGN_JOBS.sync, { envelopeId: e.id });
      if (jobs)
        await jobs.send(ESIGN_JOBS.poll, {}, { startAfter: POLL_SECONDS, singletonKey: 'esign.poll' });
    },
  };

  async function openEnvelope(t: DB, owner: EsignOwner) {
    const latest = await latestOf(t, owner.type, owner.id);
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
      const env = await trx
        .insertInto('signatureEnvelopes')
        .values({
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
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('signatureRecipients')
        .values(
          req.recipients.map((r) => ({
            envelopeId: env.id,
            ownerRecipientId: r.id,
            name: r.name,
            email: r.email,
            routingOrder: 1,
          })),
        )
        .execute();
      await trx
        .insertInto('signatureEvents')
        .values({
          envelopeId: env.id,
          event: 'created',
          documentSha256: hash,
          detail: JSON.stringify({ by: req.createdBy }),
        })
        .execute();
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
      await trx
        .updateTable('signatureEnvelopes')
        .set({ status: 'voided', voidedAt: new Date(), voidReason: reason, updatedAt: new Date() })
        .where('id', '=', open.id)
        .execute();
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
