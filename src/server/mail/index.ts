import type { DB } from '../db';

export interface OutgoingMail {
  to: string;
  subject: string;
  body: string;
}

/** Mail always goes to the `mail_outbox` table; a sender delivers it over SMTP when `SMTP_URL` is set. */
export interface Mailer {
  enqueue(mail: OutgoingMail, db?: DB): Promise<number>;
  /** Delivers what is pending (no-op without SMTP). Returns how many were sent. */
  flush(): Promise<number>;
}

export function createMailer(db: DB, smtpUrl: string | undefined, from: string): Mailer {
  let transport: { sendMail(m: object): Promise<unknown> } | undefined;
  async function getTransport() {
    if (!smtpUrl) return undefined;
    if (!transport) {
      const nodemailer = await import('nodemailer');
      transport = nodemailer.default.createTransport(smtpUrl);
    }
    return transport;
  }
  return {
    async enqueue(mail, trx = db) {
      const row = await trx
        .insertInto('mailOutbox')
        .values({ toAddress: mail.to, subject: mail.subject, body: mail.body })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
    async flush() {
      const t = await getTransport();
      if (!t) return 0;
      const pending = await db
        .selectFrom('mailOutbox')
        .selectAll()
        .where('sentAt', 'is', null)
        .where('attempts', '<', 5)
        .orderBy('id')
        .limit(50)
        .execute();
      let sent = 0;
      for (const m of pending) {
        try {
          await t.sendMail({ from, to: m.toAddress, subject: m.subject, html: m.body });
          await db.updateTable('mailOutbox').set({ sentAt: new Date(), error: null }).where('id', '=', m.id).execute();
          sent++;
        } catch (e) {
          await db
            .updateTable('mailOutbox')
            .set({ attempts: m.attempts + 1, error: (e as Error).message })
            .where('id', '=', m.id)
            .execute();
        }
      }
      return sent;
    },
  };
}
