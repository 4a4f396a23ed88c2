/** The store was written by a newer version of the bot, which this one would misread: refused at open, untouched. */
export class NewerStoreError extends Error {
  override readonly name = 'NewerStoreError';
}
