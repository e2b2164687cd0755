'use client'
import { createElement, type CSSProperties, type ReactNode } from 'react'

/** The elements a source text keeps when shown beside a translation; any other keeps its text. */
const KEPT = new Set([
  'p',
  'br',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'sub',
  'sup',
  'code',
  'pre',
  'blockquote',
  'ul',
  'ol',
  'li',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'a',
  'hr',
])

const isWebAddress = (href: string | null) => Boolean(href && /^(https?:|mailto:|\/)/i.test(href))

function toReact(node: Node, key: number): ReactNode {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent
  if (node.nodeType !== Node.ELEMENT_NODE) return null
  const element = node as Element
  const children = Array.from(element.childNodes, toReact)
  const tag = element.tagName.toLowerCase()
  if (!KEPT.has(tag)) return children.length ? createElement('span', { key }, ...children) : null
  if (tag === 'a') {
    const href = element.getAttribute('href')
    return isWebAddress(href)
      ? createElement('a', { key, href, target: '_blank', rel: 'noreferrer' }, ...children)
      : createElement('span', { key }, ...children)
  }
  // Headings shown one level down, so that they do not outrank the form's own.
  const shown = /^h[1-6]$/.test(tag) ? 'strong' : tag
  return createElement(shown, { key }, ...(children.length ? children : []))
}

/**
 * Rich text's HTML as React elements, with nothing of it run: the elements of `KEPT` (links only to
 * web addresses), every other element reduced to its text. Only a link's address passes.
 */
export function SafeHtml({
  html,
  className,
  style,
}: {
  html: string
  className?: string
  style?: CSSProperties
}) {
  const body = new DOMParser().parseFromString(html, 'text/html').body
  return (
    <div className={className} style={style}>
      {Array.from(body.childNodes, toReact)}
    </div>
  )
}
