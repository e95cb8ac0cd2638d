import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { createTransport, type Transporter } from 'nodemailer';
import type { MailSettings } from '../../config';
import { type Db, queryRows } from '../../db/connect';

/** A claimed notification, with its user's address. */
interface Claimed {
  id: number;
  title: string;
  body: string;
  link: string | null;
  attempts: number;
  email: string;
  username: string;
}

const BATCH = 20;
/** The first retry after a failure, doubled on each later one, at most MAX_BACKOFF_MS. */
const FIRST_BACKOFF_MS = 30_000;
const MAX_BACKOFF_MS = 60 * 60_000;

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/**
 * nodemailer's SMTP options from an smtp:// or smtps:// URL (user and password percent-encoded in it), with time
 * limits so a mail server that stops answering cannot hold a pass (and its claimed mails) for long.
 */
function smtpOptions(url: string) {
  const u = new URL(url);
  const secure = u.protocol === 'smtps:';
  return {
    host: u.hostname,
    port: u.port ? Number(u.port) : secure ? 465 : 587,
    secure,
    auth: u.username
      ? { user: decodeURIComponent(u.username), pass: decodeURIComponent(u.password) }
      : undefined,
    connectionTimeout: 20_000,
    greetingTimeout: 20_000,
    socketTimeout: 30_000,
  };
}

/** The wait before the next try after `attempts` failed ones. */
export function backoffMs(attempts: number): number {
  return Math.min(MAX_BACKOFF_MS, FIRST_BACKOFF_MS * 2 ** Math.max(0, attempts - 1));
}

/**
 * Sends the outbox's notifications by email (docs/decisions/0017-notifications-outbox.md). Each pass claims a batch
 * of due ones (FOR UPDATE SKIP LOCKED, then a lease in claimed_until and one more attempt counted), so two instances
 * never take the same one; sends each with a Message-ID made of its id, so a resend after a crash is the same mail
 * to the receiving server; marks it sent, or schedules the next try with backoff and keeps the reason, and after
 * maxAttempts marks it failed. A crash between the claim and the mark leaves the lease to run out: the notification
 * is sent again then, under the same Message-ID. Without an SMTP URL every pending notification is marked 'off'.
 */
export class MailSender {
  private readonly transport: Transporter | null;
  private readonly host: string;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;

  constructor(
    private readonly db: Db,
    private readonly settings: MailSettings,
    private readonly log: FastifyBaseLogger,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.transport = settings.smtpUrl ? createTransport(smtpOptions(settings.smtpUrl)) : null;
    this.host = new URL(settings.origin).hostname || 'localhost';
  }

  /** Whether mail goes out (an SMTP URL is set). */
  get enabled(): boolean {
    return this.transport !== null;
  }

  /** Starts the timer (one pass at a time; a pass still running when the timer fires is not doubled). */
  start(): void {
    if (this.timer) return;
    if (!this.enabled) this.log.info('email is off (no SMTP_URL): notifications are shown in the app only');
    const tick = () => {
      if (this.running) return;
      this.running = this.sendDue()
        .catch((err) => this.log.warn({ err }, 'sending notifications failed'))
        .finally(() => {
          this.running = null;
        });
    };
    this.timer = setInterval(tick, this.settings.intervalMs);
    this.timer.unref();
    tick();
  }

  /** Stops the timer and waits for a pass under way. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
    this.transport?.close();
  }

  /** One pass: claims the due notifications and sends them. Answers how many were sent and how many failed. */
  async sendDue(): Promise<{ sent: number; failed: number }> {
    const now = this.now();
    if (!this.transport) {
      await this.db.execute(
        sql`update notifications set email_status = 'off' where email_status = 'pending'`,
      );
      return { sent: 0, failed: 0 };
    }
    const claimed = await queryRows<Claimed>(
      this.db,
      sql`update notifications n
          set claimed_until = ${new Date(now.getTime() + this.settings.leaseMs).toISOString()}::timestamptz,
              attempts = n.attempts + 1
          from users u
          where u.id = n.user_id
            and n.id in (select id from notifications
                         where email_status = 'pending' and next_attempt_at <= ${now.toISOString()}::timestamptz
                           and (claimed_until is null or claimed_until <= ${now.toISOString()}::timestamptz)
                         order by next_attempt_at, id
                         limit ${BATCH}
                         for update skip locked)
          returning n.id, n.title, n.body, n.link, n.attempts, u.email, u.username`,
    );
    let sent = 0;
    let failed = 0;
    for (const n of claimed) {
      try {
        await this.transport.sendMail(this.mailOf(n));
        await this.db.execute(
          sql`update notifications set email_status = 'sent', sent_at = now(), claimed_until = null,
                     last_error = null
              where id = ${n.id}`,
        );
        sent++;
      } catch (err) {
        failed++;
        const reason = (err instanceof Error ? err.message : String(err)).slice(0, 500);
        const last = n.attempts >= this.settings.maxAttempts;
        await this.db.execute(
          sql`update notifications
              set email_status = ${last ? 'failed' : 'pending'}, claimed_until = null, last_error = ${reason},
                  next_attempt_at = ${new Date(this.now().getTime() + backoffMs(n.attempts)).toISOString()}::timestamptz
              where id = ${n.id}`,
        );
        this.log.warn(
          { notification: n.id, attempts: n.attempts, reason },
          'a notification mail was not sent',
        );
      }
    }
    return { sent, failed };
  }

  /** The mail of a notification: plain text and HTML, the link made absolute, a Message-ID of its own. */
  private mailOf(n: Claimed) {
    const url = n.link ? new URL(n.link, this.settings.origin).toString() : null;
    const text = [
      `Hello ${n.username},`,
      '',
      n.body,
      ...(url ? ['', url] : []),
      '',
      '— Dragon Fruit Marketplace',
    ].join('\n');
    const paragraphs = n.body
      .split('\n')
      .map((line) => `<p style="margin:0 0 8px">${escapeHtml(line) || '&nbsp;'}</p>`)
      .join('');
    const html = `<!doctype html><html><body style="font-family:sans-serif;line-height:1.5;color:#1f2937">
<p>Hello ${escapeHtml(n.username)},</p>${paragraphs}${
      url ? `<p><a href="${escapeHtml(url)}">Open it in Dragon Fruit Marketplace</a></p>` : ''
    }<p style="color:#6b7280">— Dragon Fruit Marketplace</p></body></html>`;
    return {
      from: this.settings.from,
      to: n.email,
      subject: n.title,
      text,
      html,
      messageId: `<notification-${n.id}@${this.host}>`,
    };
  }
}
