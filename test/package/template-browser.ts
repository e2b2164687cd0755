/**
 * The admin's plugin screens in the template app, in Chromium (Debian's, through playwright-core):
 * filled in by the browser part of the template test.
 */
export async function browseAdmin(
  url: string,
  admin: { email: string; password: string },
  records: { eventId: number; seriesId: number },
): Promise<void> {
  void url
  void admin
  void records
}
