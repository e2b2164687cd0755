/**
 * The one function of react-dom/server the tests use (test/react-components.test.ts): the
 * repository has no @types/react-dom.
 */
declare module 'react-dom/server' {
  import type { ReactNode } from 'react'
  export function renderToStaticMarkup(element: ReactNode): string
}
