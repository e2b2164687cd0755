'use client'
import { Button, useConfig, useDocumentInfo } from '@payloadcms/ui'
import { useEffect, useState } from 'react'
import { useCalendarTranslation } from '../useCalendarTranslation.js'

type TicketGlance = {
  id: number
  title: string
  capacity: number
  capacity_details: { available: number; sold?: number }
  rsvp?: { rsvp_going: number; rsvp_not_going: number }
}

/**
 * In the event's sidebar: its RSVP tickets with the places taken of each (a bar of capacity used),
 * a link to its attendees (the attendees list filtered to the event, with check-in and the CSV
 * export) and one to add a ticket. Read from `GET /api/cal/tickets/v1/tickets?include_post=…`.
 */
export function EventTickets({
  ticketsSlug,
  attendeesSlug,
}: {
  ticketsSlug: string
  attendeesSlug: string
}) {
  const { config } = useConfig()
  const { id } = useDocumentInfo()
  const { t } = useCalendarTranslation()
  const [tickets, setTickets] = useState<TicketGlance[] | null>(null)
  const api = `${config.serverURL ?? ''}${config.routes.api}`
  const admin = `${config.serverURL ?? ''}${config.routes.admin}`
  useEffect(() => {
    if (!id) return
    let live = true
    fetch(`${api}/cal/tickets/v1/tickets?include_post=${id}&per_page=100`, {
      credentials: 'include',
    })
      .then((response) => (response.ok ? response.json() : { tickets: [] }))
      .then((body: { tickets: TicketGlance[] }) => live && setTickets(body.tickets))
      .catch(() => live && setTickets([]))
    return () => {
      live = false
    }
  }, [api, id])
  if (!id) return null
  const attendees = `${admin}/collections/${attendeesSlug}?where[event][equals]=${id}`
  return (
    <div className="cal-event-tickets field-type" style={{ marginBottom: '1.5rem' }}>
      <h4 style={{ margin: '0 0 0.5rem' }}>{t('rsvpTickets')}</h4>
      {tickets?.length ? (
        <ul style={{ listStyle: 'none', padding: 0, margin: '0 0 0.75rem' }}>
          {tickets.map((ticket) => {
            const going = ticket.rsvp?.rsvp_going ?? ticket.capacity_details.sold ?? 0
            const share = ticket.capacity > 0 ? Math.min(1, going / ticket.capacity) : 0
            return (
              <li key={ticket.id} style={{ marginBottom: '0.5rem' }}>
                <a href={`${admin}/collections/${ticketsSlug}/${ticket.id}`}>{ticket.title}</a>
                <div>
                  {ticket.capacity < 0
                    ? t('placesTakenUnlimited', { going })
                    : t('placesTaken', { going, capacity: ticket.capacity })}
                </div>
                {ticket.capacity > 0 ? (
                  <div
                    role="meter"
                    aria-label={ticket.title}
                    aria-valuemin={0}
                    aria-valuemax={ticket.capacity}
                    aria-valuenow={going}
                    style={{ height: 6, background: 'var(--theme-elevation-100)', borderRadius: 3 }}
                  >
                    <div
                      style={{
                        width: `${share * 100}%`,
                        height: '100%',
                        borderRadius: 3,
                        background: 'var(--theme-success-500)',
                      }}
                    />
                  </div>
                ) : null}
              </li>
            )
          })}
        </ul>
      ) : tickets ? (
        <p style={{ margin: '0 0 0.75rem' }}>{t('noTickets')}</p>
      ) : null}
      <div style={{ display: 'flex', gap: '0.5rem', flexWrap: 'wrap' }}>
        {tickets?.length ? (
          <Button el="anchor" url={attendees} buttonStyle="secondary" size="small" margin={false}>
            {t('attendees')}
          </Button>
        ) : null}
        <Button
          el="anchor"
          url={`${admin}/collections/${ticketsSlug}/create`}
          buttonStyle="secondary"
          size="small"
          margin={false}
        >
          {t('addTicket')}
        </Button>
      </div>
    </div>
  )
}
