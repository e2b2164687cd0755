import { TICKETS_NAMESPACE } from '../../core/defaults.js'
import type { Context } from '../context.js'
import type { Doc } from '../records/common.js'

/**
 * The visitor's confirmation, through the app's Payload email adapter (`payload.sendEmail`); an app
 * without one has Payload log it. As Event Tickets' two emails: "Your RSVP" for going, "You
 * confirmed you will not be attending" otherwise, with the security code and the address that
 * reads, changes or cancels the answer (`/rsvp/{order}`). A failed send is logged and does not undo
 * the RSVP.
 */
export async function sendAnswerEmail(
  context: Context,
  answer: {
    ticket: Doc
    order: string
    securityCode: string
    going: boolean
    quantity: number
    to: string
  },
): Promise<void> {
  const { ticket, order, securityCode, going, quantity, to } = answer
  const manage = `${context.apiRoot}/${TICKETS_NAMESPACE}/rsvp/${order}?security_code=${securityCode}`
  const name = String(ticket.name ?? 'RSVP')
  const subject = going ? `Your RSVP: ${name}` : `You confirmed you will not be attending: ${name}`
  const lines = [
    going
      ? `You have ${quantity} place${quantity === 1 ? '' : 's'} for ${name}.`
      : `You told us you will not be attending ${name}.`,
    `Security code: ${securityCode}`,
    `Your answer: ${manage}`,
    'Send PUT with {"going": false} to that address to say you cannot come, or DELETE to cancel.',
  ]
  try {
    await context.payload.sendEmail({ to, subject, text: lines.join('\n\n') })
  } catch (error) {
    context.payload.logger.warn({ err: error, msg: `RSVP ${order}: confirmation not sent` })
  }
}
