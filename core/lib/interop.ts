/**
 * The exports of a package that ships CommonJS for Node and an ES build for bundlers (its
 * `module` field), imported as a namespace (`import * as pkg from 'pkg'`), whoever loaded it.
 * Node loads the CommonJS build: its exports sit under `default` (the named ones only where Node's
 * lexer finds them, never in a UMD bundle such as rrule's). Webpack and Turbopack, in a Next.js
 * app, load the ES build: named exports, no `default`. The namespace is read here as a plain
 * object, never as `pkg.default` in the importing module: webpack refuses to build a module that
 * names an export the ES build lacks ("Attempted import error").
 */
export function packageExports<T extends object>(namespace: T, known: keyof T & string): T {
  if (known in namespace) return namespace
  const loaded: unknown = Reflect.get(namespace, 'default')
  if (loaded !== null && typeof loaded === 'object' && known in loaded) return loaded as T
  throw new Error(`the package's exports hold no ${known}`)
}
