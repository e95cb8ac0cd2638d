import {
  DIGEST_INTERVAL_MINUTES,
  DIGEST_KIND,
  MAILS_PER_ACTOR_PER_HOUR,
  MAILS_PER_RECIPIENT_PER_DAY,
} from '@domain/notifications/types';
import { withTrackingLinks } from '@domain/orders/shipments';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { createTransport, type Transporter } from 'nodemailer';
import type { MailSettings } from '../../config';
import { type Db, queryRows, type Tx } from '../../db/connect';
import { escapeMarkup } from '../../http/escape';
import { QUOTE } from './messages';

/** A claimed notification, with its user's address. */
interface Claimed {
  id: number;
  userId: number;
  actorId: number | null;
  /** Set once the mail limits let it go (a retry is not counted again). */
  mailedAt: Date | string | null;
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
const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;
const DIGEST_INTERVAL_MS = DIGEST_INTERVAL_MINUTES * 60_000;
/** The first key of the advisory lock that makes one recipient's mail decisions take turns (the second: their id). */
const MAIL_LIMITS_LOCK = 0x6d61696c;
/** How many held notifications a digest names by their title. */
const DIGEST_TITLES = 10;

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

  /**
   * One pass: writes the digests that are due, claims the due notifications, and sends each that the mail limits let
   * go (the others are held for a digest). Answers how many were sent and how many failed.
   */
  async sendDue(): Promise<{ sent: number; failed: number }> {
    const now = this.now();
    if (!this.transport) {
      await this.db.execute(
        sql`update notifications set email_status = 'off' where email_status = 'pending'`,
      );
      return { sent: 0, failed: 0 };
    }
    await this.writeDigests(now);
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
          returning n.id, n.user_id as "userId", n.actor_id as "actorId", n.mailed_at as "mailedAt", n.title,
                    n.body, n.link, n.attempts, u.email, u.username`,
    );
    let sent = 0;
    let failed = 0;
    for (const n of claimed) {
      if (n.mailedAt === null && !(await this.mayMail(n, now))) continue;
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

  /**
   * The mail limits (docs/product.md#notifications): whether this notification may be mailed on its own, decided
   * under an advisory lock on its recipient, so that two senders (two instances) deciding for the same person take
   * turns and the second counts the first's choice. It may go when the recipient has had fewer than
   * MAILS_PER_RECIPIENT_PER_DAY mails in the last 24 hours and, when another person caused it, fewer than
   * MAILS_PER_ACTOR_PER_HOUR caused by that person in the last hour; it is then counted (mailed_at). Otherwise it is
   * held, to be told of in a digest DIGEST_INTERVAL_MINUTES later.
   */
  private async mayMail(n: Claimed, now: Date): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      await lockRecipient(tx, n.userId);
      const [counts] = await queryRows<{ day: number; actor: number }>(
        tx,
        sql`select count(*)::int as day,
                   count(*) filter (where actor_id = ${n.actorId ?? 0}::int
                                      and mailed_at > ${iso(now.getTime() - HOUR_MS)}::timestamptz)::int as actor
            from notifications
            where user_id = ${n.userId} and mailed_at is not null
              and mailed_at > ${iso(now.getTime() - DAY_MS)}::timestamptz`,
      );
      const others = n.actorId !== null && n.actorId !== n.userId;
      const may =
        (counts?.day ?? 0) < MAILS_PER_RECIPIENT_PER_DAY &&
        (!others || (counts?.actor ?? 0) < MAILS_PER_ACTOR_PER_HOUR);
      await tx.execute(
        may
          ? sql`update notifications set mailed_at = ${now.toISOString()}::timestamptz where id = ${n.id}`
          : sql`update notifications
                set email_status = 'held', claimed_until = null,
                    next_attempt_at = ${iso(now.getTime() + DIGEST_INTERVAL_MS)}::timestamptz
                where id = ${n.id}`,
      );
      return may;
    });
  }

  /**
   * Writes a digest mail for each person with held notifications whose digest is due: one row of kind DIGEST_KIND
   * (never shown in the app), counted by the limits, naming what was held, which is then marked digested. At most
   * one digest per person per DIGEST_INTERVAL_MINUTES, and none past the day's limit: those wait, and the next one
   * tells of everything held by then. Under the recipient's lock, as mayMail.
   */
  private async writeDigests(now: Date): Promise<void> {
    const due = await queryRows<{ userId: number }>(
      this.db,
      sql`select distinct user_id as "userId" from notifications
          where email_status = 'held' and next_attempt_at <= ${now.toISOString()}::timestamptz
          limit ${BATCH}`,
    );
    for (const { userId } of due) {
      await this.db.transaction(async (tx) => {
        await lockRecipient(tx, userId);
        const [state] = await queryRows<{
          day: number;
          oldest: Date | string | null;
          lastDigest: Date | string | null;
        }>(
          tx,
          sql`select count(*)::int as day, min(mailed_at) as oldest,
                     max(mailed_at) filter (where kind = ${DIGEST_KIND}) as "lastDigest"
              from notifications
              where user_id = ${userId} and mailed_at is not null
                and mailed_at > ${iso(now.getTime() - DAY_MS)}::timestamptz`,
        );
        const wait = Math.max(
          state?.lastDigest ? new Date(state.lastDigest).getTime() + DIGEST_INTERVAL_MS : 0,
          (state?.day ?? 0) >= MAILS_PER_RECIPIENT_PER_DAY && state?.oldest
            ? new Date(state.oldest).getTime() + DAY_MS
            : 0,
        );
        if (wait > now.getTime()) {
          // Not yet: the held ones are looked at again when a digest may go.
          await tx.execute(
            sql`update notifications set next_attempt_at = ${iso(wait)}::timestamptz
                where user_id = ${userId} and email_status = 'held'`,
          );
          return;
        }
        const held = await queryRows<{ id: number; title: string }>(
          tx,
          sql`update notifications set email_status = 'digested'
              where user_id = ${userId} and email_status = 'held'
              returning id, title`,
        );
        if (held.length === 0) return;
        held.sort((a, b) => a.id - b.id);
        await tx.execute(
          sql`insert into notifications (user_id, kind, title, body, link, read_at, mailed_at, next_attempt_at)
              values (${userId}, ${DIGEST_KIND}, ${digestTitle(held.length)}, ${digestBody(held.map((h) => h.title))},
                      '/notifications', now(), ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz)`,
        );
      });
    }
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
    const paragraphs = bodyHtml(n.body);
    const html = `<!doctype html><html><body style="font-family:sans-serif;line-height:1.5;color:#1f2937">
<p>Hello ${escapeMarkup(n.username)},</p>${paragraphs}${
      url ? `<p><a href="${escapeMarkup(url)}">Open it in Dragon Fruit Marketplace</a></p>` : ''
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

const iso = (ms: number) => new Date(ms).toISOString();

/** Makes one recipient's mail decisions take turns, until the transaction ends. */
async function lockRecipient(tx: Tx, userId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${MAIL_LIMITS_LOCK}::int, ${userId}::int)`);
}

const digestTitle = (count: number) =>
  count === 1 ? 'You have 1 more notification' : `You have ${count} more notifications`;

/** The digest's text: why these were not mailed, and the titles of the first of them (oldest first). */
function digestBody(titles: string[]): string {
  const shown = titles.slice(0, DIGEST_TITLES);
  return [
    titles.length === 1
      ? 'This notification was not mailed on its own, as many came in a short time. It is in the app:'
      : `These ${titles.length} notifications were not mailed one by one, as many came in a short time. They are all in the app:`,
    ...shown.map((title) => `- ${title}`),
    ...(titles.length > shown.length ? [`- and ${titles.length - shown.length} more`] : []),
  ].join('\n');
}

/**
 * A notification's text as HTML: each line a paragraph, escaped; the lines quoting a person's words (QUOTE, see
 * messages.ts) together in a blockquote, so they read as someone's words, not the marketplace's.
 */
function bodyHtml(body: string): string {
  const html: string[] = [];
  let quote: string[] = [];
  const flush = () => {
    if (quote.length === 0) return;
    html.push(
      `<blockquote style="margin:0 0 8px;padding:4px 12px;border-left:3px solid #d1d5db;color:#374151">${quote.join('<br>')}</blockquote>`,
    );
    quote = [];
  };
  for (const line of body.split('\n')) {
    if (line.startsWith(QUOTE)) {
      quote.push(escapeMarkup(line.slice(QUOTE.length)) || '&nbsp;');
      continue;
    }
    flush();
    html.push(`<p style="margin:0 0 8px">${lineHtml(line) || '&nbsp;'}</p>`);
  }
  flush();
  return html.join('');
}

/** A line of the marketplace's own words, escaped, a carrier's tracking page in it a link (as in the app). */
function lineHtml(line: string): string {
  return withTrackingLinks(line)
    .map((piece) =>
      'url' in piece
        ? `<a href="${escapeMarkup(piece.url)}">${escapeMarkup(piece.url)}</a>`
        : escapeMarkup(piece.text),
    )
    .join('');
}
