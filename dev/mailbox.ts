import type { EmailAdapter, SendEmailOptions } from 'payload'

/**
 * The host's email: the messages the app sends (an RSVP's confirmation) are kept in this process,
 * newest last, for the tests to read, and logged as Payload's own console adapter does. A
 * production app configures a real adapter (`@payloadcms/email-nodemailer`, `…-resend`) instead.
 */
const sent: SendEmailOptions[] = []
const KEPT = 1_000

/** What the app has sent, oldest first (at most the last thousand). */
export const sentEmails = (): readonly SendEmailOptions[] => sent

export const mailbox: EmailAdapter = ({ payload }) => ({
  name: 'mailbox',
  defaultFromAddress: process.env.CAL_EMAIL_FROM || 'calendar@localhost',
  defaultFromName: 'Calendar',
  sendEmail: async (message) => {
    sent.push(message)
    if (sent.length > KEPT) sent.splice(0, sent.length - KEPT)
    payload.logger.info(`email to ${String(message.to)}: ${message.subject ?? ''}`)
  },
})
