import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { withPayload } from '@payloadcms/next/withPayload'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

/**
 * The admin UI's Next.js project is this folder (`next build dev`), as in Payload's plugin
 * template; the config, the plugin and node_modules are in the repository above it.
 */
/** @type {import('next').NextConfig} */
const nextConfig = {
  // `npm run typecheck` checks types; the admin build need not do it again.
  typescript: { ignoreBuildErrors: true },
  eslint: { ignoreDuringBuilds: true },
  // The plugin's sources and payload.config.ts are outside this folder.
  experimental: { externalDir: true },
  outputFileTracingRoot: root,
  // Sources import './x.js' (ESM style) for files that are './x.ts'.
  webpack: (webpackConfig) => {
    webpackConfig.resolve.extensionAlias = {
      '.cjs': ['.cts', '.cjs'],
      '.js': ['.ts', '.tsx', '.js'],
      '.mjs': ['.mts', '.mjs'],
    }
    return webpackConfig
  },
}

export default withPayload(nextConfig, { devBundleServerPackages: false })
