import { describe, expect, it } from '@jest/globals'
import { headerName } from '../../endpoints/batch/headerNames.js'

describe("a batch item's header names, as WordPress spells them", () => {
  it('capitalizes each word of a lower-case name', () => {
    expect(['location', 'allow', 'content-language', 'cache-control'].map(headerName)).toEqual([
      'Location',
      'Allow',
      'Content-Language',
      'Cache-Control',
    ])
  })

  it('keeps the spelling of the names written otherwise', () => {
    expect(['etag', 'x-tec-total', 'x-tec-totalpages', 'x-et-total-pages'].map(headerName)).toEqual(
      ['ETag', 'X-TEC-Total', 'X-TEC-TotalPages', 'X-ET-TOTAL-PAGES'],
    )
  })
})
