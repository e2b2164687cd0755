import { RoleField as RoleField_fc9a935b1c29e987d85707eeffd38325 } from 'payload-events-calendar/client'
import { ImportNavLink as ImportNavLink_fc9a935b1c29e987d85707eeffd38325 } from 'payload-events-calendar/client'
import { ImportView as ImportView_fc9a935b1c29e987d85707eeffd38325 } from 'payload-events-calendar/client'
import { CollectionCards as CollectionCards_f9c02e79a4aed9a3924487c0cd4cafb1 } from '@payloadcms/next/rsc'

/** @type import('payload').ImportMap */
export const importMap = {
  "payload-events-calendar/client#RoleField": RoleField_fc9a935b1c29e987d85707eeffd38325,
  "payload-events-calendar/client#ImportNavLink": ImportNavLink_fc9a935b1c29e987d85707eeffd38325,
  "payload-events-calendar/client#ImportView": ImportView_fc9a935b1c29e987d85707eeffd38325,
  "@payloadcms/next/rsc#CollectionCards": CollectionCards_f9c02e79a4aed9a3924487c0cd4cafb1
}
