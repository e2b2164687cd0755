import type { Payload } from 'payload'
import { TICKETS_NAMESPACE } from '../../core/defaults.js'

/**
 * The visitor's emails, through the app's Payload email adapter (`payload.sendEmail`); an app
 * without one has Payload log them. As Event Tickets' "Your RSVP" and "You confirmed you will not
 * be attending", and ours for the waitlist: each with the security code and the address that
 * reads, changes or cancels the answer (`/rsvp/{order}`). A failed send is logged and undoes
 * nothing. English for now.
 */

export type AnswerEmail = {
  to: string
  ticketName: string
  order: string
  securityCode: string
  kind: 'going' | 'not-going' | 'waitlisted' | 'moved-up'
  places: number
  /** Payload's API root as the visitor reaches it (`https://site/api`); '' when not known. */
  apiRoot: string
}

const SUBJECTS: Record<AnswerEmail['kind'], string> = {
  going: 'Your RSVP: {name}',
  'not-going': 'You confirmed you will not be attending: {name}',
  waitlisted: 'You are on the waitlist: {name}',
  'moved-up': 'A place is yours: {name}',
}

const plural = (places: number) => `${places} place${places === 1 ? '' : 's'}`

function firstLine({ kind, places, ticketName }: AnswerEmail): string {
  switch (kind) {
    case 'going':
      return `You have ${plural(places)} for ${ticketName}.`
    case 'not-going':
      return `You told us you will not be attending ${ticketName}.`
    case 'waitlisted':
      return `${ticketName} is full: you are on its waitlist for ${plural(places)}. We will write when a place is yours.`
    case 'moved-up':
      return `A place freed up for ${ticketName}: you now have ${plural(places)}.`
  }
}

/** The address of an answer, for its emails. */
export const answerAddress = (apiRoot: string, order: string, securityCode: string) =>
  `${apiRoot}/${TICKETS_NAMESPACE}/rsvp/${order}?security_code=${securityCode}`

/** Payload's API root from its config, when the app says its public address (`serverURL`). */
export const configuredApiRoot = (payload: Payload) =>
  `${payload.config.serverURL ?? ''}${payload.config.routes.api}`

export async function sendAnswerEmail(payload: Payload, email: AnswerEmail): Promise<void> {
  const address = answerAddress(email.apiRoot, email.order, email.securityCode)
  const lines = [
    firstLine(email),
    `Security code: ${email.securityCode}`,
    `Your answer: ${address}`,
    'Send PUT with {"going": false} to that address to say you cannot come, or DELETE to cancel.',
  ]
  try {
    await payload.sendEmail({
      to: email.to,
      subject: SUBJECTS[email.kind].replace('{name}', email.ticketName),
      text: lines.join('\n\n'),
    })
  } catch (error) {
    payload.logger.warn({ err: error, msg: `RSVP ${email.order}: email not sent` })
  }
}
