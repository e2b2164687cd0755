/** The PostgreSQL server the package tests run on, when DATABASE_URI names one. */
export const postgresUri = /^postgres(ql)?:\/\//.test(process.env.DATABASE_URI ?? '')
  ? process.env.DATABASE_URI!
  : undefined

export const NO_POSTGRES =
  'DATABASE_URI names no PostgreSQL server (run under scripts/with-postgres.sh)'

/** A new, empty database `name` on that server (dropped first if there); its address. */
export async function freshPostgresDatabase(name: string): Promise<string> {
  const { default: pg } = await import('pg')
  const client = new pg.Client({ connectionString: postgresUri })
  await client.connect()
  await client.query(`DROP DATABASE IF EXISTS "${name}"`)
  await client.query(`CREATE DATABASE "${name}"`)
  await client.end()
  const uri = new URL(postgresUri!)
  uri.pathname = `/${name}`
  return uri.toString()
}
